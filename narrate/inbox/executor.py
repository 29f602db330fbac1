"""Where the inbox's episodes are rendered: this machine's worker pool, kept between jobs.

A batch (narrate.run.executors.LocalExecutor) starts its workers and stops them at its end;
the inbox gets its articles one or a few at a time, and starting eSpeak NG's workers costs a
second, a neural voice's model several. So the pool stays up while jobs keep coming and is
closed once the queue has been empty for a while (`idle`). Each document's progress is told
to its own job (the queue shows "narrating 40 %").
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING

from narrate.run.batch import FileResult, Pending, Progress, SilentProgress, render_one
from narrate.run.executors import MAX_DOCUMENTS_AT_ONCE
from narrate.synthesis.synthesizer import Synthesizer, SynthStats

if TYPE_CHECKING:
    from narrate.episode.pipeline import NarrateOptions
    from narrate.run.batch import Job
    from narrate.voice.presets import VoicePreset

Tell = Callable[["Job", float], None]
"""(the job, the share of its chunks done, 0..1): a document's progress."""


class _OneDocument(SilentProgress):
    """The batch's Progress for one document: chunks done, told as a share of its own."""

    def __init__(self, job: Job, total: int, tell: Tell) -> None:
        self.job, self.total, self.tell = job, max(total, 1), tell
        self.done = 0

    def advance(self, chunks: int, seconds: float) -> None:
        self.done += chunks
        self.tell(self.job, min(self.done / self.total, 1.0))


class ResidentExecutor:
    """A narrate.run.executors.Executor whose Synthesizer outlives each batch."""

    def __init__(self, tell: Tell) -> None:
        self.stats = SynthStats()
        self.tell = tell
        self._synthesizer: Synthesizer | None = None
        self._lock = threading.Lock()

    def run(self, pending: Sequence[Pending], voice: VoicePreset, opts: NarrateOptions,
            settings: str, progress: Progress) -> Iterator[FileResult]:
        synthesizer = self._open(opts)
        shared = replace(opts, synthesizer=synthesizer)

        def narrate_one(item: Pending) -> FileResult:
            own = _OneDocument(item.job, len(item.script.chunks), self.tell)
            result = render_one(item, voice, shared, settings, own)
            progress.finished(result)
            return result

        # with one job the engine runs in this process, and eSpeak NG is not thread-safe
        at_once = min(2 * synthesizer.jobs, MAX_DOCUMENTS_AT_ONCE) if synthesizer.workers else 1
        with ThreadPoolExecutor(max_workers=at_once, thread_name_prefix="inbox-render") as threads:
            yield from threads.map(narrate_one, pending)
        self.stats = synthesizer.stats

    def _open(self, opts: NarrateOptions) -> Synthesizer:
        with self._lock:
            if self._synthesizer is None:
                cache = None
                if opts.cache:
                    from narrate.synthesis.cache import AudioCache

                    cache = AudioCache()
                self._synthesizer = Synthesizer(jobs=opts.jobs, cache=cache, workers=True)
            return self._synthesizer

    def idle(self) -> None:
        """Nothing to do for now: stop the workers (the next job starts them again)."""
        with self._lock:
            synthesizer, self._synthesizer = self._synthesizer, None
        if synthesizer is not None:
            synthesizer.close()

    close = idle
