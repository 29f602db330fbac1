"""Batches on a Dask distributed cluster: one task per document, bytes in and bytes out.

A task gets the source's bytes and the settings, renders the episode into a temporary folder
on its worker with the ordinary pipeline (narrate.run.batch.render_one) and returns the bytes of
every file it made: the audio, its sidecars and, last, its manifest. Workers need no shared
filesystem; the client writes each document's files atomically as its task finishes, the
manifest last, so an interrupted run leaves only whole episodes and a re-run does the rest.

Worker environments are checked before anything is sent: a worker with another narrate or
engine version would make different audio under the same cache keys. A task whose worker dies
is re-run elsewhere by the scheduler; one that keeps failing (its workers died
`allowed-failures` times, or it raised `retries + 1` times) is reported as a failed file.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.version import __version__
from narrate.errors import NarrateError, OutputError
from narrate.synthesis.synthesizer import SynthStats

if TYPE_CHECKING:
    from narrate.run.jobs import FileResult, Pending, Progress
    from narrate.episode.pipeline import NarrateOptions
    from narrate.voice.presets import VoicePreset

LOCAL = "local"
RETRIES = 2  # a task that raises is tried at most this many more times
ALLOWED_FAILURES = 3  # workers that may die running one task (local clusters; Dask's default)
WORKER_WAIT_SECONDS = 30
CONNECT_SECONDS = 5  # to see that something listens at the scheduler's address
TASKS_PER_THREAD = 2  # documents queued per worker thread: enough to hide the round trip
INSTALL_HINT = "the Dask executor needs the distributed package: pip install 'narrate[dask]'"

# eSpeak NG is not thread-safe: a worker with several threads runs one document at a time.
_ENGINE_LOCK = threading.Lock()


class ClusterError(NarrateError):
    """The Dask scheduler cannot be reached, or its workers cannot run this narrate."""


@dataclass
class RemoteResult:
    """What a task sends back: the outcome and every file it made, by name."""

    status: str
    reason: str = ""
    duration: float = 0.0
    files: dict[str, bytes] | None = None
    reused: int = 0
    synthesised: int = 0


def dask_setup(worker: Any) -> None:
    """Preloaded in a local cluster's workers: Ctrl-C on the terminal reaches the whole
    process group, and this client (not each worker) decides what stops."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_versions(engine_name: str) -> tuple[str, str]:
    """(narrate version, engine version) where this runs; called on every worker up front."""
    from narrate.voice.engines import get_engine

    return __version__, get_engine(engine_name).version()


def narrate_remote(source: str, data: bytes, name: str, source_hash: str, voice: VoicePreset,
                   opts: NarrateOptions, settings: str) -> RemoteResult:
    """The task: render one document in a temporary folder and return its files' bytes."""
    from narrate.run.jobs import Job, Pending, SilentProgress, render_one
    from narrate.text.readers import read_document
    from narrate.episode.pipeline import script_for
    from narrate.synthesis.synthesizer import Synthesizer

    try:
        document = read_document(source, opts.format, opts.title, data=data)
        script = script_for(document, voice, opts)
    except NarrateError as exc:
        return RemoteResult("failed", str(exc))
    cache = None
    if opts.cache:
        from narrate.synthesis.cache import AudioCache

        cache = AudioCache()
    with _ENGINE_LOCK, task_folder() as folder:
        with Synthesizer(jobs=1, cache=cache, workers=False) as synthesizer:
            item = Pending(Job(Path(source), Path(folder) / name), script, source_hash)
            result = render_one(item, voice, replace(opts, jobs=1, synthesizer=synthesizer),
                                settings, SilentProgress())
        if result.status != "done":
            return RemoteResult(result.status, result.reason)
        files = {path.name: path.read_bytes() for path in sorted(Path(folder).iterdir()) if path.is_file()}
        return RemoteResult("done", duration=result.duration, files=files,
                            reused=synthesizer.stats.hits, synthesised=synthesizer.stats.misses)


