"""Atomic output: write beside the target under a temporary name, rename when complete.

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
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from narrate.errors import OutputError


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
