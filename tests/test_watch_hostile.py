"""`narrate watch` against what lands in a shared inbox: links out of the folder, names that
are not UTF-8, a file that never stops growing, the folder itself deleted and made again.
A real watcher process, real files, the episodes and feed read back."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from narrate.errors import InputError
from tests.test_faults import article
from tests.test_watch import Lines, drop, feed_titles


def start_watch(inbox: Path, out: Path, *extra: str) -> tuple[subprocess.Popen, Lines]:
    watcher = subprocess.Popen([sys.executable, "-m", "narrate", "watch", str(inbox), "-o", str(out),
                                "--settle", "0.3", "-j", "1", *extra],
                               stderr=subprocess.PIPE, text=True, start_new_session=True, errors="backslashreplace")
    return watcher, Lines(watcher)


def stop_watch(watcher: subprocess.Popen, lines: Lines) -> str:
    try:
        os.killpg(watcher.pid, signal.SIGINT)
        rest = lines.rest()
        assert watcher.wait(timeout=60) == 130, rest
    finally:
        if watcher.poll() is None:
            os.killpg(watcher.pid, signal.SIGKILL)
    assert "Traceback" not in rest, rest
    return rest


def test_a_link_out_of_the_folder_is_not_read_and_links_inside_are(tmp_path):
    inbox, out = tmp_path / "inbox", tmp_path / "podcast"
    (inbox / "archive").mkdir(parents=True)
    secret = tmp_path / "secret.txt"
    secret.write_text("Secret\n\nThe password is swordfish.\n")
    (inbox / "passwd.txt").symlink_to(secret)  # what a shared folder's other user can drop in
    (inbox / "archive" / "kept.txt").write_text(article("Kept in the archive", 2))
    (inbox / "latest.txt").symlink_to(inbox / "archive" / "kept.txt")  # inside to inside: fine
    watcher, lines = start_watch(inbox, out)
    try:
        refused = lines.wait_for("failed: ")
        assert refused.strip() == (f"failed: {inbox / 'passwd.txt'}: a link to {secret}, outside {inbox}: not read")
        lines.wait_for("feed")
        # and one that arrives later, as a link inside a folder moved in whole
        (tmp_path / "moved").mkdir()
        (tmp_path / "moved" / "shadow.md").symlink_to(secret)
        (tmp_path / "moved").rename(inbox / "moved")
        assert lines.wait_for("failed: ").strip() == (
            f"failed: {inbox / 'moved' / 'shadow.md'}: a link to {secret}, outside {inbox}: not read")
    finally:
        stop_watch(watcher, lines)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.mp3")) == ["archive/kept.mp3", "latest.mp3"]
    assert "swordfish" not in (out / "feed.xml").read_text() and "Secret" not in feed_titles(out)


def test_a_link_swapped_in_before_the_read_is_caught_on_the_open_file(tmp_path):
    from narrate.run.batch import read_within

    inside, outside = tmp_path / "inbox", tmp_path / "elsewhere"
    inside.mkdir()
    outside.mkdir()
    (outside / "secret.txt").write_text("swordfish")
    (inside / "real.txt").write_text("fine")
    (inside / "ok.txt").symlink_to(inside / "real.txt")
    assert read_within(inside / "ok.txt", inside) == b"fine"
    (inside / "evil.txt").symlink_to(outside / "secret.txt")
    with pytest.raises(InputError, match="outside"):
        read_within(inside / "evil.txt", inside)
    (inside / "sub").symlink_to(outside)  # a folder link: the path looks inside, the file is not
    with pytest.raises(InputError, match="outside"):
        read_within(inside / "sub" / "secret.txt", inside)
    os.mkfifo(inside / "pipe.txt")  # never blocks, never read
    with pytest.raises(InputError, match="not a regular file"):
        read_within(inside / "pipe.txt", inside)
    with pytest.raises(InputError, match=f"{inside / 'gone.txt'}: no such file"):
        read_within(inside / "gone.txt", inside)


def test_names_that_are_not_utf8_are_narrated_and_do_not_stop_the_watcher(tmp_path):
    """Before, watchfiles gave up on such a name and the watcher died (again at each start)."""
    inbox, out = tmp_path / "inbox", tmp_path / "podcast"
    inbox.mkdir()
    with open(os.path.join(os.fsencode(inbox), b"caf\xe9 menu.txt"), "wb") as handle:  # Latin-1
        handle.write(article("The cafe menu", 2).encode())
    watcher, lines = start_watch(inbox, out)
    try:
        assert "caf\\udce9 menu.txt -> " in lines.wait_for("done")
        lines.wait_for("feed")
        with open(os.path.join(os.fsencode(inbox), b"l\xe9gumes.md"), "wb") as handle:  # arrives later
            handle.write(b"Plain words with no heading, from a file with a Latin-1 name.\n")
        assert "l\\udce9gumes.md -> " in lines.wait_for("done")
        lines.wait_for("feed")
        drop(inbox / "after.txt", article("After the strange names", 2))
        assert "after.txt -> " in lines.wait_for("done")
        lines.wait_for("feed")
    finally:
        stop_watch(watcher, lines)
    assert sorted(os.fsencode(p.name) for p in out.glob("*.mp3")) == [
        b"after.mp3", b"caf\xe9 menu.mp3", b"l\xe9gumes.mp3"]
    assert feed_titles(out) == {"The cafe menu", "L\u00e9gumes", "After the strange names"}
    assert "l%E9gumes.mp3" in (out / "feed.xml").read_text()
    watcher, lines = start_watch(inbox, out)  # and after a restart: the catch-up goes past them
    try:
        drop(inbox / "restart.txt", article("After the restart", 2))
        assert "restart.txt -> " in lines.wait_for("done")
    finally:
        stop_watch(watcher, lines)


def test_a_file_that_keeps_growing_does_not_hold_up_the_others(tmp_path):
    """growing.txt gets a line every 0.1 s until other.txt has been narrated (or for 120 s):
    before, every file waited for the last one to settle, so other.txt waited too."""
    inbox, out = tmp_path / "inbox", tmp_path / "podcast"
    inbox.mkdir()
    watcher, lines = start_watch(inbox, out)
    stop_growing, stopped_by_cap = threading.Event(), threading.Event()

    def grow() -> None:
        deadline = time.monotonic() + 120
        with open(inbox / "growing.txt", "w") as handle:
            handle.write("Growing\n\n")
            while not stop_growing.is_set():
                if time.monotonic() > deadline:
                    stopped_by_cap.set()
                    return
                handle.write("More of the log arrives. ")
                handle.flush()
                time.sleep(0.1)

    grower = threading.Thread(target=grow, daemon=True)
    try:
        lines.wait_for("Watching")
        grower.start()
        time.sleep(0.5)
        drop(inbox / "other.txt", article("Another article", 2))
        done = lines.wait_for("done", timeout=180)
        assert "other.txt -> " in done and not stopped_by_cap.is_set(), "other.txt waited for growing.txt"
        stop_growing.set()
        assert "growing.txt -> " in lines.wait_for("done", timeout=180)  # once it stops, it settles
    finally:
        stop_growing.set()
        stop_watch(watcher, lines)


def test_a_deleted_and_re_created_folder_is_said_and_watched_again(tmp_path):
    inbox, out = tmp_path / "inbox", tmp_path / "podcast"
    inbox.mkdir()
    (inbox / "first.txt").write_text(article("The first article", 2))
    watcher, lines = start_watch(inbox, out)
    try:
        lines.wait_for("feed")
        shutil.rmtree(inbox)
        assert lines.wait_for(str(inbox)).strip() == f"{inbox} is gone: waiting for it to be made again"
        inbox.mkdir()
        assert lines.wait_for("watching ").strip() == f"watching {inbox} again"
        drop(inbox / "second.txt", article("The second article", 2))
        assert "second.txt -> " in lines.wait_for("done")
        lines.wait_for("feed")
        # replaced in one step (a sync tool renaming a fresh copy over it): also seen
        fresh = tmp_path / "fresh"
        fresh.mkdir()
        (fresh / "third.txt").write_text(article("The third article", 2))
        shutil.rmtree(inbox)
        fresh.rename(inbox)
        assert "third.txt -> " in lines.wait_for("done")
        lines.wait_for("feed")
    finally:
        stop_watch(watcher, lines)
    assert feed_titles(out) == {"The first article", "The second article", "The third article"}
