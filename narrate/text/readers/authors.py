"""The author a page's metadata names, as a listener's podcast app should show it.

Extractors read the author from meta tags and bylines, and pages fill those with their own
furniture: a profile's address ('Facebook Com', 'Www Haufe De'), a copyright line, a link's
label ('View all posts by Daniel Lemire'). Each name is kept, less that."""

from __future__ import annotations

import re
from typing import Any

_LEAD = re.compile(r"^(?:view all posts by|all posts by|posts by|written by|author|autor|auteur|autore|by|von|par|por)"
                   r"\s*:?\s+", re.IGNORECASE)
_ADDRESS_WORDS = frozenset({"www", "com", "net", "org", "de", "at", "ch", "it", "fr", "es", "nl", "io", "co", "uk",
                            "http", "https"})
_NOT_A_NAME = frozenset({"name", "author", "autor", "admin", "administrator", "unknown", "anonymous"})


def clean_author(author: str | None) -> str | None:
    """'Www Haufe De; Copyright Haufe-Lexware GmbH; Co KG' -> None; 'View all posts by Daniel
    Lemire' -> 'Daniel Lemire'; 'Facebook Com; Vegolosi' -> 'Vegolosi'."""
    if not author:
        return None
    names = []
    for part in author.split(";"):
        name = _LEAD.sub("", part.strip()).strip()
        words = [word.casefold() for word in re.findall(r"\w+", name)]
        if not words or name.casefold() in _NOT_A_NAME or words[0] in ("copyright", "www") \
                or "\u00a9" in name or (len(words) <= 4 and words[-1] in _ADDRESS_WORDS) or "www" in words:
            continue
        if len(words) == 2 and words[0] == "co" or name.casefold() in ("co kg", "gmbh"):
            continue
        names.append(name)
    return "; ".join(names) or None


def title_page_authors(root: Any) -> str | None:
    """The authors a DocBook title page names ('<div class="titlepage"> ... <h3 class="author">
    Joey Hess</h3>'), for a manual whose metadata names none: 'Joey Hess; Colin Watson; David
    Mandelberg', as clean_author writes several. Only the name: not the e-mail address,
    affiliation or web address printed with it, nor a label ('By', 'Author:')."""
    if root is None:
        return None
    names: list[str] = []
    for page in root.iter():
        if not _has_class(page, "titlepage"):
            continue
        for element in page.iter():
            if _has_class(element, "author") and not any(_has_class(inner, "author") for inner in element.iterdescendants()):
                name = clean_author(re.sub(r"\s+([,.)])", r"\1", " ".join(_name_text(element).split())).strip(" ,;"))
                if name and name[:1].isalpha() and not name[:1].islower() and len(name.split()) <= MAX_NAME_WORDS \
                        and not _NOT_NAME_TEXT.search(name) and name.casefold() not in map(str.casefold, names):
                    names.append(name)
        break  # the first title page is the document's
    return "; ".join(names[:MAX_AUTHORS]) or None


MAX_NAME_WORDS = 6
MAX_AUTHORS = 12  # a tag and a feed's author line, not a list of contributors
_BESIDE_NAME = frozenset({"email", "affiliation", "address", "orgname", "uri", "contrib", "personblurb"})
_NOT_NAME_TEXT = re.compile(r"[@\d;]|://")


def _name_text(element: Any) -> str:
    """The element's text less the parts that are not the name (its e-mail address,
    affiliation); its parts kept apart ('<span>Jane</span><span>Public</span>')."""
    parts = [element.text or ""]
    for child in element:
        if isinstance(child.tag, str) and not any(_has_class(child, name) for name in _BESIDE_NAME):
            parts.append(f" {_name_text(child)} ")
        else:
            parts.append(" ")
        parts.append(child.tail or "")
    return "".join(parts)


def _has_class(element: Any, name: str) -> bool:
    classes = element.get("class") if isinstance(element.tag, str) else None
    return bool(classes) and name in classes.lower().split()
