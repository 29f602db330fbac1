"""Gain, a look-ahead peak limiter and a BS.1770 loudness meter, in numpy, for MP3 blocks.

Why not ffmpeg's filters: ffmpeg runs demuxer, filters, encoder and muxer in threads that hand
over every 576-sample frame, about 90,000 context switches a minute of speech at 22.05 kHz and
a third of an encode's CPU time. So a worker levels its block here and encodes it with the same
libmp3lame through lameenc, in its own process (narrate.synthesis.blocks); the loudness plan for
such blocks is solved with this same limiter and meter (narrate.episode.planning), so the plan
and the output agree. The figures behind this are in CHANGELOG.md (0.1.0, Changed).

The limiter works on tiles of TILE samples (1.5 ms at 22.05 kHz). Each tile needs its peak
brought down to the limit by some dB; the reduction a tile gets is the highest of the cones
that stand on those needs, rising at the attack slope ahead of each need and falling at the
release slope after it (running maxima, so no Python loop), so no tile gets less than it
needs. Across a tile the gain ramps between the lower values at its edges, so no sample ends
above the limit and the gain never jumps. It looks at one chunk of speech at a time: chunks
are separated by their pauses.

The meter reads the K-weighted energy of each 100 ms block from its spectrum (Parseval's
theorem with the K-weighting filters' response), and gates 400 ms windows every 100 ms as
BS.1770 does; on 27 minutes of eSpeak NG speech it agrees with ffmpeg's ebur128 within 0.05 LU.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

# narrate makes no matrix products; OpenBLAS's threads, started when numpy loads, spin on
# the cores the engine and the encoder need (measured: 8% of a short article's CPU time)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

TILE = 32  # samples per limiter tile
# How fast the limiter's gain reduction may rise ahead of a peak and fall after it: about
# 5 ms and 30 ms for 6 dB. Of the shapes tried on eSpeak NG speech, this one needed the least
# gain for -16 LUFS while keeping MP3's true peak within 0.2 dB of the limit.
ATTACK_DB_PER_MS = 1.0
RELEASE_DB_PER_MS = 0.2
FULL_SCALE = 32768.0
SLICE_BLOCKS = 16  # 100 ms blocks the meter transforms at once
ABSOLUTE_GATE = -70.0  # LUFS (BS.1770)
RELATIVE_GATE = 10.0  # LU below the absolute-gated mean


@dataclass(frozen=True)
class Leveling:
    """What is done to the speech before encoding: a gain and, if needed, a limiter ceiling."""

    gain_db: float = 0.0
    limit_db: float | None = None  # dBFS; None: no limiter

    def describe(self) -> str:
        """A stable text for cache keys."""
        limit = "none" if self.limit_db is None else f"{self.limit_db:.3f}"
        return (f"gain={self.gain_db:.3f}dB,limit={limit},tile={TILE},"
                f"attack={ATTACK_DB_PER_MS},release={RELEASE_DB_PER_MS}")


def level(pcm: bytes, leveling: Leveling, rate: int) -> bytes:
    """Mono s16le `pcm` after the gain and the limiter (rounded and clipped back to 16 bits)."""
    import numpy as np

    count = len(pcm) // 2
    tiles = -(-count // TILE)
    padded = np.zeros(tiles * TILE, dtype=np.float32)  # whole tiles: one array, no copies
    samples = padded[:count]
    samples[:] = np.frombuffer(pcm, dtype=np.int16, count=count)
    if leveling.gain_db:
        samples *= np.float32(10 ** (leveling.gain_db / 20))
    if leveling.limit_db is not None and count:
        _limit(padded.reshape(tiles, TILE), FULL_SCALE * 10 ** (leveling.limit_db / 20), rate)
    np.rint(samples, out=samples)
    np.clip(samples, -FULL_SCALE, FULL_SCALE - 1, out=samples)
    return samples.astype(np.int16).tobytes()


def _limit(grid: np.ndarray, ceiling: float, rate: int) -> None:
    """Scale the samples (in place, in rows of TILE) so that none exceeds `ceiling` in magnitude."""
    import numpy as np

    tiles = len(grid)
    peaks = np.abs(grid).max(axis=1)
    if peaks.max() <= ceiling:
        return
    needed = np.maximum(0.0, 20 * np.log10(np.maximum(peaks, ceiling) / ceiling))  # dB off each tile
    milliseconds = TILE * 1000 / rate
    attack, release = ATTACK_DB_PER_MS * milliseconds, RELEASE_DB_PER_MS * milliseconds
    position = np.arange(tiles, dtype=np.float64)
    # the reduction every tile gets: the highest of the cones that stand on the needed
    # reductions, rising ahead of each (attack) and falling behind it (release), in dB
    behind = np.maximum.accumulate(needed + release * position) - release * position
    ahead = np.maximum.accumulate((needed - attack * position)[::-1])[::-1] + attack * position
    gains = 10 ** (-np.maximum(behind, ahead) / 20)
    # gain at each tile's edges (the lower of the two tiles that meet there), ramped across it
    edges = np.minimum(np.concatenate(([gains[0]], gains)), np.concatenate((gains, [gains[-1]])))
    touched = np.flatnonzero((edges[:-1] < 1.0) | (edges[1:] < 1.0))
    ramp = np.arange(TILE, dtype=np.float32) / TILE
    start, end = edges[touched].astype(np.float32), edges[touched + 1].astype(np.float32)
    grid[touched] *= start[:, None] + (end - start)[:, None] * ramp


@lru_cache(maxsize=8)
def _k_weights(length: int, rate: int) -> np.ndarray:
    """|H(f)|^2 of BS.1770's two K-weighting stages at the bins of a `length`-point rfft,
    with Parseval's factors (the bins other than DC and Nyquist stand for two)."""
    import numpy as np

    # the filters' analogue prototypes, as ffmpeg's ebur128 designs them for any rate
    f0, gain, q = 1681.974450955533, 3.999843853973347, 0.7071752369554196
    k = math.tan(math.pi * f0 / rate)
    vh = 10 ** (gain / 20)
    vb = vh ** 0.4996667741545416
    a0 = 1 + k / q + k * k
    shelf_b = ((vh + vb * k / q + k * k) / a0, 2 * (k * k - vh) / a0, (vh - vb * k / q + k * k) / a0)
    shelf_a = (1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    f0, q = 38.13547087602444, 0.5003270373238773
    k = math.tan(math.pi * f0 / rate)
    a0 = 1 + k / q + k * k
    high_b = (1.0, -2.0, 1.0)
    high_a = (1.0, 2 * (k * k - 1) / a0, (1 - k / q + k * k) / a0)
    z = np.exp(-2j * np.pi * np.fft.rfftfreq(length))

    def response(b: tuple[float, ...], a: tuple[float, ...]) -> np.ndarray:
        return (b[0] + b[1] * z + b[2] * z * z) / (a[0] + a[1] * z + a[2] * z * z)

    weights = np.abs(response(shelf_b, shelf_a) * response(high_b, high_a)) ** 2
    weights[1:(length + 1) // 2] *= 2
    return (weights / (length * length)).astype(np.float64)


class LoudnessMeter:
    """Momentary loudness of consecutive 400 ms windows (one every 100 ms) of a mono stream."""

    def __init__(self, rate: int) -> None:
        self.rate = rate
        self._block = rate // 10
        self._pending: list[bytes] = []
        self._pending_samples = 0
        self._energies: list[float] = []  # of the last three 100 ms blocks
        self.windows: list[float] = []
        """LUFS of each window above the absolute gate."""

    def add(self, pcm: bytes) -> None:
        import numpy as np

        self._pending.append(pcm)
        self._pending_samples += len(pcm) // 2
        if self._pending_samples < self._block:
            return
        data = np.frombuffer(b"".join(self._pending), dtype=np.int16)
        whole = self._pending_samples // self._block * self._block
        rest = data[whole:].tobytes()
        self._pending, self._pending_samples = ([rest] if rest else []), len(rest) // 2
        weights = _k_weights(self._block, self.rate)
        energies: list[float] = []
        step = SLICE_BLOCKS * self._block  # a slice at a time: a long chunk's float copies stay small
        for start in range(0, whole, step):
            blocks = data[start:min(whole, start + step)].reshape(-1, self._block) / FULL_SCALE
            spectra = np.fft.rfft(blocks, axis=1)  # float64: what rfft works in
            # einsum, not `@`: a matrix product goes to OpenBLAS, whose spinning threads cost
            # more CPU than the sum itself (measured: a third of a short article's CPU time)
            energies += np.einsum("ij,j->i", spectra.real ** 2 + spectra.imag ** 2, weights).tolist()
        self._windows(energies)

    def add_silence(self, samples: int) -> None:
        """A pause: blocks of nothing but silence need no spectrum."""
        fill = min(samples, (self._block - self._pending_samples) % self._block)
        if fill:
            self.add(bytes(2 * fill))
        samples -= fill
        self._windows([0.0] * (samples // self._block))
        if samples % self._block:
            self.add(bytes(2 * (samples % self._block)))

    def _windows(self, energies: list[float]) -> None:
        energies = [*self._energies, *energies]
        for index in range(3, len(energies)):
            mean = sum(energies[index - 3:index + 1]) / 4
            if mean > 0:
                value = -0.691 + 10 * math.log10(mean)
                if value > ABSOLUTE_GATE:
                    self.windows.append(value)
        self._energies = energies[-3:]


def integrated_loudness(windows: Sequence[float]) -> float:
    """BS.1770 integrated loudness from momentary windows: absolute then relative gate."""
    kept = [v for v in windows if v > ABSOLUTE_GATE]
    if not kept:
        return ABSOLUTE_GATE

    def mean(values: Sequence[float]) -> float:
        return 10 * math.log10(sum(10 ** (v / 10) for v in values) / len(values))

    threshold = mean(kept) - RELATIVE_GATE
    above = [v for v in kept if v > threshold]
    return mean(above) if above else ABSOLUTE_GATE


def measure(pcm: bytes, rate: int, leveling: Leveling | None = None) -> tuple[float, float]:
    """Integrated loudness (LUFS) and sample peak (dBFS) of mono s16le `pcm`, after `leveling`."""
    import numpy as np

    if leveling is not None:
        pcm = level(pcm, leveling, rate)
    meter = LoudnessMeter(rate)
    meter.add(pcm)
    samples = np.frombuffer(pcm, dtype=np.int16)
    top = int(np.abs(samples.astype(np.int32)).max()) if samples.size else 0
    peak = 20 * math.log10(top / FULL_SCALE) if top else -math.inf
    return integrated_loudness(meter.windows), peak
