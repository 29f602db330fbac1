"""--keep N: remove an episode's audio and everything beside it that belongs to it."""

from __future__ import annotations

from pathlib import Path

from narrate.publish.episodes import CHAPTERS_SUFFIX, COVER_SUFFIXES, MANIFEST_SUFFIX, TRANSCRIPT_TYPES

SIDECARS = (MANIFEST_SUFFIX, CHAPTERS_SUFFIX, *TRANSCRIPT_TYPES, *COVER_SUFFIXES, ".html")


def remove_episode(audio: Path) -> list[Path]:
    """Delete the audio and its sidecars (manifest, transcripts, chapters, cover, saved page)."""
    removed = []
    for path in [audio, *(audio.with_name(audio.stem + suffix) for suffix in SIDECARS)]:
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