@contextlib.contextmanager
def task_folder() -> Iterator[str]:
    """A task's temporary folder on its worker, named for its worker process so that one a
    killed worker left (a cancelled batch's local cluster is shut down mid-task) is removed
    by the next task there (narrate.fileio.remove_abandoned)."""
    from narrate.fileio import remove_abandoned, work_folder

    temp = Path(tempfile.gettempdir())
    remove_abandoned(temp)
    with work_folder(temp / "narrate-task") as folder:
        yield str(folder)


def write_files(output: Path, files: dict[str, bytes]) -> None:
    """Write a task's files beside `output`, each atomically, the manifest last (it is what
    marks the episode up to date)."""
    from narrate.fileio import atomic_path
    from narrate.episode.sidecars import MANIFEST_SUFFIX

    strays = [name for name in files if Path(name).name != name or not name.startswith(output.stem + ".")]
    if strays:  # a worker running something else: never write outside the episode's names
        raise OutputError(f"cannot write {output}: the worker sent files named {', '.join(map(repr, strays))}")
    output.parent.mkdir(parents=True, exist_ok=True)
    for name in sorted(files, key=lambda n: n.endswith(MANIFEST_SUFFIX)):
        target = output.parent / name
        with atomic_path(target) as temp:
            temp.write_bytes(files[name])


