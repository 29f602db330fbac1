"""Runs an engine over a script and yields its audio, in order.

A `Synthesizer` has two ways to do it. `blocks` (what the pipeline uses) yields encoded
blocks of whole paragraphs (narrate.blocks): a cached block as it is, else a worker
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
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.engines import get_engine
from narrate.model import Chunk, Segment
from narrate.voices import VoicePreset

if TYPE_CHECKING:
    from narrate.blocks import BlockAudio
    from narrate.cache import SegmentCache

# Fewer chunks than this per worker are not worth a process start.
MIN_CHUNKS_PER_WORKER = 12
IN_FLIGHT_PER_WORKER = 4
# Blocks vary in size (6-32 chunks); a deeper queue keeps a worker busy behind a long one.
BLOCKS_IN_FLIGHT_PER_WORKER = 4


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def effective_jobs(requested: int | None, chunk_count: int) -> int:
    """Workers to start: all cores by default, but never more than the text can keep busy."""
    jobs = requested or default_jobs()
    return max(1, min(jobs, chunk_count // MIN_CHUNKS_PER_WORKER))


def _speak(engine_name: str, index: int, text: str, voice: VoicePreset,
           cache_root: str | None = None, key: str | None = None) -> Segment:
    engine = get_engine(engine_name)
    segment = Segment(index=index, pcm=engine.synthesize(text, voice), sample_rate=engine.sample_rate)
    if cache_root is not None and key is not None:
        from narrate.cache import SegmentCache

        SegmentCache(Path(cache_root), max_bytes=0).put(key, segment.sample_rate, segment.pcm)
    return segment


def _start_worker(engine_name: str) -> None:
    # Ctrl-C reaches the whole process group: the main process decides what stops (it
    # cancels queued work and lets running blocks finish), so a worker never dies mid-call.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    get_engine(engine_name)  # load the engine once, before the first chunk arrives


@dataclass
class SynthStats:
    """What the engine was asked to do: `misses` is the number of engine calls."""

    hits: int = 0
    misses: int = 0


class Synthesizer:
    """Cache lookups plus a lazily started worker pool, shared by every document it is given.

    Use as a context manager (or call `close`) so the workers are shut down.
    """

    def __init__(self, jobs: int | None = None, cache: SegmentCache | None = None,
                 workers: bool | None = None) -> None:
        """`workers`: True always uses the pool (batches), False never, None when worth it."""
        self.jobs = jobs or default_jobs()
        self.cache = cache
        self.workers = workers if self.jobs > 1 else False
        self.stats = SynthStats()
        self._pool: ProcessPoolExecutor | None = None
        self._engine_name: str | None = None
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

    def engine_version(self, engine_name: str) -> str:
        return get_engine(engine_name).version()

    def _pool_for(self, engine_name: str) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None or self._engine_name != engine_name:
                if self._pool is not None:
                    self._pool.shutdown(wait=True)
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=context,
                                                 initializer=_start_worker, initargs=(engine_name,))
                self._engine_name = engine_name
            return self._pool

    def _count(self, hit: bool) -> None:
        with self._lock:
            if hit:
                self.stats.hits += 1
            else:
                self.stats.misses += 1

    def synthesize(self, chunks: Sequence[Chunk], voice: VoicePreset) -> Iterator[Segment]:
        """Yield one Segment per chunk, in script order."""
        keys: list[str | None] = [None] * len(chunks)
        if self.cache is not None:
            from narrate.cache import segment_key

            version = self.engine_version(voice.engine)
            keys = [segment_key(voice.engine, version, voice, chunk.text) for chunk in chunks]
        parallel = self.workers
        if parallel is None:
            parallel = self._pool is not None or effective_jobs(self.jobs, len(chunks)) > 1
        if not parallel:
            yield from self._in_process(chunks, voice, keys)
            return
        yield from self._with_workers(chunks, voice, keys)

    def _cached(self, index: int, key: str | None) -> Segment | None:
        if self.cache is None or key is None:
            return None
        found = self.cache.get(key)
        if found is None:
            return None
        self._count(True)
        return Segment(index=index, pcm=found[1], sample_rate=found[0])

    def _in_process(self, chunks: Sequence[Chunk], voice: VoicePreset,
                    keys: list[str | None]) -> Iterator[Segment]:
        root = str(self.cache.root) if self.cache is not None else None
        for index, (chunk, key) in enumerate(zip(chunks, keys)):
            segment = self._cached(index, key)
            if segment is None:
                self._count(False)
                segment = _speak(voice.engine, index, chunk.text, voice, root, key)
            yield segment

    def _with_workers(self, chunks: Sequence[Chunk], voice: VoicePreset,
                      keys: list[str | None]) -> Iterator[Segment]:
        root = str(self.cache.root) if self.cache is not None else None
        window: deque[Segment | Future[Segment]] = deque()
        limit = self.jobs * IN_FLIGHT_PER_WORKER
        in_flight = 0
        try:
            for index, (chunk, key) in enumerate(zip(chunks, keys)):
                segment = self._cached(index, key)
                if segment is not None:
                    window.append(segment)
                else:
                    self._count(False)
                    pool = self._pool_for(voice.engine)
                    window.append(pool.submit(_speak, voice.engine, index, chunk.text, voice, root, key))
                    in_flight += 1
                while in_flight >= limit or len(window) > 2 * limit:
                    item = window.popleft()
                    if isinstance(item, Future):
                        in_flight -= 1
                        yield item.result()
                    else:
                        yield item
            while window:
                item = window.popleft()
                yield item.result() if isinstance(item, Future) else item
        finally:
            for item in window:
                if isinstance(item, Future):
                    item.cancel()


    def blocks(self, chunks: Sequence[Chunk], voice: VoicePreset, bitrate: str) -> Iterator[BlockAudio]:
        """Yield the script's encoded blocks in order (narrate.blocks): cached blocks as they
        are, the others made by the workers (or here, for a single block or a single job)."""
        from narrate.blocks import BlockJob, block_key, cached_block, make_block, plan_blocks
        from narrate.cache import segment_key

        version = self.engine_version(voice.engine)
        keys = [segment_key(voice.engine, version, voice, chunk.text) for chunk in chunks]
        root = str(self.cache.root) if self.cache is not None else None
        jobs = []
        for span in plan_blocks(list(chunks), keys):
            block_keys = keys[span.start:span.stop]
            pauses = [chunks[i].pause_after for i in span]
            jobs.append(BlockJob(texts=tuple(chunks[i].text for i in span), keys=tuple(block_keys),
                                 pauses=tuple(pauses), key=block_key(block_keys, pauses, bitrate),
                                 bitrate=bitrate))
        parallel = self.workers
        if parallel is None:
            parallel = self._pool is not None or (self.jobs > 1 and len(jobs) > 1)
        window: deque[BlockAudio | Future[BlockAudio]] = deque()
        limit = BLOCKS_IN_FLIGHT_PER_WORKER * self.jobs
        try:
            for job in jobs:
                found = self.cache.get_block(job.key) if self.cache is not None else None
                block = cached_block(*found) if found is not None else None
                if block is not None:
                    block.reused = len(job.texts)
                    window.append(block)
                elif parallel:
                    window.append(self._pool_for(voice.engine).submit(make_block, job, voice, root))
                else:
                    window.append(make_block(job, voice, root))
                while sum(isinstance(item, Future) for item in window) >= limit or len(window) >= 2 * limit:
                    yield self._finish(window.popleft())
            while window:
                yield self._finish(window.popleft())
        finally:
            for item in window:
                if isinstance(item, Future):
                    item.cancel()

    def _finish(self, item: BlockAudio | Future[BlockAudio]) -> BlockAudio:
        block = item.result() if isinstance(item, Future) else item
        with self._lock:
            self.stats.hits += block.reused
            self.stats.misses += block.synthesised
        return block


def synthesize(chunks: Sequence[Chunk], voice: VoicePreset, jobs: int = 1) -> Iterator[Segment]:
    """Yield one Segment per chunk, in script order, without a cache."""
    with Synthesizer(jobs=jobs, workers=jobs > 1) as synthesizer:
        yield from synthesizer.synthesize(chunks, voice)
