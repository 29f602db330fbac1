"""The inbox's background work: fetch what was sent, narrate it, update the feed.

A thread of the server (`Fetcher`) takes the oldest waiting jobs a few at a time and fetches
each web address under the inbox's address policy (public addresses only, or
--allow-private), keeping its page in the queue's folder. A process of its own (`Narrator`,
spawned; it and the synthesis workers it starts run at nice +10, and none of its Python
work holds the server's interpreter lock) narrates the fetched jobs with the batch machinery
(narrate.run.batch: the folder lock, up-to-date checks, atomic outputs) into DIR/inbox/, on
this machine's worker pool or a Dask cluster; the two share only the SQLite queue. Each job
is marked done or failed as its episode is written, and the feed is rewritten then. When another narrate run holds the folder (subscribe, watch, a batch), the
jobs wait and are tried again a few seconds later: nothing is dropped.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrate.episode.manifest import read_manifest
from narrate.episode.pipeline import NarrateOptions
from narrate.errors import NarrateError
from narrate.fetch.addresses import PUBLIC_ONLY, AddressPolicy
from narrate.fetch.http import Limits
from narrate.fetch.page import fetch_page
from narrate.fetch.pool import fetch_politely
from narrate.fileio import atomic_path
from narrate.inbox.executor import ResidentExecutor
from narrate.inbox.queue import FETCHED, FETCHING, FILE, NARRATING, JobQueue, JobRecord
from narrate.inbox.submitted import inbox_reason
from narrate.run.batch import FileResult, Job, SilentProgress, run_batch
from narrate.run.errorlog import unexpected_reason
from narrate.run.lock import LockedError
from narrate.synthesis.lifeline import interruptions_deferred

CLAIM = 4  # jobs taken at once: narrated together, so the workers stay busy between them
BUSY_RETRY_SECONDS = 5.0  # how soon jobs try again when another run holds the folder
IDLE_SECONDS = 60.0  # the worker pool is stopped after this long with nothing to do
NICE = 10
PAGES, FILES = "pages", "files"
# The inbox's episodes have a folder of their own in the podcast's, locked while it writes
# there (narrate.run.lock): `narrate watch` or `subscribe` writing into the same podcast, each
# into its own folder, never waits for it, nor it for them.
EPISODES = "inbox"


@dataclass
class InboxSettings:
    """How the inbox narrates: the options of `narrate serve --inbox`."""

    folder: Path
    opts: NarrateOptions = field(default_factory=NarrateOptions)
    policy: AddressPolicy = PUBLIC_ONLY
    scheduler: str | None = None  # a Dask scheduler's address, or 'local'
    fetch_timeout: float = 20.0
    subfolder: str = EPISODES  # where in the podcast folder its episodes go

    def episode(self, stem: str) -> tuple[str, str]:
        """(the name wanted for an episode, its extension): 'inbox/harbour-trams', '.mp3'."""
        from narrate.audio.formats import DEFAULT_FORMAT, suffix_for

        return f"{self.subfolder}/{stem}" if self.subfolder else stem, suffix_for(self.opts.output_format or DEFAULT_FORMAT)


def upload_path(queue: JobQueue, key: str, name: str) -> Path:
    """Where an upload waits to be narrated: a folder per content, the file named as it was
    sent (so the name can title it)."""
    return queue.state_dir / FILES / key.partition(":")[2][:16] / name


def page_path(queue: JobQueue, job: JobRecord) -> Path:
    return queue.state_dir / PAGES / f"{job.id}.html"


class Fetcher:
    """The server's thread that fetches: waiting jobs become fetched ones (or failed)."""

    def __init__(self, queue: JobQueue, settings: InboxSettings, fetched: Callable[[], None],
                 log: Callable[[str], None]) -> None:
        self.queue, self.settings, self.fetched, self.log = queue, settings, fetched, log
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="narrate-inbox-fetch", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def wake(self) -> None:
        """A job was added: look at the queue now."""
        self._wake.set()

    def stop(self, seconds: float = 2.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.ident is not None:
            self._thread.join(seconds)

    def _loop(self) -> None:
        while not self._stop.is_set():
            jobs = self.queue.claim(CLAIM)
            if not jobs:
                if self._wake.wait(1.0):
                    self._wake.clear()
                continue
            try:
                self._fetch(jobs)
            except Exception as exc:  # noqa: BLE001 - a bug costs these jobs, never the worker
                reason = unexpected_reason(self.settings.folder, exc)
                for job in jobs:
                    current = self.queue.get(job.id)
                    if current is not None and current.state == FETCHING:
                        self.queue.fail(job.id, reason)
                self.log(f"inbox: {reason}")
            self.fetched()

    def _fetch(self, jobs: list[JobRecord]) -> None:
        for job in jobs:
            if job.kind == FILE:
                path = upload_path(self.queue, job.key, job.source)
                if path.is_file():
                    self.queue.update(job.id, state=FETCHED)
                else:
                    self.queue.fail(job.id, f"{job.source}: the uploaded file is gone from {path.parent}; send it again")
        web = [job for job in jobs if job.kind != FILE]
        for job, outcome in fetch_politely(web, lambda j: j.source, self._page):
            if isinstance(outcome, NarrateError):
                self.queue.fail(job.id, inbox_reason(str(outcome), self.settings.policy))
            elif isinstance(outcome, Exception):
                self.queue.fail(job.id, unexpected_reason(self.settings.folder, outcome))
            else:
                self.queue.update(job.id, state=FETCHED)

    def _page(self, job: JobRecord) -> None:
        """Fetch the page and keep it, unless an attempt that a stop or a kill cut short did."""
        path = page_path(self.queue, job)
        if job.page_url and path.is_file():
            return
        from narrate.text.readers.html import page_title

        limits = Limits(timeout=self.settings.fetch_timeout, addresses=self.settings.policy)
        page = fetch_page(job.source, limits)
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(path) as temp:
            temp.write_text(page.html, encoding="utf-8")
        title = page_title(page.html, None) or ""
        self.queue.update(job.id, page_url=page.url, title=title[:300])


@dataclass(frozen=True)
class FeedAddress:
    """Where the server publishes the feed: what the narrator writes it for."""

    default_base_url: str
    serve_under: str = ""


class Narrator:
    """Narrates fetched jobs; runs in its own process (`run_narrator`)."""

    def __init__(self, queue: JobQueue, settings: InboxSettings, on_done: Callable[[], None],
                 log: Callable[[str], None]) -> None:
        self.queue, self.settings, self.on_done, self.log = queue, settings, on_done, log
        self._executor = ResidentExecutor(self._progress)
        self._running: dict[Path, int] = {}  # episode path -> the id of the job narrating it
        self._told: dict[int, tuple[float, float]] = {}  # job id -> (share, when) last written
        self._stop = threading.Event()

    def loop(self, wake: Any = None) -> None:
        """Until stopped: the oldest fetched jobs, a few at a time; the worker pool is let go
        after IDLE_SECONDS with nothing to do."""
        idle = 0.0
        try:
            while not self._stop.is_set():
                jobs = self.queue.claim(CLAIM, FETCHED, NARRATING)
                if not jobs:
                    if wake is not None and wake.wait(0.5):
                        wake.clear()
                        continue
                    if wake is None:
                        self._stop.wait(0.5)
                    idle += 0.5
                    if idle >= IDLE_SECONDS:
                        self._executor.idle()
                    continue
                idle = 0.0
                try:
                    self._narrate(jobs)
                except Exception as exc:  # noqa: BLE001 - a bug costs these jobs, never the worker
                    reason = unexpected_reason(self.settings.folder, exc)
                    for job in jobs:
                        current = self.queue.get(job.id)
                        if current is not None and current.state == NARRATING:
                            self.queue.fail(job.id, reason)
                    self.log(f"inbox: {reason}")
        finally:
            self._executor.close()

    def stop(self) -> None:
        self._stop.set()

    def _jobs(self, jobs: list[JobRecord]) -> dict[Path, tuple[JobRecord, Job]]:
        ready: dict[Path, tuple[JobRecord, Job]] = {}
        for job in jobs:
            output = self.settings.folder / job.output
            if job.kind == FILE:
                source: Path | str = upload_path(self.queue, job.key, job.source)
                ready[output.resolve()] = (job, Job(source, output))
                continue
            try:
                html = page_path(self.queue, job).read_text(encoding="utf-8")
            except OSError:
                self.queue.requeue([job.id])  # its page is gone: fetched again
                continue
            ready[output.resolve()] = (job, Job(job.page_url or job.source, output, content=html))
        return ready

    def _narrate(self, jobs: list[JobRecord]) -> None:
        ready = self._jobs(jobs)
        if not ready:
            return
        ids = [job.id for job, _ in ready.values()]
        self._running = {output: job.id for output, (job, _) in ready.items()}
        finished = _Finished(self, ready)
        executor = self._executor
        if self.settings.scheduler:
            from narrate.run.dask_executor import DaskExecutor

            executor = DaskExecutor(self.settings.scheduler, workers=self.settings.opts.jobs)  # type: ignore[assignment]
        try:
            run_batch([job for _, job in ready.values()], self.settings.opts, finished, executor=executor)
        except LockedError as exc:
            self.queue.requeue(ids, note=f"waiting: {exc}", state=FETCHED)
            self._stop.wait(BUSY_RETRY_SECONDS)
            return
        except NarrateError as exc:
            reason = str(exc)
        except Exception as exc:  # noqa: BLE001 - a bug costs these jobs, never the worker
            reason = unexpected_reason(self.settings.folder, exc)
        else:
            reason = ""
        for job, _ in ready.values():  # what the batch never reported (it stopped early)
            if job.id not in finished.seen:
                if reason:
                    self.queue.fail(job.id, reason)
                else:
                    self.queue.requeue([job.id], state=FETCHED)

    def _progress(self, job: Job, share: float) -> None:
        """A document's progress, written at most every half second or 2 % (the page polls)."""
        found = self._running.get(job.output.resolve())
        if found is None:
            return
        now = time.monotonic()
        told, when = self._told.get(found, (-1.0, 0.0))
        if share - told >= 0.02 or now - when >= 0.5:
            self._told[found] = (share, now)
            self.queue.update(found, progress=round(share, 3))

    def _finished(self, record: JobRecord, result: FileResult) -> None:
        """A job's outcome; a done one only once the feed lists its episode (so whoever sees
        it done finds it in the feed)."""
        self._told.pop(record.id, None)
        output = self.settings.folder / record.output
        if result.status == "failed":
            self.queue.fail(record.id, result.reason)
            if record.kind != FILE:  # a retry fetches the page again (the site may have fixed it)
                self._forget_input(record)
            return
        try:
            self.on_done()
        except NarrateError as exc:
            self.log(f"inbox: the feed was not updated: {exc}")
        manifest = read_manifest(output) or {}
        duration = result.duration or float(manifest.get("duration") or 0.0)
        self.queue.finish(record.id, str(manifest.get("title") or record.title or record.label),
                          duration, narrated=result.status == "done")
        self._forget_input(record)

    def _forget_input(self, record: JobRecord) -> None:
        """The fetched page or the upload is not needed once its episode is there."""
        path = upload_path(self.queue, record.key, record.source) if record.kind == FILE else page_path(self.queue, record)
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)
            if record.kind == FILE:
                path.parent.rmdir()


