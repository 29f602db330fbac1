"""Tracebacks of unexpected errors in a batch, kept in a log file instead of on the terminal.

A batch reports each failed file in one line; when the failure is a bug rather than a
NarrateError, that line names a log file holding the traceback, so the batch goes on and
the details are not lost. The folder is NARRATE_LOG_DIR, else the user log folder
(~/.local/state/narrate/log on Linux).
"""

from __future__ import annotations

import os
import re
import time
import traceback
from pathlib import Path


def log_folder() -> Path:
    configured = os.environ.get("NARRATE_LOG_DIR")
    if configured:
        return Path(configured)
    from platformdirs import user_log_path

    return user_log_path("narrate", appauthor=False)


def write_traceback(source: Path, error: BaseException) -> Path | None:
    """Write `error`'s traceback to a new log file named after `source`; None if it cannot be."""
    stem = re.sub(r"[^\w.-]+", "_", source.stem)[:60] or "input"
    folder = log_folder()
    path = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{stem}.log"
    text = f"narrate: unexpected error while narrating {source}\n\n" + "".join(
        traceback.format_exception(type(error), error, error.__traceback__))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with path.open("x", encoding="utf-8", errors="backslashreplace") as handle:
            handle.write(text)
    except FileExistsError:
        return write_traceback(source.with_name(source.name + "_"), error)
    except OSError:
        return None
    return path


def unexpected_reason(source: Path, error: BaseException) -> str:
    """The one line a batch prints for a bug: what went wrong and where the traceback is."""
    where = write_traceback(source, error)
    detail = f"{type(error).__name__}: {error}".splitlines()[0][:200] if str(error) else type(error).__name__
    return f"unexpected error ({detail}); traceback in {where}" if where else f"unexpected error ({detail})"
