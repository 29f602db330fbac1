"""`narrate watch` as a user runs it: a real process, real files dropped in, Ctrl-C as a signal."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import podcastparser

from tests.audio_check import decode
from tests.test_faults import article


def wait_for(process: subprocess.Popen, prefix: str, lines: list[str], timeout: float = 120) -> str:
    """Read stderr lines until one starts with `prefix` (all kept in `lines`)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            raise AssertionError("narrate watch ended early:\n" + "".join(lines))
        lines.append(line)
        if line.startswith(prefix):
            return line
    raise AssertionError(f"no line starting {prefix!r} within {timeout} s:\n" + "".join(lines))


def drop(path: Path, text: str | bytes) -> None:
    """Written under a hidden name and renamed, as a browser or a sync tool does."""
    temp = path.with_name("." + path.name + ".part")
    temp.write_bytes(text.encode() if isinstance(text, str) else text)
    temp.rename(path)


def feed_titles(out: Path) -> set[str]:
    parsed = podcastparser.parse("http://127.0.0.1:8000/feed.xml", io.BytesIO((out / "feed.xml").read_bytes()))
    return {episode["title"] for episode in parsed["episodes"]}


def test_watch_narrates_arrivals_survives_a_bad_file_and_stops_on_ctrl_c(tmp_path):
    inbox, out = tmp_path / "inbox", tmp_path / "podcast"
    inbox.mkdir()
    (inbox / "waiting.txt").write_text(article("Waiting since yesterday", 2))  # arrived while stopped
    watcher = subprocess.Popen([sys.executable, "-m", "narrate", "watch", str(inbox), "-o", str(out),
                                "--settle", "0.3", "-j", "1"],
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    lines: list[str] = []
    try:
        assert "waiting.txt -> " in wait_for(watcher, "done", lines)
        wait_for(watcher, "feed", lines)
        assert feed_titles(out) == {"Waiting since yesterday"}

        drop(inbox / "fresh.md", "# A fresh article\n\nIt was dropped into the folder.\n")
        assert "fresh.md -> " in wait_for(watcher, "done", lines)
        wait_for(watcher, "feed", lines)
        assert len(decode(out / "fresh.mp3")) > 1000
        assert feed_titles(out) == {"Waiting since yesterday", "A fresh article"}

        drop(inbox / "broken.txt", b"\x00\x01binary\x00" * 100)
        failed = wait_for(watcher, "failed", lines)
        assert failed.strip() == f"failed   {inbox / 'broken.txt'} looks like a binary file, not text: " \
                                 "give narrate a text, Markdown or HTML file"

        drop(inbox / "long.txt", article("A long read", 60))  # Ctrl-C arrives while this is narrated
        deadline = time.monotonic() + 60
        while not any("partial" in p.name for p in out.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any("partial" in p.name for p in out.iterdir()), "long.txt was not being written"
        os.killpg(watcher.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group
        rest = watcher.stderr.read()
        assert watcher.wait(timeout=60) == 130, "".join(lines) + rest
    finally:
        if watcher.poll() is None:
            watcher.kill()
    assert "stopped: finished episodes are kept" in rest and "Traceback" not in rest
    assert not [p for p in out.rglob("*") if "partial" in p.name]
    assert sorted(p.name for p in out.glob("*.mp3")) == ["fresh.mp3", "waiting.mp3"]
