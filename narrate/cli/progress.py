"""What a batch shows while it runs: one bar on a terminal, one line per file otherwise,
nothing with --quiet. Every method may be called from several rendering threads.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
import threading
from typing import IO, Any

import click

from narrate.run.batch import FileResult, SilentProgress, failure_line
from narrate.clock import clock


class QuietProgress(SilentProgress):
    """--quiet: nothing while running (failures still appear in the final report)."""


class LineProgress(QuietProgress):
    """Not a terminal (a log, CI): one line per finished file, flushed at once."""

    def __init__(self, stream: IO[str] | None = None) -> None:
        self._stream = stream
        self._lock = threading.Lock()

    def finished(self, result: FileResult) -> None:
        if result.status == "done":
            line = f"done     {result.job.source} -> {result.job.output} ({clock(result.duration)})"
        elif result.status == "skipped":
            line = f"skipped  {result.job.source} ({result.reason})"
        else:
            line = f"failed   {failure_line(result)}"
        with self._lock:
            click.echo(line, file=self._stream or sys.stderr)


class ChunkBar:
    """One document's bar on a terminal: chunks spoken, audio made, an ETA, and until the
    first chunk is spoken what it waits for (a neural engine starts its workers and loads its
    model first: seconds, under load tens of them)."""

    def __init__(self, total: int, engine: str) -> None:
        self._waiting = f"starting {engine}: loading the voice, speaking the first chunks"
        self._seconds: float | None = None
        self._bar: Any = click.progressbar(length=max(total, 1), label="narrating", file=sys.stderr,
                                           show_eta=True, item_show_func=lambda _: self.status())
        self._bar.__enter__()

    def status(self) -> str:
        return self._waiting if self._seconds is None else f"{clock(self._seconds)} of audio"

    def advance(self, done: int, total: int, seconds: float) -> None:
        self._seconds = seconds
        self._bar.update(done - self._bar.pos)

    def render_finish(self) -> None:
        self._bar.render_finish()


class BarProgress(QuietProgress):
    """A terminal: one bar across the whole batch, counting chunks, showing audio made and an ETA."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bar: Any = None
        self._files = 0
        self._finished = 0
        self._audio = 0.0

    def start(self, files: int, chunks: int) -> None:
        self._files = files
        self._bar = click.progressbar(length=max(chunks, 1), label="narrating", file=sys.stderr,
                                      show_eta=True, item_show_func=lambda _: self._status())
        self._bar.__enter__()

    def _status(self) -> str:
        if not self._audio and not self._finished:
            return f"0/{self._files} files: loading the voice, speaking the first chunks"
        return f"{self._finished}/{self._files} files, {clock(self._audio)} of audio"

    def advance(self, chunks: int, seconds: float) -> None:
        with self._lock:
            self._audio += seconds
            if self._bar is not None:
                self._bar.update(chunks)

    def finished(self, result: FileResult) -> None:
        with self._lock:
            if result.status == "done":
                self._finished += 1
            if self._bar is not None:
                self._bar.update(0)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.render_finish()
            self._bar = None


def progress_for(quiet: bool, stream: IO[str] | None = None) -> QuietProgress:
    """The right audience for where stderr goes."""
    if quiet:
        return QuietProgress()
    target = stream or sys.stderr
    if target.isatty():
        return BarProgress()
    return LineProgress(stream)


@contextlib.contextmanager
def shown(progress: QuietProgress, interrupted: str) -> Iterator[QuietProgress]:
    """The progress display for a run, closed however it ends; Ctrl-C is one line and exit 130."""
    try:
        yield progress
    except KeyboardInterrupt:
        progress.close()
        click.echo(f"interrupted: {interrupted}", err=True)
        raise click.exceptions.Exit(130) from None
    finally:
        progress.close()
