"""Wire-story credits: '(Reporting by ...; Editing by ...)' is production detail, not article.

Left out by default (`--keep-credits` keeps them): a paragraph that is only a credit or a
sign-off ("Reuter"), a credit in brackets that closes a paragraph, and a sign-off run on at
the end of a paragraph's last sentence ("...last year, it said. Reuter").
"""

from __future__ import annotations

import re
from dataclasses import replace

from narrate.model import Document
from narrate.text.wordlists import CREDIT_OPENINGS

_OPENING = "|".join(re.escape(opening) for opening in sorted(CREDIT_OPENINGS, key=len, reverse=True))
# A whole paragraph: "(Reporting by A in Beirut; Editing by B)", "Writing by C; editing by D".
_CREDIT_PARAGRAPH = re.compile(rf"^\(?\s*(?:{_OPENING})\b[^()]*(?:\([^()]*\)[^()]*)*\)?\.?$", re.IGNORECASE)
# The same in brackets at the end of the last sentence of a paragraph.
_TRAILING_CREDIT = re.compile(rf"\s*\(\s*(?:{_OPENING})\b[^()]*\)\.?\s*$", re.IGNORECASE)
_CREDIT_MAX_CHARS = 400
# A wire's sign-off alone on the last line: "Reuter", "REUTERS", "AP", "(AP)", "-- Reuters".
_AGENCY = r"(?:Reuters?|REUTERS?|AP|AFP|dpa|UPI)"
_SIGN_OFF = re.compile(rf"^(?:--?\s*)?(?:{_AGENCY}|\({_AGENCY}\))\.?$")
# The same run on after the last sentence, when the line breaks were lost.
_TRAILING_SIGN_OFF = re.compile(rf"(?<=[.!?\"'\u201d])\s+(?:{_AGENCY}|\({_AGENCY}\))\.?\s*$")


def is_credit(paragraph: str) -> bool:
    """Whether a paragraph is only a wire credit."""
    text = paragraph.strip()
    return len(text) <= _CREDIT_MAX_CHARS and bool(_CREDIT_PARAGRAPH.match(text) or is_sign_off(text))


def is_sign_off(line: str) -> bool:
    """Whether a line is a wire's closing sign-off ('Reuter', 'AP')."""
    return bool(_SIGN_OFF.match(line.strip()))


def without_credit(paragraph: str) -> str:
    """The paragraph without a bracketed credit or a run-on sign-off at its end."""
    return _TRAILING_SIGN_OFF.sub("", _TRAILING_CREDIT.sub("", paragraph))


def drop_credits(document: Document) -> Document:
    """The document without wire credits; a document that is nothing but credits is kept."""
    sections = []
    for section in document.sections:
        kept = tuple(text for text in (without_credit(p) for p in section.paragraphs
                                       if not is_credit(p)) if text.strip())
        sections.append(replace(section, paragraphs=kept))
    if not any(section.paragraphs for section in sections):
        return document
    return replace(document, sections=tuple(s for s in sections if s.paragraphs or s.heading))

