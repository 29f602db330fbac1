"""The data that flows through the pipeline: Document -> Script -> Segments -> Episode.

Plain dataclasses with no behaviour hiding in them, so every stage can be tested alone.
"""

from __future__ import annotations

from collections.abc import Callable

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import NamedTuple

ChunkProgress = Callable[[int, int, float], None]
"""Told after each piece of audio: (chunks done, chunks in all, seconds of audio so far)."""

SAMPLE_WIDTH = 2  # bytes per sample: every engine hands over signed 16-bit mono PCM


def pause_samples(seconds: float, sample_rate: int) -> int:
    """Whole samples of a pause: the one rounding rule that writers and timers share, so
    chapter and cue times match the audio exactly."""
    return round(seconds * sample_rate)


@dataclass(frozen=True)
class Section:
    """A run of paragraphs, optionally under a heading (headings become chapters)."""

    paragraphs: tuple[str, ...]
    heading: str | None = None
    level: int = 1
    notes: tuple[str, ...] = ()
    """Footnotes and endnotes of the section, not read inline (read at its end on request)."""
    language: str | None = None
    """The section's own language where the document marks it (an EPUB chapter's xml:lang, an
    HTML lang attribute) and it differs from the document's; None: the document's language."""


@dataclass(frozen=True)
class Document:
    """What a reader understood of a file: metadata and sections, nothing spoken yet."""

    title: str
    sections: tuple[Section, ...]
    author: str | None = None
    date: str | None = None
    source: str | None = None
    language: str | None = None
    cover: bytes | None = None
    warnings: tuple[str, ...] = ()
    title_spoken: bool = True
    """False when the title was made from the opening words: it is not read before them."""
    link: str | None = None
    """The original's web address (a page's canonical link), for tags and the feed item's <link>."""

    @property
    def paragraphs(self) -> list[str]:
        return [p for s in self.sections for p in s.paragraphs]


class ChunkKind(str, Enum):
    TITLE = "title"
    HEADING = "heading"
    TEXT = "text"


@dataclass(frozen=True)
class Chunk:
    """One engine call: a few whole sentences, and the silence that follows them.

    `text` is what the engine is given (normalised); `display` is the reader's text,
    used for transcripts and chapter titles.
    """

    text: str
    display: str
    kind: ChunkKind
    pause_after: float
    paragraph: int
    starts_paragraph: bool
    chapter: str | None = None  # set when this chunk must open a chapter (title, heading)
    lexicon: tuple[str, ...] = ()  # the lexicon entries applied to `text` ("word -> respelling")
    language: str | None = None
    """The chunk's language where it differs from the document's (a quoted paragraph, an
    untranslated section): it is normalised and read by a voice of that language."""


@dataclass(frozen=True)
class Script:
    """Everything that will be spoken, in order, plus the metadata for tags."""

    document: Document
    chunks: tuple[Chunk, ...]

    @property
    def title(self) -> str:
        return self.document.title


class WordMark(NamedTuple):
    """Where the engine says one word of the text it was given: the word is
    `text[offset:offset + length]`, heard from sample `start` to sample `end` of the audio
    (before any pause after it). Engines report them; a chunk's written words are timed from
    them (narrate.episode.wordtimes)."""

    offset: int
    length: int
    start: int
    end: int


@dataclass(frozen=True)
class Segment:
    """The audio of one chunk: signed 16-bit mono PCM at `sample_rate`, and where its words are."""

    index: int
    pcm: bytes
    sample_rate: int
    marks: tuple[WordMark, ...] = ()

    @property
    def duration(self) -> float:
        return len(self.pcm) / SAMPLE_WIDTH / self.sample_rate


@dataclass(frozen=True)
class Chapter:
    title: str
    start: float
    end: float


@dataclass(frozen=True)
class Word:
    """A written word (as `narrate inspect` shows it) and exactly when it is heard, in seconds
    from the start of the finished file. A verbalised token ("$5.2bn") is one Word spanning
    all its spoken words."""

    start: float
    end: float
    text: str


@dataclass(frozen=True)
class Cue:
    """A transcript cue: the text of one chunk and exactly when it is heard."""

    start: float
    end: float
    text: str
    words: tuple[Word, ...] = ()
    """The cue's written words with their times, in order; empty where none are known."""


@dataclass
class Episode:
    """The finished file and the timings computed from real segment durations."""

    path: Path
    title: str
    duration: float
    chapters: list[Chapter] = field(default_factory=list)
    cues: list[Cue] = field(default_factory=list)
    size: int = 0
    elapsed: float = 0.0
    chunks: int = 0
    loudness: float | None = None  # integrated LUFS, measured as it was encoded
    sidecars: list[Path] = field(default_factory=list)  # transcript, chapters JSON
