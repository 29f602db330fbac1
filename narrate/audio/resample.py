"""Changing the sample rate of a chunk's speech: an episode read by voices of different engines
(Kokoro speaks at 24 kHz, eSpeak NG at 22.05 kHz) is encoded at its main voice's rate, and
the other voices' chunks are brought to it.

Band-limited, through the spectrum (numpy's FFT): a chunk is a few seconds of speech that
starts and ends in silence, so treating it as one period costs nothing audible.
"""

from __future__ import annotations

from narrate.model import SAMPLE_WIDTH


def resample(pcm: bytes, rate: int, target: int) -> bytes:
    """Signed 16-bit mono `pcm` at `rate`, at `target` instead (the same duration)."""
    if rate == target or not pcm:
        return pcm
    import numpy as np

    samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % SAMPLE_WIDTH], dtype="<i2").astype(np.float64)
    count = len(samples)
    wanted = round(count * target / rate)
    if count == 0 or wanted == 0:
        return b""
    spectrum = np.fft.rfft(samples)
    bins = wanted // 2 + 1
    resized = np.zeros(bins, dtype=complex)
    kept = min(bins, len(spectrum))
    resized[:kept] = spectrum[:kept]
    if wanted < count and wanted % 2 == 0:
        resized[-1] = resized[-1].real  # the new Nyquist bin of a shorter signal is real
    out = np.fft.irfft(resized, n=wanted) * (wanted / count)
    return np.clip(np.rint(out), -32768, 32767).astype("<i2").tobytes()
