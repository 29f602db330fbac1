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
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from types import FrameType

INTERRUPTED = 130  # 128 + SIGINT
TERMINATED = 128 + signal.SIGTERM
RETRY_SECONDS = 0.02  # how soon an interruption put off is tried again


class _Terminate:
    """The SIGTERM handler: the first signal interrupts (once it is safe to); later ones do
    not cut the cleanup it starts short."""

    def __init__(self) -> None:
        self.received = False
        self.raised = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.raised or (signum == signal.SIGALRM and not self.received):
            return
        self.received = True
        if frame is not None and frame.f_code.co_filename.startswith("<frozen importlib"):
            signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)  # again as SIGALRM, in a moment
            return
        self.raised = True
        raise KeyboardInterrupt


def run_stoppable(main: Callable[[], object]) -> None:
    """Run `main` (the CLI) with SIGTERM taking Ctrl-C's path; exit 143 when it did."""
    handler = _Terminate()
    previous = {sig: signal.signal(sig, handler) for sig in (signal.SIGTERM, signal.SIGALRM)}
    try:
        main()
    except SystemExit as exc:
        if handler.received and exc.code == INTERRUPTED:
            raise SystemExit(TERMINATED) from None
        raise
    except KeyboardInterrupt:  # outside any command's own handling (while starting up)
        raise SystemExit(TERMINATED if handler.received else INTERRUPTED) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, action in previous.items():
            signal.signal(sig, action)
