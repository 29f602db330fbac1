"""Plain text: blank lines separate paragraphs, hard-wrapped lines are joined.

The title is the first line when it reads like a headline, else it comes from the file name.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from narrate.model import Document, Section

_BLANK_LINE = re.compile(r"\n[ \t\f\v]*\n")
_STRUCTURAL_HEADING = re.compile(
    r"(chapter|part|book|section|volume|prologue|epilogue|preface|foreword|introduction|"
    r"afterword|appendix|interlude)\b[\w\s.:\-\u2013\u2014'\u2019]{0,50}",
    re.IGNORECASE,
)
_HEADING_MAX_WORDS = 8
_HEADLINE_MAX_WORDS = 16
_HEADLINE_MAX_CHARS = 120


def split_paragraphs(text: str) -> list[str]:
    """Paragraphs separated by blank lines; wrapped lines inside one are joined by a space."""
    paragraphs = []
    for block in _BLANK_LINE.split(text):
        joined = " ".join(line.strip() for line in block.split("\n") if line.strip())
        joined = re.sub(r"[ \t]+", " ", joined).strip()
        if joined:
            paragraphs.append(joined)
    return paragraphs


def looks_like_headline(line: str) -> bool:
    """Short, no sentence-final punctuation, and not a lone number or symbol."""
    words = line.split()
    return (
        0 < len(words) <= _HEADLINE_MAX_WORDS
        and len(line) <= _HEADLINE_MAX_CHARS
        and not line.rstrip().endswith((".", ",", ";", ":", "!", "?", "\u2026"))
        and any(ch.isalpha() for ch in line)
    )


def looks_like_section_heading(paragraph: str) -> bool:
    """'CHAPTER 2', 'Part Two: The Return', 'EPILOGUE': a short line that structures a text.

    Plain text has no markup, so only two shapes count: a structural word at the start, or a
    short line in capitals. Anything ending like a sentence is prose.
    """
    if not looks_like_headline(paragraph) or len(paragraph.split()) > _HEADING_MAX_WORDS:
        return False
    letters = [ch for ch in paragraph if ch.isalpha()]
    return bool(_STRUCTURAL_HEADING.fullmatch(paragraph)) or (
        len(letters) >= 4 and all(ch.isupper() for ch in letters)
    )


def group_sections(paragraphs: list[str]) -> tuple[Section, ...]:
    """Paragraphs under the headings found among them (headings become chapters)."""
    sections: list[Section] = []
    heading: str | None = None
    body: list[str] = []
    for paragraph in paragraphs:
        if looks_like_section_heading(paragraph):
            if body or heading:
                sections.append(Section(tuple(body), heading=heading))
            heading, body = paragraph, []
        else:
            body.append(paragraph)
    if body or heading:
        sections.append(Section(tuple(body), heading=heading))
    return tuple(s for s in sections if s.paragraphs)


def title_from_name(name: str | None) -> str:
    """'my_saved-article.txt' -> 'My saved article'."""
    if not name or name == "-":
        return "Untitled article"
    stem = PurePath(name).stem
    words = re.sub(r"[_\-.]+", " ", stem).split()
    if not words:
        return "Untitled article"
    title = " ".join(words)
    return title[0].upper() + title[1:]


def read_text(text: str, source: str | None = None, title: str | None = None) -> Document:
    """Build a Document from plain text."""
    first_line, _, rest = text.lstrip("\n").partition("\n")
    first_line = first_line.strip()
    body_starts_after_title = bool(first_line) and looks_like_headline(first_line) and not (
        looks_like_section_heading(first_line) and _STRUCTURAL_HEADING.fullmatch(first_line)
    ) and (
        rest.startswith("\n") or rest.strip() == "" or _next_line_is_blank_or_long(rest)
    )
    if body_starts_after_title:
        found_title = first_line
        body = rest
    else:
        found_title = None
        body = text
    paragraphs = split_paragraphs(body)
    if not paragraphs and found_title:
        # A one-line file: the line is the whole article, not just its title.
        paragraphs = [found_title]
        found_title = None
    return Document(
        title=title or found_title or title_from_name(source),
        sections=group_sections(paragraphs),
        source=source,
    )


def _next_line_is_blank_or_long(rest: str) -> bool:
    """A headline is followed by a blank line, or directly by a body line of real prose."""
    next_line = rest.split("\n", 1)[0].strip()
    return not next_line or len(next_line.split()) > _HEADLINE_MAX_WORDS