class DaskExecutor:
    """Runs a batch's documents on the Dask cluster at `address` ('local': start one here)."""

    def __init__(self, address: str, *, workers: int | None = None, retries: int = RETRIES,
                 announce: Callable[[str], None] | None = None,
                 timeout: float = WORKER_WAIT_SECONDS) -> None:
        """`workers`: processes of a local cluster; `announce` is told the dashboard link;
        `timeout`: seconds to wait for the scheduler and for a first worker."""
        self.address = address
        self.timeout = timeout
        self.workers = workers
        self.retries = retries
        self.announce = announce
        self.stats = SynthStats()

    def connect(self) -> tuple[Any, Any]:
        """A client (and the local cluster it owns, or None)."""
        try:
            import dask
            from distributed import Client, LocalCluster
        except ImportError as exc:
            raise ClusterError(INSTALL_HINT) from exc
        if self.address == LOCAL:
            from narrate.synthesis.synthesizer import default_jobs

            with dask.config.set({"distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
                cluster = LocalCluster(n_workers=self.workers or default_jobs(), threads_per_worker=1,
                                       processes=True, silence_logs=logging.ERROR,
                                       dashboard_address=":0", preload=[__name__])
            return Client(cluster), cluster
        reachable(self.address)
        try:
            client = Client(self.address, timeout=f"{self.timeout}s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {self.address}: {exc}; is it "
                               "running, and is the address tcp://HOST:PORT?") from exc
        return client, None

    def check_workers(self, client: Any, engine_name: str) -> int:
        """Fail, naming the first worker that differs, unless every worker runs this narrate
        and this engine version; return the number of worker threads."""
        from narrate.voice.engines import get_engine

        try:
            client.wait_for_workers(1, timeout=self.timeout)
        except TimeoutError as exc:
            raise ClusterError(f"no Dask worker joined {self.address} within {self.timeout:g} s: "
                               "start some with dask worker ADDRESS") from exc
        try:
            found = client.run(worker_versions, engine_name)
        except ImportError as exc:
            raise ClusterError(f"a Dask worker of {self.address} cannot import narrate: install "
                               f"narrate {__version__} on every worker") from exc
        mine = (__version__, get_engine(engine_name).version())
        for worker, theirs in sorted(found.items()):
            if tuple(theirs) != mine:
                raise ClusterError(
                    f"worker {worker} runs narrate {theirs[0]} with {engine_name} {theirs[1]}, "
                    f"this client narrate {mine[0]} with {engine_name} {mine[1]}: install the same "
                    "versions on every worker")
        return sum(client.nthreads().values())

    def run(self, pending: Sequence[Pending], voice: VoicePreset, opts: NarrateOptions,
            settings: str, progress: Progress) -> Iterator[FileResult]:
        from distributed import as_completed

        client, cluster = self.connect()
        futures: dict[Any, Pending] = {}
        try:
            link = _dashboard(client)
            if self.announce is not None and link:
                self.announce(link)
            threads = self.check_workers(client, voice.engine)
            todo = iter(pending)
            queue = as_completed()

            unreadable: list[tuple[FileResult, int]] = []

            def submit_next() -> None:
                from narrate.run.jobs import FileResult

                for item in todo:
                    job = item.job
                    task_opts = opts
                    if job.content is not None:  # a web page in hand (the inbox): sent as HTML
                        data, task_opts = job.content.encode("utf-8"), replace(opts, format="html")
                    else:
                        try:
                            data = Path(job.source).read_bytes()
                        except OSError as exc:
                            reason = f"{job.source}: cannot read it: {exc.strerror}"
                            unreadable.append((FileResult(job, "failed", reason), len(item.script.chunks)))
                            continue
                    future = client.submit(narrate_remote, str(job.source), data, job.output.name,
                                           item.source_hash, voice, task_opts, settings, pure=False,
                                           retries=self.retries, key=f"narrate-{job.output.stem}-{id(item):x}")
                    futures[future] = item
                    queue.add(future)
                    return

            def report(result: FileResult, chunks: int) -> FileResult:
                progress.advance(chunks, result.duration)
                progress.finished(result)
                return result

            for _ in range(max(1, threads * TASKS_PER_THREAD)):
                submit_next()
            for future in queue:
                item = futures.pop(future)
                yield report(self._collect(future, item), len(item.script.chunks))
                submit_next()
                while unreadable:
                    yield report(*unreadable.pop())
            while unreadable:
                yield report(*unreadable.pop())
        finally:
            for future in futures:
                future.cancel()
            client.close()
            if cluster is not None:
                cluster.close()
                # its workers are gone now: what a task cut short by Ctrl-C left goes too
                from narrate.fileio import remove_abandoned

                remove_abandoned(Path(tempfile.gettempdir()))

    def _collect(self, future: Any, item: Pending) -> FileResult:
        from distributed import KilledWorker

        from narrate.run.jobs import FileResult

        job = item.job
        try:
            remote: RemoteResult = future.result()
        except KilledWorker:
            return FileResult(job, "failed", f"{job.source}: its Dask workers died while narrating "
                              "it, several times (out of memory? an engine crash?)")
        except Exception as exc:  # raised by the task itself, after its retries
            return FileResult(job, "failed", f"{job.source}: failed on the cluster after "
                              f"{self.retries + 1} tries: {type(exc).__name__}: {exc}")
        self.stats.hits += remote.reused
        self.stats.misses += remote.synthesised
        if remote.status != "done" or remote.files is None:
            return FileResult(job, "failed", remote.reason)
        try:
            write_files(job.output, remote.files)
        except NarrateError as exc:
            return FileResult(job, "failed", str(exc))
        except OSError as exc:
            return FileResult(job, "failed", f"cannot write {job.output}: {exc.strerror}")
        return FileResult(job, "done", duration=remote.duration)


def reachable(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Fail in seconds, not after Dask's whole connect timeout, when nothing listens at a
    tcp:// address (a wrong port, a scheduler not started)."""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(address if "://" in address else "tcp://" + address)
    if parts.scheme != "tcp" or not parts.hostname or parts.port is None:
        return  # another protocol (tls://, ucx://): left to Dask
    try:
        socket.create_connection((parts.hostname, parts.port), timeout=seconds).close()
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc.strerror or exc}; is it "
                           "running, and is the address tcp://HOST:PORT?") from exc


def _dashboard(client: Any) -> str | None:
    import importlib.util

    if importlib.util.find_spec("bokeh") is None and client.cluster is not None:
        return None  # a local cluster serves no dashboard without bokeh
    try:
        link = client.dashboard_link
    except Exception:  # no dashboard (bokeh missing) or none reported by the scheduler
        return None
    return str(link) if link else None
