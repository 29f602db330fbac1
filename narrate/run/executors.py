"""Where a batch's documents are rendered: the seam between the batch and its workers.

An executor takes the documents a batch decided to narrate and yields one FileResult per
document as each finishes, telling `progress` as it goes; afterwards `stats` counts engine
calls and cache reuse. `LocalExecutor` is this machine's worker pool (narrate.synthesis.synthesizer);
`narrate.run.dask_executor.DaskExecutor` sends documents to a Dask cluster.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from narrate.synthesis.synthesizer import SynthStats

if TYPE_CHECKING:
    from narrate.run.batch import FileResult, Pending, Progress
    from narrate.episode.pipeline import NarrateOptions
    from narrate.voice.presets import VoicePreset

# Documents rendered at once on one machine: enough to keep the workers busy between files.
MAX_DOCUMENTS_AT_ONCE = 4


class Executor(Protocol):
    stats: SynthStats

    def run(self, pending: Sequence[Pending], voice: VoicePreset, opts: NarrateOptions,
            settings: str, progress: Progress) -> Iterator[FileResult]:
        """Render every document; yield each result as it is written (any order)."""
        ...


class LocalExecutor:
    """One worker pool and one segment cache on this machine, shared by every document."""

    def __init__(self) -> None:
        self.stats = SynthStats()

    def run(self, pending: Sequence[Pending], voice: VoicePreset, opts: NarrateOptions,
            settings: str, progress: Progress) -> Iterator[FileResult]:
        from narrate.run.batch import render_one
        from narrate.synthesis.synthesizer import Synthesizer

        cache = None
        if opts.cache:
            from narrate.synthesis.cache import AudioCache

            cache = AudioCache()
        with Synthesizer(jobs=opts.jobs, cache=cache, workers=True) as synthesizer:
            shared = replace(opts, synthesizer=synthesizer)

            def narrate_one(item: Pending) -> FileResult:
                result = render_one(item, voice, shared, settings, progress)
                progress.finished(result)
                return result

            # with one job the engine runs in this process, and eSpeak NG is not thread-safe
            at_once = min(2 * synthesizer.jobs, MAX_DOCUMENTS_AT_ONCE) if synthesizer.workers else 1
            threads = ThreadPoolExecutor(max_workers=at_once)
            try:
                yield from threads.map(narrate_one, pending)
            except BaseException:
                # Ctrl-C: documents not started are dropped; those rendering stop when their
                # blocks are cancelled (the pool shuts down next) and leave no partial output
                threads.shutdown(wait=False, cancel_futures=True)
                raise
            threads.shutdown()
            self.stats = synthesizer.stats
