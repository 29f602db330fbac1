"""A content-addressed store of synthesised audio (chunks' PCM and encoded MP3 blocks), so
unchanged text is never spoken, or encoded, twice.

The key is a hash of everything that can change how a chunk sounds: the engine, its version,
the voice settings and the exact text given to the engine. An entry is a small header (magic,
sample rate, length, CRC-32 of the samples) followed by raw PCM; a truncated or corrupt entry
fails the check, is deleted and is synthesised again. Entries are written under a temporary
name and renamed, so a crash never leaves a half-written entry under a real key. Reading an
entry refreshes its modification time, and `trim` evicts the least recently used entries
until the store is under its size cap.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import struct
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.errors import NarrateError

if TYPE_CHECKING:
    from narrate.voice.presets import VoicePreset

CACHE_DIR_ENV = "NARRATE_CACHE_DIR"
CACHE_SIZE_ENV = "NARRATE_CACHE_SIZE"
DEFAULT_MAX_BYTES = 2 * 1024**3  # the whole 77k-word novel is about 1.2 GB of PCM
_MAGIC = b"NRC1"
_HEADER = struct.Struct("<4sQI")  # magic, payload bytes, CRC-32 of the payload
_RATE = struct.Struct("<I")
_SEGMENT = ".seg"  # payload: sample rate, then PCM
_BLOCK = ".blk"  # payload: length of a JSON description, the JSON, then encoded audio
_SUFFIXES = (_SEGMENT, _BLOCK)
_UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


class CacheError(NarrateError):
    """The cache folder or its size setting is unusable."""


def segment_key(engine: str, engine_version: str, voice: VoicePreset, text: str) -> str:
    """The address of one chunk's audio: changes whenever the chunk could sound different."""
    settings = {"engine": engine, "engine_version": engine_version, "text": text,
                **voice.spec.identity(voice)}
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
class CacheInfo:
    path: Path
    entries: int
    size: int
    max_size: int


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

    def get(self, key: str) -> tuple[int, bytes] | None:
        """(sample rate, PCM) for `key`, or None when absent or damaged (a damaged entry is removed)."""
        payload = self._read(self._path(key))
        if payload is None or len(payload) < _RATE.size:
            return None
        return _RATE.unpack_from(payload)[0], payload[_RATE.size:]

    def has(self, key: str) -> bool:
        """Whether a segment is stored for `key` (not whether it is intact: `get` checks that)."""
        return self._path(key).is_file()

    def has_block(self, key: str) -> bool:
        """Whether an encoded block is stored for `key` (`get_block` checks that it is intact)."""
        return self._path(key, _BLOCK).is_file()

    def put(self, key: str, sample_rate: int, pcm: bytes) -> None:
        """Store one chunk's PCM."""
        self._write(self._path(key), [_RATE.pack(sample_rate), pcm])

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

    def trim(self) -> int:
        """Evict least recently used entries until under the cap; returns how many went."""
        entries = []
        for entry in self._entries():
            try:
                stat = entry.stat()
            except OSError:
                continue
            entries.append((stat.st_mtime, stat.st_size, entry.path))
        total = sum(size for _, size, _ in entries)
        evicted = 0
        for _, size, path in sorted(entries):
            if total <= self.max_bytes:
                break
            Path(path).unlink(missing_ok=True)
            total -= size
            evicted += 1
        return evicted

    def info(self) -> CacheInfo:
        sizes = []
        for entry in self._entries():
            try:
                sizes.append(entry.stat().st_size)
            except OSError:
                continue
        return CacheInfo(path=self.root, entries=len(sizes), size=sum(sizes), max_size=self.max_bytes)

    def clear(self) -> int:
        """Delete every entry; returns how many there were."""
        count = len(self._entries())
        if self.root.exists():
            try:
                shutil.rmtree(self.root)
            except OSError as exc:
                raise CacheError(f"cannot clear the cache in {self.root}: {exc.strerror}") from exc
        return count
