"""Times as people and subtitle files write them: the one home of time formatting."""

from __future__ import annotations


def clock(seconds: float) -> str:
    """3725.2 -> '1:02:05'; 65 -> '1:05' (durations in summaries, listings and the web page)."""
    total = int(round(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def timestamp(seconds: float, separator: str = ".") -> str:
    """3725.5 -> '01:02:05.500' (',' for SRT): cue and chapter times in sidecars and tags."""
    millis = max(0, round(seconds * 1000))
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    secs, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{secs:02d}{separator}{millis:03d}"
