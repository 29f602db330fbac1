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
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.errors import InputError, NarrateError
from narrate.episode.manifest import read_manifest
from narrate.episode.outputs import Inputs
from narrate.episode.sidecars import SAVED_PAGE_SUFFIX, sidecar_path
from narrate.run.errorlog import unexpected_reason
from narrate.episode.pipeline import NarrateOptions, script_for, voice_for, with_language
from narrate.run.executors import Executor, LocalExecutor
from narrate.run.jobs import (BatchReport, FileResult, Job, Pending, Progress, SilentProgress, Status,  # noqa: F401
                              failure_line, render_one)
from narrate.voice.presets import VoicePreset

if TYPE_CHECKING:
    from narrate.fetch.http import Limits

__all__ = ["BatchReport", "FileResult", "Job", "Pending", "Progress", "SilentProgress", "Status", "failure_line",
           "gather", "is_up_to_date", "render_one", "run_batch", "settings_hash"]

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


def run_batch(jobs: Sequence[Job], opts: NarrateOptions, progress: Progress, *,
              force: bool = False, executor: Executor | None = None, save_html: bool = False,
              fetch_limits: Limits | None = None, within: Path | None = None) -> BatchReport:
    """Narrate every job that is not up to date; never stops at a failed file.

    `executor` runs the documents (narrate.run.executors): by default this machine's worker
    pool; a DaskExecutor sends them to a cluster. The output folder is locked meanwhile
    (narrate.run.lock): a second run on it is refused. Web addresses are fetched first, a few
    at a time (narrate.fetch.pool); with `save_html` each page is kept beside its episode.
    With `within` (a watched folder), a file whose real path lies outside it is not read."""
    from narrate.run.lock import folder_lock, output_root

    from narrate.fileio import remove_abandoned, remove_own

    root = output_root([job.output for job in jobs])
    with folder_lock(root) if root is not None else contextlib.nullcontext():
        for folder in sorted({job.output.parent for job in jobs}):
            remove_abandoned(folder)  # what killed runs left: partial files, work folders
        try:
            return _run_locked(jobs, opts, progress, force, executor, save_html, fetch_limits, within)
        finally:
            remove_own(*(job.output for job in jobs))  # the workers have stopped: what they still wrote goes


def _run_locked(jobs: Sequence[Job], opts: NarrateOptions, progress: Progress, force: bool,
                executor: Executor | None, save_html: bool = False,
                fetch_limits: Limits | None = None, within: Path | None = None) -> BatchReport:
    from narrate.voice.engines import get_engine
    from narrate.text.readers import read_document

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
            raw = _read(job.source) if within is None else read_within(job.source, within)
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
    finished = executor.run(pending, voice, opts, settings, progress)
    try:
        for result in finished:
            results[result.job] = result
    finally:
        # Ctrl-C or SIGTERM lands in this loop as often as inside the executor: closed here,
        # the executor stops its workers now, before the batch's last sweep for leftovers
        # (left to the garbage collector, it stopped them after that sweep)
        getattr(finished, "close", lambda: None)()
    stats = executor.stats
    return BatchReport(results=[results[job] for job in jobs], elapsed=time.perf_counter() - started,
                       synthesised=stats.misses, reused=stats.hits)


def fetch_pages(jobs: Sequence[Job], save_html: bool = False, limits: Limits | None = None) -> dict[str, object]:
    """url -> Page, or the error that stopped it; fetched a few at a time, one per host.
    With `save_html`, each page is also kept as fetched beside its episode (NAME.html)."""
    if not jobs:
        return {}
    from narrate.fetch.addresses import USER_GIVEN
    from narrate.fetch.http import Limits
    from narrate.fetch.page import fetch_page
    from narrate.fetch.pool import fetch_politely
    from narrate.fileio import atomic_path

    chosen = limits or Limits(addresses=USER_GIVEN)  # none given: the user's own URLs (narrate URL...)
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


def read_within(path: Path, folder: Path) -> bytes:
    """The file's bytes, only if the file opened really lies inside `folder` (a link out of a
    watched folder is not followed). The check is made on the open file itself (its
    /proc/self/fd link on Linux), so a link swapped in after a look and before the read
    cannot lead the read elsewhere."""
    import os

    root = os.path.realpath(folder)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO does not hold the open
    except OSError:
        return _read(path)  # its own one-line reason (no such file, not readable, a folder)
    try:
        opened = f"/proc/self/fd/{fd}"
        try:
            real = os.readlink(opened)
        except OSError:  # no /proc: the path as it resolves now
            real, opened = os.path.realpath(path), str(path)
        if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
            raise InputError(f"{path}: a link to {real}, outside {folder}: not read")
        try:
            return _read(Path(opened))
        except InputError as exc:
            raise InputError(str(exc).replace(opened, str(path))) from None
    finally:
        os.close(fd)

