"""Document -> Script: paragraphs become chunks of whole sentences with pauses after them.

Pure: no engine, no audio. `narrate inspect` prints what this produces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from narrate.errors import InputError, OptionError
from narrate.model import Chunk, ChunkKind, Document, Script
from narrate.text.normalize import normalize
from narrate.text.sentences import MAX_CHUNK_CHARS, chunk_sentences, split_sentences
from narrate.text.userregex import UserPattern, compile_user


@dataclass(frozen=True)
class Pauses:
    """Seconds of silence after each kind of chunk."""

    sentence: float = 0.0  # between chunks of one paragraph: the engine's own sentence pause
    paragraph: float = 0.7
    title: float = 1.2
    heading: float = 1.0


def build_script(document: Document, pauses: Pauses = Pauses(),
                 chunk_chars: int = MAX_CHUNK_CHARS) -> Script:
    """Lay out everything that will be spoken, in order."""
    chunks: list[Chunk] = []
    title = normalize(document.title)
    if title:
        chunks.append(Chunk(text=title, display=document.title, kind=ChunkKind.TITLE,
                            pause_after=pauses.title, paragraph=-1, starts_paragraph=True,
                            chapter=document.title))
    paragraph_index = 0
    for index, section in enumerate(document.sections):
        if section.heading and not (index == 0 and _same_words(section.heading, document.title)):
            chunks.append(Chunk(text=normalize(section.heading), display=section.heading,
                                kind=ChunkKind.HEADING, pause_after=pauses.heading,
                                paragraph=paragraph_index, starts_paragraph=True,
                                chapter=section.heading))
        for paragraph in section.paragraphs:
            pieces = chunk_sentences(split_sentences(paragraph), chunk_chars)
            for position, piece in enumerate(pieces):
                spoken = normalize(piece)
                if not spoken:
                    continue
                last = position == len(pieces) - 1
                chunks.append(Chunk(
                    text=spoken, display=piece, kind=ChunkKind.TEXT,
                    pause_after=pauses.paragraph if last else pauses.sentence,
                    paragraph=paragraph_index, starts_paragraph=position == 0,
                ))
            paragraph_index += 1
    return Script(document=document, chunks=tuple(chunks))


def _same_words(first: str, second: str) -> bool:
    """Whether two headings say the same words (a saved page's <title> and its own <h1>, say):
    the title is spoken once, not twice in a row."""
    def words(text: str) -> list[str]:
        return re.findall(r"\w+", text.casefold())

    return bool(words(first)) and words(first) == words(second)


def skip_patterns(patterns: Iterable[str]) -> list[UserPattern]:
    """Compile --skip patterns (run with a time limit); a bad one is a one-line error naming it."""
    return [compile_user(pattern, "--skip", OptionError) for pattern in patterns]


def drop_paragraphs(document: Document, patterns: list[UserPattern]) -> Document:
    """Leave out every paragraph a pattern matches (re.search), e.g. '^\\(Reporting by'."""
    if not patterns:
        return document
    sections = tuple(
        replace(section, paragraphs=tuple(
            p for p in section.paragraphs if not any(pattern.search(p) for pattern in patterns)))
        for section in document.sections
    )
    kept = [section for section in sections if section.paragraphs or section.heading]
    if not any(section.paragraphs for section in kept):
        raise InputError("every paragraph matched --skip: there is nothing left to narrate")
    return replace(document, sections=tuple(kept))
