"""Word marks from what an engine knows: where each word's sound begins and ends.

Engines know where a word begins: eSpeak NG reports it (word events), and the neural models
say how long each phoneme lasts, which `phoneme_word_starts` turns into word starts by
aligning each word's own phonemes with the utterance's. Neither says where a word's sound
stops: the next word's start includes the pause between them (a comma, a sentence end). So
`tighten` pulls each word's end back over the quiet samples before the next word and pushes
its start past the quiet samples that open it, in steps of STEP_SECONDS, with "quiet"
relative to the chunk's own peak. The same rule serves every engine, so the marks of eSpeak
NG, Piper and Kokoro mean the same thing. Done in numpy over windows of the whole chunk at
once (about 0.2 ms a chunk).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from narrate.model import WordMark

STEP_SECONDS = 0.005
QUIET_BELOW_PEAK = 0.01  # about -40 dB under the chunk's peak counts as quiet
MIN_WORD_SECONDS = 0.02  # a word keeps at least this much sound (a very quiet one)


def tighten(starts: Sequence[tuple[int, int, int]], pcm: bytes, sample_rate: int,
            stop: int | None = None) -> tuple[WordMark, ...]:
    """Marks from (offset, length, first sample) per word, in order: each word runs until
    the next one starts (the last until `stop`, default the end of the audio), less the
    quiet samples at either edge."""
    import numpy as np

    samples = np.frombuffer(pcm, "<i2", len(pcm) // 2)
    total = samples.size
    if not starts or not total:
        return ()
    step = max(1, round(STEP_SECONDS * sample_rate))
    whole = total - total % step
    shaped = samples[:whole].reshape(-1, step)
    level = np.maximum(shaped.max(axis=1).astype(np.int32), -shaped.min(axis=1).astype(np.int32))
    if whole < total:
        tail = samples[whole:].astype(np.int32)
        level = np.append(level, max(tail.max(), -tail.min()))
    loud = np.flatnonzero(level >= max(1, int(level.max() * QUIET_BELOW_PEAK)))
    shortest = round(MIN_WORD_SECONDS * sample_rate)
    limit = total if stop is None else max(0, min(stop, total))
    firsts = np.minimum(np.maximum.accumulate(np.maximum([s for _, _, s in starts], 0)), limit)
    ends = np.append(firsts[1:], limit)
    if loud.size:
        # each word's first loud window (the one holding its first sample counts) and its
        # last loud window wholly before the next word; none: the word is left as it is
        lo = np.searchsorted(loud, firsts // step)
        hi = np.searchsorted(loud, ends // step) - 1
        found = (lo <= hi) & (ends - firsts > shortest)
        safe_lo, safe_hi = np.minimum(lo, loud.size - 1), np.maximum(hi, 0)
        starts_at = np.minimum(np.maximum(firsts, loud[safe_lo] * step), ends - shortest)
        ends_at = np.maximum(np.minimum(ends, (loud[safe_hi] + 1) * step), starts_at + shortest)
        firsts, ends = np.where(found, starts_at, firsts), np.where(found, ends_at, ends)
    marks = tuple(WordMark(offset, length, start, end) for (offset, length, _), start, end
                  in zip(starts, firsts.tolist(), ends.tolist()))
    return marks


def shifted(marks: Sequence[WordMark], samples: int) -> tuple[WordMark, ...]:
    """The marks `samples` later (audio put in front of them)."""
    return tuple(WordMark(m.offset, m.length, m.start + samples, m.end + samples) for m in marks)


_UNALIGNED = set(" \t\nˈˌ_^$") | set(';:,.!?¡¿—…"«»“”()-')
"""Phoneme symbols left out when aligning: spaces, stress (it moves with context), marks, and
Piper's start, end and padding symbols."""


def phoneme_word_starts(text: str, spoken: Sequence[tuple[str, int]],
                        phonemize: Callable[[str], str], lead: float = 1.0) -> list[tuple[int, int, int]]:
    """(offset, length, first sample) for each word of `text` with letters or digits, from the
    utterance's phonemes `spoken` ((symbol, first sample), in order, spaces between words).

    The model is given the phonemes of the whole text, where a word's sounds depend on its
    neighbours and some words run together ("of the"), one token can be several words ("16.00")
    and clauses are marked; so each word of the text is phonemised alone (`phonemize`) and
    the words are aligned with the utterance's words (its symbols between spaces): words
    that sound the same anchor the alignment, and a run of differing ones shares the
    utterance's words between its anchors in order, so a misreading stays where it is.
    `lead`: how much of the space before a word is heard as its onset (the models' word
    separator carries the transition into the next word; a pause there is silence, which
    `tighten` then skips)."""
    from narrate.text.wordalign import comparable, words_with_spans

    words = [(offset, end - offset, word) for word, offset, end in words_with_spans(text) if comparable(word)]
    groups = _utterance_words(spoken, lead)
    if not words or not groups:
        return []
    pieces = ["".join(s for s in phonemize(word) if s not in _UNALIGNED) for _, _, word in words]
    firsts = _word_groups(pieces, [sound for sound, _ in groups])
    return [(offset, length, groups[min(first, len(groups) - 1)][1])
            for (offset, length, _), first in zip(words, firsts)]


def _utterance_words(spoken: Sequence[tuple[str, int]], lead: float) -> list[tuple[str, int]]:
    """The utterance's words: the sounds between spaces and marks, each with the sample it
    starts at (`lead` of the space before it counted in)."""
    groups: list[tuple[str, int]] = []
    boundary, space = True, None
    for symbol, sample in spoken:
        if symbol in _UNALIGNED:
            boundary = boundary or symbol.isspace() or symbol in ".!?…^"
            if symbol.isspace():
                space = sample
            continue
        if boundary or not groups:
            onset = sample if space is None else round(space + (1.0 - lead) * (sample - space))
            groups.append((symbol, onset))
        else:
            groups[-1] = (groups[-1][0] + symbol, groups[-1][1])
        boundary, space = False, None
    return groups


def _word_groups(pieces: list[str], sounds: list[str]) -> list[int]:
    """For each word's phonemes, the index of the utterance word it starts at."""
    from difflib import SequenceMatcher

    firsts = [0] * len(pieces)
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, pieces, sounds, autojunk=False).get_opcodes():
        count = i2 - i1
        for offset in range(count):
            # equal runs pair off; a replaced run shares its utterance words out in order
            firsts[i1 + offset] = j1 + (offset if tag == "equal" else offset * (j2 - j1) // count)
    for index in range(1, len(firsts)):
        firsts[index] = max(firsts[index], firsts[index - 1])
    return firsts


def rescaled(marks: Sequence[WordMark], rate: int, target: int) -> tuple[WordMark, ...]:
    """The marks of audio at `rate` brought to `target` (a chunk of another voice, resampled
    to the episode's rate: the same times, counted in the new samples)."""
    if rate == target:
        return tuple(marks)
    return tuple(WordMark(m.offset, m.length, round(m.start * target / rate), round(m.end * target / rate))
                 for m in marks)
