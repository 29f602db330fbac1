"""A content-addressed store of synthesised audio (chunks' PCM and encoded MP3 blocks), so
unchanged text is never spoken, or encoded, twice.

The key is a hash of everything that can change how a chunk sounds: the engine, its version,
the voice settings and the exact text given to the engine. An entry is a small header (magic,
sample rate, length, CRC-32 of the samples) followed by raw PCM; a truncated or corrupt entry
fails the check, is deleted and is synthesised again. Entries are written under a temporary
name and renamed, so a crash never leaves a half-written entry under a real key. Reading an
entry refreshes its modification time. Each document narrated records which entries it uses
(narrate.synthesis.cacheusage), and `trim` evicts by document until the store is under its
size cap: least recently used documents first, but never more of the others than one
document's share, so a single long book cannot empty the cache.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import tempfile
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.model import WordMark
from narrate.errors import NarrateError
from narrate.synthesis.cacheusage import (
    SHARE,
    DocumentUse,
    Entry,
    assign,
    evictions,
    read_records,
    stale_records,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from narrate.voice.presets import VoicePreset

CACHE_DIR_ENV = "NARRATE_CACHE_DIR"
CACHE_SIZE_ENV = "NARRATE_CACHE_SIZE"
DEFAULT_MAX_BYTES = 2 * 1024**3  # the whole 77k-word novel is about 1.2 GB of PCM
_MAGIC = b"NRC1"
_HEADER = struct.Struct("<4sQI")  # magic, payload bytes, CRC-32 of the payload
_RATE = struct.Struct("<I")
_MARK = struct.Struct("<4I")  # a word's offset and length in the chunk's text, first and end sample
_SEGMENT = ".seg"  # payload: sample rate, number of word marks, the marks, then PCM
TIMINGS_FORMAT = 1  # in every segment key: bump when what a segment's word marks mean changes
_BLOCK = ".blk"  # payload: length of a JSON description, the JSON, then encoded audio
_SUFFIXES = (_SEGMENT, _BLOCK)
_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


class CacheError(NarrateError):
    """The cache folder or its size setting is unusable."""


def segment_key(engine: str, engine_version: str, voice: VoicePreset, text: str) -> str:
    """The address of one chunk's audio: changes whenever the chunk could sound different."""
    settings = {"engine": engine, "engine_version": engine_version, "text": text,
                "timings": TIMINGS_FORMAT, **voice.spec.identity(voice)}
    blob = json.dumps(settings, sort_keys=True, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(blob).hexdigest()


def parse_size(text: str) -> int:
    """'500M' -> bytes; plain numbers are bytes."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([kmg]?)i?b?\s*", text.lower())
    if not match:
        raise CacheError(f"{CACHE_SIZE_ENV}={text!r} is not a size like 500M or 2G")
    return int(float(match.group(1)) * _UNITS[match.group(2)])


def default_cache_dir() -> Path:
    env = os.environ.get(CACHE_DIR_ENV)
    if env:
        return Path(env)
    from platformdirs import user_cache_path

    return user_cache_path("narrate") / "segments"


@dataclass(frozen=True)
class DocumentInfo:
    """One document's audio in the cache (an entry two documents share counts for the later)."""

    title: str
    source: str
    used: float  # when it was last narrated (seconds since the epoch)
    size: int
    chunks: int  # of its chunks' segments, how many are held
    total_chunks: int
    blocks: int  # encoded blocks held


@dataclass(frozen=True)
class CacheInfo:
    path: Path
    entries: int
    size: int
    max_size: int
    documents: tuple[DocumentInfo, ...] = ()  # most recently used first
    unowned: int = 0  # bytes that no document records (evicted first)
    share: int = 0  # what one document keeps when others need the room


class AudioCache:
    """Synthesised audio on disk: each chunk's PCM (a segment) and each encoded MP3 block, one
    file per key, sharded by the key's first two characters."""

    def __init__(self, root: Path | None = None, max_bytes: int | None = None) -> None:
        self.root = root if root is not None else default_cache_dir()
        if max_bytes is None:
            env = os.environ.get(CACHE_SIZE_ENV)
            max_bytes = parse_size(env) if env else DEFAULT_MAX_BYTES
        self.max_bytes = max_bytes

    def _path(self, key: str, suffix: str = _SEGMENT) -> Path:
        return self.root / key[:2] / (key + suffix)

    def get(self, key: str) -> tuple[int, bytes, tuple[WordMark, ...]] | None:
        """(sample rate, PCM, word marks) for `key`, or None when absent or damaged (a damaged
        entry is removed)."""
        payload = self._read(self._path(key))
        if payload is None or len(payload) < 2 * _RATE.size:
            return None
        rate, count = _RATE.unpack_from(payload)[0], _RATE.unpack_from(payload, _RATE.size)[0]
        pcm_at = 2 * _RATE.size + count * _MARK.size
        if pcm_at > len(payload):
            return None
        marks = tuple(WordMark(*fields) for fields in _MARK.iter_unpack(payload[2 * _RATE.size:pcm_at]))
        return rate, payload[pcm_at:], marks

    def has(self, key: str) -> bool:
        """Whether a segment is stored for `key` (not whether it is intact: `get` checks that)."""
        return self._path(key).is_file()

    def has_block(self, key: str) -> bool:
        """Whether an encoded block is stored for `key` (`get_block` checks that it is intact)."""
        return self._path(key, _BLOCK).is_file()

    def put(self, key: str, sample_rate: int, pcm: bytes, marks: Sequence[WordMark] = ()) -> None:
        """Store one chunk's PCM with the engine's word marks (a few bytes a word, in the same
        entry, so they are kept and evicted with the audio they time)."""
        record = b"".join(_MARK.pack(*mark) for mark in marks)
        self._write(self._path(key), [_RATE.pack(sample_rate), _RATE.pack(len(marks)), record, pcm])

    def get_block(self, key: str) -> tuple[dict[str, Any], bytes] | None:
        """(description, encoded audio) of an encoded block, or None."""
        payload = self._read(self._path(key, _BLOCK))
        if payload is None or len(payload) < _RATE.size:
            return None
        size = _RATE.unpack_from(payload)[0]
        try:
            description = json.loads(payload[_RATE.size:_RATE.size + size])
        except ValueError:
            return None
        return description, payload[_RATE.size + size:]

    def put_block(self, key: str, description: dict[str, Any], audio: bytes) -> None:
        """Store one encoded block and what it holds."""
        text = json.dumps(description).encode("utf-8")
        self._write(self._path(key, _BLOCK), [_RATE.pack(len(text)), text, audio])

    def _read(self, path: Path) -> bytes | None:
        try:
            with path.open("rb") as handle:
                header = handle.read(_HEADER.size)
                payload = handle.read()
        except OSError:
            return None
        if len(header) == _HEADER.size:
            magic, length, crc = _HEADER.unpack(header)
            if magic == _MAGIC and len(payload) == length and zlib.crc32(payload) == crc:
                try:
                    os.utime(path)  # recently used: last in line for eviction
                except OSError:
                    pass
                return payload
        path.unlink(missing_ok=True)
        return None

    def _write(self, path: Path, parts: list[bytes]) -> None:
        """Store atomically; a cache that cannot be written only costs speed, never the output."""
        crc, length = 0, 0
        for part in parts:
            crc = zlib.crc32(part, crc)
            length += len(part)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".", suffix=".partial", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(_HEADER.pack(_MAGIC, length, crc))
                    for part in parts:
                        handle.write(part)
                os.replace(temp, path)
            except BaseException:
                Path(temp).unlink(missing_ok=True)
                raise
        except OSError:
            pass

    def document(self, name: str, title: str, source: str) -> DocumentUse:
        """A record of the keys one document uses, under `name` (the same name on the next run
        replaces it), so eviction keeps a document's audio together."""
        return DocumentUse(self.root, name, title, source)

    def _entries(self) -> list[os.DirEntry[str]]:
        found: list[os.DirEntry[str]] = []
        try:
            shards = [e for e in os.scandir(self.root) if e.is_dir()]
        except OSError:
            return found
        for shard in shards:
            try:
                found += [e for e in os.scandir(shard.path) if e.name.endswith(_SUFFIXES)]
            except OSError:
                continue
        return found

    def _stats(self) -> list[Entry]:
        found = []
        for entry in self._entries():
            try:
                stat = entry.stat()
            except OSError:
                continue
            found.append(Entry(key=entry.name.rsplit(".", 1)[0], path=entry.path, size=stat.st_size,
                               mtime=stat.st_mtime))
        return found

    def trim(self) -> int:
        """Evict by document until under the cap (narrate.synthesis.cacheusage gives the order);
        returns how many entries went. One trim at a time across processes."""
        if sum(entry.size for entry in self._stats()) <= self.max_bytes:
            return 0
        with self._trim_lock():
            entries = self._stats()  # again: another run may have trimmed while this one waited
            records = read_records(self.root)
            gone = evictions(entries, records, self.max_bytes)
            for entry in gone:
                Path(entry.path).unlink(missing_ok=True)
            for record in stale_records(records, gone, time.time()):
                record.path.unlink(missing_ok=True)
            return len(gone)

    @contextmanager
    def _trim_lock(self) -> Iterator[None]:
        """Two runs ending at once would each evict for the same overflow: they take turns."""
        import fcntl

        try:
            handle = (self.root / ".trim.lock").open("a")
        except OSError:
            yield  # an unwritable cache: nothing to trim safely, nothing lost
            return
        with handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX)
            except OSError:
                pass
            yield

    def info(self) -> CacheInfo:
        """What the cache holds: size, entries, and each document's part of it."""
        entries = self._stats()
        records = read_records(self.root)
        nobody = assign(entries, records)
        documents = []
        for record in sorted(records, key=lambda r: r.used, reverse=True):
            if not record.owned:
                continue
            keys = {entry.key for entry in record.owned}
            documents.append(DocumentInfo(
                title=record.title, source=record.source, used=record.used, size=record.size,
                chunks=len(keys & record.segments), total_chunks=len(record.segments),
                blocks=len(keys & record.blocks)))
        return CacheInfo(path=self.root, entries=len(entries), size=sum(e.size for e in entries),
                         max_size=self.max_bytes, documents=tuple(documents),
                         unowned=sum(e.size for e in nobody), share=int(self.max_bytes * SHARE))

    def clear(self) -> int:
        """Delete every entry; returns how many there were."""
        count = len(self._entries())
        if self.root.exists():
            try:
                shutil.rmtree(self.root)
            except OSError as exc:
                raise CacheError(f"cannot clear the cache in {self.root}: {exc.strerror}") from exc
        return count
