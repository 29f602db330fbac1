"""Chapters and the transcript as the audio file itself carries them (narrate.episode.tags
writes both into every format), for episodes whose manifest predates its timeline and that
have no sidecar files: the page still offers their chapters and text."""

from __future__ import annotations

import re
from typing import Any

_VORBIS_TIME = re.compile(r"(\d+):(\d{2}):(\d{2}(?:\.\d+)?)")


def embedded_chapters(audio: Any) -> list[tuple[float, str]]:
    """(start in seconds, title) of the chapters in ID3 CHAP frames, Vorbis CHAPTERnnn
    comments or an MP4 chapter list, in time order; none when the file has none."""
    if audio is None or audio.tags is None:
        return _mp4_chapters(audio)
    tags = audio.tags
    found: list[tuple[float, str]] = []
    if hasattr(tags, "getall"):  # ID3 (MP3, WAV)
        for frame in tags.getall("CHAP"):
            title = frame.sub_frames.get("TIT2")
            found.append((frame.start_time / 1000.0, str(title.text[0]) if title and title.text else ""))
    elif hasattr(tags, "get"):  # Vorbis comments (Opus, Ogg, FLAC)
        for number in range(1, 1000):
            value = tags.get(f"CHAPTER{number:03d}")
            if not value:
                break
            match = _VORBIS_TIME.fullmatch(str(value[0]).strip())
            if match:
                hours, minutes, seconds = match.groups()
                name = tags.get(f"CHAPTER{number:03d}NAME") or [""]
                found.append((int(hours) * 3600 + int(minutes) * 60 + float(seconds), str(name[0])))
    return sorted(found, key=lambda c: c[0]) or _mp4_chapters(audio)


def _mp4_chapters(audio: Any) -> list[tuple[float, str]]:
    chapters = getattr(audio, "chapters", None)
    try:
        return [(float(c.start), str(c.title)) for c in chapters] if chapters else []
    except (TypeError, ValueError, AttributeError):
        return []


def embedded_transcript(audio: Any) -> str | None:
    """The plain transcript: ID3 USLT, MP4 \u00a9lyr or a Vorbis LYRICS comment."""
    tags = getattr(audio, "tags", None)
    if tags is None:
        return None
    if hasattr(tags, "getall"):
        frames = tags.getall("USLT")
        return str(frames[0].text) if frames and frames[0].text else None
    for key in ("\xa9lyr", "LYRICS"):  # MP4, then Vorbis comments
        try:
            values = tags.get(key)
        except (KeyError, ValueError, TypeError):  # a key the tag family cannot hold
            continue
        if values:
            return str(values[0])
    return None
