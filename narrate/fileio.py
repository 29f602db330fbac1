"""Atomic output: write beside the target under a temporary name, rename when complete.

A crash, an error or Ctrl-C leaves the previous good file (if any) untouched and no
half-written file behind.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
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
        fd, temp_name = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=f".partial{path.suffix}",
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


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_text_atomic(path: Path, text: str) -> None:
    with atomic_path(path) as temp:
        temp.write_text(text, encoding="utf-8")
