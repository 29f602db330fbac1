"""--keep N: remove an episode's audio and everything beside it that belongs to it."""

from __future__ import annotations

from pathlib import Path

from narrate.episode.sidecars import OWN_SUFFIXES, SAVED_PAGE_SUFFIX, sidecar_path

SIDECARS = (*OWN_SUFFIXES, SAVED_PAGE_SUFFIX)


def remove_episode(audio: Path) -> list[Path]:
    """Delete the audio and its sidecars (manifest, transcripts, chapters, cover, saved page)."""
    removed = []
    for path in [audio, *(sidecar_path(audio, suffix) for suffix in SIDECARS)]:
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed
