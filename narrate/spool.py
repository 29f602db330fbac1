"""Pass one: synthesised segments, each with the silence after it, go to a PCM file on disk
and, at the same time, to a loudness meter. Nothing is held in memory beyond one segment,
and the exact length of every segment is recorded for chapters and cues.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from narrate.audio import with_pause
from narrate.loudness import Loudness, LoudnessMeter
from narrate.model import SAMPLE_WIDTH, Segment

# Called after each chunk with (chunks done, chunks in all, seconds of audio so far).
Progress = Callable[[int, int, float], None]


@dataclass
class Spool:
    """Mono s16le PCM at `rate` in `path`, with each chunk's speech length in seconds."""

    path: Path
    rate: int = 0
    samples: int = 0
    speech: list[float] = field(default_factory=list)
    loudness: Loudness | None = None

    @property
    def duration(self) -> float:
        return self.samples / self.rate if self.rate else 0.0


def spool_speech(segments: Iterable[Segment], pauses: Sequence[float], path: Path,
                 progress: Progress | None = None) -> Spool:
    """Write every segment and its pause to `path` while measuring loudness on the side."""
    spool = Spool(path=path)
    meter: LoudnessMeter | None = None
    try:
        with path.open("wb") as out:
            for segment in segments:
                if meter is None:
                    spool.rate = segment.sample_rate
                    meter = LoudnessMeter(spool.rate)
                piece = with_pause(segment, pauses[segment.index]).raw_data
                out.write(piece)
                meter.write(piece)
                spool.samples += len(piece) // SAMPLE_WIDTH
                spool.speech.append(segment.duration)
                if progress:
                    progress(segment.index + 1, len(pauses), spool.samples / spool.rate)
        if meter is None:
            raise ValueError("nothing was synthesised")
        spool.loudness = meter.close()
    except BaseException:
        if meter is not None:
            meter.abort()
        raise
    return spool


def exact_pauses(pauses: Sequence[float], rate: int) -> list[float]:
    """The pauses as they were written: whole samples."""
    return [round(p * rate) / rate for p in pauses]

