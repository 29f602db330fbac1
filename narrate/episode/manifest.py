"""NAME.narrate.json beside NAME.mp3: what an output was made from, so a batch can tell
whether it is up to date (the same text and settings) without trusting modification times,
and a feed can describe and date the episode without re-reading the source.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from narrate.episode.sidecars import MANIFEST_SUFFIX
from narrate.fileio import write_text_atomic

DESCRIPTION_CHARS = 600


def manifest_path(audio_path: Path) -> Path:
    return audio_path.with_name(audio_path.stem + MANIFEST_SUFFIX)


def write_manifest(audio_path: Path, data: dict[str, Any]) -> None:
    """Write the manifest atomically (a reader never sees half of one)."""
    write_text_atomic(manifest_path(audio_path), json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def read_manifest(audio_path: Path) -> dict[str, Any] | None:
    """The manifest beside `audio_path`, or None when it is missing or unreadable."""
    return load_manifest(audio_path)[0]


def load_manifest(audio_path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(the manifest, None), or (None, why it was ignored); (None, None) when there is none."""
    path = manifest_path(audio_path)
    if not path.is_file():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return None, f"{path.name}: ignored, not readable JSON ({exc})"
    if not isinstance(data, dict):
        return None, f"{path.name}: ignored, not a JSON object"
    return data, None


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def source_sha256(source: str | None, text: str) -> str:
    """Hash of the source file's bytes (what a batch re-reads to check), else of the text."""
    if source and source != "-":
        try:
            return sha256_bytes(Path(source).read_bytes())
        except OSError:
            pass
    return sha256_bytes(text.encode("utf-8"))


def settings_sha256(settings: dict[str, Any]) -> str:
    """Hash of everything besides the text that changes the output (voice, format, level...)."""
    return sha256_bytes(json.dumps(settings, sort_keys=True, default=str).encode("utf-8"))


def description(paragraphs: list[str], limit: int = DESCRIPTION_CHARS) -> str:
    """The first paragraph, shortened at a word boundary when long."""
    first = paragraphs[0] if paragraphs else ""
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "\u2026"
