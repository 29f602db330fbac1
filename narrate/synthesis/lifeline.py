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


@contextlib.contextmanager
def interruptions_deferred() -> Iterator[None]:
    """Ctrl-C and SIGTERM that reach the main thread meanwhile take effect when this ends.

    Starting a spawned process is two steps: the child is launched, then this process writes
    it the data it starts from. An interruption raised between the two left a child reading an
    empty pipe ("EOFError: Ran out of input", a traceback after narrate's own last line). Only
    the main thread runs signal handlers, so elsewhere (a batch's threads) nothing is needed:
    the interruption is raised in the main thread and this one finishes its start."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    previous = {sig: signal.signal(sig, lambda signum, frame: arrived.append(signum))
                for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for sig, action in previous.items():
            signal.signal(sig, action)
        for sig in dict.fromkeys(arrived):  # each once, as the handler it was meant for sees it
            signal.raise_signal(sig)


def not_stopped_midway() -> contextlib.AbstractContextManager[None]:
    """SIGTERM held back meanwhile (in this thread): Ctrl-C stops a worker with SIGTERM, which
    then ends it before or after a cache entry is written, never with a half-written file."""
    return signals_blocked(signal.SIGTERM)
