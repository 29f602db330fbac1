"""Shared by the structured readers (Markdown, HTML, EPUB): blocks of text into sections.

Every reader walks its own format and reports headings and paragraphs here, so they all
make Documents the same way: headings level 1-3 open sections (and so chapters), deeper
headings are read as a sentence of their own, list items are separate sentences, and
code and tables are replaced by a short spoken note.
"""

from __future__ import annotations

import re

from narrate.model import Section
from narrate.text.normalize import invisible_marks, permalink_marks

CODE_NOTE = "A code example is skipped here."
TABLE_NOTE = "A table is skipped here."
CHAPTER_LEVELS = 3  # h1-h3 become chapters; deeper headings are read as plain sentences


def clean(text: str) -> str:
    """Whitespace runs (including wrapped lines) become single spaces; soft hyphens and other
    invisible marks go (an extractor's text has none, so the words match)."""
    return re.sub(r"\s+", " ", invisible_marks(text)).strip()


def as_sentence(text: str) -> str:
    """End a list item or minor heading with a full stop, so it is read as its own sentence."""
    text = clean(text)
    if text and not re.search(r"[.!?:;\u2026][\"')\]]*$", text):
        text += "."
    return text


class SectionBuilder:
    """Collects headings and paragraphs in reading order into Sections."""

    def __init__(self) -> None:
        self._sections: list[Section] = []
        self._heading: str | None = None
        self._level = 1
        self._paragraphs: list[str] = []
        self._notes: list[str] = []

    def footnote(self, text: str) -> None:
        """A footnote or endnote of the current section: kept apart, never read inline."""
        text = clean(text)
        if text:
            self._notes.append(text)

    def heading(self, text: str, level: int) -> None:
        text = clean(permalink_marks(text))
        if not text:
            return
        if level > CHAPTER_LEVELS:
            self.paragraph(as_sentence(text))
            return
        self._flush()
        self._heading, self._level = text, level

    def paragraph(self, text: str) -> None:
        text = clean(text)
        if text:
            self._paragraphs.append(text)

    def items(self, items: list[str]) -> None:
        """A list: each item its own sentence, the whole list one paragraph."""
        self.paragraph(" ".join(as_sentence(item) for item in items if clean(item)))

    def note(self, note: str) -> None:
        """A spoken note for skipped content; never two of the same in a row."""
        if not self._paragraphs or self._paragraphs[-1] != note:
            self._paragraphs.append(note)

    def _flush(self) -> None:
        if self._heading or self._paragraphs:
            self._sections.append(Section(tuple(self._paragraphs), self._heading, self._level,
                                          tuple(self._notes)))
        elif self._notes and self._sections:
            last = self._sections[-1]
            self._sections[-1] = Section(last.paragraphs, last.heading, last.level,
                                         last.notes + tuple(self._notes))
        self._heading, self._level, self._paragraphs, self._notes = None, 1, [], []

    def sections(self) -> tuple[Section, ...]:
        self._flush()
        return tuple(self._sections)
