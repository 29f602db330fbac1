"""Runs an engine over a script and yields its audio, in order.

A `Synthesizer` has two ways to do it. `blocks` (what the pipeline uses) yields encoded
blocks of whole paragraphs (narrate.synthesis.blocks): a cached block as it is, else a worker
synthesises the block's chunks, taking unchanged ones from the segment cache, and encodes
them. `synthesize` yields one PCM Segment per chunk, for consumers that need raw audio.
Workers are processes, each holding its own engine (eSpeak NG keeps per-process state); the
pool is started once, on first need, and serves every document of a batch (a process start
costs about 0.3 s). Only a few items per worker are in flight per document, so memory stays
flat however long the document is, and the consumer sets the pace.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from narrate.voice.engines import EngineOptions, engine_spec, get_engine
from narrate.synthesis.lifeline import exit_with_parent
from narrate.synthesis.memory import fix_mmap_threshold
from narrate.model import Chunk, Segment
from narrate.voice.presets import VoicePreset

if TYPE_CHECKING:
    from narrate.audio.mp3encoder import BlockAudio
    from narrate.synthesis.cache import AudioCache
    from narrate.audio.leveling import Leveling

T = TypeVar("T")

# Fewer chunks than this per worker are not worth a process start.
MIN_CHUNKS_PER_WORKER = 12
IN_FLIGHT_PER_WORKER = 4
# Blocks vary in size (MIN_BLOCK_CHUNKS-MAX_BLOCK_CHUNKS in narrate.synthesis.blocks); a deeper
# queue keeps a worker busy behind a long one.
BLOCKS_IN_FLIGHT_PER_WORKER = 4


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def effective_jobs(requested: int | None, chunk_count: int, engine: str = "espeak",
                   device: str = "cpu") -> int:
    """Workers to start: the engine's default (eSpeak: all cores; Piper: as memory allows),
    but never more than the text can keep busy."""
    policy = engine_spec(engine).workers
    default, min_chunks = (default_jobs(), MIN_CHUNKS_PER_WORKER) if policy is None else (
        policy.default_workers(default_jobs(), device), policy.min_chunks_per_worker)
    jobs = requested or default
    return max(1, min(jobs, chunk_count // min_chunks))


def _speak(engine_name: str, index: int, text: str, voice: VoicePreset,
           cache_root: str | None = None, key: str | None = None,
           options: EngineOptions | None = None) -> Segment:
    engine = get_engine(engine_name, options)
    speech = engine.synthesize(text, voice)
    segment = Segment(index=index, pcm=speech.pcm, sample_rate=speech.sample_rate)
    if cache_root is not None and key is not None:
        from narrate.synthesis.cache import AudioCache

        AudioCache(Path(cache_root), max_bytes=0).put(key, segment.sample_rate, segment.pcm)
    return segment


def _start_worker(engine_name: str, options: EngineOptions | None = None, parent: int | None = None) -> None:
    # Ctrl-C reaches the whole process group: the main process decides what stops (it
    # cancels queued work and lets running blocks finish), so a worker never dies mid-call.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent(parent)  # kill -9 of the main process (the OOM killer) ends the workers too
    fix_mmap_threshold()
    get_engine(engine_name, options)  # load the engine once, before the first chunk arrives


@dataclass
class SynthStats:
    """What the engine was asked to do: `misses` is the number of engine calls."""

    hits: int = 0
    misses: int = 0


class Synthesizer:
    """Cache lookups plus a lazily started worker pool, shared by every document it is given.

    Use as a context manager (or call `close`) so the workers are shut down.
    """

    def __init__(self, jobs: int | None = None, cache: AudioCache | None = None,
                 workers: bool | None = None) -> None:
        """`workers`: True always uses the pool (batches), False never, None when worth it."""
        self.jobs = jobs or default_jobs()
        self.cache = cache
        self.workers = workers if self.jobs > 1 else False
        self.stats = SynthStats()
        self._pool: ProcessPoolExecutor | None = None
        self._engine: tuple[str, EngineOptions | None] | None = None
        self._lock = threading.Lock()  # batches render several documents from threads

    def __enter__(self) -> Synthesizer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the workers: queued work is cancelled, running blocks are let finish."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        if self.cache is not None:
            self.cache.trim()

    def call(self, engine_name: str, options: EngineOptions | None, function: Callable[..., T],
             *args: object) -> T:
        """`function(*args)` in a worker when this synthesizer uses workers, else here: work
        that loads heavy modules (numpy, for the loudness plan) stays out of the main process,
        which lives as long as the whole run."""
        if self.workers is False or (self.workers is None and self._pool is None):
            return function(*args)
        return self._pool_for(engine_name, options).submit(function, *args).result()

    def engine_version(self, engine_name: str, options: EngineOptions | None = None) -> str:
        return get_engine(engine_name, options).version()

    def segment_keys(self, chunks: Sequence[Chunk], voice: VoicePreset,
                     options: EngineOptions | None = None) -> list[str]:
        """Each chunk's segment cache key (narrate.synthesis.cache.segment_key)."""
        from narrate.synthesis.cache import segment_key

        version = self.engine_version(voice.engine, options)
        return [segment_key(voice.engine, version, voice, chunk.text) for chunk in chunks]

    def _pool_for(self, engine_name: str, options: EngineOptions | None = None) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None or self._engine != (engine_name, options):
                if self._pool is not None:
                    self._pool.shutdown(wait=True)
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=context,
                                                 initializer=_start_worker, initargs=(engine_name, options, os.getpid()))
                self._engine = (engine_name, options)
            return self._pool

    def _count(self, hits: int, misses: int) -> None:
        with self._lock:
            self.stats.hits += hits
            self.stats.misses += misses

    def _segment_cache(self, scratch: Path | None) -> AudioCache | None:
        """The cache segments go to: the shared one, else a scratch folder for this document."""
        if self.cache is not None or scratch is None:
            return self.cache
        from narrate.synthesis.cache import AudioCache

        return AudioCache(scratch, max_bytes=0)

    def synthesize(self, chunks: Sequence[Chunk], voice: VoicePreset,
                   options: EngineOptions | None = None, scratch: Path | None = None,
                   only_missing: bool = False) -> Iterator[Segment]:
        """Yield one Segment per chunk, in script order; a chunk is counted in `stats` when it
        is yielded. `scratch`: a folder to keep segments in when there is no cache (so the
        blocks of the same document can reuse them). `only_missing`: skip the chunks the
        cache holds (to fill it ahead of the blocks)."""
        cache = self._segment_cache(scratch)
        keys: list[str | None] = [None] * len(chunks)
        if cache is not None:
            keys = list(self.segment_keys(chunks, voice, options))
            if only_missing:
                wanted = [i for i, key in enumerate(keys) if not cache.has(key)]  # type: ignore[arg-type]
                yield from self._missing(chunks, wanted, voice, options, scratch)
                return
        parallel = self.workers
        if parallel is None:
            parallel = self._pool is not None or effective_jobs(self.jobs, len(chunks)) > 1
        if not parallel:
            yield from self._in_process(chunks, voice, keys, options, cache)
            return
        yield from self._with_workers(chunks, voice, keys, options, cache)

    def _missing(self, chunks: Sequence[Chunk], wanted: list[int], voice: VoicePreset,
                 options: EngineOptions | None, scratch: Path | None) -> Iterator[Segment]:
        """The chunks at `wanted`, with their index in `chunks`."""
        for segment in self.synthesize([chunks[i] for i in wanted], voice, options, scratch):
            yield Segment(index=wanted[segment.index], pcm=segment.pcm, sample_rate=segment.sample_rate)

    @staticmethod
    def _cached(cache: AudioCache | None, index: int, key: str | None) -> Segment | None:
        if cache is None or key is None:
            return None
        found = cache.get(key)
        if found is None:
            return None
        return Segment(index=index, pcm=found[1], sample_rate=found[0])

    def _in_process(self, chunks: Sequence[Chunk], voice: VoicePreset, keys: list[str | None],
                    options: EngineOptions | None, cache: AudioCache | None) -> Iterator[Segment]:
        root = str(cache.root) if cache is not None else None
        for index, (chunk, key) in enumerate(zip(chunks, keys)):
            segment = self._cached(cache, index, key)
            hit = segment is not None
            if segment is None:
                segment = _speak(voice.engine, index, chunk.text, voice, root, key, options)
            self._count(int(hit), int(not hit))
            yield segment

    def _with_workers(self, chunks: Sequence[Chunk], voice: VoicePreset, keys: list[str | None],
                      options: EngineOptions | None, cache: AudioCache | None) -> Iterator[Segment]:
        root = str(cache.root) if cache is not None else None
        window: deque[Segment | Future[Segment]] = deque()
        limit = self.jobs * IN_FLIGHT_PER_WORKER
        in_flight = 0

        def take() -> Segment:
            nonlocal in_flight
            item = window.popleft()
            if isinstance(item, Future):
                in_flight -= 1
                self._count(0, 1)
                return item.result()
            self._count(1, 0)
            return item

        try:
            for index, (chunk, key) in enumerate(zip(chunks, keys)):
                segment = self._cached(cache, index, key)
                if segment is not None:
                    window.append(segment)
                else:
                    pool = self._pool_for(voice.engine, options)
                    window.append(pool.submit(_speak, voice.engine, index, chunk.text, voice, root, key,
                                              options))
                    in_flight += 1
                while in_flight >= limit or len(window) > 2 * limit:
                    yield take()
            while window:
                yield take()
        finally:
            for item in window:
                if isinstance(item, Future):
                    item.cancel()

    def blocks(self, chunks: Sequence[Chunk], voice: VoicePreset, bitrate: str, leveling: Leveling,
               options: EngineOptions | None = None, scratch: Path | None = None,
               counted: Collection[int] = ()) -> Iterator[BlockAudio]:
        """Yield the script's encoded blocks in order (narrate.synthesis.blocks): cached blocks as they
        are, the others made by the workers (or here, for a single block or a single job).
        `leveling` (gain and limiter) is applied before each block is encoded. `scratch` as
        for `synthesize`; the chunks at `counted` are in `stats` already (synthesised to plan
        the loudness or ahead of the blocks, which find them in the cache)."""
        from narrate.synthesis.blocks import BlockJob, block_key, cached_block, make_block, plan_blocks

        keys = self.segment_keys(chunks, voice, options)
        segments = self._segment_cache(scratch)
        root = str(segments.root) if segments is not None else None
        jobs = []
        spans = plan_blocks(list(chunks), keys)
        for span in spans:
            block_keys = keys[span.start:span.stop]
            pauses = [chunks[i].pause_after for i in span]
            jobs.append(BlockJob(texts=tuple(chunks[i].text for i in span), keys=tuple(block_keys),
                                 pauses=tuple(pauses), key=block_key(block_keys, pauses, bitrate, leveling),
                                 bitrate=bitrate, leveling=leveling, options=options))
        parallel = self.workers
        if parallel is None:
            # the blocks to make, not the cached ones, decide: re-running an edited book makes
            # one block, in this process, rather than starting workers for it
            missing = [job for job in jobs if self.cache is None or not self.cache.has_block(job.key)]
            parallel = self._pool is not None or (self.jobs > 1 and len(missing) > 1)
        window: deque[BlockAudio | Future[BlockAudio]] = deque()
        limit = BLOCKS_IN_FLIGHT_PER_WORKER * self.jobs
        done = 0
        try:
            for job in jobs:
                found = self.cache.get_block(job.key) if self.cache is not None else None
                block = cached_block(*found) if found is not None else None
                if block is not None:
                    block.reused = len(job.texts)
                    window.append(block)
                elif parallel:
                    window.append(self._pool_for(voice.engine, options).submit(make_block, job, voice, root, True))
                else:
                    window.append(make_block(job, voice, root))
                while sum(isinstance(item, Future) for item in window) >= limit or len(window) >= 2 * limit:
                    yield self._finish(window.popleft(), sum(i in counted for i in spans[done]))
                    done += 1
            while window:
                yield self._finish(window.popleft(), sum(i in counted for i in spans[done]))
                done += 1
        finally:
            for item in window:
                if isinstance(item, Future):
                    item.cancel()

    def _finish(self, item: BlockAudio | Future[BlockAudio], counted: int) -> BlockAudio:
        block = item.result() if isinstance(item, Future) else item
        # chunks counted already were found in the cache by the block: not counted again
        again = min(counted, block.reused)
        self._count(block.reused - again, block.synthesised)
        return block


def synthesize(chunks: Sequence[Chunk], voice: VoicePreset, jobs: int = 1,
               options: EngineOptions | None = None) -> Iterator[Segment]:
    """Yield one Segment per chunk, in script order, without a cache."""
    with Synthesizer(jobs=jobs, workers=jobs > 1) as synthesizer:
        yield from synthesizer.synthesize(chunks, voice, options)
