"""Loudness per ITU-R BS.1770 / EBU R128, measured by ffmpeg's ebur128 filter, and the gain
that brings an episode to its target.

Why two passes: integrated loudness is a property of the whole episode, so the exact gain is
only known once everything has been synthesised. Pass one measures the PCM while it is
spooled to disk (`LoudnessMeter`, running beside synthesis); pass two applies the gain while
encoding. eSpeak NG's speech is peaky (about 21 dB between true peak and loudness, where
-16 LUFS with a -1 dBTP ceiling allows 15), so a look-ahead limiter is almost always needed,
and limiting lowers loudness (1-2 LU here), as does a lossy codec (about 0.4 LU for MP3 at
64k). `solve_gain` therefore tries the real chain on a sample of the spool (`spool_sample`)
and corrects the gain by what it loses.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from narrate.ffmpeg import Pipe, run_logged
from narrate.model import SAMPLE_WIDTH

DEFAULT_TARGET = -16.0  # LUFS: Apple Podcasts, Spotify and most apps' reference for speech
TRUE_PEAK_CEILING = -1.0  # dBTP
# The limiter works on samples; 1 dB of headroom below the ceiling absorbs inter-sample
# peaks and codec overshoot (measured: -1.6 dBTP before encoding, -2.0 after MP3).
LIMIT_DB = -2.0
TOLERANCE = 0.5  # LU: re-encode once if the finished episode misses its target by more
SILENT = -70.0  # LUFS: ebur128's floor; nothing above the absolute gate was heard
SAMPLE_SLICES = 8
SAMPLE_SLICE_SECONDS = 10.0
SOLVE_STEPS = 3

_INTEGRATED = re.compile(r"^\s*I:\s*(-?[\d.]+|-?inf|nan)\s*LUFS", re.M)
_PEAK = re.compile(r"^\s*Peak:\s*(-?[\d.]+|-?inf|nan)\s*dBFS", re.M)


@dataclass(frozen=True)
class Loudness:
    """Integrated loudness (LUFS) and peak (dBFS; true peak when measured with `true_peak`)."""

    integrated: float
    peak: float


def ebur128(true_peak: bool = False) -> str:
    """The measuring filter: summary only (no per-frame log lines)."""
    return f"ebur128=framelog=verbose:peak={'true' if true_peak else 'sample'}"


def parse_summary(log: str) -> Loudness:
    """Read the summary ebur128 prints when it finishes (the last one, if there are several)."""
    integrated = _INTEGRATED.findall(log)
    peaks = _PEAK.findall(log)
    if not integrated:
        raise ValueError("no ebur128 summary in ffmpeg's output")
    value = float(integrated[-1])
    peak = float(peaks[-1]) if peaks else -math.inf
    return Loudness(integrated=SILENT if math.isnan(value) else max(value, SILENT), peak=peak)


def measure_file(path: Path, true_peak: bool = True, input_args: Sequence[str] = ()) -> Loudness:
    """Loudness of any file ffmpeg decodes (what a player hears); `input_args` for raw PCM."""
    _, log = run_logged([*input_args, "-i", str(path), "-af", ebur128(true_peak), "-f", "null", "-"])
    return parse_summary(log)


def measure_pcm(pcm: bytes, rate: int, filters: str = "", true_peak: bool = False) -> Loudness:
    """Loudness of mono s16le PCM in memory, optionally after `filters`."""
    chain = f"{filters},{ebur128(true_peak)}" if filters else ebur128(true_peak)
    _, log = run_logged(["-f", "s16le", "-ar", str(rate), "-ac", "1", "-i", "pipe:0",
                         "-af", chain, "-f", "null", "-"], input_bytes=pcm)
    return parse_summary(log)


class LoudnessMeter:
    """Measures a PCM stream as it is written, in an ffmpeg process of its own (so it runs on
    another core while synthesis goes on)."""

    def __init__(self, rate: int) -> None:
        self._pipe = Pipe(["-f", "s16le", "-ar", str(rate), "-ac", "1", "-i", "pipe:0",
                           "-af", ebur128(), "-f", "null", "-"], loglevel="info")

    def write(self, pcm: bytes) -> None:
        self._pipe.write(pcm)

    def close(self) -> Loudness:
        return parse_summary(self._pipe.close())

    def abort(self) -> None:
        self._pipe.kill()


def limiter(limit_db: float = LIMIT_DB) -> str:
    """A look-ahead peak limiter that keeps the stream's length and timing (latency=1)."""
    return f"alimiter=limit={10 ** (limit_db / 20):.6f}:level=disabled:latency=1"


def gain_chain(gain_db: float, limit: bool) -> str:
    chain = f"volume={gain_db:.3f}dB"
    return f"{chain},{limiter()}" if limit else chain


def needs_limiter(measured: Loudness, gain_db: float) -> bool:
    """Only limit when the gain would push the peaks past the limiter's threshold."""
    return measured.peak + gain_db > LIMIT_DB


def spool_sample(spool: Path, rate: int, slices: int = SAMPLE_SLICES,
                 seconds: float = SAMPLE_SLICE_SECONDS) -> bytes:
    """Evenly spaced slices of a spooled PCM file (all of it when it is short): enough to
    estimate what the limiter does to the whole, without reading all of a long book."""
    size = spool.stat().st_size
    slice_bytes = int(seconds * rate) * SAMPLE_WIDTH
    if size <= slices * slice_bytes:
        return spool.read_bytes()
    parts = []
    with spool.open("rb") as handle:
        for index in range(slices):
            offset = (size - slice_bytes) * index // (slices - 1)
            handle.seek(offset - offset % SAMPLE_WIDTH)
            parts.append(handle.read(slice_bytes))
    return b"".join(parts)


@dataclass(frozen=True)
class GainPlan:
    gain_db: float
    limit: bool
    codec_offset: float = 0.0  # delivered (decoded) loudness minus loudness before encoding


# trial(gain_db, limit) -> (loudness before encoding, loudness of the decoded result), on a sample
Trial = Callable[[float, bool], tuple[float, float]]


def solve_gain(measured: Loudness, target: float, sample_level: float, trial: Trial) -> GainPlan:
    """The gain that lands the delivered episode on `target`.

    target - measured is exact for a plain gain, but the limiter (needed for most speech)
    and lossy codecs (which cut the high frequencies that K-weighting counts) both lower the
    loudness a listener gets. `trial` runs the real chain on a sample of the speech and
    decodes the result; the gain is corrected by what it loses, a few times over.
    `sample_level` is the sample's own loudness, as `measured` is the whole's.
    """
    if measured.integrated <= SILENT:
        return GainPlan(0.0, False)
    base = target - measured.integrated
    limit = needs_limiter(measured, base)
    if sample_level <= SILENT:
        return GainPlan(base, limit)
    shift = measured.integrated - sample_level  # the whole is this much louder than the sample
    gain, offset = base, 0.0
    for _ in range(SOLVE_STEPS):
        before, delivered = trial(gain, limit)
        offset = delivered - before
        miss = target - (delivered + shift)
        gain += miss
        if abs(miss) < 0.05:
            break
    return GainPlan(gain, limit, offset)
