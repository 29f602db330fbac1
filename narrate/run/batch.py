"""Batches: many inputs (files and folder trees) to a mirrored tree of episodes.

The whole file list is gathered first (so progress knows its total). A file is skipped when
its output exists and its manifest says it was made from the same bytes and the same
settings; otherwise it is narrated. One worker pool and one segment cache serve the whole
batch, and a few documents are rendered at once so the workers stay busy between files. A
file that fails is recorded with a one-line reason and the rest carry on.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol

from narrate.errors import InputError, NarrateError
from narrate.episode.manifest import read_manifest
from narrate.model import Script
from narrate.episode.pipeline import NarrateOptions, render, script_for, voice_for, with_language
from narrate.voice.presets import VoicePreset

if TYPE_CHECKING:
    from narrate.run.executors import Executor

Status = Literal["done", "skipped", "failed"]


@dataclass(frozen=True)
class Job:
    """One input file and where its episode goes."""

    source: Path
    output: Path


@dataclass
class FileResult:
    job: Job
    status: Status
    reason: str = ""
    duration: float = 0.0  # seconds of audio made


@dataclass
class BatchReport:
    results: list[FileResult] = field(default_factory=list)
    elapsed: float = 0.0
    synthesised: int = 0  # engine calls
    reused: int = 0  # chunks taken from the cache

    def count(self, status: Status) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def audio(self) -> float:
        return sum(r.duration for r in self.results if r.status == "done")

    @property
    def ok(self) -> bool:
        return self.count("failed") == 0


class Progress(Protocol):
    """What a batch tells its audience (narrate.cli.progress shows it; every method may be
    called from several rendering threads)."""

    def start(self, files: int, chunks: int) -> None: ...
    def advance(self, chunks: int, seconds: float) -> None: ...
    def finished(self, result: FileResult) -> None: ...
    def close(self) -> None: ...


class SilentProgress:
    """A Progress that tells no one (a Dask worker's share of a batch, --quiet)."""

    def start(self, files: int, chunks: int) -> None:
        pass

    def advance(self, chunks: int, seconds: float) -> None:
        pass

    def finished(self, result: FileResult) -> None:
        pass

    def close(self) -> None:
        pass


def _is_hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)


def gather(inputs: Sequence[Path], out_dir: Path | None = None, pattern: str | None = None,
           output_format: str | None = None) -> list[Job]:
    """Every file to narrate, in a stable order: folders are searched recursively for
    supported files (matching `pattern`, a glob like '*.md' or 'news/*'), and outputs mirror
    the folder tree under `out_dir` (default: beside each input), in `output_format` (default MP3)."""
    from narrate.audio.formats import DEFAULT_FORMAT, suffix_for
    from narrate.text.readers import supported_extensions

    suffix = suffix_for(output_format or DEFAULT_FORMAT)

    extensions = set(supported_extensions())
    jobs: list[Job] = []
    for given in inputs:
        if not given.is_dir():
            jobs.append(Job(given, (out_dir or given.parent) / (given.stem + suffix)))
            continue
        target = out_dir or given
        for path in sorted(given.rglob("*")):
            relative = path.relative_to(given)
            if (path.suffix.lower() not in extensions or _is_hidden(relative) or not path.is_file()
                    or (out_dir is not None and _inside(path, out_dir))
                    or (pattern and not relative.match(pattern))):
                continue
            jobs.append(Job(path, target / relative.with_suffix(suffix)))
    return jobs


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True


def settings_hash(voice: VoicePreset, opts: NarrateOptions, engine_version: str) -> str:
    """Everything besides the text that shapes an episode; a change means re-narrating.
    The same hash narrate.episode.produce writes into each episode's manifest."""
    from narrate.audio.formats import DEFAULT_FORMAT, format_for, suffix_for
    from narrate.episode.manifest import settings_sha256
    from narrate.episode.produce import output_settings

    fmt = format_for(Path("episode" + suffix_for(opts.output_format or DEFAULT_FORMAT)))
    return settings_sha256(output_settings(voice, opts, fmt, engine_version))


