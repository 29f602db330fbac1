"""NAME.narrate.json beside NAME.mp3: what an output was made from, so a batch can tell
whether it is up to date (the same text and settings) without trusting modification times,
and a feed can describe and date the episode without re-reading the source. Its `timeline`
holds the chapters and the transcript's cues with their times, and each cue's words as
[start, end, text] triples, so the phone page of `narrate serve` can offer chapters and a
read-along transcript for every episode, sidecar files or not.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrate.episode.sidecars import MANIFEST_SUFFIX
from narrate.fileio import write_text_atomic
from narrate.model import Chapter, Cue, Word

DESCRIPTION_CHARS = 600
TIMELINE = "timeline"


@dataclass(frozen=True)
class TimedLine:
    """One transcript cue as the page shows it: `paragraph` when it opens a paragraph;
    `words` the cue's words with their times (none in manifests written before they were known)."""

    start: float
    end: float
    text: str
    paragraph: bool = False
    words: tuple[Word, ...] = ()


def manifest_path(audio_path: Path) -> Path:
    return audio_path.with_name(audio_path.stem + MANIFEST_SUFFIX)


def write_manifest(audio_path: Path, data: dict[str, Any]) -> None:
    """Write the manifest atomically (a reader never sees half of one)."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # a source path that is not UTF-8: kept, as \\udcxx escapes
            text = json.dumps(data, indent=2)
    write_text_atomic(manifest_path(audio_path), text + "\n")


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
            with Path(source).open("rb") as handle:  # in blocks: an intro may be long
                return _sha256_blocks(handle)
        except OSError:
            pass
    return sha256_bytes(text.encode("utf-8"))


def _sha256_blocks(handle: Any) -> str:
    digest = hashlib.sha256()
    for block in iter(lambda: handle.read(1 << 20), b""):
        digest.update(block)
    return digest.hexdigest()


def settings_sha256(settings: dict[str, Any]) -> str:
    """Hash of everything besides the text that changes the output (voice, format, level...)."""
    return sha256_bytes(json.dumps(settings, sort_keys=True, default=str).encode("utf-8"))


def description(paragraphs: list[str], limit: int = DESCRIPTION_CHARS) -> str:
    """The first paragraph, shortened at a word boundary when long."""
    first = paragraphs[0] if paragraphs else ""
    if len(first) <= limit:
        return first
    return first[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "\u2026"


def timeline(chapters: Sequence[Chapter], cues: Sequence[Cue], paragraphs: Sequence[bool]) -> dict[str, Any]:
    """The manifest's `timeline`: chapters (start, end, title) and cues (start, end, text,
    `paragraph` where a cue opens one, and `words` as [start, end, text] where they are
    known), times in seconds to the millisecond."""
    return {
        "chapters": [{"start": round(c.start, 3), "end": round(c.end, 3), "title": c.title} for c in chapters],
        "cues": [{"start": round(c.start, 3), "end": round(c.end, 3), "text": c.text, **({"paragraph": True} if p else {}),
                  **({"words": [[round(w.start, 3), round(w.end, 3), w.text] for w in c.words]} if c.words else {})}
                 for c, p in zip(cues, paragraphs)],
    }


def timeline_chapters(data: dict[str, Any]) -> list[Chapter]:
    """The chapters a manifest records; none from a manifest written before it had them, or
    from one whose timeline is not as written here (hand-edited, damaged)."""
    chapters = []
    for item in _timeline_items(data, "chapters"):
        start, end, title = _time(item.get("start")), _time(item.get("end")), item.get("title")
        if start is not None and isinstance(title, str):
            chapters.append(Chapter(title=title, start=start, end=end if end is not None else start))
    return chapters


def timeline_lines(data: dict[str, Any]) -> list[TimedLine]:
    """The transcript a manifest records, cue by cue (see `timeline_chapters`)."""
    lines = []
    for item in _timeline_items(data, "cues"):
        start, end, text = _time(item.get("start")), _time(item.get("end")), item.get("text")
        if start is not None and isinstance(text, str):
            lines.append(TimedLine(start, end if end is not None else start, text, item.get("paragraph") is True,
                                   _words(item.get("words"))))
    return lines


def _words(items: object) -> tuple[Word, ...]:
    """A cue's [start, end, text] triples; none at all when any is not as written here, or
    when their times go back (a hand-edited or damaged manifest): the cue is then shown
    sentence by sentence."""
    if not isinstance(items, list):
        return ()
    words: list[Word] = []
    for item in items:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], str)):
            return ()
        start, end = _time(item[0]), _time(item[1])
        if start is None or end is None or end < start or (words and start < words[-1].start):
            return ()
        words.append(Word(start, end, item[2]))
    return tuple(words)


def _timeline_items(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    found = data.get(TIMELINE)
    items = found.get(key) if isinstance(found, dict) else None
    return [item for item in items if isinstance(item, dict)] if isinstance(items, list) else []


def _time(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if math.isfinite(value) and value >= 0 else None
