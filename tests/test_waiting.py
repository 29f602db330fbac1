"""A Ctrl-C that the kernel hands to a thread other than the main one still ends the main
thread's wait at once (narrate.waiting). Each case runs in a process of its own: the signal
is sent to one chosen thread with pthread_kill, as the kernel does when the main thread
cannot take it."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

LATE_SECONDS = 4.0  # the result comes this late; an interruptible wait ends long before

SCRIPT = textwrap.dedent("""
    import signal, sys, threading, time
    from concurrent.futures import Future, as_completed
    from narrate.waiting import completed, joined, result_of

    late = {late}
    future = Future()
    worker = threading.Thread(target=time.sleep, args=(late,))
    worker.start()
    threading.Timer(late, future.set_result, (1,)).start()

    def interrupt_from_elsewhere():
        time.sleep(0.3)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # to this thread, not the main one

    threading.Thread(target=interrupt_from_elsewhere).start()
    started = time.monotonic()
    try:
        {wait}
    except KeyboardInterrupt:
        print(f"interrupted after {{time.monotonic() - started:.2f}}")
    else:
        print("not interrupted")
""")


def _waited(wait: str) -> str:
    run = subprocess.run([sys.executable, "-c", SCRIPT.format(late=LATE_SECONDS, wait=wait)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def _seconds(said: str) -> float:
    assert said.startswith("interrupted after "), said
    return float(said.split()[-1])


@pytest.mark.parametrize("wait", ["result_of(future)", "joined(worker)", "list(completed([future]))"])
def test_a_ctrl_c_landing_in_another_thread_ends_the_wait_at_once(wait: str):
    assert _seconds(_waited(wait)) < 1.5


@pytest.mark.parametrize("wait", ["future.result()", "worker.join()", "list(as_completed([future]))"])
def test_the_plain_waits_do_not_wake_for_it(wait: str):
    """Why narrate.waiting exists: the standard library's waits end only when the result comes."""
    said = _waited(wait)
    assert said == "not interrupted" or _seconds(said) >= LATE_SECONDS - 0.5