def is_up_to_date(job: Job, source_hash: str, settings: str) -> bool:
    if not job.output.is_file():
        return False
    manifest = read_manifest(job.output)
    return (manifest is not None and manifest.get("source_sha256") == source_hash
            and manifest.get("settings_sha256") == settings)


@dataclass
class Pending:
    """A document read and laid out, waiting to be rendered."""

    job: Job
    script: Script
    source_hash: str


def run_batch(jobs: Sequence[Job], opts: NarrateOptions, progress: Progress, *,
              force: bool = False, executor: Executor | None = None) -> BatchReport:
    """Narrate every job that is not up to date; never stops at a failed file.

    `executor` runs the documents (narrate.run.executors): by default this machine's worker
    pool; a DaskExecutor sends them to a cluster. The output folder is locked meanwhile
    (narrate.run.lock): a second run on it is refused."""
    from narrate.run.lock import folder_lock, output_root

    root = output_root([job.output for job in jobs])
    with folder_lock(root) if root is not None else contextlib.nullcontext():
        return _run_locked(jobs, opts, progress, force, executor)


def _run_locked(jobs: Sequence[Job], opts: NarrateOptions, progress: Progress, force: bool,
                executor: Executor | None) -> BatchReport:
    from narrate.voice.engines import get_engine
    from narrate.text.readers import read_document
    from narrate.run.executors import LocalExecutor

    started = time.perf_counter()
    voice = voice_for(opts)
    engine_version = get_engine(voice.engine).version()
    settings = settings_hash(voice, opts, engine_version)
    results: dict[Job, FileResult] = {}
    pending: list[Pending] = []
    outputs: dict[Path, Job] = {}
    for job in jobs:
        first = outputs.setdefault(job.output.resolve(), job)
        if first is not job:
            results[job] = FileResult(job, "failed", f"same output as {first.source}: rename one of them")
            continue
        try:
            raw = _read(job.source)
            source_hash = hashlib.sha256(raw).hexdigest()
            if not force and is_up_to_date(job, source_hash, settings):
                results[job] = FileResult(job, "skipped", "up to date")
                continue
            # one voice for the batch; each file's language still keeps English rules off it
            document = with_language(read_document(str(job.source), opts.format, opts.title, data=raw),
                                     opts.language)
            pending.append(Pending(job, script_for(document, voice, opts), source_hash))
        except NarrateError as exc:
            results[job] = FileResult(job, "failed", str(exc))
    for result in results.values():
        progress.finished(result)
    progress.start(len(pending), sum(len(p.script.chunks) for p in pending))
    executor = executor or LocalExecutor()
    for result in executor.run(pending, voice, opts, settings, progress):
        results[result.job] = result
    stats = executor.stats
    return BatchReport(results=[results[job] for job in jobs], elapsed=time.perf_counter() - started,
                       synthesised=stats.misses, reused=stats.hits)


def _read(path: Path) -> bytes:
    from narrate.text.readers import load_bytes

    if path.is_dir():
        raise InputError(f"{path} is a directory")
    return load_bytes(str(path))


def render_one(item: Pending, voice: VoicePreset, opts: NarrateOptions, settings: str,
                progress: Progress) -> FileResult:
    job = item.job
    done = [0, 0.0]

    def advance(chunks_done: int, total: int, seconds: float) -> None:
        progress.advance(chunks_done - done[0], seconds - done[1])
        done[0], done[1] = chunks_done, seconds

    try:
        job.output.parent.mkdir(parents=True, exist_ok=True)
        episode = render(item.script, voice, job.output, replace(opts, progress=advance))  # writes the manifest
    except NarrateError as exc:
        progress.advance(len(item.script.chunks) - done[0], 0.0)
        return FileResult(job, "failed", str(exc))
    except OSError as exc:
        progress.advance(len(item.script.chunks) - done[0], 0.0)
        return FileResult(job, "failed", f"cannot write {job.output}: {exc.strerror}")
    return FileResult(job, "done", duration=episode.duration)


def failure_line(result: FileResult) -> str:
    """'path: reason', without naming the path twice when the reason already starts with it."""
    source = str(result.job.source)
    return result.reason if result.reason.startswith(source) else f"{source}: {result.reason}"
