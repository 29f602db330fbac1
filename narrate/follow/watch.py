"""`narrate watch`: narrate each article dropped into (or changed in) a folder once it settles.

On start, everything in the inbox that is not up to date is narrated (what arrived while the
watcher was stopped). After that, watchfiles says where something changed, and each changed
file is narrated once its own size and time have stopped changing: a file that keeps
growing waits alone, and the others go ahead. Outputs mirror the inbox under OUT, whose
podcast feed is rewritten after every round. A bad file fails alone, one line, and the
watcher keeps going; Ctrl-C stops it (KeyboardInterrupt, with nothing half-written).

What the watcher never does:
- read a file whose real path is outside the inbox. A link to /etc/passwd dropped in is one
  line, not an episode whose text is published in the feed. Links from one place in the
  inbox to another are followed: what they lead to was put in the inbox by its owner too.
  The check is made on the opened file (narrate.run.batch `within`), so a link swapped in
  between a look and the read changes nothing.
- stop on a name that is not UTF-8. watchfiles cannot report such a file and gives up its
  whole batch of changes; the watcher starts it again and looks over the folder itself, and
  the file is narrated like any other.
- go on silently when the inbox is deleted: it says so, waits for the folder to be made
  again, and then catches up with what is in it.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from narrate.episode.pipeline import NarrateOptions
from narrate.errors import InputError, NarrateError
from narrate.publish.feed import FeedResult, update_feed
from narrate.run.batch import BatchReport, Job, Progress, gather, run_batch

SETTLE_SECONDS = 1.0  # a file must keep its size and time this long before it is read
DEBOUNCE_MS = 500  # changes closer than this arrive as one round
WAKE_MS = 200  # how often the watching thread reports in (and sees a stop)
TICK = 0.2  # seconds between looks at the files still settling (and at the inbox itself)
START_SECONDS = 30.0  # watchfiles must be watching within this
RESCAN = "rescan"  # from the watching thread: look over the whole inbox (changes were lost)

Signature = tuple[int, int, int]  # size, modification time (ns), inode


@dataclass
class Round:
    """What one pass did: the batch (None when nothing was to do), the feed, failures, notes."""

    batch: BatchReport | None = None
    feed: FeedResult | None = None
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # the inbox went away, or came back

    @property
    def worth_telling(self) -> bool:
        return self.batch is not None or bool(self.problems or self.notes)


class FolderWatcher:
    def __init__(self, inbox: Path, out: Path, opts: NarrateOptions, progress: Callable[[], Progress],
                 pattern: str | None = None, settle: float = SETTLE_SECONDS) -> None:
        if not inbox.is_dir():
            raise InputError(f"{inbox} is not a folder: give the folder to watch")
        out.mkdir(parents=True, exist_ok=True)
        self.inbox, self.out, self.opts = inbox, out, opts
        self.progress, self.pattern, self.settle = progress, pattern, settle
        self.known: dict[str, Signature] = {}  # every article seen, as it was when last looked at
        self.pending: dict[str, tuple[Signature, float]] = {}  # changed, settling: since when

    def catch_up(self) -> Round:
        """Narrate whatever in the inbox is new or changed since the last run (a file still
        being written, changed within the last `settle` seconds, waits in `pending`)."""
        jobs, refused = self._articles()
        for key in refused:  # said once, not again until it changes
            if (signature := _signature(Path(key))) is not None:
                self.known[key] = signature
        now, wall = time.monotonic(), time.time()
        ready = []
        for job in jobs:
            key, signature = _key(job.source), _signature(job.source)
            if signature is None:
                continue
            if wall - _mtime(job.source) < self.settle:
                self.pending[key] = (signature, now)
            else:
                self.known[key] = signature
                ready.append(job)
        return self._narrate(ready, list(refused.values()))

    def rounds(self, stop: threading.Event | None = None) -> Iterator[Round]:
        """catch_up, then a round per batch of settled changes, until Ctrl-C (or `stop` is set).
        If the inbox is deleted, one round says so and the next says it is watched again."""
        stop = stop or threading.Event()
        try:
            while not stop.is_set():
                yield from self._watch(stop)
                if stop.is_set():
                    return
                if self.inbox.is_dir():  # another folder under the same name, in one step
                    yield Round(notes=[f"{self.inbox} was replaced: watching the new folder"])
                    continue
                yield Round(notes=[f"{self.inbox} is gone: waiting for it to be made again"])
                while not self.inbox.is_dir():
                    if stop.wait(TICK * 2):
                        return
                yield Round(notes=[f"watching {self.inbox} again"])
        finally:
            stop.set()

    def _watch(self, stop: threading.Event) -> Iterator[Round]:
        """Watch the inbox as it is now; return once it is gone or replaced by another folder.
        The watcher starts before the catch-up, so a file that arrives during it is not missed."""
        identity = _identity(self.inbox)
        hints: queue.Queue[object] = queue.Queue()
        watching, halt = threading.Event(), threading.Event()
        pump = self._start_pump(hints, watching, halt)
        try:
            if not watching.wait(START_SECONDS) and not stop.is_set():
                raise InputError(f"cannot watch {self.inbox}: the file watcher did not start")
            first = self.catch_up()
            if first.worth_telling:
                yield first
            while not stop.is_set():
                changes, rescan = _drain(hints)
                if _identity(self.inbox) != identity:
                    return
                if not pump.is_alive():  # it gave up: a new one, and a look over the folder
                    pump = self._start_pump(hints, watching, halt)
                    rescan = True
                self._note_changes(changes, rescan)
                ready = self._settled(self.pending)
                if ready:
                    result = self._narrate_keys(set(ready))
                    if result.worth_telling:
                        yield result
        finally:
            halt.set()

    def _note_changes(self, changes: set[tuple[object, str]], rescan: bool) -> None:
        """Changed files start settling; a folder (moved in whole) or lost changes: a rescan."""
        now = time.monotonic()
        for change, path in changes:
            key = _key(path)
            if change == _deleted():
                self.pending.pop(key, None)
                self.known.pop(key, None)
            elif os.path.isdir(key):
                rescan = True
            elif (signature := _signature(Path(key))) is not None:
                if self.pending.get(key, (None, 0.0))[0] != signature:
                    self.pending[key] = (signature, now)
        if rescan:
            for job in gather([self.inbox], self.out, self.pattern):
                key, signature = _key(job.source), _signature(job.source)
                if signature is not None and signature != self.known.get(key) and key not in self.pending:
                    self.pending[key] = (signature, now)

    def _settled(self, pending: dict[str, tuple[Signature, float]]) -> list[str]:
        """The files that have stayed the same for `settle` seconds (taken out of `pending`);
        one that changed starts again, one that is gone is dropped."""
        now = time.monotonic()
        ready = []
        for key, (signature, since) in list(pending.items()):
            current = _signature(Path(key))
            if current is None:
                del pending[key]
            elif current != signature:
                pending[key] = (current, now)
            elif now - since >= self.settle:
                del pending[key]
                self.known[key] = current
                ready.append(key)
        return ready

    def _start_pump(self, hints: queue.Queue[object], watching: threading.Event,
                    halt: threading.Event) -> threading.Thread:
        pump = threading.Thread(target=self._pump, args=(hints, watching, halt), daemon=True,
                                name="narrate-watch")
        pump.start()
        return pump

    def _pump(self, hints: queue.Queue[object], watching: threading.Event, halt: threading.Event) -> None:
        """watchfiles in a thread: an empty set every WAKE_MS says it is watching. When it
        fails (a name that is not UTF-8), it starts again and asks for a rescan."""
        import watchfiles

        restarted = False
        while not halt.is_set():
            try:
                for found in watchfiles.watch(self.inbox, stop_event=halt, debounce=DEBOUNCE_MS,
                                              step=50, rust_timeout=WAKE_MS, yield_on_timeout=True,
                                              raise_interrupt=False, watch_filter=_not_hidden):
                    watching.set()
                    if restarted:  # watching again: a look over the folder finds what came meanwhile
                        hints.put(RESCAN)
                        restarted = False
                    if found:
                        hints.put(found)
                return
            except Exception:  # noqa: BLE001 - what it could not report is found by the rescan
                restarted = True
                if not self.inbox.is_dir():
                    return
                halt.wait(TICK)

    def _articles(self) -> tuple[list[Job], dict[str, str]]:
        """Every article in the inbox, and a line for each link that leads out of it."""
        root = os.path.realpath(self.inbox)
        jobs, refused = [], {}
        for job in gather([self.inbox], self.out, self.pattern):
            real = os.path.realpath(job.source)
            if _inside(real, root):
                jobs.append(job)
            else:
                refused[_key(job.source)] = f"{job.source}: a link to {_shown(real)}, outside {self.inbox}: not read"
        return jobs, refused

    def _narrate_keys(self, keys: set[str]) -> Round:
        jobs, refused = self._articles()
        return self._narrate([job for job in jobs if _key(job.source) in keys],
                             [line for key, line in refused.items() if key in keys])

    def _narrate(self, jobs: list[Job], refused: list[str] | None = None) -> Round:
        result = Round(problems=list(refused or ()))
        if not jobs:
            return result
        try:
            result.batch = run_batch(jobs, self.opts, self.progress(), within=self.inbox)
            from narrate.follow.subscribe import DEFAULT_BASE_URL

            result.feed = update_feed(self.out, default_base_url=DEFAULT_BASE_URL)
        except NarrateError as exc:  # the output folder busy or unwritable: try again next round
            result.problems.append(str(exc))
        except OSError as exc:  # a full disk while drawing the feed's cover
            result.problems.append(f"cannot write the feed in {self.out}: {exc.strerror or exc}")
        return result


def _drain(hints: queue.Queue[object]) -> tuple[set[tuple[object, str]], bool]:
    """What the watching thread reported since the last look (waiting up to one TICK)."""
    changes: set[tuple[object, str]] = set()
    rescan = False
    timeout: float | None = TICK
    while True:
        try:
            hint = hints.get(timeout=timeout) if timeout else hints.get_nowait()
        except queue.Empty:
            return changes, rescan
        timeout = None
        if hint == RESCAN:
            rescan = True
        else:
            changes |= hint  # type: ignore[arg-type]


def _shown(path: Path | str) -> str:
    """A path as a line can show it: bytes that are not UTF-8 as \\xNN."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _key(path: Path | str) -> str:
    return os.path.abspath(path)


def _inside(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def _identity(folder: Path) -> tuple[int, int] | None:
    """Which folder this is (device, inode): another one made under the same name differs."""
    try:
        info = os.stat(folder)
    except OSError:
        return None
    return (info.st_dev, info.st_ino) if os.path.isdir(folder) else None


def _signature(path: Path) -> Signature | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns, info.st_ino


def _mtime(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0.0


def _deleted() -> object:
    import watchfiles

    return watchfiles.Change.deleted


def _not_hidden(change: object, path: str) -> bool:
    """Temporary files (narrate's own .partial files, editors' swap files) are not articles."""
    return not Path(path).name.startswith(".")
