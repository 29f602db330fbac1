"""Worker processes end when the process that started them is gone, and never midway
through writing a file when they are stopped.

Killing only the main process (what the OOM killer does) must not leave its synthesis
workers running: each worker watches its parent pid and exits once it changes (the
orphan is re-parented to init or a subreaper). Polling, not prctl(PR_SET_PDEATHSIG):
that fires when the *thread* that forked exits, and a batch starts workers from threads.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Iterator

POLL_SECONDS = 0.5


def exit_with_parent(parent: int | None = None, poll: float = POLL_SECONDS) -> None:
    """Start a daemon thread that ends this process as soon as its parent is gone. `parent`:
    the pid the parent had before it started this process; without it a parent killed while
    this process was still starting would go unnoticed (its pid would already be init's)."""
    if parent is None:
        parent = os.getppid()
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(poll)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="narrate-lifeline", daemon=True).start()


@contextlib.contextmanager
def signals_blocked(*signals: signal.Signals) -> Iterator[None]:
    """`signals` held back meanwhile in this thread (delivered when the block ends); processes
    started meanwhile start with them blocked. Where there is no pthread_sigmask, nothing."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, set(signals))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def not_stopped_midway() -> contextlib.AbstractContextManager[None]:
    """SIGTERM held back meanwhile (in this thread): Ctrl-C stops a worker with SIGTERM, which
    then ends it before or after a cache entry is written, never with a half-written file."""
    return signals_blocked(signal.SIGTERM)
