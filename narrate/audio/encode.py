"""Encoders. `encode_episode` is pass two of the episode: the spooled speech (plus intro and
outro) with its loudness gain and limiter, encoded in the output's format.

Settings are chosen for speech: mono, the engine's own sample rate (no resampling), and
LAME's quality 7, which for speech at 64 kb/s sounds the same as the default and encodes
about twice as fast.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from narrate.audio.ffmpeg import Pipe, run_logged
from narrate.audio.formats import OutputFormat
from narrate.audio.intro import Bumper
from narrate.audio.loudness import Loudness, ebur128, limiter, parse_summary
from narrate.model import Chapter


@dataclass(frozen=True)
class Mix:
    """What pass two joins: the spooled speech, an optional intro and outro, each with its gain."""

    speech: Path | None  # None: written to the encoder's stdin (MixEncoder)
    rate: int
    speech_gain_db: float
    limit_db: float | None  # the limiter's ceiling in dBFS; None: no limiter
    intro: Bumper | None = None
    intro_gain_db: float = 0.0
    outro: Bumper | None = None
    outro_gain_db: float = 0.0


def mix_graph(mix: Mix) -> str:
    """The filter graph: gains, crossfades into padded silence, limiter, and a loudness meter
    on a branch beside the encoder (so the finished level is measured at no extra pass)."""
    raw = f"aformat=sample_fmts=s16:sample_rates={mix.rate}:channel_layouts=mono"
    speech = [f"[0:a]{raw}", f"volume={mix.speech_gain_db:.3f}dB"]
    parts: list[str] = []
    joined = "s"
    if mix.intro is not None:
        speech.append(f"adelay=delays={mix.intro.fade_samples}S:all=1")
    if mix.outro is not None:
        speech.append(f"apad=pad_len={mix.outro.fade_samples}")
    parts.append(",".join(speech) + "[s]")
    index = 1
    if mix.intro is not None:
        parts.append(f"[{index}:a]{raw},volume={mix.intro_gain_db:.3f}dB[i]")
        parts.append(f"[i][s]acrossfade=ns={mix.intro.fade_samples}:c1=tri:c2=tri[si]")
        joined, index = "si", index + 1
    if mix.outro is not None:
        parts.append(f"[{index}:a]{raw},volume={mix.outro_gain_db:.3f}dB[o]")
        parts.append(f"[{joined}][o]acrossfade=ns={mix.outro.fade_samples}:c1=tri:c2=tri[so]")
        joined = "so"
    tail = f"{limiter(mix.limit_db)}," if mix.limit_db is not None else ""
    parts.append(f"[{joined}]{tail}asplit=2[out][m]")
    parts.append(f"[m]{ebur128()},anullsink")
    return ";".join(parts)


def mix_command(mix: Mix, out: Path, fmt: OutputFormat, bitrate: str | None = None,
                sample_rate: int | None = None) -> list[str]:
    """ffmpeg arguments for pass two; the speech comes from stdin when `mix.speech` is None."""
    raw = ["-f", "s16le", "-ar", str(mix.rate), "-ac", "1"]
    speech = "pipe:0" if mix.speech is None else str(mix.speech)
    files = [speech] + [str(b.path) for b in (mix.intro, mix.outro) if b is not None]
    inputs = [arg for path in files for arg in (*raw, "-i", path)]
    # No tags from ffmpeg: narrate writes its own.
    return [*inputs, "-filter_complex", mix_graph(mix), "-map", "[out]", "-map_metadata", "-1",
            *fmt.arguments(bitrate, sample_rate), "-y", str(out)]


def encode_episode(mix: Mix, out: Path, fmt: OutputFormat, bitrate: str | None = None,
                   sample_rate: int | None = None) -> Loudness:
    """Mix, apply gains, limit and encode spooled speech to `out`; return the loudness measured
    before encoding."""
    _, log = run_logged(mix_command(mix, out, fmt, bitrate, sample_rate))
    return parse_summary(log)


class MixEncoder:
    """The same as `encode_episode`, with the speech written as it is synthesised, so encoding
    overlaps synthesis."""

    def __init__(self, mix: Mix, out: Path, fmt: OutputFormat, bitrate: str | None = None,
                 sample_rate: int | None = None) -> None:
        if mix.speech is not None:
            raise ValueError("a streaming mix takes its speech from write()")
        self._pipe = Pipe(mix_command(mix, out, fmt, bitrate, sample_rate), loglevel="info")

    def write(self, pcm: bytes) -> None:
        self._pipe.write(pcm)

    def close(self) -> Loudness:
        return parse_summary(self._pipe.close())

    def abort(self) -> None:
        self._pipe.kill()


def add_mp4_chapters(path: Path, chapters: Sequence[Chapter], fmt: OutputFormat, work: Path) -> None:
    """Remux (a stream copy, no re-encoding) with chapters, which ffmpeg writes for MP4 as a
    QuickTime chapter track and a Nero `chpl` atom. Chapter titles need the metadata file
    mapped as the global metadata too ("-map_metadata -1" would drop them)."""
    metadata = work / "chapters.txt"
    metadata.write_text(ffmetadata_chapters(chapters), encoding="utf-8")
    remuxed = work / f"chapters{path.suffix}"
    run_logged(["-i", str(path), "-f", "ffmetadata", "-i", str(metadata), "-map", "0",
                "-map_metadata", "1", "-map_chapters", "1", "-c", "copy", "-f", fmt.muxer,
                "-y", str(remuxed)], loglevel="error")
    os.replace(remuxed, path)


def ffmetadata_chapters(chapters: Sequence[Chapter]) -> str:
    """Chapters in ffmpeg's metadata format, for containers whose chapters ffmpeg writes (MP4)."""
    lines = [";FFMETADATA1"]
    for chapter in chapters:
        lines += ["[CHAPTER]", "TIMEBASE=1/1000", f"START={round(chapter.start * 1000)}",
                  f"END={round(chapter.end * 1000)}", f"title={_escape(chapter.title)}"]
    return "\n".join(lines) + "\n"


def _escape(value: str) -> str:
    for char in ("\\", "=", ";", "#", "\n"):
        value = value.replace(char, "\\" + char)
    return value
