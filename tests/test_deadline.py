"""The watchdog timer (narrate.deadline): it ends a read that is blocked, which the read itself
cannot do, for a whole-transfer deadline and for a stall."""

from __future__ import annotations

import socket
import threading

from narrate.deadline import Watchdog, shutdown_socket


def _blocked_read(watchdog: Watchdog, feed: bytes = b"") -> bytes:
    """recv() on a socket whose peer sends `feed` and then nothing; returns what arrived."""
    ours, theirs = socket.socketpair()
    with ours, theirs:
        watchdog.on_cancel(lambda: shutdown_socket(ours))
        theirs.sendall(feed)
        received = b""
        while chunk := ours.recv(1024):
            received += chunk
            watchdog.progress(len(chunk))
        return received


def test_the_deadline_unblocks_a_read_that_waits_forever():
    with Watchdog(0.5) as watchdog:
        result: list[bytes] = []
        reader = threading.Thread(target=lambda: result.append(_blocked_read(watchdog, b"abc")), daemon=True)
        reader.start()
        reader.join(60)
    assert result == [b"abc"] and watchdog.expired
    assert watchdog.reason == "it took longer than 0.5 s"


def test_a_stall_is_no_progress_for_the_stall_time():
    with Watchdog(600, stall_seconds=0.5, stall_bytes=10) as watchdog:
        assert _blocked_read(watchdog, b"x" * 5) == b"x" * 5
    assert watchdog.reason == "it stalled (5 bytes in 0.5 s)"


def test_a_transfer_that_ends_in_time_is_not_cancelled():
    cancelled: list[bool] = []
    with Watchdog(600, stall_seconds=600) as watchdog:
        watchdog.on_cancel(lambda: cancelled.append(True))
        watchdog.progress(100)
    assert not watchdog.expired and not cancelled
    late = Watchdog(0.0)
    with late:
        for _ in range(600):  # the watchdog fires on its own while the transfer does nothing
            if late.expired:
                break
            threading.Event().wait(0.1)
    ran: list[bool] = []
    late.on_cancel(lambda: ran.append(True))  # registered after the budget ran out: runs at once
    assert late.expired and ran == [True]
