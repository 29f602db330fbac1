"""Intro and outro ("bumpers"): any audio ffmpeg reads, decoded to the speech's own rate and
channel layout so their exact lengths are known (cues and chapters are shifted by the intro's
length), and measured so they can be brought to the episode's loudness target.

The join is a short crossfade into or out of a stretch of silence added for the purpose, so
the fade never eats into the first or last spoken word.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from narrate.errors import EncodeError, InputError
from narrate.audio.ffmpeg import run
from narrate.audio.loudness import Loudness, measure_file
from narrate.model import SAMPLE_WIDTH

CROSSFADE = 0.5  # seconds


@dataclass(frozen=True)
class Bumper:
    """A decoded intro or outro: mono s16le PCM at `rate` in `path`."""

    path: Path
    rate: int
    samples: int
    loudness: Loudness

    @property
    def duration(self) -> float:
        return self.samples / self.rate

    @property
    def fade_samples(self) -> int:
        """The crossfade: CROSSFADE seconds, or half the bumper when it is shorter than that."""
        return max(1, min(round(CROSSFADE * self.rate), self.samples // 2))


def check_bumper(path: str | Path, role: str) -> Path:
    """Fail before any synthesis if `path` is missing or holds no audio ffmpeg can decode."""
    from narrate.fileio import check_regular_file

    path = Path(path)
    check_regular_file(path, role, None, InputError)  # streamed by ffmpeg: any length
    try:
        pcm = run(["-i", str(path), "-t", "1", "-vn", "-ac", "1", "-f", "s16le", "pipe:1"])
    except EncodeError as exc:
        raise InputError(f"cannot use {path} as the {role}: {exc}") from exc
    if not pcm:
        raise InputError(f"cannot use {path} as the {role}: it holds no audio")
    return path


def decode_bumper(path: str | Path, rate: int, out: Path) -> Bumper:
    """Decode to mono PCM at `rate` into `out` and measure its loudness."""
    run(["-i", str(path), "-vn", "-ac", "1", "-ar", str(rate), "-f", "s16le", "-y", str(out)])
    samples = out.stat().st_size // SAMPLE_WIDTH
    raw = ["-f", "s16le", "-ar", str(rate), "-ac", "1"]
    return Bumper(path=out, rate=rate, samples=samples,
                  loudness=measure_file(out, true_peak=False, input_args=raw))
