"""SIGTERM (`kill PID`, systemd stopping a service, a container shutting down) stops every
command the way Ctrl-C does: no partial file, work folder or lock is left (before: exactly
what kill -9 leaves), one line is printed, and the exit status is 143. Real processes, real
signals, sent while an episode is being written."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from narrate.follow.state import STATE_DIR, load_state
from narrate.run.lock import LOCK_NAME
from tests import web_content as web
from tests.loopback_site import LoopbackSite
from tests.test_faults import article, narrate_cmd
from tests.test_subscribe_hostile import subscribe_args
from tests.test_watch import Lines


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob(".*") if "partial" in p.name or p.name.endswith(".work")
                  or p.name == LOCK_NAME)


def writing(folder: Path) -> bool:
    """An episode is being written into `folder` (not the subscriptions' own state file, whose
    first save comes before anything is fetched: a signal then was a race of the test's)."""
    return any(("partial" in p.name or p.name.endswith(".work")) and STATE_DIR not in p.parts
               for p in folder.rglob(".*"))


def terminate_while_writing(args: list[object], out: Path, group: bool = False, signum: int = signal.SIGTERM,
                            again: bool = False) -> tuple[int, str]:
    """Start narrate, send `signum` once it is writing into `out` (`again`: to the process group
    every 20 ms until it has exited, as an impatient user presses Ctrl-C); (exit status, stderr)."""
    process = subprocess.Popen(narrate_cmd(*args), stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines = Lines(process)
    try:
        deadline = time.monotonic() + 300
        while not (out.exists() and writing(out)):
            assert process.poll() is None, lines.rest()
            assert time.monotonic() < deadline, "nothing was being written"
            time.sleep(0.02)
        (os.killpg if group else os.kill)(process.pid, signum)
        while again and process.poll() is None:
            time.sleep(0.02)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signum)
        rest = lines.rest(timeout=240)
        return process.wait(timeout=60), rest
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)


def test_sigterm_in_a_single_file_run(tmp_path):
    (tmp_path / "long.txt").write_text(article("A long read", 40))
    out = tmp_path / "out"
    out.mkdir()
    status, stderr = terminate_while_writing([tmp_path / "long.txt", "-o", out / "long.mp3", "--no-cache"], out)
    assert status == 143, stderr
    assert "interrupted: nothing was written" in stderr and "Traceback" not in stderr
    assert leftovers(out) == [] and not (out / "long.mp3").exists()


@pytest.mark.parametrize("group", [False, True], ids=["main-process", "process-group"])
def test_sigterm_in_a_batch(tmp_path, group):
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    for n in range(3):
        (src / f"story{n}.txt").write_text(article(f"Story {n}", 20))
    status, stderr = terminate_while_writing([src, "-o", out, "--no-cache", "-j", "2"], out, group)
    assert status == 143, stderr
    assert "interrupted: finished files are kept" in stderr and "Traceback" not in stderr
    assert leftovers(out) == []
    for episode in out.glob("*.mp3"):  # whatever finished is whole
        assert episode.with_suffix(".narrate.json").is_file()


def test_sigterm_in_subscribe(tmp_path):
    site = LoopbackSite()
    try:
        body = "".join(f"<p>Paragraph {n} of the long story says something plain.</p>" for n in range(40))
        feed = site.add("/feed.rss", web.rss_feed(site.base, [web.rss_item(site.base, f"s{n}", f"Story {n}", 10 + n,
                                                                           body) for n in range(3)]),
                        content_type="application/rss+xml")
        out = tmp_path / "podcast"
        status, stderr = terminate_while_writing(subscribe_args(feed, "-o", out), out)
    finally:
        site.close()
    assert status == 143, stderr
    assert "interrupted: finished episodes are kept" in stderr and "Traceback" not in stderr
    assert leftovers(out) == []
    assert [s.url for s in load_state(out).subscriptions] == [feed]


def test_sigterm_in_watch(tmp_path):
    inbox, out = tmp_path / "inbox", tmp_path / "podcast"
    inbox.mkdir()
    (inbox / "long.txt").write_text(article("A long read", 40))
    status, stderr = terminate_while_writing(["watch", inbox, "-o", out, "--settle", "0.2"], out)
    assert status == 143, stderr
    assert "stopped: finished episodes are kept; nothing half-written" in stderr and "Traceback" not in stderr
    assert leftovers(out) == []


@pytest.mark.parametrize("command", ["single-file", "batch", "watch"])
def test_ctrl_c_pressed_again_and_again_while_stopping_changes_nothing(tmp_path, command):
    """Before, a second Ctrl-C while narrate stopped cut its cleanup short: the process was
    killed by the signal (exit -2, Python's own handler was gone by then) or hung."""
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    for n in range(2):
        (src / f"story{n}.txt").write_text(article(f"Story {n}", 30))
    args: list[object] = {"single-file": [src / "story0.txt", "-o", out / "story0.mp3", "--no-cache", "-j", "1"],
                          "batch": [src, "-o", out, "--no-cache", "-j", "2"],
                          "watch": ["watch", src, "-o", out, "--settle", "0.2", "-j", "1"]}[command]
    out.mkdir()
    status, stderr = terminate_while_writing(args, out, signum=signal.SIGINT, again=True)
    assert status == 130, stderr
    assert "Traceback" not in stderr and len([line for line in stderr.splitlines()
                                              if line.startswith(("interrupted", "stopped"))]) == 1, stderr
    assert leftovers(out) == []
    if command == "single-file":
        assert not (out / "story0.mp3").exists()


