"""Loudness per ITU-R BS.1770 / EBU R128, measured by ffmpeg's ebur128 filter, and the gain
that brings an episode to its target.

Integrated loudness is a property of the whole episode, but waiting for the whole before
encoding would serialise synthesis and encoding (a novel: twice the time). eSpeak NG's level
is steady, so the gain is planned on the opening minute and the encoder measures the whole
as it goes; narrate.episode.produce re-encodes from the spooled PCM in the rare case the whole
missed. eSpeak NG's speech is peaky (about 21 dB between true peak and loudness, where
-16 LUFS with a -1 dBTP ceiling allows 15), so a look-ahead limiter is almost always needed,
and limiting lowers loudness (1-2 LU here), as does a lossy codec (about 0.4 LU for MP3 at
64k). `solve_gain` therefore tries the real chain on the sample and corrects the gain by
what it loses.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from narrate.audio.ffmpeg import run_logged
from narrate.audio.leveling import ABSOLUTE_GATE

DEFAULT_TARGET = -16.0  # LUFS: Apple Podcasts, Spotify and most apps' reference for speech
TARGET_RANGE = (-36.0, -9.0)  # LUFS targets narrate plans for
TRUE_PEAK_CEILING = -1.0  # dBTP
# The limiter works on samples; 1 dB of headroom below the ceiling absorbs inter-sample
# peaks and codec overshoot (measured: -1.6 dBTP before encoding, -2.0 after MP3).
LIMIT_DB = -2.0
PEAK_MARGIN = 0.5  # dB kept below the ceiling on the sample, for peaks outside it
OVERSHOOT_STEP = 0.2  # dB: extra lowering of the limiter per overshoot, to converge in fewer tries
CODEC_ROUNDS = 3  # encode-and-decode checks of the sample, at most
CODEC_SLACK = 0.15  # LU: a codec check this close to target needs no second round
TOLERANCE = 0.5  # LU: re-encode once if the finished episode misses its target by more
SILENT = ABSOLUTE_GATE  # LUFS: ebur128's floor too; nothing above the absolute gate was heard
SOLVE_STEPS = 6

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


_BRANCH = re.compile(r"ebur128@g(\d+) @ [^\]]*\] Summary:\s*Integrated loudness:\s*I:\s*(-?[\d.]+|-?inf|nan)")


def measure_gains(pcm: bytes, rate: int, gains: Sequence[float], limit_db: float | None) -> list[float]:
    """Integrated loudness of mono s16le `pcm` after each of `gains` (and the limiter), all in
    one ffmpeg pass: a branch per gain, so planning costs one process start, not one per try."""
    split = "".join(f"[b{i}]" for i in range(len(gains)))
    parts = [f"[0:a]asplit={len(gains)}{split}"]
    for index, gain in enumerate(gains):
        tail = "[o]" if index == 0 else ",anullsink"
        parts.append(f"[b{index}]{gain_filters(gain, limit_db)},ebur128@g{index}=framelog=verbose{tail}")
    _, log = run_logged(["-f", "s16le", "-ar", str(rate), "-ac", "1", "-i", "pipe:0",
                         "-filter_complex", ";".join(parts), "-map", "[o]", "-f", "null", "-"],
                        input_bytes=pcm)
    found = {int(index): float(value) for index, value in _BRANCH.findall(log)}
    if len(found) != len(gains):
        raise ValueError("ffmpeg measured fewer branches than it was given")
    return [max(SILENT, found[i]) if not math.isnan(found[i]) else SILENT for i in range(len(gains))]


def interpolate(points: Sequence[tuple[float, float]], x: float) -> float:
    """Piecewise-linear value at `x` of (x, y) points sorted by x, with x inside their range."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if x0 <= x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 != x0 else y0
    raise ValueError(f"{x} is outside the measured range")


def limiter(limit_db: float) -> str:
    """A look-ahead peak limiter that keeps the stream's length and timing (latency=1)."""
    return f"alimiter=limit={10 ** (limit_db / 20):.6f}:level=disabled:latency=1"


