"""Tracebacks of unexpected errors in a batch, kept in a log file instead of on the terminal.

A batch reports each failed file in one line; when the failure is a bug rather than a
NarrateError, that line names a log file holding the traceback, so the batch goes on and
the details are not lost. The folder is NARRATE_LOG_DIR, else the user log folder
(~/.local/state/narrate/log on Linux).

Nothing here raises: it runs while a batch is already handling a failure, for any source
(a path, a web address, a feed item's id), and with a log folder that may be unwritable or
on a full disk. Then the line says the traceback was not kept, and the batch goes on.
"""

from __future__ import annotations

import os
import re
import time
import traceback
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

MAX_STEM = 60
MAX_DETAIL = 200


def log_folder() -> Path:
    configured = os.environ.get("NARRATE_LOG_DIR")
    if configured:
        return Path(configured)
    from platformdirs import user_log_path

    return user_log_path("narrate", appauthor=False)


def _stem(source: object) -> str:
    """A file-name-safe word for `source`: a path's stem, a URL's last path segment or host."""
    text = _text(source)
    if "://" in text:
        parts = urlsplit(text) if _splits(text) else None
        text = (PurePosixPath(parts.path).stem or parts.hostname or "") if parts else ""
    else:
        text = PurePosixPath(text).stem
    return re.sub(r"[^\w.-]+", "_", text, flags=re.ASCII).strip("._")[:MAX_STEM] or "input"


def _splits(text: str) -> bool:
    try:
        urlsplit(text).hostname  # noqa: B018 - raises on a malformed address such as http://[::1
    except ValueError:
        return False
    return True


def _text(value: object) -> str:
    """str(value) for a log or a line; never raises, never holds a lone surrogate."""
    try:
        text = os.fsdecode(value) if isinstance(value, (bytes, os.PathLike)) else str(value)
    except Exception:  # noqa: BLE001 - a hostile __str__ or __fspath__: name the type instead
        text = f"<{type(value).__name__}>"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def write_traceback(source: object, error: BaseException) -> Path | None:
    """Write `error`'s traceback to a new log file named after `source`; None if it cannot be."""
    try:
        folder = log_folder()
        text = f"narrate: unexpected error while narrating {_text(source)}\n\n" + _traceback(error)
        stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{_stem(source)}"
        folder.mkdir(parents=True, exist_ok=True)
        for attempt in range(100):
            path = folder / (f"{stem}.log" if attempt == 0 else f"{stem}-{attempt}.log")
            try:
                with path.open("x", encoding="utf-8", errors="backslashreplace") as handle:
                    handle.write(text)
            except FileExistsError:
                continue
            except OSError:  # a full disk: what was written is no use
                path.unlink(missing_ok=True)
                raise
            return path
    except Exception:  # noqa: BLE001 - the batch is already handling a failure; the line says no log was kept
        return None
    return None


def _traceback(error: BaseException) -> str:
    try:
        return _text("".join(traceback.format_exception(type(error), error, error.__traceback__)))
    except Exception:  # noqa: BLE001 - an exception whose own formatting fails
        return f"{type(error).__name__} (its traceback could not be formatted)\n"


def unexpected_reason(source: object, error: BaseException) -> str:
    """The one line a batch prints for a bug: what went wrong and where the traceback is."""
    where = write_traceback(source, error)
    message = _text(error)
    first = message.splitlines()[0][:MAX_DETAIL] if message.strip() else ""
    detail = f"{type(error).__name__}: {first}" if first else type(error).__name__
    if where is not None:
        return f"unexpected error ({detail}); traceback in {where}"
    return f"unexpected error ({detail}); its traceback could not be written to {_folder_name()}"


def _folder_name() -> str:
    try:
        return _text(log_folder())
    except Exception:  # noqa: BLE001 - platformdirs failing: say so in words
        return "the log folder"
