"""Plain text: blank lines separate paragraphs, hard-wrapped lines are joined.

The title is an e-mail's Subject (narrate.text.readers.mail), else the first line when it
reads like a headline (with a wire story's byline under it, narrate.text.readers.wire), else
it comes from the file name. The body is read block by block (narrate.text.readers.textblocks).
"""

from __future__ import annotations

import re
from pathlib import PurePath

from narrate.model import Document, Section
from narrate.text.normalize import dateline_length
from narrate.text.readers.mail import QUOTE_ENDS, QUOTE_OPENS, quote_depth, split_headers, without_signature
from narrate.text.readers.plainblocks import is_drawing_line, marked_heading, starts_list, underline_level
from narrate.text.readers.textblocks import HEADING, PARAGRAPH, SPOKEN_NOTE, Block, read_blocks, said
from narrate.text.readers.wire import byline

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


def _sections(blocks: list[Block]) -> tuple[Section, ...]:
    sections: list[Section] = []
    heading: str | None = None
    level = 1
    body: list[str] = []
    for block in blocks:
        if block.kind == HEADING or block.kind == PARAGRAPH and looks_like_section_heading(block.text):
            if body or heading:
                sections.append(Section(tuple(body), heading=heading, level=level))
            heading, level, body = block.text, block.level, []
        elif block.kind == SPOKEN_NOTE and body and body[-1] == block.text and block.text not in (
                QUOTE_OPENS, QUOTE_ENDS):
            continue  # two skipped blocks in a row: one note
        else:
            body.append(block.text)
    if body or heading:
        sections.append(Section(tuple(body), heading=heading, level=level))
    return tuple(s for s in sections if s.paragraphs or s.heading)


def title_from_name(name: str | None) -> str | None:
    """'my_saved-article.txt' -> 'My saved article'; None when the name does not read as
    words ('002_897a837f814b329f.txt', '20240105-1432.txt'): spoken, it is a string of digits
    and letters, and as a title in a feed it says nothing."""
    if not name or name == "-":
        return None
    stem = PurePath(name).stem
    if re.search("[\udc80-\udcff]", stem):  # bytes that are not UTF-8: most likely Windows-1252
        stem = stem.encode("utf-8", "surrogateescape").decode("cp1252", "replace")
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


# Emacs's mode line ('GNU gzip NEWS   -*- outline -*-'): a setting for the editor, not words.
_MODE_LINE = re.compile(r"\s*-\*-.{1,60}?-\*-\s*")
_OUTLINE_MODE = re.compile(r"-\*-\s*(?:mode:\s*)?(?:outline|org)\b", re.IGNORECASE)
_OUTLINE_HEADING = re.compile(r"(\*{1,4}) (\S.{0,100})$")


def _is_outline_heading(lines: list[str], index: int) -> bool:
    """'* Noteworthy changes in release 1.12' alone in its block, over a deeper heading ('**
    Bug fixes') or indented text; not an item of a list of stars ('* portability fixes.' over
    '* more translations.', or wrapped onto a second line)."""
    found = _OUTLINE_HEADING.match(lines[index])
    if not found or found.group(2).rstrip().endswith((".", ",", ";")):
        return False
    if (index and lines[index - 1].strip()) or (index + 1 < len(lines) and lines[index + 1].strip()):
        return False
    following = next((lines[at] for at in range(index + 1, len(lines)) if lines[at].strip()), None)
    if following is None:
        return False
    deeper = _OUTLINE_HEADING.match(following)
    return len(deeper.group(1)) > len(found.group(1)) if deeper else following[:1] in " \t"


def outline_headings(lines: list[str]) -> list[str]:
    """A file in Emacs's outline mode (GNU's NEWS files): a line alone in its block that starts
    with stars ('* Noteworthy changes in release 1.12', '** Bug fixes') is a heading of that
    level, written as Markdown writes it; the mode line goes."""
    if not any(_MODE_LINE.search(line) for line in lines[:3]):
        return lines
    outline = any(_OUTLINE_MODE.search(line) for line in lines[:3])
    lines = [_MODE_LINE.sub(" ", line).rstrip() if index < 3 else line for index, line in enumerate(lines)]
    if not outline:
        return lines
    alone = [index for index, line in enumerate(lines) if _is_outline_heading(lines, index)]
    for index in alone:
        stars, text = _OUTLINE_HEADING.match(lines[index]).groups()
        lines[index] = "#" * len(stars) + " " + text
    return lines


def read_text(text: str, source: str | None = None, title: str | None = None) -> Document:
    """Build a Document from plain text: an e-mail's headers first, then the title (a
    headline-like first line, with the byline under it), then the blocks of the body."""
    headers, body = split_headers(text)
    lines = outline_headings([line.expandtabs(8).rstrip() for line in without_signature(body.split("\n"))])
    found_title = headers.title if headers else None
    author = headers.author if headers else None
    title_from_body = found_title is None
    if title_from_body:
        found_title, byline_author, lines = _title_and_byline(lines)
        author = author or byline_author
    blocks = read_blocks(lines)
    if headers and headers.summary:
        blocks.insert(0, Block(PARAGRAPH, said(headers.summary)))
    if not any(block.kind == PARAGRAPH for block in blocks) and found_title and title_from_body:
        # A one-line file: the line is the whole article, not just its title.
        blocks, found_title = [Block(PARAGRAPH, found_title)], None
    sections = _sections(blocks)
    document_name, spoken = document_title(title, found_title, source,
                                           [p for s in sections for p in s.paragraphs])
    return Document(title=document_name, sections=sections, source=source, title_spoken=spoken,
                    author=author, date=headers.date if headers else None)


def _title_and_byline(lines: list[str]) -> tuple[str | None, str | None, list[str]]:
    """The title the first line gives (a headline-like line followed by a blank line, a line
    of prose, an underline, a byline or a dateline), the byline's names, and the lines after."""
    while lines and not lines[0].strip():
        lines = lines[1:]
    if not lines:
        return None, None, lines
    first, rest = lines[0].strip(), lines[1:]
    following = rest[0].strip() if rest else ""
    marked = marked_heading(first)
    if marked:
        if not re.match(r"[#=][ \t]", first):
            return None, None, lines  # '== Setting up': a section, read as a heading
        found = marked[0]  # '= Title', '# Title': the document's title
    elif rest and underline_level(lines[0], rest[0]) in (1, 2):
        found, rest = first, rest[1:]
    elif looks_like_headline(first) and not (
            looks_like_section_heading(first) and _STRUCTURAL_HEADING.fullmatch(first)) and not (
            is_drawing_line(first) or quote_depth(first) or starts_list(first)) and (
            not following or len(following.split()) > _HEADLINE_MAX_WORDS or byline(following)
            or dateline_length(following)):
        found = first
    else:
        return None, None, lines
    author = None
    text_at = next((index for index, line in enumerate(rest) if line.strip()), None)
    if text_at is not None and (names := byline(rest[text_at])):
        author, rest = names, rest[text_at + 1:]
    return said(found), author, rest
