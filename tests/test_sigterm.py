"""SIGTERM (`kill PID`, systemd stopping a service, a container shutting down) stops every
command the way Ctrl-C does: no partial file, work folder or lock is left (before: exactly
what kill -9 leaves), one line is printed, and the exit status is 143. Real processes, real
signals, sent while an episode is being written."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from narrate.follow.state import load_state
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
    return any("partial" in p.name or p.name.endswith(".work") for p in folder.rglob(".*"))


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
