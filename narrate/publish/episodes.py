"""Find the episodes in a folder: audio files, their tags, and the sidecars beside them.

One scan serves both the feed and the web page, so they always agree. Everything an
episode has is optional except the audio itself: the manifest (NAME.narrate.json), the
transcripts (NAME.srt, NAME.vtt, NAME.transcript.txt), the chapters (NAME.chapters.json)
and artwork (embedded in the audio, or NAME.cover.jpg/png beside it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from narrate.audio.formats import AUDIO_TYPES
from narrate.episode.manifest import load_manifest
from narrate.episode.sidecars import (
    CHAPTERS_SUFFIX,
    CHAPTERS_TYPE,
    COVER_SUFFIXES,
    IMAGE_EXTENSIONS,
    SIDECAR_SUFFIX,
    TRANSCRIPT_TYPES,
    sidecar_path,
)
from narrate.fileio import atomic_path
from narrate.text.xmlsafe import xml_safe


@dataclass(frozen=True)
class Sidecar:
    """A file beside the audio: its path relative to the folder, and its MIME type."""

    rel: str
    mime: str


@dataclass(frozen=True)
class EpisodeFile:
    """One audio file and everything known about it; `rel` uses / and is the episode's identity."""

    path: Path
    rel: str
    size: int
    mime: str
    title: str
    description: str
    duration: float
    published: datetime
    modified: float
    author: str | None = None
    link: str | None = None
    """The original article's web address (from the manifest), for the feed item's <link>."""
    cover: Sidecar | None = None
    chapters: Sidecar | None = None
    transcripts: tuple[Sidecar, ...] = ()
    warnings: tuple[str, ...] = field(default=(), compare=False)


def scan(folder: Path, skipped: list[str] | None = None) -> list[EpisodeFile]:
    """Every audio file under `folder` (hidden files and folders skipped), newest first.

    Hidden names are skipped because narrate's atomic writes use them for files still
    being written: a half-written episode never reaches the feed. Symlinks that lead out
    of the folder are skipped too: the server would refuse them. So is a file that cannot
    be described (not audio, empty, no duration, unreadable): one bad file costs its own
    episode, never the feed; why goes to `skipped`."""
    folder = folder.resolve()
    found = []
    for path in _audio_files(folder):
        try:
            found.append(read_episode(folder, path))
        except Unpublishable as exc:
            _note(skipped, str(exc))
        except Exception as exc:  # noqa: BLE001 - a tag library's bug on one file, say
            _note(skipped, f"{_name(path)}: skipped, cannot be read ({type(exc).__name__}: {exc})")
    return sorted(found, key=lambda e: (e.published, e.rel), reverse=True)


class Unpublishable(Exception):
    """An audio file that cannot be an episode (not audio, or no duration); says why."""


def _note(skipped: list[str] | None, warning: str) -> None:
    if skipped is not None:
        skipped.append(xml_safe(warning))


def _name(path: Path) -> str:
    """A file name that can be printed and put in XML (a non-UTF-8 name's bytes escaped)."""
    return os.fsencode(path.name).decode("utf-8", "backslashreplace")


def folder_signature(folder: Path, extra: tuple[str, ...] = ()) -> frozenset[tuple[str, int, int]]:
    """(path, size, mtime) of every visible file, plus `extra` names: changes when anything does.

    Far cheaper than a scan (no tags are read), so a server can rescan only when needed.
    """
    entries = set()
    for root, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in names:
            if not name.startswith(".") or (root == str(folder) and name in extra):
                try:
                    stat = os.stat(os.path.join(root, name))
                except OSError:
                    continue
                entries.add((os.path.join(root, name), stat.st_size, stat.st_mtime_ns))
    return frozenset(entries)


def _audio_files(folder: Path) -> list[Path]:
    files = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            path = Path(root, name)
            if not name.startswith(".") and path.suffix.lower() in AUDIO_TYPES and path.is_file() \
                    and path.resolve().is_relative_to(folder):
                files.append(path)
    return files


def read_episode(folder: Path, path: Path) -> EpisodeFile:
    """Tags from the audio, overridden by the manifest where it has a value."""
    import mutagen

    stat = path.stat()
    warnings: list[str] = []
    manifest = _read_manifest(path, warnings)
    if stat.st_size == 0:
        raise Unpublishable(f"{_name(path)}: skipped, the file is empty")
    try:
        audio = mutagen.File(path)
        easy = mutagen.File(path, easy=True)
    except mutagen.MutagenError as exc:
        raise Unpublishable(f"{_name(path)}: skipped, not audio mutagen can read ({exc})") from exc
    if audio is None:
        raise Unpublishable(f"{_name(path)}: skipped, not audio mutagen can read")
    duration = float(audio.info.length) if audio.info else 0.0
    if not duration > 0:  # NaN too
        raise Unpublishable(f"{_name(path)}: skipped, it holds no audio (duration 0)")
    title = manifest.get("title") or _first_tag(easy, "title") or path.stem
    sidecar = _sidecars(folder, path)
    return EpisodeFile(
        path=path,
        rel=_rel(folder, path),
        size=stat.st_size,
        mime=AUDIO_TYPES[path.suffix.lower()],
        title=xml_safe(str(title)).strip() or xml_safe(path.stem) or "Untitled",
        description=xml_safe(str(manifest.get("description") or _transcript_opening(path) or title)),
        duration=duration,
        published=_published(manifest, path, stat.st_mtime, warnings),
        modified=stat.st_mtime,
        author=_author(manifest.get("author") or _first_tag(easy, "artist")),
        link=_web_link(manifest.get("link")),
        cover=_cover(folder, path, audio, warnings),
        chapters=sidecar.get(CHAPTERS_SUFFIX),
        transcripts=tuple(sidecar[s] for s in TRANSCRIPT_TYPES if s in sidecar),
        warnings=tuple(xml_safe(w) for w in warnings),
    )