def start_narrator(settings: InboxSettings, feed: FeedAddress, wake: Any) -> multiprocessing.process.BaseProcess:
    """The narrating process (spawned: a fresh interpreter, as narrate's synthesis workers)."""
    context = multiprocessing.get_context("spawn")
    # not a daemon: it starts the synthesis workers itself; it ends with the server all the
    # same (server_close, or its lifeline when the server is killed)
    process = context.Process(target=run_narrator, args=(settings, feed, wake, os.getpid()),
                              name="narrate-inbox", daemon=False)
    with interruptions_deferred():  # never a child left reading an empty pipe
        process.start()
    return process


def run_narrator(settings: InboxSettings, feed: FeedAddress, wake: Any, parent: int) -> None:
    """The narrating process: ends with its parent (the server), quietly on Ctrl-C or SIGTERM
    (what it had under way is narrated again at the next start)."""
    from narrate.publish.feed import update_feed
    from narrate.synthesis.lifeline import exit_with_parent

    exit_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server decides when this stops
    _lower_priority()
    queue = JobQueue(settings.folder, durable=False)

    def log(line: str) -> None:
        sys.stderr.write(line.rstrip("\n") + "\n")
        sys.stderr.flush()

    narrator = Narrator(queue, settings, lambda: update_feed(settings.folder, **vars(feed)) and None, log)
    signal.signal(signal.SIGTERM, lambda *_: narrator.stop())
    try:
        narrator.loop(wake)
    finally:
        queue.close()


class _Finished(SilentProgress):
    """The batch's Progress: each document's result goes to its job as it is written."""

    def __init__(self, worker: Narrator, ready: dict[Path, tuple[JobRecord, Job]]) -> None:
        self.worker = worker
        self.by_output = {output: job for output, (job, _) in ready.items()}
        self.seen: set[int] = set()

    def finished(self, result: FileResult) -> None:
        record = self.by_output.get(result.job.output.resolve())
        if record is None or record.id in self.seen:
            return
        self.seen.add(record.id)
        self.worker._finished(record, result)


def _lower_priority() -> None:
    """This thread, and the processes and threads it starts, yield the CPU to serving
    (Linux gives each thread its own nice value; elsewhere this does nothing)."""
    with contextlib.suppress(AttributeError, OSError):
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + NICE))
