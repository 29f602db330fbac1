"""Stitching with pydub: each segment and the silence after it, one small piece at a time.

Pieces are handed straight to the encoder, so the whole episode is never in memory (joining
AudioSegments with `+` across a whole book copies all audio so far at every step).
"""

from __future__ import annotations

import warnings

from narrate.model import SAMPLE_WIDTH, Segment, pause_samples

with warnings.catch_warnings():
    # pydub looks for ffmpeg on PATH at import and warns if there is none; narrate never asks
    # pydub to decode or encode files (narrate.audio.ffmpeg does), so the warning would only mislead.
    warnings.simplefilter("ignore", RuntimeWarning)
    from pydub import AudioSegment


def as_audio(segment: Segment) -> AudioSegment:
    return AudioSegment(data=segment.pcm, sample_width=SAMPLE_WIDTH,
                        frame_rate=segment.sample_rate, channels=1)


def silence(seconds: float, sample_rate: int) -> AudioSegment:
    """Exactly round(seconds * rate) samples of silence."""
    samples = pause_samples(seconds, sample_rate)
    return AudioSegment(data=b"\x00" * (samples * SAMPLE_WIDTH), sample_width=SAMPLE_WIDTH,
                        frame_rate=sample_rate, channels=1)


def with_pause(segment: Segment, pause: float) -> AudioSegment:
    """The segment followed by `pause` seconds of silence."""
    audio = as_audio(segment)
    if pause > 0:
        audio = audio + silence(pause, segment.sample_rate)
    return audio

