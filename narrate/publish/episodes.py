"""Find the episodes in a folder: audio files, their tags, and the sidecars beside them.

One scan serves both the feed and the web page, so they always agree. Everything an
episode has is optional except the audio itself: the manifest (NAME.narrate.json), the
transcripts (NAME.srt, NAME.vtt, NAME.transcript.txt), the chapters (NAME.chapters.json)
and artwork (embedded in the audio, or NAME.cover.jpg/png beside it).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from narrate.audio.formats import AUDIO_TYPES
from narrate.episode.manifest import load_manifest, timeline_chapters, timeline_lines
from narrate.episode.sidecars import (
    CHAPTERS_SUFFIX,
    CHAPTERS_TYPE,
    COVER_SUFFIXES,
    IMAGE_EXTENSIONS,
    MANIFEST_SUFFIX,
    SIDECAR_SUFFIX,
    TRANSCRIPT_TYPES,
    sidecar_path,
)
from narrate.fileio import atomic_path
from narrate.publish.embedded import embedded_chapters, embedded_transcript
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
    chapter_marks: tuple[tuple[float, str], ...] = ()
    """(start, title) from the manifest's timeline, else from the audio's own chapter tags."""
    transcript_from: str | None = None
    """Where the page finds the text besides the sidecars: 'manifest' (timed cues), 'audio'
    (the transcript embedded in the tags) or None."""
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
    seen: dict[Path, _Known] = {}
    for path in _audio_files(folder):
        try:
            found.append(_read_known(folder, path, seen))
        except Unpublishable as exc:
            _note(skipped, str(exc))
        except Exception as exc:  # noqa: BLE001 - a tag library's bug on one file, say
            _note(skipped, f"{_name(path)}: skipped, cannot be read ({type(exc).__name__}: {exc})")
    with _KNOWN_LOCK:  # what this scan did not find is forgotten: the memory follows the folder
        for path in [p for p in _KNOWN if p.parent.is_relative_to(folder) and p not in seen]:
            del _KNOWN[path]
        _KNOWN.update(seen)
    return sorted(found, key=lambda e: (e.published, e.rel), reverse=True)


@dataclass(frozen=True)
class _Known:
    """An episode read before, and the files it was read from as they were then."""

    folder: Path
    files: tuple[Path, ...]
    stats: tuple[tuple[int, int, int] | None, ...]
    episode: EpisodeFile


_KNOWN: dict[Path, _Known] = {}
_KNOWN_LOCK = threading.Lock()


def _stats(paths: tuple[Path, ...]) -> tuple[tuple[int, int, int] | None, ...]:
    found: list[tuple[int, int, int] | None] = []
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            found.append(None)
            continue
        found.append((stat.st_size, stat.st_mtime_ns, stat.st_ino))
    return tuple(found)


def _read_known(folder: Path, path: Path, seen: dict[Path, _Known]) -> EpisodeFile:
    """read_episode, or what it gave last time when none of the files it reads has changed
    since (the audio, its manifest, sidecars and artwork, the source whose time dates it): a
    server rewriting the feed after each new episode reads only that one's tags, not all."""
    with _KNOWN_LOCK:
        known = _KNOWN.get(path)
    if known is not None and known.folder == folder and _stats(known.files) == known.stats:
        seen[path] = known
        return known.episode
    names = (MANIFEST_SUFFIX, CHAPTERS_SUFFIX, *TRANSCRIPT_TYPES, *COVER_SUFFIXES)
    files = [path, *(sidecar_path(path, suffix) for suffix in names)]
    before = _stats(tuple(files))  # first: a manifest rewritten while it is read is not remembered
    manifest = load_manifest(path)  # once (a book's timeline is megabytes): read_episode uses it
    source = (manifest[0] or {}).get("source")
    if isinstance(source, str) and source:
        files.append(path.parent / source)
        before += _stats((files[-1],))
    episode = read_episode(folder, path, manifest)
    after = _stats(tuple(files))
    if after == before or all(b == a for b, a, f in zip(before, after, files) if not _is_cover(f)):
        seen[path] = _Known(folder, tuple(files), after, episode)
    return episode


def _is_cover(path: Path) -> bool:
    return any(path.name.endswith(suffix) for suffix in COVER_SUFFIXES)


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


def read_episode(folder: Path, path: Path,
                 loaded: tuple[dict[str, Any] | None, str | None] | None = None) -> EpisodeFile:
    """Tags from the audio, overridden by the manifest where it has a value. `loaded`: what
    load_manifest gave for `path`, when the caller has read it already."""
    import mutagen

    stat = path.stat()
    warnings: list[str] = []
    manifest = _manifest(path, warnings, loaded)
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
        chapter_marks=_chapter_marks(manifest, audio),
        transcript_from="manifest" if timeline_lines(manifest) else ("audio" if embedded_transcript(audio) else None),
        warnings=tuple(xml_safe(w) for w in warnings),
    )


def _chapter_marks(manifest: dict[str, Any], audio: Any) -> tuple[tuple[float, str], ...]:
    """The manifest's chapters, else the tags' (an episode made before manifests had a timeline)."""
    recorded = [(c.start, xml_safe(c.title)) for c in timeline_chapters(manifest)]
    return tuple(recorded or [(start, xml_safe(title)) for start, title in embedded_chapters(audio)])


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


def _manifest(audio: Path, warnings: list[str],
              loaded: tuple[dict[str, Any] | None, str | None] | None) -> dict[str, Any]:
    data, problem = load_manifest(audio) if loaded is None else loaded
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
