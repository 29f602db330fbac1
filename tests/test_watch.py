"""`narrate watch` as a user runs it: a real process, real files dropped in, Ctrl-C as a signal."""

from __future__ import annotations

import io
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import podcastparser

from tests.audio_check import decode
from tests.test_faults import article


class Lines:
    """A process's stderr, read by a thread so a wait can time out instead of blocking."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.seen: list[str] = []
        self._queue: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, args=(process.stderr,), daemon=True).start()

    def _read(self, stream) -> None:  # type: ignore[no-untyped-def]
        for line in stream:
            self._queue.put(line)
        self._queue.put("")

    def wait_for(self, prefix: str, timeout: float = 120) -> str:
        """The next line starting with `prefix` (every line read is kept in `seen`)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._queue.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no line starting {prefix!r} within {timeout} s:\n" + self.text()) from None
            if not line:
                raise AssertionError("narrate watch ended early:\n" + self.text())
            self.seen.append(line)
            if line.startswith(prefix):
                return line

    def rest(self, timeout: float = 60) -> str:
        """Everything until the stream ends."""
        while True:
            line = self._queue.get(timeout=timeout)
            if not line:
                return self.text()
            self.seen.append(line)

    def text(self) -> str:
        return "".join(self.seen)


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
    lines = Lines(watcher)
    try:
        assert "waiting.txt -> " in lines.wait_for("done")
        lines.wait_for("feed")
        assert feed_titles(out) == {"Waiting since yesterday"}

        drop(inbox / "fresh.md", "# A fresh article\n\nIt was dropped into the folder.\n")
        assert "fresh.md -> " in lines.wait_for("done")
        lines.wait_for("feed")
        assert len(decode(out / "fresh.mp3")) > 1000
        assert feed_titles(out) == {"Waiting since yesterday", "A fresh article"}

        drop(inbox / "broken.txt", b"\x00\x01binary\x00" * 100)
        failed = lines.wait_for("failed")
        assert failed.strip() == f"failed   {inbox / 'broken.txt'} looks like a binary file, not text: " \
                                 "give narrate a text, Markdown, HTML or EPUB file"

        # Ctrl-C arrives while this is narrated: words of its own, so no earlier run's cached
        # speech can finish it before the signal lands
        drop(inbox / "long.txt", article(f"A long read {uuid.uuid4().hex[:8]}", 800))
        deadline = time.monotonic() + 60
        while not any("partial" in p.name for p in out.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any("partial" in p.name for p in out.iterdir()), "long.txt was not being written"
        os.killpg(watcher.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group
        rest = lines.rest()
        assert watcher.wait(timeout=60) == 130, rest
    finally:
        if watcher.poll() is None:
            os.killpg(watcher.pid, signal.SIGKILL)  # the watcher and its workers, whatever went wrong
    assert "stopped: finished episodes are kept" in rest and "Traceback" not in rest
    assert not [p for p in out.rglob("*") if "partial" in p.name]
    assert sorted(p.name for p in out.glob("*.mp3")) == ["fresh.mp3", "waiting.mp3"]


def test_a_file_that_arrives_during_the_catch_up_is_not_missed(tmp_path):
    from narrate.cli.progress import QuietProgress
    from narrate.episode.pipeline import NarrateOptions
    from narrate.follow.watch import FolderWatcher

    inbox, out = tmp_path / "inbox", tmp_path / "podcast"
    inbox.mkdir()
    (inbox / "old.txt").write_text("Old\n\nIt was here first.\n")

    class DropDuringCatchUp(QuietProgress):
        def start(self, files: int, chunks: int) -> None:
            if not (inbox / "during.txt").exists():
                drop(inbox / "during.txt", "During\n\nIt came while the first was narrated.\n")

    stop = threading.Event()
    deadline = threading.Timer(60, stop.set)  # a missed file fails the test instead of hanging it
    deadline.start()
    rounds = FolderWatcher(inbox, out, NarrateOptions(jobs=1), DropDuringCatchUp, settle=0.2).rounds(stop)
    catch_up = next(rounds)
    assert [r.job.source.name for r in catch_up.batch.results] == ["old.txt"]
    follow_up = next(rounds, None)
    stop.set()
    deadline.cancel()
    assert follow_up is not None, "during.txt was missed"
    assert [(r.job.source.name, r.status) for r in follow_up.batch.results] == [("during.txt", "done")]
    assert feed_titles(out) == {"Old", "During"}
