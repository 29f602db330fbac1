"""Wire-copy conventions in plain text: a headline, then a byline, then the dateline.

    AMERICAN EXPRESS <AXP> TO BUY GULFEX STAKE
    By Jane Doe, Reuters
    NEW YORK, March 3 - American Express Co <AXP> said...

The headline is the title and the byline the author (its agency or desk, after a comma, is
left out); the dateline opens the story and is read as the normaliser reads any dateline.
The paragraphs that follow are often marked only by indenting their first line, and the
story closes with a sign-off ('Reuter') on a line of its own: both are handled by the text
reader (narrate.text.readers.plainblocks, narrate.text.credits).
"""

from __future__ import annotations

import re

_NAME = r"[A-Z][\w.'\u2019\-]*(?:\s+(?:[A-Z][\w.'\u2019\-]*|van|von|de|da|del|der|la|le|bin|al))*"
_SMALL = r"(?:of|and|in|at|for|the|de|du)"
# 'Reuters', 'Associated Press Writer', 'Our Correspondent in Paris': capitalised words.
_DESK = rf"[A-Z][\w.'\u2019\-]*(?:\s+(?:[A-Z][\w.'\u2019\-]*|{_SMALL}))*"
_BYLINE = re.compile(rf"(?:By|BY)\s+(?P<names>{_NAME}(?:\s*(?:,|and|AND|&)\s*{_NAME})*?)(?:\s*,\s*(?P<desk>{_DESK}))?\s*")
_MAX_BYLINE_WORDS = 14
_DESK_WORDS = re.compile(
    r"\b(?:Reuters?|AP|AFP|UPI|dpa|Associated|Press|Agence|News|Staff|Writer|Reporter|"
    r"Correspondent|Editor|Bureau|Service|Desk|Contributor|Columnist|Times|Post|Journal)\b", re.IGNORECASE)


def byline(line: str) -> str | None:
    """The names of a byline ('By Jane Doe and John Roe, Reuters' -> 'Jane Doe, John Roe'),
    or None when the line is not one."""
    text = line.strip()
    if len(text.split()) > _MAX_BYLINE_WORDS or re.search(r"[.!?]$", text) and not re.search(
            r"\b[A-Z]\.$", text):
        return None
    match = _BYLINE.fullmatch(text)
    if not match:
        return None
    names = match.group("names")
    desk = match.group("desk")
    if desk and not _DESK_WORDS.search(desk):
        names = f"{names}, {desk}"  # 'By Jane Doe, John Roe': two people, no desk
    people = [name.strip() for name in re.split(r"\s*(?:,|\band\b|\bAND\b|&)\s*", names) if name.strip()]
    people = [name.title() if name.isupper() else name for name in people]
    if not people or not all(_reads_as_name(name) for name in people):
        return None
    return ", ".join(people)


def _reads_as_name(name: str) -> bool:
    words = name.split()
    return 1 <= len(words) <= 5 and all(word[:1].isupper() or word.islower() and len(word) <= 3 for word in words)
