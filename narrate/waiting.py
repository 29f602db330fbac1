"""Waits that a Ctrl-C or SIGTERM ends at once, whichever thread the kernel hands it to.

The kernel delivers a signal sent to the process to one of its threads: usually the main
thread, but any other that does not block it when the main thread cannot take it just then.
Python runs the handler (KeyboardInterrupt) in the main thread, and a main thread blocked on
a lock (a future's result, a thread's join) wakes only for a signal delivered to itself: a
Ctrl-C handed to another thread waited until the result came: in a Kokoro batch, until a
whole document was done (over two minutes, once in twenty runs under load). These waits wake
every POLL_SECONDS, and the handler runs then.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import TypeVar

T = TypeVar("T")

POLL_SECONDS = 0.1


def result_of(future: Future[T]) -> T:
    """`future.result()`, interruptible whatever thread a signal lands in."""
    while not future.done():
        wait([future], timeout=POLL_SECONDS)
    return future.result()


def completed(futures: Collection[Future[T]]) -> Iterator[Future[T]]:
    """Each of `futures` as it finishes (`as_completed`), interruptible likewise."""
    pending = set(futures)
    while pending:
        done, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
        yield from done


def joined(thread: threading.Thread) -> None:
    """`thread.join()`, interruptible whatever thread a signal lands in."""
    while thread.is_alive():
        thread.join(POLL_SECONDS)