def test_the_handler_is_in_place_before_the_commands_are_imported():
    """Importing the commands and their libraries takes a second and more on a busy machine; a
    Ctrl-C meanwhile was a KeyboardInterrupt traceback (exit -2), a SIGTERM a silent exit -15."""
    code = ("import signal, sys\n"
            "class Watch:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'narrate.cli.commands':\n"
            "            print(signal.getsignal(signal.SIGINT) is signal.getsignal(signal.SIGTERM),\n"
            "                  callable(signal.getsignal(signal.SIGTERM)), flush=True)\n"
            "sys.meta_path.insert(0, Watch())\n"
            "sys.argv = ['narrate', '--version']\n"
            "from narrate.cli import main\n"
            "main()\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.stdout.splitlines()[0] == "True True", result.stdout + result.stderr


def run_probe(folder: Path, code: str) -> subprocess.CompletedProcess[str]:
    """`code` (after `import signal` and run_stoppable's import) run as `python -m probe`:
    the exit path narrate takes, where CPython's own exit status rules apply."""
    (folder / "probe").mkdir()
    (folder / "probe" / "__main__.py").write_text(
        "import signal\nfrom narrate.cli.signals import run_stoppable\n" + code)
    return subprocess.run([sys.executable, "-m", "probe"], cwd=folder, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})


def test_an_interruption_that_passed_through_an_exec_still_exits_130(tmp_path):
    """CPython remembers a KeyboardInterrupt that escaped an exec() of a string (how dataclasses
    make their methods, so one raised while a module is imported can) and, at the end of
    `python -m ...`, exits by SIGINT: -2 where narrate said 130 (3 of 16 early interruptions)."""
    result = run_probe(tmp_path,
        "def main():\n"
        "    try:\n"
        "        exec('raise KeyboardInterrupt')\n"
        "    except KeyboardInterrupt:\n"
        "        pass\n"
        "    signal.raise_signal(signal.SIGINT)\n"
        "run_stoppable(main)\n")
    assert result.returncode == 130, result.stderr


def test_an_interruption_wrapped_by_python_while_a_class_is_made_is_still_one(tmp_path):
    """Python 3.11 wraps what __set_name__ raises ('Error calling __set_name__'): a Ctrl-C while
    a module made a class with a cached_property was a RuntimeError traceback."""
    result = run_probe(tmp_path,
        "class Named:\n"
        "    def __set_name__(self, owner, name):\n"
        "        signal.raise_signal(signal.SIGTERM)\n"
        "def main():\n"
        "    try:\n"
        "        type('Made', (), {'field': Named()})\n"
        "    except KeyboardInterrupt:\n"
        "        raise\n"
        "run_stoppable(main)\n")
    assert result.returncode == 143, result.stderr
    assert result.stderr.strip() == "interrupted: nothing was written"


def _catches_sigterm(pid: int) -> bool:
    """Whether the process has a handler for SIGTERM (narrate's is the first there is)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) & (1 << (signal.SIGTERM - 1)))
    return False


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc to see the handler")
@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["ctrl-c", "sigterm"])
@pytest.mark.parametrize("after", [0.0, 0.01, 0.05, 0.3])
def test_an_interruption_while_narrate_starts_is_one_line_and_its_exit_status(tmp_path, signum, status, after):
    (tmp_path / "a.txt").write_text(article("Early", 4))
    process = subprocess.Popen(narrate_cmd(tmp_path / "a.txt", "-o", tmp_path / "a.mp3", "--no-cache"),
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not _catches_sigterm(process.pid) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.001)
        time.sleep(after)
        os.killpg(process.pid, signum)
        stderr = process.communicate(timeout=120)[1]
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == status, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert len(stderr.strip().splitlines()) == 1, stderr
    assert not (tmp_path / "a.mp3").exists() and leftovers(tmp_path) == []


def test_sigterm_stops_serve_cleanly(tmp_path):
    (tmp_path / "pod").mkdir()
    process = subprocess.Popen(narrate_cmd("serve", tmp_path / "pod", "--port", "0"), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert process.stdout.readline().startswith("Serving 0 episodes")
        os.kill(process.pid, signal.SIGTERM)
        assert process.wait(timeout=60) == 0  # stopping is how a server ends
        assert process.stdout.read().splitlines()[-1] == "stopped"
        assert "Traceback" not in process.stderr.read()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert leftovers(tmp_path / "pod") == []