def gain_filters(gain_db: float, limit_db: float | None) -> str:
    chain = f"volume={gain_db:.3f}dB"
    return f"{chain},{limiter(limit_db)}" if limit_db is not None else chain


def needs_limiter(measured: Loudness, gain_db: float) -> bool:
    """Only limit when the gain would push the peaks past the limiter's threshold."""
    return measured.peak + gain_db > LIMIT_DB


@dataclass(frozen=True)
class GainPlan:
    gain_db: float
    limit_db: float | None  # the limiter's ceiling; None: no limiter needed
    codec_offset: float = 0.0  # delivered (decoded) loudness minus loudness before encoding


@dataclass(frozen=True)
class TrialResult:
    before: float  # integrated loudness before encoding
    delivered: Loudness  # the decoded result, true peak included


# Trials on a sample of the speech: through the gain and limiter only (cheap), and through the
# real encoder and back (what a listener gets).
PcmTrial = Callable[[float, "float | None"], float]
CodecTrial = Callable[[float, "float | None"], TrialResult]


def solve_gain(measured: Loudness, target: float, sample_level: float,
               pcm_trial: PcmTrial, codec_trial: CodecTrial | None, offset: float = 0.0) -> GainPlan:
    """The gain (and limiter ceiling) that land the delivered episode on `target`.

    target - measured is exact for a plain gain, but the limiter (needed for most speech)
    and lossy codecs (which cut the high frequencies that K-weighting counts) both lower the
    loudness a listener gets, and codecs overshoot peaks (AAC and Opus by up to 2 dB).
    The gain is solved against the limiter on PCM (fast), then checked through the codec;
    the codec's loudness offset and any true-peak overshoot feed back into another round.
    `sample_level` is the sample's own loudness, as `measured` is the whole's; `offset` is the
    codec's expected loudness offset (a good guess saves a round of encoding the sample).
    Without `codec_trial`, the PCM solve alone, trusting `offset`: the first round of the full
    solve, which a caller can check later.
    """
    if measured.integrated <= SILENT:
        return GainPlan(0.0, None)
    base = target - measured.integrated
    limit_db = LIMIT_DB if needs_limiter(measured, base) else None
    if sample_level <= SILENT:
        return GainPlan(base, limit_db)
    shift = measured.integrated - sample_level  # the whole is this much louder than the sample
    gain = base
    if codec_trial is None:
        return GainPlan(_solve_limited(target - offset - shift, gain, limit_db, pcm_trial), limit_db, offset)
    for _ in range(CODEC_ROUNDS):
        gain = _solve_limited(target - offset - shift, gain, limit_db, pcm_trial)
        result = codec_trial(gain, limit_db)
        offset = result.delivered.integrated - result.before
        over = result.delivered.peak - (TRUE_PEAK_CEILING - PEAK_MARGIN)
        miss = target - (result.delivered.integrated + shift)
        if over <= 0 and abs(miss) <= CODEC_SLACK:
            break
        if over > 0:  # codec overshoot: lower the ceiling (a little extra) and solve again
            limit_db = (LIMIT_DB if limit_db is None else limit_db) - over - OVERSHOOT_STEP
    return GainPlan(gain, limit_db, offset)


def _solve_limited(goal: float, gain: float, limit_db: float | None, pcm_trial: PcmTrial) -> float:
    """The gain at which the sample, limited, measures `goal` before encoding (secant steps:
    limiting makes loudness grow slower than gain)."""
    if limit_db is None:
        return gain + goal - pcm_trial(gain, None)
    last: tuple[float, float] | None = None
    for _ in range(SOLVE_STEPS):
        level = pcm_trial(gain, limit_db)
        miss = goal - level
        if abs(miss) < 0.05:
            break
        slope = 1.0
        if last is not None and gain != last[0]:
            slope = min(1.0, max(0.3, (level - last[1]) / (gain - last[0])))
        last = (gain, level)
        gain += miss / slope
    return gain
