"""NAME.narrate.json beside NAME.mp3: what an output was made from, so a batch can tell
whether it is up to date (the same text and settings) without trusting modification times.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from narrate.fileio import write_text_atomic

MANIFEST_SUFFIX = ".narrate.json"


def manifest_path(audio_path: Path) -> Path:
    return audio_path.with_name(audio_path.stem + MANIFEST_SUFFIX)


def write_manifest(audio_path: Path, data: dict[str, Any]) -> None:
    """Write the manifest atomically (a reader never sees half of one)."""
    write_text_atomic(manifest_path(audio_path), json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def read_manifest(audio_path: Path) -> dict[str, Any] | None:
    """The manifest beside `audio_path`, or None when it is missing or unreadable."""
    try:
        data = json.loads(manifest_path(audio_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
