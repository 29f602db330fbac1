"""Document -> Script: paragraphs become chunks of whole sentences with pauses after them.

Pure: no engine, no audio. `narrate inspect` prints what this produces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from narrate.errors import InputError, OptionError
from narrate.model import Chunk, ChunkKind, Document, Script
from narrate.text.normalize import normalize, normalizers_for, permalink_marks
from narrate.text.sentences import MAX_CHUNK_CHARS, chunk_sentences, split_sentences
from narrate.text.userregex import UserPattern, compile_user


@dataclass(frozen=True)
class Pauses:
    """Seconds of silence after each kind of chunk."""

    sentence: float = 0.0  # between chunks of one paragraph: the engine's own sentence pause
    paragraph: float = 0.7
    title: float = 1.2
    heading: float = 1.0


FOOTNOTES_INTRO = "Notes."


def build_script(document: Document, pauses: Pauses = Pauses(),
                 chunk_chars: int = MAX_CHUNK_CHARS, footnotes: bool = False) -> Script:
    """Lay out everything that will be spoken, in order.

    A title made from the opening words is not spoken (the lede follows at once); it names
    the first chapter instead. A heading with no text of its own before the next heading is
    spoken but opens no chapter, so there is no empty one. Footnotes are read at the end of
    their section only when `footnotes` is set."""
    chunks: list[Chunk] = []
    rules = normalizers_for(document.language)  # English rules for English only
    title = normalize(document.title, rules) if document.title_spoken else ""
    if title:
        chunks.append(Chunk(text=title, display=document.title, kind=ChunkKind.TITLE,
                            pause_after=pauses.title, paragraph=-1, starts_paragraph=True,
                            chapter=document.title))
    pending_chapter = None if title else document.title
    paragraph_index = 0
    for index, section in enumerate(document.sections):
        notes = section.notes if footnotes else ()
        if section.heading and not (index == 0 and _same_words(section.heading, document.title)):
            spoken = normalize(section.heading, rules)
            if spoken:
                has_text = bool(section.paragraphs or notes)
                chunks.append(Chunk(text=spoken, display=section.heading,
                                    kind=ChunkKind.HEADING, pause_after=pauses.heading,
                                    paragraph=paragraph_index, starts_paragraph=True,
                                    chapter=_chapter_title(section.heading) if has_text else None))
                pending_chapter = None
        paragraphs = list(section.paragraphs)
        if notes:
            paragraphs += [FOOTNOTES_INTRO, *notes]
        for paragraph in paragraphs:
            pieces = chunk_sentences(split_sentences(paragraph), chunk_chars)
            for position, piece in enumerate(pieces):
                spoken = normalize(piece, rules)
                if not spoken:
                    continue
                last = position == len(pieces) - 1
                chunks.append(Chunk(
                    text=spoken, display=piece, kind=ChunkKind.TEXT,
                    pause_after=pauses.paragraph if last else pauses.sentence,
                    paragraph=paragraph_index, starts_paragraph=position == 0,
                    chapter=pending_chapter,
                ))
                pending_chapter = None
            paragraph_index += 1
    return Script(document=document, chunks=tuple(chunks))


def _chapter_title(heading: str) -> str:
    """A heading as a chapter title: without the permalink mark a docs page puts after it."""
    return permalink_marks(heading).strip() or heading


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
