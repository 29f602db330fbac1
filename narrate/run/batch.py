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
from narrate.episode.outputs import Inputs
from narrate.episode.sidecars import SAVED_PAGE_SUFFIX, sidecar_path
from narrate.run.errorlog import unexpected_reason
from narrate.model import Script
from narrate.episode.pipeline import NarrateOptions, render, script_for, voice_for, with_language
from narrate.voice.presets import VoicePreset

if TYPE_CHECKING:
    from narrate.fetch.http import Limits
    from narrate.run.executors import Executor

Status = Literal["done", "skipped", "failed"]


@dataclass(frozen=True)
class Job:
    """One input (a file, or a web address) and where its episode goes."""

    source: Path | str
    output: Path
    content: str | None = field(default=None, compare=False)
    """A web article's HTML already in hand (a feed that carries whole articles): not fetched."""
    known: tuple[tuple[str, str | None], ...] = field(default=(), compare=False)
    """Document fields known better than the page says (a feed item's title, date, link)."""

    @property
    def is_web(self) -> bool:
        return isinstance(self.source, str)


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


def gather(inputs: Sequence[Path | str], out_dir: Path | None = None, pattern: str | None = None,
           output_format: str | None = None) -> list[Job]:
    """Every file to narrate, in a stable order: folders are searched recursively for
    supported files (matching `pattern`, a glob like '*.md' or 'news/*'), and outputs mirror
    the folder tree under `out_dir` (default: beside each input), in `output_format` (default
    MP3). A string is a web address, narrated to a name taken from its path."""
    from narrate.audio.formats import DEFAULT_FORMAT, suffix_for
    from narrate.episode.outputs import is_own_output
    from narrate.text.readers import supported_extensions

    suffix = suffix_for(output_format or DEFAULT_FORMAT)
    extensions = set(supported_extensions())
    jobs: list[Job] = []
    for given in inputs:
        if isinstance(given, str):  # a web address
            from narrate.fetch.names import name_for_url

            jobs.append(Job(given, (out_dir or Path(".")) / (name_for_url(given) + suffix)))
            continue
        if not given.is_dir():
            jobs.append(Job(given, (out_dir or given.parent) / (given.stem + suffix)))
            continue
        target = out_dir or given
        for path in sorted(given.rglob("*")):
            relative = path.relative_to(given)
            if (path.suffix.lower() not in extensions or _is_hidden(relative) or not path.is_file()
                    or is_own_output(path)  # a transcript narrate wrote is not an article
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
              force: bool = False, executor: Executor | None = None, save_html: bool = False,
              fetch_limits: Limits | None = None) -> BatchReport:
    """Narrate every job that is not up to date; never stops at a failed file.

    `executor` runs the documents (narrate.run.executors): by default this machine's worker
    pool; a DaskExecutor sends them to a cluster. The output folder is locked meanwhile
    (narrate.run.lock): a second run on it is refused. Web addresses are fetched first, a few
    at a time (narrate.fetch.pool); with `save_html` each page is kept beside its episode."""
    from narrate.run.lock import folder_lock, output_root

    from narrate.fileio import remove_abandoned, remove_own

    root = output_root([job.output for job in jobs])
    with folder_lock(root) if root is not None else contextlib.nullcontext():
        for folder in sorted({job.output.parent for job in jobs}):
            remove_abandoned(folder)  # what killed runs left: partial files, work folders
        try:
            return _run_locked(jobs, opts, progress, force, executor, save_html, fetch_limits)
        finally:
            remove_own(*(job.output for job in jobs))  # the workers have stopped: what they still wrote goes


def _run_locked(jobs: Sequence[Job], opts: NarrateOptions, progress: Progress, force: bool,
                executor: Executor | None, save_html: bool = False,
                fetch_limits: Limits | None = None) -> BatchReport:
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
    inputs = Inputs(job.source for job in jobs if not job.is_web)
    pages = fetch_pages([job for job in jobs if job.is_web and job.content is None], save_html, fetch_limits)
    for job in jobs:
        first = outputs.setdefault(job.output.resolve(), job)
        if first is not job:
            results[job] = FileResult(job, "failed", f"same output as {first.source}: rename one of them")
            continue
        try:
            inputs.check(job.output, opts)
            if job.is_web:
                item = _web_item(job, pages, voice, opts)
                if not force and is_up_to_date(job, item.source_hash, settings):
                    results[job] = FileResult(job, "skipped", "up to date")
                else:
                    pending.append(item)
                continue
            assert isinstance(job.source, Path)
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
        except Exception as exc:  # noqa: BLE001 - a bug costs this file, not the batch
            results[job] = FileResult(job, "failed", unexpected_reason(job.source, exc))
    for result in results.values():
        progress.finished(result)
    progress.start(len(pending), sum(len(p.script.chunks) for p in pending))
    executor = executor or LocalExecutor()
    for result in executor.run(pending, voice, opts, settings, progress):
        results[result.job] = result
    stats = executor.stats
    return BatchReport(results=[results[job] for job in jobs], elapsed=time.perf_counter() - started,
                       synthesised=stats.misses, reused=stats.hits)


def fetch_pages(jobs: Sequence[Job], save_html: bool = False, limits: Limits | None = None) -> dict[str, object]:
    """url -> Page, or the error that stopped it; fetched a few at a time, one per host.
    With `save_html`, each page is also kept as fetched beside its episode (NAME.html)."""
    if not jobs:
        return {}
    from narrate.fetch.http import Limits
    from narrate.fetch.page import fetch_page
    from narrate.fetch.pool import fetch_politely
    from narrate.fileio import atomic_path

    chosen = limits or Limits()
    pages: dict[str, object] = {}
    for job, page in fetch_politely(jobs, lambda j: str(j.source), lambda j: fetch_page(str(j.source), chosen)):
        if save_html and not isinstance(page, Exception):
            try:
                job.output.parent.mkdir(parents=True, exist_ok=True)
                with atomic_path(sidecar_path(job.output, SAVED_PAGE_SUFFIX)) as temp:
                    temp.write_bytes(page.raw)  # type: ignore[attr-defined]
            except (NarrateError, OSError) as exc:
                page = exc
        pages[str(job.source)] = page
    return pages


def _web_item(job: Job, pages: dict[str, object], voice: VoicePreset, opts: NarrateOptions) -> Pending:
    """A web article read and laid out; its hash is of the text (as its manifest records)."""
    from narrate.episode.manifest import source_sha256
    from narrate.fetch.page import Page, document_from_html

    if job.content is not None:
        html, url = job.content, str(job.source)
    else:
        page = pages.get(str(job.source))
        if isinstance(page, Exception):
            if isinstance(page, NarrateError):
                raise page
            raise InputError(f"{job.source}: {page}")
        assert isinstance(page, Page)
        html, url = page.html, page.url
    document = document_from_html(html, url, opts.title, dict(job.known))
    script = script_for(document, voice, opts)
    return Pending(job, script, source_sha256(None, "\n\n".join(script.document.paragraphs)))


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
        return FileResult(job, "failed", f"cannot write {job.output}: {exc.strerror or exc}")
    except Exception as exc:  # noqa: BLE001 - a bug costs this file, not the batch
        progress.advance(len(item.script.chunks) - done[0], 0.0)
        return FileResult(job, "failed", unexpected_reason(job.source, exc))
    return FileResult(job, "done", duration=episode.duration)


def failure_line(result: FileResult) -> str:
    """'path: reason', without naming the path twice when the reason already starts with it."""
    source = str(result.job.source)
    return result.reason if result.reason.startswith(source) else f"{source}: {result.reason}"
