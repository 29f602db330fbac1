"""The files of a folder, tar archive (plain, gzip, bzip2 or xz) or zip archive, one at a time,
each with its declared size before any of it is read, and never read whole.

For `narrate voices get --from`: a member that is a 16 GiB sparse file or a zip member that
inflates to gigabytes is seen by its size and refused before it is unpacked, and one being
read is never read past the size its reader asks for. The archive itself, its members
together and their number are bounded (narrate.limits); so is any one read tarfile makes
for its own headers (a GNU long name or a pax header claiming gigabytes).
"""

from __future__ import annotations

import bz2
import gzip
import io
import itertools
import lzma
import os
import struct
import tarfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Callable

from narrate.fileio import check_regular_file, open_regular_file
from narrate.limits import MAX_ARCHIVE_BYTES, MAX_ARCHIVE_MEMBERS, describe, hint, megabytes
from narrate.voice.download import DownloadError

_HEADER_READ = 1 << 20  # the most tarfile may read at once for a header of its own


class ArchiveError(DownloadError):
    """An archive (or folder) of voices cannot be read, or is larger than narrate accepts."""


@dataclass(frozen=True)
class Member:
    """One file: its path inside the source, its declared size, and how to open it."""

    name: str
    size: int
    open: Callable[[], BinaryIO]


def members(source: Path) -> Iterator[Member]:
    """Every regular file in `source`, in the archive's order (a folder's: sorted)."""
    label = f"--from {source}"
    if source.is_dir():
        yield from _bounded(_folder(source), label)
        return
    with open_regular_file(source, "--from", MAX_ARCHIVE_BYTES, ArchiveError) as handle:
        head = handle.read(512)
        handle.seek(0)
        if head.startswith(b"PK"):
            yield from _bounded(_zip(handle, label), label)
        elif head.startswith((b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00")) or head[257:262] == b"ustar":
            yield from _bounded(_tar(handle, head, label), label)
        elif zipfile.is_zipfile(handle):
            yield from _bounded(_zip(handle, label), label)
        else:
            raise ArchiveError(f"{label}: not a folder, a tar archive or a zip archive")


def _bounded(found: Iterator[Member], label: str) -> Iterator[Member]:
    """Stop at MAX_ARCHIVE_MEMBERS members or MAX_ARCHIVE_BYTES declared in all."""
    count = total = 0
    for member in found:
        count += 1
        total += member.size
        if count > int(MAX_ARCHIVE_MEMBERS):
            raise ArchiveError(f"{label} holds more than {describe(MAX_ARCHIVE_MEMBERS)} files: "
                               + hint(MAX_ARCHIVE_MEMBERS))
        if total > megabytes(MAX_ARCHIVE_BYTES):
            raise ArchiveError(f"{label} unpacks to more than {describe(MAX_ARCHIVE_BYTES)} "
                               f"({member.name} alone is {member.size:,} bytes): {hint(MAX_ARCHIVE_BYTES)}")
        yield member


def _folder(source: Path) -> Iterator[Member]:
    entries = list(itertools.islice(source.rglob("*"), int(MAX_ARCHIVE_MEMBERS) + 1))
    if len(entries) > int(MAX_ARCHIVE_MEMBERS):
        raise ArchiveError(f"--from {source} holds more than {describe(MAX_ARCHIVE_MEMBERS)} files: "
                           + hint(MAX_ARCHIVE_MEMBERS))
    for path in sorted(entries):
        try:
            info = path.stat()
        except OSError:
            continue
        if not path.is_symlink() and path.is_dir():
            continue
        try:
            check_regular_file(path, info=info, error=ArchiveError)
        except ArchiveError:
            continue  # a device, a FIFO or a socket in the folder is not a voice
        yield Member(path.relative_to(source).as_posix(), info.st_size,
                     lambda p=path: open_regular_file(p, error=ArchiveError))


def _tar(handle: BinaryIO, head: bytes, label: str) -> Iterator[Member]:
    stream: BinaryIO = handle
    if head.startswith(b"\x1f\x8b"):
        stream = gzip.GzipFile(fileobj=handle, mode="rb")  # type: ignore[assignment]
    elif head.startswith(b"BZh"):
        stream = bz2.BZ2File(handle)  # type: ignore[assignment]
    elif head.startswith(b"\xfd7zXZ\x00"):
        stream = lzma.LZMAFile(handle)  # type: ignore[assignment]
    try:
        with tarfile.open(fileobj=_HeaderReads(stream, label), mode="r:") as archive:
            while (info := archive.next()) is not None:
                archive.members.clear()  # iterating keeps every header otherwise
                if info.isfile():
                    yield Member(info.name, info.size, lambda i=info: archive.extractfile(i))  # type: ignore[misc]
    except (tarfile.TarError, EOFError, OSError, lzma.LZMAError, ValueError) as exc:
        raise ArchiveError(f"{label}: a damaged tar archive ({exc})") from exc


class _HeaderReads(io.RawIOBase):
    """A file object for tarfile in which no single read may ask for more than _HEADER_READ
    bytes: narrate reads members in 64 KB blocks, so only a header claiming to be huge can."""

    def __init__(self, inner: BinaryIO, label: str) -> None:
        super().__init__()
        self._inner = inner
        self._label = label

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0 or size > _HEADER_READ:
            raise ArchiveError(f"{self._label}: a header in it claims {size:,} bytes (a damaged or hostile archive)")
        return self._inner.read(size)

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        return self._inner.seek(offset, whence)

    def tell(self) -> int:
        return self._inner.tell()


def _zip(handle: BinaryIO, label: str) -> Iterator[Member]:
    _check_directory(handle, label)
    try:
        archive = zipfile.ZipFile(handle)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, NotImplementedError) as exc:
        raise ArchiveError(f"{label}: a damaged zip archive ({exc})") from exc
    with archive:
        for info in archive.infolist():
            if not info.is_dir():
                yield Member(info.filename, info.file_size, lambda i=info: archive.open(i))  # type: ignore[misc]


_END = b"PK\x05\x06"
_END64_LOCATOR = b"PK\x06\x07"


def _check_directory(handle: BinaryIO, label: str) -> None:
    """Refuse a zip whose central directory alone (one entry per member, all parsed into
    memory by zipfile) lists more than MAX_ARCHIVE_MEMBERS entries, before it is parsed."""
    size = handle.seek(0, os.SEEK_END)
    handle.seek(max(0, size - (1 << 16) - 22))
    tail = handle.read()
    at = tail.rfind(_END)
    if at < 0 or len(tail) < at + 22:
        return  # zipfile says what is wrong
    entries = struct.unpack("<H", tail[at + 10:at + 12])[0]
    if entries == 0xFFFF and at >= 20 and tail[at - 20:at - 16] == _END64_LOCATOR:
        (offset,) = struct.unpack("<Q", tail[at - 12:at - 4])
        handle.seek(offset)
        record = handle.read(56)
        if record[:4] == b"PK\x06\x06" and len(record) == 56:
            (entries,) = struct.unpack("<Q", record[32:40])
    handle.seek(0)
    if entries > int(MAX_ARCHIVE_MEMBERS):
        raise ArchiveError(f"{label} holds {entries:,} files, more than {describe(MAX_ARCHIVE_MEMBERS)}: "
                           + hint(MAX_ARCHIVE_MEMBERS))
