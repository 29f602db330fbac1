"""One batch at a time per output folder: two runs writing the same episodes would interleave.

The lock is a file, `.narrate.run.lock`, created exclusively in the folder and holding the
holder's pid and host. A lock whose process is gone on this host (a crash, kill -9) is stale
and taken over; a live holder makes the second run stop with a clear message.
"""

from __future__ import annotations

import contextlib
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

from narrate.errors import OutputError
from narrate.fileio import process_alive

LOCK_NAME = ".narrate.run.lock"
FRESH_SECONDS = 5  # an empty lock this young is being written, not abandoned


class LockedError(OutputError):
    """Another narrate run is writing to the same output folder."""


def _young(path: Path) -> bool:
    try:
        return time.time() - path.stat().st_mtime < FRESH_SECONDS
    except OSError:
        return False


def _holder(path: Path) -> tuple[int, str] | None:
    """(pid, host) written in the lock file, or None when it is unreadable or half-written."""
    try:
        pid, host = path.read_text(encoding="utf-8").split(maxsplit=1)
        return int(pid), host.strip()
    except (OSError, ValueError):
        return None


def acquire(folder: Path) -> Path | None:
    """Take the lock on `folder` or raise LockedError naming the run that holds it.

    None when no lock file can be made there (a read-only or full folder, or a common folder
    such as / above outputs in several places): a run then goes unlocked, and each output
    that cannot be written fails on its own with its reason."""
    path = folder / LOCK_NAME
    me = f"{os.getpid()} {socket.gethostname()}\n".encode()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    for _ in range(3):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            holder = _holder(path)
            if holder is None and _young(path):
                raise LockedError(f"{folder} is in use by another narrate run that is starting: "
                                  "wait for it to finish") from None
            if holder is not None and (holder[1] != socket.gethostname() or process_alive(holder[0])):
                where = "" if holder[1] == socket.gethostname() else f" on {holder[1]}"
                raise LockedError(
                    f"{folder} is in use by another narrate run (pid {holder[0]}{where}): wait for "
                    f"it to finish, or delete {path} if that run is gone") from None
            # stale (its process is dead) or unreadable: take it over and try again
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            continue
        except OSError:
            return None
        with os.fdopen(fd, "wb") as handle:
            handle.write(me)
        return path
    raise LockedError(f"{folder} is in use by another narrate run: its lock {path} keeps changing")


def check_unlocked(path: Path) -> None:
    """Raise LockedError when a live batch holds `path`'s folder or any folder above it: a
    single-file run writing there would race the batch and then be overwritten by it."""
    here = socket.gethostname()
    for folder in [path.parent.resolve(), *path.parent.resolve().parents]:
        lock = folder / LOCK_NAME
        holder = _holder(lock) if lock.is_file() else None
        if holder is not None and holder[0] != os.getpid() and (holder[1] != here or process_alive(holder[0])):
            where = "" if holder[1] == here else f" on {holder[1]}"
            raise LockedError(f"{folder} is in use by a narrate batch (pid {holder[0]}{where}): wait for "
                              f"it to finish, or delete {lock} if that run is gone")


def remove_left_by(folder: Path, pid: int) -> None:
    """Remove `folder`'s lock when process `pid` of this host held it and has ended (a
    worker process that was killed), so it is not left for the next run to find stale."""
    path = folder / LOCK_NAME
    if _holder(path) == (pid, socket.gethostname()) and not process_alive(pid):
        path.unlink(missing_ok=True)


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[Path | None]:
    """Hold the lock on `folder` for the duration of the block."""
    path = acquire(folder)
    try:
        yield path
    finally:
        if path is not None and _holder(path) == (os.getpid(), socket.gethostname()):
            path.unlink(missing_ok=True)


def output_root(outputs: list[Path]) -> Path | None:
    """The deepest folder that holds every output (what a batch locks)."""
    if not outputs:
        return None
    folders = [str(p.parent.resolve()) for p in outputs]
    return Path(os.path.commonpath(folders))
