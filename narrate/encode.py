"""Streaming encoders: raw PCM goes in as it is synthesised, a finished file comes out.

Settings are chosen for speech: mono, the engine's own sample rate (no resampling), and
LAME's quality 7, which for speech at 64 kb/s sounds the same as the default and encodes
about twice as fast.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from narrate.ffmpeg import Pipe

DEFAULT_BITRATE = "64k"
MP3_QUALITY = "7"  # libmp3lame -q: 0 best/slowest .. 9 fastest


@dataclass(frozen=True)
class EncodeSettings:
    bitrate: str = DEFAULT_BITRATE
    sample_rate: int | None = None  # None: keep the engine's rate


def mp3_arguments(settings: EncodeSettings) -> list[str]:
    args = ["-c:a", "libmp3lame", "-b:a", settings.bitrate, "-compression_level", MP3_QUALITY]
    if settings.sample_rate:
        args += ["-ar", str(settings.sample_rate)]
    # No tags from ffmpeg: narrate writes its own with mutagen.
    return args + ["-map_metadata", "-1", "-id3v2_version", "0", "-write_xing", "1", "-f", "mp3"]


class StreamEncoder:
    """Feed PCM with `write`, then `close` to finish the file at `path`."""

    def __init__(self, path: Path, input_rate: int, settings: EncodeSettings = EncodeSettings()) -> None:
        self.path = path
        self._pipe = Pipe([
            "-f", "s16le", "-ar", str(input_rate), "-ac", "1", "-i", "pipe:0",
            *mp3_arguments(settings), "-y", str(path),
        ])

    def write(self, pcm: bytes) -> None:
        self._pipe.write(pcm)

    def close(self) -> None:
        self._pipe.close()

    def abort(self) -> None:
        self._pipe.kill()
