"""Synthesised segments, each with the silence after it, as PCM pieces: written to a spool
file on disk as they pass (so the episode can be encoded again without synthesising it
again), with the exact length of every segment and its words' marks recorded for chapters
and cues. No audio is held in memory beyond one segment and the opening minute used to plan
the loudness.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from narrate.audio.pcm import with_pause
from narrate.model import ChunkProgress, SAMPLE_WIDTH, Segment, WordMark, pause_samples



@dataclass
class Spool:
    """Mono s16le PCM at `rate` in `path`, with each chunk's speech length in seconds."""

    path: Path
    rate: int = 0
    samples: int = 0
    speech: list[float] = field(default_factory=list)
    marks: list[tuple[WordMark, ...]] = field(default_factory=list)
    """Each chunk's word marks, in samples from the start of its speech."""

    @property
    def duration(self) -> float:
        return self.samples / self.rate if self.rate else 0.0


def spool_pieces(segments: Iterable[Segment], pauses: Sequence[float], spool: Spool,
                 out: BinaryIO, progress: ChunkProgress | None = None) -> Iterator[bytes]:
    """Yield each segment with its pause as PCM, after writing it to `out`."""
    for segment in segments:
        spool.rate = segment.sample_rate
        piece = with_pause(segment, pauses[segment.index]).raw_data
        out.write(piece)
        spool.samples += len(piece) // SAMPLE_WIDTH
        spool.speech.append(segment.duration)
        spool.marks.append(segment.marks)
        if progress:
            progress(segment.index + 1, len(pauses), spool.duration)
        yield piece


def take_seconds(pieces: Iterator[bytes], spool: Spool, seconds: float) -> bytes:
    """The first pieces, up to at least `seconds` of audio (or all there are)."""
    head: list[bytes] = []
    for piece in pieces:
        head.append(piece)
        if spool.duration >= seconds:
            break
    return b"".join(head)


def exact_pauses(pauses: Sequence[float], rate: int) -> list[float]:
    """The pauses as they were written: whole samples."""
    return [pause_samples(p, rate) / rate for p in pauses]
