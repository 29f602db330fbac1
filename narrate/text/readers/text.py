"""Plain text: blank lines separate paragraphs, hard-wrapped lines are joined.

The title is the first line when it reads like a headline, else it comes from the file name.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from narrate.model import Document, Section
from narrate.text.normalize import dateline_length

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


def title_from_name(name: str | None) -> str | None:
    """'my_saved-article.txt' -> 'My saved article'; None when the name does not read as
    words ('002_897a837f814b329f.txt', '20240105-1432.txt'): spoken, it is a string of digits
    and letters, and as a title in a feed it says nothing."""
    if not name or name == "-":
        return None
    stem = PurePath(name).stem
    words = re.sub(r"[_\-.]+", " ", stem).split()
    if not words or not reads_as_words(words):
        return None
    title = " ".join(words)
    return title[0].upper() + title[1:]


_WORD = re.compile(r"[^\W\d_]*[aeiouyAEIOUY\u00c0-\u024f][^\W\d_]*'?[^\W\d_]*")


def reads_as_words(words: list[str]) -> bool:
    """At least as many real words (letters with a vowel) as numbers, and no id-like token
    (letters and digits mixed, or hex) among them."""
    real = sum(1 for word in words if _WORD.fullmatch(word) and (len(word) > 1 or word in "aAI"))
    ids = sum(1 for word in words if re.search(r"\d", word) and re.search(r"[^\W\d_]", word)
              or re.fullmatch(r"0\d+|\d{5,}", word))
    hexes = sum(1 for word in words if len(word) >= 8 and re.fullmatch(r"[0-9a-fA-F]+", word))
    return real >= 1 and real >= len(words) - real and not ids and not hexes


LEDE_TITLE_CHARS = 80


def lede_title(paragraphs: list[str], limit: int = LEDE_TITLE_CHARS) -> str:
    """A title from the text itself: the first sentence of the lede, without its dateline,
    cut at a word boundary near `limit` characters ('Lebanon's army said on Monday it had…')."""
    text = next((p for p in paragraphs if any(ch.isalpha() for ch in p)), "")
    text = text.strip()
    text = text[dateline_length(text):]
    sentence = re.split(r"(?<=[.!?])\s+(?=[A-Z\"'])", text, maxsplit=1)[0].strip()
    if len(sentence) <= limit:
        return sentence.rstrip(" .") or "Untitled article"
    cut = sentence[:limit + 1].rsplit(" ", 1)[0].rstrip(" ,;:-\u2013\u2014")
    return cut + "\u2026"


def document_title(forced: str | None, found: str | None, source: str | None,
                   paragraphs: list[str]) -> tuple[str, bool]:
    """The episode title and whether it is spoken: --title, else the document's own, else the
    file name when it reads as words; else the lede's opening words, which are not spoken
    before the lede itself (nothing is said before the article)."""
    title = forced or found or title_from_name(source)
    if title:
        return title, True
    return lede_title(paragraphs), False


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
    document_name, spoken = document_title(title, found_title, source, paragraphs)
    return Document(title=document_name, sections=group_sections(paragraphs), source=source,
                    title_spoken=spoken)


def _next_line_is_blank_or_long(rest: str) -> bool:
    """A headline is followed by a blank line, or directly by a body line of real prose."""
    next_line = rest.split("\n", 1)[0].strip()
    return not next_line or len(next_line.split()) > _HEADLINE_MAX_WORDS
