"""The error logger runs while a batch is already handling a bug, so it never raises: any
source (paths, web addresses, feed item ids, odd objects), any error, and a log folder that
cannot be written (not a folder, immutable, a full disk)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from narrate.run.errorlog import unexpected_reason, write_traceback


class Hostile:
    def __str__(self) -> str:
        raise RuntimeError("no words for this")


class Unprintable(Exception):
    def __str__(self) -> str:
        raise ValueError("cannot say it")


SOURCES = ["http://127.0.0.1:8080/articles/caf\udce9?x=1", "http://[::1", "https://example.org/",
           "feed.xml#item-7", Path("/in/news/story.txt"), b"/in/caf\xe9.txt", 42, Hostile(), ""]


def error() -> BaseException:
    try:
        "lone \ud800".encode("utf-8")
    except UnicodeEncodeError as exc:
        return exc
    raise AssertionError("unreachable")


@pytest.mark.parametrize("source", SOURCES, ids=repr)
def test_any_source_gets_its_log_and_one_line(source, tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATE_LOG_DIR", str(tmp_path / "log"))
    line = unexpected_reason(source, error())
    assert line.startswith("unexpected error (UnicodeEncodeError: 'utf-8' codec can't encode character '\\ud800'")
    assert "\n" not in line
    line.encode("utf-8")  # no lone surrogate reaches the terminal
    [log] = (tmp_path / "log").iterdir()
    assert line.endswith(f"traceback in {log}")
    assert log.name.endswith(".log") and "/" not in log.name.removesuffix(".log")
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and "UnicodeEncodeError" in text


def test_the_same_source_twice_gets_two_logs(tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATE_LOG_DIR", str(tmp_path))
    first, second = write_traceback("http://h/a.html", error()), write_traceback("http://h/a.html", error())
    assert first != second and first.is_file() and second.is_file()


def test_an_error_that_cannot_say_what_it_is(tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATE_LOG_DIR", str(tmp_path))
    try:
        raise Unprintable()
    except Unprintable as exc:
        line = unexpected_reason(Path("a.txt"), exc)
    assert line.startswith("unexpected error (Unprintable: <Unprintable>); traceback in ")


def test_a_log_folder_that_is_a_file_or_immutable(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("NARRATE_LOG_DIR", str(tmp_path / "file" / "log"))
    assert write_traceback("http://h/a", error()) is None
    assert unexpected_reason("http://h/a", error()) == (
        "unexpected error (UnicodeEncodeError: 'utf-8' codec can't encode character '\\ud800' in position 5: "
        f"surrogates not allowed); its traceback could not be written to {tmp_path / 'file' / 'log'}")
    frozen = tmp_path / "frozen"
    frozen.mkdir()
    subprocess.run(["chattr", "+i", str(frozen)], check=True)  # root writes anywhere else
    try:
        monkeypatch.setenv("NARRATE_LOG_DIR", str(frozen))
        assert write_traceback(Path("b.txt"), error()) is None
    finally:
        subprocess.run(["chattr", "-i", str(frozen)], check=True)
    assert list(frozen.iterdir()) == []


def test_a_full_log_disk_leaves_no_half_written_log(tmp_path):
    log = tmp_path / "log"
    log.mkdir()
    script = (f"mount -t tmpfs -o size=64k tmpfs {log} && head -c 1M /dev/zero > {log}/filler 2>/dev/null; "
              f"NARRATE_LOG_DIR={log} {sys.executable} -c \"from narrate.run.errorlog import unexpected_reason; "
              f"print(unexpected_reason('http://h/x', RuntimeError('x' * 100000)))\"; echo rc=$?; ls {log}")
    run = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, check=True)
    assert run.stderr == ""
    assert run.stdout.split("\n")[:3] == [
        f"unexpected error (RuntimeError: {'x' * 200}); its traceback could not be written to {log}", "rc=0", "filler"]
