"""Output formats, chosen by the output file's extension.

Each format names its ffmpeg encoder arguments and how its tags are written (`tagger`):
ID3 for MP3 and WAV, MP4 atoms for M4B/M4A, Vorbis comments for Opus, Ogg Vorbis and FLAC.
Unknown extensions are refused before anything is synthesised.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from narrate.errors import OutputError

MP3_QUALITY = "7"  # libmp3lame -q: for speech at 64 kb/s as good as the default, twice as fast
MP3_RATES = (8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000)
OPUS_RATES = (8000, 12000, 16000, 24000, 48000)


@dataclass(frozen=True)
class OutputFormat:
    name: str
    codec: list[str]
    muxer: str
    tagger: str  # "id3", "mp4" or "vorbis"
    default_bitrate: str | None = None  # None: lossless, --bitrate does not apply
    rates: tuple[int, ...] = MP3_RATES
    audiobook: bool = False
    mime: str = "audio/mpeg"
    """What podcast apps expect as the enclosure's type, and what the server sends."""

    def arguments(self, bitrate: str | None, sample_rate: int | None) -> list[str]:
        """ffmpeg output arguments: codec, bitrate, rate and container (tags are narrate's job)."""
        args = list(self.codec)
        if self.default_bitrate:
            args += ["-b:a", bitrate or self.default_bitrate]
        if sample_rate:
            args += ["-ar", str(sample_rate)]
        return args + ["-f", self.muxer]


# The "fast" AAC coder: measured five times faster here than the default "twoloop".
_MP4 = dict(codec=["-c:a", "aac", "-aac_coder", "fast"], muxer="mp4", tagger="mp4", default_bitrate="64k",
            rates=MP3_RATES)
FORMATS: dict[str, OutputFormat] = {
    ".mp3": OutputFormat("MP3", ["-c:a", "libmp3lame", "-compression_level", MP3_QUALITY,
                                 "-id3v2_version", "0", "-write_xing", "1"], "mp3", "id3", "64k"),
    ".m4b": OutputFormat("M4B audiobook", audiobook=True, mime="audio/x-m4b", **_MP4),  # type: ignore[arg-type]
    ".m4a": OutputFormat("M4A", mime="audio/x-m4a", **_MP4),  # type: ignore[arg-type]
    # Opus is at its best on speech from 24 kb/s; ffmpeg resamples to a rate Opus supports.
    ".opus": OutputFormat("Opus", ["-c:a", "libopus", "-application", "voip"], "opus", "vorbis",
                          "32k", OPUS_RATES, mime="audio/ogg"),
    ".ogg": OutputFormat("Ogg Vorbis", ["-c:a", "libvorbis"], "ogg", "vorbis", "64k", mime="audio/ogg"),
    ".wav": OutputFormat("WAV", ["-c:a", "pcm_s16le"], "wav", "id3", mime="audio/wav"),
    ".flac": OutputFormat("FLAC", ["-c:a", "flac"], "flac", "vorbis", mime="audio/flac"),
}
AUDIO_TYPES = {suffix: fmt.mime for suffix, fmt in FORMATS.items()}
"""Audio file suffix -> MIME type, for feeds and the server."""


DEFAULT_FORMAT = "mp3"
SAMPLE_RATES = tuple(sorted(set(MP3_RATES) | set(OPUS_RATES)))
"""Every rate some format takes (each format checks its own: `check_settings`)."""
BITRATE_RANGE_KBPS = (8, 320)


def format_names() -> list[str]:
    """Short names of the output formats (their extensions without the dot), for choices."""
    return [suffix[1:] for suffix in FORMATS]


def suffix_for(name: str) -> str:
    """'m4b' or '.M4B' -> '.m4b'; a one-line OutputError for a format narrate cannot write."""
    suffix = "." + name.lower().lstrip(".")
    if suffix not in FORMATS:
        raise OutputError(f"unknown output format {name!r}; use one of {', '.join(format_names())}")
    return suffix


def check_bitrate(bitrate: str) -> None:
    """'64k' and the like, within what the encoders take."""
    low, high = BITRATE_RANGE_KBPS
    if not re.fullmatch(r"\d{1,3}k", bitrate) or not low <= int(bitrate[:-1]) <= high:
        raise OutputError(f"{bitrate!r} is not a bitrate like 64k ({low}k-{high}k)")


def format_for(path: Path) -> OutputFormat:
    """The format an output path asks for; a one-line OutputError for anything else."""
    found = FORMATS.get(path.suffix.lower())
    if found is None:
        known = ", ".join(FORMATS)
        shown = path.suffix or "no extension"
        raise OutputError(f"cannot write {path}: unknown audio format {shown!r}; use one of {known}")
    return found


def check_settings(fmt: OutputFormat, path: Path, bitrate: str | None, sample_rate: int | None) -> None:
    """Refuse settings the format cannot honour, before any synthesis."""
    if sample_rate and sample_rate not in fmt.rates:
        rates = ", ".join(str(r) for r in fmt.rates)
        raise OutputError(f"cannot write {path}: {fmt.name} does not support {sample_rate} Hz; use one of {rates}")
