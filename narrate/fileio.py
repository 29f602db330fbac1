"""Atomic output (write beside the target under a temporary name, rename when complete), and
reading the files a user names: regular files only, sized before they are read.

A crash, an error or Ctrl-C leaves the previous good file (if any) untouched and no
half-written file behind. What kill -9 or the OOM killer leaves (a partial file, a work
folder) carries its owner's pid and host in its name, `.NAME.PID@HOST.XXXXXXXX.partial.mp3`
and `.NAME.PID@HOST.XXXXXXXX.work`, so a later run can tell it is abandoned and remove it
(`remove_abandoned`).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import socket
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from narrate.errors import InputError, NarrateError, OutputError
from narrate.limits import Limit, describe, hint, megabytes

ErrorType = type[NarrateError]


def _label(path: str | Path, what: str) -> str:
    return f"{what} {path}" if what else str(path)


def check_regular_file(path: str | Path, what: str = "", limit: Limit | None = None,
                       error: ErrorType = InputError, info: os.stat_result | None = None,
                       advice: str = "") -> os.stat_result:
    """The file's stat, or one line (`error`) when it is missing, a folder, not a regular file
    (/dev/zero never ends, a FIFO waits forever for a writer) or larger than `limit` (in MB).

    `what` names the file's role in messages ('lexicon', 'cover'); for callers that hand the
    path to another program (ffmpeg, onnxruntime) and never read it themselves. `advice` ends
    the message for a device."""
    label = _label(path, what)
    advice = f": {advice}" if advice else ""
    if info is None:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            raise error(f"{label}: no such file") from None
        except OSError as exc:
            raise error(f"{label}: cannot read ({exc.strerror})") from exc
    if stat.S_ISDIR(info.st_mode):
        raise error(f"{label} is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{label} is not a regular file (a device, pipe or socket){advice}")
    if limit is not None and info.st_size > megabytes(limit):
        raise error(f"{label} is larger than the limit of {describe(limit)}: {hint(limit)}")
    return info


def open_regular_file(path: str | Path, what: str = "", limit: Limit | None = None,
                      error: ErrorType = InputError, advice: str = "") -> BinaryIO:
    """`path` opened for reading once it is known to be a regular file within `limit`.

    Opened without blocking and checked on the open descriptor, so a FIFO put in its place
    after a check cannot make the open wait for a writer."""
    label = _label(path, what)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise error(f"{label}: no such file") from None
    except IsADirectoryError:
        raise error(f"{label} is a directory, not a file") from None
    except OSError as exc:
        raise error(f"{label}: cannot read ({exc.strerror})") from exc
    try:
        check_regular_file(path, what, limit, error, os.fstat(fd), advice)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def read_regular_file(path: str | Path, what: str = "", limit: Limit | None = None,
                      error: ErrorType = InputError) -> bytes:
    """The whole file, refused (one line) unless it is a regular file within `limit`; never
    more than the limit is read, even from a file that grows while it is read."""
    label = _label(path, what)
    with open_regular_file(path, what, limit, error) as handle:
        try:
            data = handle.read(megabytes(limit) + 1) if limit is not None else handle.read()
        except OSError as exc:
            raise error(f"{label}: cannot read ({exc.strerror})") from exc
    if limit is not None and len(data) > megabytes(limit):
        raise error(f"{label} is larger than the limit of {describe(limit)}: {hint(limit)}")
    return data


def read_regular_text(path: str | Path, what: str = "", limit: Limit | None = None,
                      error: ErrorType = InputError) -> str:
    """read_regular_file as UTF-8 text (a BOM is dropped); one line when it is not UTF-8."""
    data = read_regular_file(path, what, limit, error)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{_label(path, what)} is not UTF-8 text") from None


def check_writable_folder(path: Path) -> None:
    """Fail early, before any synthesis, if the output cannot be written."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.exists():
        raise OutputError(f"cannot write {path}: folder {folder} does not exist")
    if not folder.is_dir():
        raise OutputError(f"cannot write {path}: {folder} is not a folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {path}: folder {folder} is not writable")
    if path.is_dir():
        raise OutputError(f"cannot write {path}: it is a folder")


@contextlib.contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path next to `path`; on success it replaces `path`."""
    check_writable_folder(path)
    try:
        fd, temp_name = tempfile.mkstemp(prefix=temp_prefix(path), suffix=f".partial{path.suffix}",
                                         dir=path.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from exc
    os.close(fd)
    temp = Path(temp_name)
    # mkstemp makes the file private (0600); the finished file gets ordinary permissions.
    os.chmod(temp, 0o666 & ~_umask())
    try:
        yield temp
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def _host_tag() -> str:
    return hashlib.blake2s(socket.gethostname().encode(), digest_size=3).hexdigest()


def temp_prefix(path: Path) -> str:
    """'.NAME.PID@HOST.': what this process's temporary files beside `path` start with."""
    return f".{path.stem}.{os.getpid()}@{_host_tag()}."


# .NAME.PID@HOST.XXXXXXXX.partial.EXT or .work; group 1 is temp_prefix() of its output
_ABANDONED = re.compile(r"(\..*\.(\d+)@([0-9a-f]{6})\.)[A-Za-z0-9_]{8}\.(?:partial(?:\.[^.]+)?|work)")


def process_alive(pid: int) -> bool:
    """Whether process `pid` exists on this machine (owned by anyone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_abandoned(folder: Path) -> list[Path]:
    """Remove partial files and work folders in `folder` whose owning process (on this host)
    is gone; return what was removed. Another live run's files are left alone."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    host = _host_tag()
    for entry in entries:
        match = _ABANDONED.fullmatch(entry.name)
        if not match or match.group(3) != host or process_alive(int(match.group(2))):
            continue
        path = Path(entry.path)
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(path)
            else:
                path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def remove_own(*out_paths: Path) -> None:
    """Remove this process's temporary files beside each of `out_paths`: called once nothing
    of this process writes there any more (its workers stopped), to catch what a worker
    finishing a block after Ctrl-C put into a work folder already being removed. One
    listing per folder, however many outputs share it."""
    folders: dict[Path, set[str]] = {}
    for out_path in out_paths:
        folders.setdefault(out_path.parent, set()).add(temp_prefix(out_path))
    for folder, prefixes in folders.items():
        try:
            entries = [entry for entry in os.scandir(folder if str(folder) else ".")
                       if (match := _ABANDONED.fullmatch(entry.name)) and match.group(1) in prefixes]
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


@contextlib.contextmanager
def work_folder(out_path: Path) -> Iterator[Path]:
    """A hidden temporary folder beside `out_path` (same disk), removed however the block ends.

    Removal tolerates files appearing while it runs (a worker still finishing a block after
    Ctrl-C): it tries again briefly, and whatever is still there is removed by a later run."""
    path = Path(tempfile.mkdtemp(prefix=temp_prefix(out_path), suffix=".work", dir=out_path.parent))
    try:
        yield path
    finally:
        for _ in range(5):
            shutil.rmtree(path, ignore_errors=True)
            if not path.exists():
                break
            time.sleep(0.1)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_text_atomic(path: Path, text: str) -> None:
    with atomic_path(path) as temp:
        temp.write_text(text, encoding="utf-8")
