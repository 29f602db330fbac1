"""The author a page's metadata names, as a listener's podcast app should show it.

Extractors read the author from meta tags and bylines, and pages fill those with their own
furniture: a profile's address ('Facebook Com', 'Www Haufe De'), a copyright line, a link's
label ('View all posts by Daniel Lemire'). Each name is kept, less that."""

from __future__ import annotations

import re

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
