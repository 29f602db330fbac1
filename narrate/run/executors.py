"""Where a batch's documents are rendered: the seam between the batch and its workers.

An executor takes the documents a batch decided to narrate and yields one FileResult per
document as each finishes, telling `progress` as it goes; afterwards `stats` counts engine
calls and cache reuse. `LocalExecutor` is this machine's worker pool (narrate.synthesis.synthesizer);
`narrate.run.dask_executor.DaskExecutor` sends documents to a Dask cluster.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from narrate.synthesis.synthesizer import SynthStats
from narrate.waiting import result_of

if TYPE_CHECKING:
    from narrate.run.jobs import FileResult, Pending, Progress
    from narrate.episode.pipeline import NarrateOptions
    from narrate.synthesis.synthesizer import Synthesizer
    from narrate.voice.presets import VoicePreset

# Documents rendered at once on one machine: enough to keep the workers busy between files.
MAX_DOCUMENTS_AT_ONCE = 4
# After Ctrl-C, how long the documents being rendered get to end and remove their work
# folders (they end at once with SynthesisStopped; this bounds a slow disk)
SETTLE_SECONDS = 2.0


class Executor(Protocol):
    stats: SynthStats

    def run(self, pending: Sequence[Pending], voice: VoicePreset, opts: NarrateOptions,
            settings: str, progress: Progress) -> Iterator[FileResult]:
        """Render every document; yield each result as it is written (any order)."""
        ...


class LocalExecutor:
    """One worker pool and one segment cache on this machine, shared by every document."""

    def __init__(self, synthesizer: Synthesizer | None = None) -> None:
        self.stats = SynthStats()
        self._synthesizer = synthesizer  # one kept open across runs by its owner, else one per run

    @classmethod
    @contextlib.contextmanager
    def kept_warm(cls, opts: NarrateOptions) -> Iterator[LocalExecutor]:
        """An executor whose pool serves several batches in a row (narrate subscribe runs a
        batch every few items): workers and engines start once, not once per batch."""
        with _synthesizer(opts) as synthesizer:
            yield cls(synthesizer)

    def run(self, pending: Sequence[Pending], voice: VoicePreset, opts: NarrateOptions,
            settings: str, progress: Progress) -> Iterator[FileResult]:
        from narrate.run.jobs import render_one

        kept = self._synthesizer
        with _synthesizer(opts) if kept is None else contextlib.nullcontext(kept) as synthesizer:
            shared = replace(opts, synthesizer=synthesizer)

            def narrate_one(item: Pending) -> FileResult:
                result = render_one(item, voice, shared, settings, progress)
                progress.finished(result)
                return result

            # with one job the engine runs in this process, and eSpeak NG is not thread-safe
            at_once = min(2 * synthesizer.jobs, MAX_DOCUMENTS_AT_ONCE) if synthesizer.workers else 1
            threads = ThreadPoolExecutor(max_workers=at_once)
            futures = [threads.submit(narrate_one, item) for item in pending]
            try:
                for future in futures:
                    yield result_of(future)
            except BaseException:
                # Ctrl-C (here, or in the batch that reads these results): documents not
                # started are dropped; the workers are stopped at once, and the documents
                # rendering end with SynthesisStopped, removing their partial output; they
                # are waited for (briefly), so the batch's last sweep for leftovers comes
                # after them, not while one still removes or writes its work folder
                threads.shutdown(wait=False, cancel_futures=True)
                synthesizer.stop()
                wait(futures, timeout=SETTLE_SECONDS)
                raise
            threads.shutdown()
            self.stats = synthesizer.stats


def _synthesizer(opts: NarrateOptions) -> Synthesizer:
    from narrate.synthesis.synthesizer import Synthesizer

    cache = None
    if opts.cache:
        from narrate.synthesis.cache import AudioCache

        cache = AudioCache()
    return Synthesizer(jobs=opts.jobs, cache=cache, workers=True)
