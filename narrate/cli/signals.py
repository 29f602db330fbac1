"""SIGTERM stops narrate the way Ctrl-C does.

`kill PID`, systemd stopping a service, a container shutting down and `timeout` send SIGTERM,
whose default is to die on the spot: partial files, work folders and the output folder's
lock would stay behind, as after kill -9. Turned into KeyboardInterrupt, it takes the path
Ctrl-C takes in every command (a single file, a batch, subscribe, watch, serve): running
work stops, temporary files go, state is saved, one line is printed. Where Ctrl-C exits with
130, SIGTERM exits with 143 (128 + SIGTERM), so a script sees what stopped the run;
`narrate serve`, for which stopping is the normal end, exits 0 either way.

The interruption is never raised inside Python's import machinery: there it could leave
the global import lock taken (between its acquire and its `try`), and the next thread to
import anything (a cover being drawn) would wait for ever, and the process with it. It is
raised a moment later instead, once the import code has let go.

A second Ctrl-C (people press it twice) or SIGTERM while narrate is stopping does not cut
the cleanup short: raised again in the middle of it, it left a run hanging, or killed the
process by the signal itself once Python had put the default handlers back on its way out
(exit -2, not 130). The first one stops narrate; those that follow within GRACE_SECONDS are
ignored, and so is any that comes once narrate is leaving. One later than that (narrate is
stuck) interrupts again.
"""

from __future__ import annotations

import signal
import sys
import time
from collections.abc import Callable
from types import FrameType

INTERRUPTED = 130  # 128 + SIGINT
ABORTED = 1  # click's exit status for a KeyboardInterrupt outside a command
TERMINATED = 128 + signal.SIGTERM
RETRY_SECONDS = 0.02  # how soon an interruption put off is tried again
GRACE_SECONDS = 10.0  # how long a stop may take before another Ctrl-C interrupts it


class _Interrupt:
    """The SIGINT and SIGTERM handler: the first signal interrupts (once it is safe to);
    later ones do not cut the cleanup it starts short."""

    def __init__(self) -> None:
        self.first: int | None = None  # the signal that stopped narrate
        self.raised_at: float | None = None

    @property
    def status(self) -> int:
        """The exit status for the signal that stopped narrate."""
        return TERMINATED if self.first == signal.SIGTERM else INTERRUPTED

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if signum == signal.SIGALRM:  # an interruption put off (below), tried again
            if self.first is None or self.raised_at is not None:
                return
        elif self.raised_at is not None:
            if time.monotonic() - self.raised_at < GRACE_SECONDS:
                return
        elif self.first is None:
            self.first = signum
        if frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
            signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)  # again as SIGALRM, in a moment
            return
        self.raised_at = time.monotonic()
        raise KeyboardInterrupt


def run_stoppable(main: Callable[[], object]) -> None:
    """Run `main` (the CLI) with SIGTERM taking Ctrl-C's path; exit 143 when it did."""
    handler = _Interrupt()
    watched = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)
    previous = {sig: signal.signal(sig, handler) for sig in watched}
    try:
        main()
    except SystemExit as exc:
        if handler.raised_at is not None and exc.code in (INTERRUPTED, ABORTED):
            # click's "Aborted!" (exit 1) is an interruption while it read the command line
            raise SystemExit(handler.status) from None
        raise
    except (KeyboardInterrupt, Exception) as exc:
        # a KeyboardInterrupt here came outside any command's own handling (while starting
        # up); raised while a class was made, it comes wrapped ("Error calling __set_name__",
        # Python 3.11), and is still one
        if not isinstance(exc, KeyboardInterrupt) and (handler.raised_at is None or not _interrupted(exc)):
            raise
        print("interrupted: nothing was written", file=sys.stderr)
        raise SystemExit(handler.status) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, action in previous.items():  # once stopped, nothing more interrupts the exit
            signal.signal(sig, signal.SIG_IGN if handler.first is not None else action)
        if handler.first is not None:
            _forget_escaped_interrupt()


def _interrupted(exc: BaseException) -> bool:
    """Whether `exc` was caused by a KeyboardInterrupt (its cause or context, at any depth)."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _forget_escaped_interrupt() -> None:
    """CPython remembers a KeyboardInterrupt that escaped any exec() of a string (dataclasses
    and namedtuple make their methods that way, so an interruption while a module is imported
    can pass through one) and, at the end of `python -m narrate`, exits by SIGINT instead of
    with narrate's status: -2, not 130 or 143. Running a string resets what it remembers."""
    exec("pass")  # noqa: S102 - a constant: the reset is the point