def _author(value: Any) -> str | None:
    return (xml_safe(str(value)).strip() or None) if value else None


def _web_link(value: object) -> str | None:
    return xml_safe(value) if isinstance(value, str) and value.startswith(("http://", "https://")) else None


def _rel(folder: Path, path: Path) -> str:
    return path.relative_to(folder).as_posix()


def _sidecars(folder: Path, audio: Path) -> dict[str, Sidecar]:
    found = {}
    for suffix, mime in [*TRANSCRIPT_TYPES.items(), (CHAPTERS_SUFFIX, CHAPTERS_TYPE)]:
        candidate = audio.with_name(audio.stem + suffix)
        if candidate.is_file():
            found[suffix] = Sidecar(_rel(folder, candidate), mime)
    return found


def _read_manifest(audio: Path, warnings: list[str]) -> dict[str, Any]:
    data, problem = load_manifest(audio)
    if problem:
        warnings.append(problem)
    return data or {}


def _first_tag(easy: Any, key: str) -> str | None:
    if easy is None or easy.tags is None:
        return None
    try:
        values = easy.tags.get(key)
    except (KeyError, ValueError):
        return None
    return str(values[0]) if values else None


def _transcript_opening(audio: Path) -> str | None:
    """The first paragraph after the title of a plain transcript, when there is no manifest."""
    path = sidecar_path(audio, SIDECAR_SUFFIX["txt"])
    if not path.is_file():
        return None
    paragraphs = [p.strip() for p in path.read_text(encoding="utf-8", errors="replace").split("\n\n")]
    paragraphs = [p for p in paragraphs if p]
    return paragraphs[1] if len(paragraphs) > 1 else (paragraphs[0] if paragraphs else None)


def _published(manifest: dict[str, Any], audio: Path, mtime: float, warnings: list[str]) -> datetime:
    """The document's date, else the source file's time, else the audio file's time."""
    value = manifest.get("date")
    if value:
        try:
            when = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
            return when if when.tzinfo else when.replace(tzinfo=timezone.utc)
        except ValueError:
            warnings.append(f"{audio.name}: manifest date {value!r} is not an ISO date; using the file's time")
    source = manifest.get("source")
    if isinstance(source, str) and source:
        source_path = audio.parent / source
        if source_path.is_file():
            mtime = source_path.stat().st_mtime
    return datetime.fromtimestamp(mtime, tz=timezone.utc)


def _cover(folder: Path, audio_path: Path, audio: Any, warnings: list[str]) -> Sidecar | None:
    """Embedded artwork, written out beside the audio (apps need a URL); else a cover file."""
    embedded = embedded_artwork(audio)
    if embedded is not None:
        data, mime = embedded
        target = audio_path.with_name(audio_path.stem + ".cover" + IMAGE_EXTENSIONS[mime])
        try:
            if not target.is_file() or target.read_bytes() != data:
                with atomic_path(target) as temp:
                    temp.write_bytes(data)
            return Sidecar(_rel(folder, target), COVER_SUFFIXES[target.name[len(audio_path.stem):]])
        except OSError as exc:
            warnings.append(f"{audio_path.name}: cannot write its artwork to {target.name} ({exc})")
    for suffix, mime in COVER_SUFFIXES.items():
        candidate = audio_path.with_name(audio_path.stem + suffix)
        if candidate.is_file():
            return Sidecar(_rel(folder, candidate), mime)
    return None


def embedded_artwork(audio: Any) -> tuple[bytes, str] | None:
    """The front cover (or first picture) in ID3, MP4, FLAC or Ogg tags, as (bytes, MIME)."""
    if audio is None:
        return None
    for data, mime in _pictures(audio):
        mime = mime.lower()
        if data and mime in IMAGE_EXTENSIONS:
            return data, "image/jpeg" if mime == "image/jpg" else mime
    return None


def _pictures(audio: Any) -> list[tuple[bytes, str]]:
    import base64

    from mutagen.flac import Picture
    from mutagen.mp4 import MP4Cover

    tags = audio.tags
    pictures: list[tuple[bytes, str]] = []
    if tags is not None and hasattr(tags, "getall"):  # ID3 (MP3, WAV)
        frames = sorted(tags.getall("APIC"), key=lambda f: f.type != 3)  # front cover first
        pictures += [(f.data, f.mime) for f in frames]
    if tags is not None and "covr" in tags:  # MP4
        for cover in tags["covr"]:
            mime = "image/png" if cover.imageformat == MP4Cover.FORMAT_PNG else "image/jpeg"
            pictures.append((bytes(cover), mime))
    for picture in getattr(audio, "pictures", []):  # FLAC
        pictures.append((picture.data, picture.mime))
    if tags is not None and hasattr(tags, "get") and not hasattr(tags, "getall"):  # Ogg
        for encoded in tags.get("metadata_block_picture", []) or []:
            try:
                picture = Picture(base64.b64decode(encoded))
            except (ValueError, TypeError):
                continue
            pictures.append((picture.data, picture.mime))
    return pictures
