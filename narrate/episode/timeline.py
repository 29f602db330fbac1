"""Chapters and transcript cues from chunk durations.

The same functions serve `narrate inspect` (estimated durations) and the finished episode
(real durations of the synthesised segments), so the two never disagree in shape.
"""

from __future__ import annotations

from collections.abc import Sequence

from narrate.model import Chapter, Chunk, ChunkKind, Cue
from narrate.text.language import word_count

# A document without headings is cut into parts this long (or a little longer, at a paragraph),
# for moving about in it; an article of a few minutes is one chapter.
MIN_CHAPTER_SECONDS = 300.0


def start_times(speech: Sequence[float], pauses: Sequence[float], offset: float = 0.0) -> list[float]:
    """When each chunk starts, given its speech length and the silence after it."""
    starts, clock = [], offset
    for spoken, pause in zip(speech, pauses):
        starts.append(clock)
        clock += spoken + pause
    return starts


def part_title(number: int) -> str:
    """A part of a document without headings: 'Part 2'. Never its opening words: a chapter
    list of cut-off sentences reads like headings the document does not have."""
    return f"Part {number}"


def estimated_speech(text: str, rate_wpm: int) -> float:
    """Seconds to say `text` at `rate_wpm` words per minute, from its words alone (a Chinese
    character counts as most of a word: narrate.text.language.word_count)."""
    return word_count(text) * 60.0 / rate_wpm


def estimated_starts(chunks: Sequence[Chunk], rate_wpm: int) -> list[float]:
    """When each chunk would start at `rate_wpm`: what `narrate inspect` shows, and what a
    document without headings is cut into chapters by, so the file has the chapters inspect
    listed whatever the engine's real pace."""
    return start_times([estimated_speech(chunk.text, rate_wpm) for chunk in chunks],
                       [chunk.pause_after for chunk in chunks])


def plan_chapters(chunks: Sequence[Chunk], starts: Sequence[float], total: float,
                  min_seconds: float = MIN_CHAPTER_SECONDS,
                  planned: Sequence[float] | None = None) -> list[Chapter]:
    """Chapters at paragraph boundaries.

    Titles and headings always open a chapter, named by them. A document with headings is
    chaptered by its headings alone (its author chose the structure); only one without any
    gets a chapter at the first paragraph boundary once the current chapter has run for at
    least `min_seconds` (and the rest is not a stub of less than half that), named by its
    number ('Part 2'). That cut is decided on
    `planned` (the estimated starts, default `starts`) and the chapter placed at `starts`, so
    the count and titles do not depend on how fast the engine really spoke. A heading right
    after the title takes over the title's chapter rather than leaving a stub.
    """
    planned = starts if planned is None else planned
    has_headings = any(c.kind is ChunkKind.HEADING for c in chunks)
    opened: list[tuple[str, float]] = []
    last_planned = 0.0
    only_title_so_far = False
    for chunk, start, when in zip(chunks, starts, planned):
        if chunk.chapter is not None:
            if opened and (only_title_so_far or opened[-1][1] == start):
                opened[-1] = (chunk.chapter, opened[-1][1])
            else:
                opened.append((chunk.chapter, start))
                last_planned = when
            only_title_so_far = chunk.kind is ChunkKind.TITLE
            continue
        if chunk.kind is not ChunkKind.HEADING:  # a heading with no text of its own opens nothing
            only_title_so_far = False
        if has_headings:
            continue
        # ... and not where the chapter would end as a stub: less than half the spacing before
        # the last chunk begins (decided on planned times too, so inspect agrees)
        if chunk.starts_paragraph and (not opened or when - last_planned >= min_seconds
                                       and planned[-1] - when >= min_seconds / 2):
            opened.append((part_title(len(opened) + 1), start))
            last_planned = when
    chapters = []
    for index, (title, start) in enumerate(opened):
        end = opened[index + 1][1] if index + 1 < len(opened) else total
        if end > start:  # never in practice: openings at one instant are merged above
            chapters.append(Chapter(title=title, start=start, end=end))
    return chapters


def plan_cues(chunks: Sequence[Chunk], starts: Sequence[float], speech: Sequence[float]) -> list[Cue]:
    """One cue per chunk, from the moment it starts until its speech ends.

    A chunk followed by no pause ends exactly where the next starts; summing the same sample
    counts in two orders can differ in the last bit of a float, so an end never passes the
    next start."""
    cues = []
    for index, (chunk, start, spoken) in enumerate(zip(chunks, starts, speech)):
        end = start + spoken
        if index + 1 < len(starts):
            end = min(end, starts[index + 1])
        cues.append(Cue(start=start, end=end, text=chunk.display))
    return cues
