"""`narrate watch`: narrate each article dropped into (or changed in) a folder once it settles.

On start, everything in the inbox that is not up to date is narrated (what arrived while the
watcher was stopped); after that, watchfiles reports changes and only those files are
narrated, each once its size and time have stopped changing. Outputs mirror the inbox under
OUT, whose podcast feed is rewritten after every round. A bad file fails alone, one line, and
the watcher keeps going; Ctrl-C stops it (KeyboardInterrupt, with nothing half-written).
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from narrate.episode.pipeline import NarrateOptions
from narrate.errors import InputError, NarrateError
from narrate.publish.feed import FeedResult, update_feed
from narrate.run.batch import BatchReport, Job, Progress, gather, run_batch

SETTLE_SECONDS = 1.0  # a file must keep its size and time this long before it is read
DEBOUNCE_MS = 500  # changes closer than this arrive as one round
WAKE_MS = 200  # how often the watching thread reports in (and sees a stop)


@dataclass
class Round:
    """What one pass did: the batch (None when nothing was to do), the feed, or a failure."""

    batch: BatchReport | None = None
    feed: FeedResult | None = None
    problems: list[str] = field(default_factory=list)


class FolderWatcher:
    def __init__(self, inbox: Path, out: Path, opts: NarrateOptions, progress: Callable[[], Progress],
                 pattern: str | None = None, settle: float = SETTLE_SECONDS) -> None:
        if not inbox.is_dir():
            raise InputError(f"{inbox} is not a folder: give the folder to watch")
        out.mkdir(parents=True, exist_ok=True)
        self.inbox, self.out, self.opts = inbox, out, opts
        self.progress, self.pattern, self.settle = progress, pattern, settle

    def catch_up(self) -> Round:
        """Narrate whatever in the inbox is new or changed since the last run."""
        return self._narrate(gather([self.inbox], self.out, self.pattern))

    def changed(self, paths: Iterable[Path]) -> Round:
        """Narrate these files (when they are articles in the inbox), once they settle."""
        wanted = {p.resolve() for p in settled(paths, self.settle)}
        jobs = [job for job in gather([self.inbox], self.out, self.pattern)
                if isinstance(job.source, Path) and job.source.resolve() in wanted]
        return self._narrate(jobs)

    def rounds(self, stop: threading.Event | None = None) -> Iterator[Round]:
        """catch_up, then a round per batch of changes, until Ctrl-C (or `stop` is set).

        The watcher starts before the catch-up, so a file that arrives during it is not missed."""
        stop = stop or threading.Event()
        changes: queue.Queue[set[tuple[object, str]]] = queue.Queue()
        watching = threading.Event()
        pump = threading.Thread(target=self._pump, args=(changes, watching, stop), daemon=True,
                                name="narrate-watch")
        pump.start()
        try:
            while not watching.wait(0.1):
                if not pump.is_alive():
                    raise InputError(f"cannot watch {self.inbox}: the file watcher did not start")
            yield self.catch_up()
            while not stop.is_set():
                try:
                    batch = changes.get(timeout=0.5)  # short waits: Ctrl-C is seen at once
                except queue.Empty:
                    if not pump.is_alive():  # the folder was removed, or the watcher failed
                        raise InputError(f"stopped watching {self.inbox}: it cannot be watched any more")
                    continue
                paths = [Path(path) for change, path in batch if change != _deleted()]
                if paths:
                    result = self.changed(paths)
                    if result.batch is not None or result.problems:
                        yield result
        finally:
            stop.set()

    def _pump(self, changes: queue.Queue[set[tuple[object, str]]], watching: threading.Event,
              stop: threading.Event) -> None:
        """watchfiles in a thread: an empty set every WAKE_MS says it is watching."""
        import watchfiles

        for found in watchfiles.watch(self.inbox, stop_event=stop, debounce=DEBOUNCE_MS, step=50,
                                      rust_timeout=WAKE_MS, yield_on_timeout=True, raise_interrupt=False,
                                      watch_filter=_not_hidden):
            watching.set()
            if found:
                changes.put(found)

    def _narrate(self, jobs: list[Job]) -> Round:
        result = Round()
        if not jobs:
            return result
        try:
            result.batch = run_batch(jobs, self.opts, self.progress())
            from narrate.follow.subscribe import DEFAULT_BASE_URL

            result.feed = update_feed(self.out, default_base_url=DEFAULT_BASE_URL)
        except NarrateError as exc:  # the output folder busy or unwritable: try again next round
            result.problems.append(str(exc))
        return result


def _deleted() -> object:
    import watchfiles

    return watchfiles.Change.deleted


def _not_hidden(change: object, path: str) -> bool:
    """Temporary files (narrate's own .partial files, editors' swap files) are not articles."""
    return not Path(path).name.startswith(".")


def settled(paths: Iterable[Path], seconds: float, poll: float = 0.2) -> list[Path]:
    """The files among `paths` once none has changed size or time for `seconds` (gone ones dropped)."""
    def signature(path: Path) -> tuple[int, int] | None:
        try:
            stat = os.stat(path)
        except OSError:
            return None
        return stat.st_size, stat.st_mtime_ns

    files = set(paths)
    last = {p: signature(p) for p in files}
    stable_since = time.monotonic()
    while time.monotonic() - stable_since < seconds:
        time.sleep(poll)
        now = {p: signature(p) for p in files}
        if now != last:
            last, stable_since = now, time.monotonic()
    return sorted(p for p, sig in last.items() if sig is not None)
