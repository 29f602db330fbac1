"""Every written word's time in the finished file, from the engine's word marks.

An engine marks the words of the text it was given (the chunk's spoken text), in samples
from the start of the chunk's speech; the renderers say exactly when each chunk's speech is
heard in the file (frame counts for MP3 blocks, sample counts for one stream, with the intro
before it). Each spoken word's time is the marks that fall on it; each written word (as
`narrate inspect` shows it) then takes the time of the spoken words that say it
(narrate.text.wordalign): a verbalised "$5.2bn" spans "5.2 billion dollars", a marker that
was not read is an instant where it stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from narrate.model import Chunk, Cue, Word, WordMark
from narrate.text.wordalign import align_words, comparable, words_with_spans


def spoken_times(text: str, marks: Sequence[WordMark]) -> list[tuple[int, int] | None]:
    """For each whitespace-separated word of `text`, the samples the marks on it cover (None:
    nothing was said for it, e.g. a dash read as a pause).

    Marks are taken in order and never go back a word. eSpeak NG's places are sometimes a
    little off ("it was," is marked as "it" twice): a second mark inside a word of letters
    that reaches past its end belongs to the next word. A word the engine said together with
    the one before ("for the", one eSpeak NG word) shares that word's time by its letters."""
    words = words_with_spans(text)
    times: list[tuple[int, int] | None] = [None] * len(words)
    if not words:
        return times
    position = 0
    for mark in sorted(marks, key=lambda m: m.start):
        low, high = mark.offset, mark.offset + max(1, mark.length)
        while position + 1 < len(words) and words[position][2] <= low:
            position += 1
        if (times[position] is not None and position + 1 < len(words) and high > words[position][2]
                and times[position + 1] is None and words[position][0].isalpha()):
            position += 1
        elif words[position][1] >= high:  # on no word (the space before one)
            continue
        found = times[position]
        times[position] = (mark.start, mark.end) if found is None else (min(found[0], mark.start),
                                                                        max(found[1], mark.end))
    _share_joined(words, times)
    return times


def _share_joined(words: list[tuple[str, int, int]], times: list[tuple[int, int] | None]) -> None:
    index = 1
    while index < len(words):
        before = times[index - 1]
        if times[index] is not None or before is None or not comparable(words[index][0]):
            index += 1
            continue
        run = index
        while run < len(words) and times[run] is None and comparable(words[run][0]):
            run += 1
        if run < len(words) and times[run] is None:  # untimed up to a mark-less word: leave it
            index = run
            continue
        sizes = [len(comparable(words[i][0])) for i in range(index - 1, run)]
        start, end = before
        clock, total, done = start, sum(sizes), 0
        for offset, size in enumerate(sizes):
            done += size
            until = start + (end - start) * done // total
            times[index - 1 + offset] = (clock, until)
            clock = until
        index = run


def chunk_words(chunk: Chunk, marks: Sequence[WordMark], start: float, end: float, rate: int) -> tuple[Word, ...]:
    """The chunk's written words with their times: `start` is when its speech is heard,
    `end` when its cue ends, `rate` the samples per second the marks count in."""
    written = [word for word, _, _ in words_with_spans(chunk.display)]
    if not written or not marks or rate <= 0:
        return ()
    spoken = spoken_times(chunk.text, marks)
    groups = align_words(written, [word for word, _, _ in words_with_spans(chunk.text)])
    spans: list[tuple[float, float] | None] = []
    for group in groups:
        timed = [spoken[i] for i in group if spoken[i] is not None]
        spans.append((start + min(t[0] for t in timed) / rate, start + max(t[1] for t in timed) / rate)  # type: ignore[index]
                     if timed else None)
    return _in_order(written, spans, start, end)


def _in_order(written: list[str], spans: list[tuple[float, float] | None], start: float,
              end: float) -> tuple[Word, ...]:
    """Words whose times never go back and stay inside the cue; an untimed word is an
    instant where it stands (the end of the word before it, else the start of the next)."""
    following = [end] * len(spans)
    upcoming = end
    for index in range(len(spans) - 1, -1, -1):
        following[index] = upcoming
        if spans[index] is not None:
            upcoming = spans[index][0]  # type: ignore[index]
    words = []
    clock, timed_before = start, False
    for index, (text, span) in enumerate(zip(written, spans)):
        if span is None:
            at = max(clock, min(clock if timed_before else following[index], end))
            words.append(Word(at, at, text))
            clock = at
            continue
        first = max(clock, min(span[0], end))
        last = max(first, min(span[1], following[index], end))
        words.append(Word(first, last, text))
        clock, timed_before = last, True
    return tuple(words)


def with_words(cues: Sequence[Cue], chunks: Sequence[Chunk], starts: Sequence[float],
               marks: Sequence[Sequence[WordMark]], rate: int) -> list[Cue]:
    """`cues` (one per chunk) with their written words timed; unchanged where no marks are known."""
    if not marks:
        return list(cues)
    return [replace(cue, words=chunk_words(chunk, chunk_marks, start, cue.end, rate))
            for cue, chunk, start, chunk_marks in zip(cues, chunks, starts, marks)]
