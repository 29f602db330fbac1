"""Read results back the way a player would: decode with ffmpeg, read tags with mutagen."""

from __future__ import annotations

import array
from pathlib import Path

from pydub import AudioSegment
from pydub.silence import detect_nonsilent

from narrate.audio.ffmpeg import run

RATE = 22050


def decode(path: Path, rate: int = RATE) -> AudioSegment:
    """Decode any audio file to mono 16-bit PCM at `rate`, as a player would hear it."""
    pcm = run(["-i", str(path), "-f", "s16le", "-ac", "1", "-ar", str(rate), "pipe:1"])
    return AudioSegment(data=pcm, sample_width=2, frame_rate=rate, channels=1)


def speech_regions(audio: AudioSegment, min_gap_ms: int = 550) -> list[tuple[int, int]]:
    """Stretches of speech separated by at least `min_gap_ms` of near-silence."""
    return detect_nonsilent(audio, min_silence_len=min_gap_ms, silence_thresh=-50, seek_step=5)


def peak(audio: AudioSegment) -> int:
    return max((abs(v) for v in array.array("h", audio.raw_data)), default=0)


def loudness(path: Path):
    """Integrated loudness and true peak of the decoded file, per BS.1770 (ffmpeg's ebur128)."""
    from narrate.audio.loudness import measure_file

    return measure_file(path, true_peak=True)


def ffmetadata_chapters(path: Path) -> list[tuple[float, str]]:
    """Chapters as ffmpeg (and so ffprobe) reads them: (start seconds, title)."""
    text = run(["-i", str(path), "-f", "ffmetadata", "-"]).decode("utf-8")
    chapters, fields = [], None
    for line in text.splitlines() + ["[END]"]:
        if line.startswith("["):
            if fields is not None:
                num, den = fields["TIMEBASE"].split("/")
                chapters.append((int(fields["START"]) * int(num) / int(den), fields.get("title", "")))
            fields = {} if line == "[CHAPTER]" else None
        elif fields is not None and "=" in line:
            key, value = line.split("=", 1)
            fields[key] = value
    return chapters
