"""A wall-clock budget for one long transfer, enforced by a timer thread, not by the transfer.

A read that is blocked (a server sending one byte a second, or nothing at all) cannot check
a clock itself. The watchdog here wakes on its own, and when the budget is spent, or no
progress came for too long, it runs the cancel callbacks the transfer registered (shutting
its socket down unblocks the read at once). The transfer then asks `reason` why it stopped.
Only the standard library: usable from any layer.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable

_TICK = 0.25  # seconds between the watchdog's checks


class Watchdog:
    """`seconds` in all; at least `stall_bytes` every `stall_seconds` (None: no stall check).

    Use as a context manager around the transfer; call `progress(n)` as bytes arrive and
    `on_cancel(callback)` for whatever unblocks it (see `shutdown_socket`)."""

    def __init__(self, seconds: float, stall_seconds: float | None = None, stall_bytes: int = 1) -> None:
        self.seconds = seconds
        self.stall_seconds = stall_seconds
        self.stall_bytes = stall_bytes
        self.reason: str | None = None
        self._callbacks: list[Callable[[], None]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._received = 0
        self._window = (0.0, 0)  # (when the stall window began, bytes received then)
        self._started = 0.0
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Watchdog:
        self._started = time.monotonic()
        self._window = (self._started, 0)
        self._thread = threading.Thread(target=self._watch, name="narrate-watchdog", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    @property
    def expired(self) -> bool:
        return self.reason is not None

    def progress(self, count: int) -> None:
        """`count` more bytes arrived."""
        with self._lock:
            self._received += count

    def on_cancel(self, callback: Callable[[], None]) -> None:
        """Run `callback` when the budget runs out (at once if it already has)."""
        with self._lock:
            if self.reason is None:
                self._callbacks.append(callback)
                return
        _quietly(callback)

    def _watch(self) -> None:
        while not self._stop.wait(_TICK):
            reason = self._check(time.monotonic())
            if reason is not None:
                self._cancel(reason)
                return

    def _check(self, now: float) -> str | None:
        if now - self._started >= self.seconds:
            return f"it took longer than {self.seconds:g} s"
        if self.stall_seconds is None:
            return None
        with self._lock:
            received = self._received
        began, then = self._window
        if received - then >= self.stall_bytes:
            self._window = (now, received)
        elif now - began >= self.stall_seconds:
            return f"it stalled ({received - then} bytes in {self.stall_seconds:g} s)"
        return None

    def _cancel(self, reason: str) -> None:
        with self._lock:
            self.reason = reason
            callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            _quietly(callback)


def _quietly(callback: Callable[[], None]) -> None:
    with contextlib.suppress(OSError):
        callback()


def shutdown_socket(sock: socket.socket) -> None:
    """Unblock every read and write on `sock` from another thread (also a TLS socket: the
    plain socket's shutdown, which leaves the TLS object to fail on its own)."""
    socket.socket.shutdown(sock, socket.SHUT_RDWR)
