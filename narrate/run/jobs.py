"""What a batch is made of: its jobs, their results and report, what it tells its audience,
and the rendering of one document (by whichever executor runs it: narrate.run.executors,
narrate.run.dask_executor). Below both the batch and its executors, so neither imports the
other.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, Protocol

from narrate.errors import NarrateError
from narrate.episode.pipeline import NarrateOptions, render
from narrate.model import Script
from narrate.run.errorlog import unexpected_reason
from narrate.voice.presets import VoicePreset

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


@dataclass
class Pending:
    """A document read and laid out, waiting to be rendered."""

    job: Job
    script: Script
    source_hash: str


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
