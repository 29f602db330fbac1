"""Runs an engine over a script and yields its audio, in order.

A `Synthesizer` has two ways to do it. `blocks` (what the pipeline uses) yields encoded
blocks of whole paragraphs (narrate.synthesis.blocks): a cached block as it is, else a worker
synthesises the block's chunks, taking unchanged ones from the segment cache, and encodes
them. `synthesize` yields one PCM Segment per chunk, for consumers that need raw audio.
Workers are processes, each holding its own engine (eSpeak NG keeps per-process state); the
pool is started once, on first need, and serves every document of a batch (a process start
costs about 0.3 s). Only a few items per worker are in flight per document, so memory stays
flat however long the document is, and the consumer sets the pace. Neural engines speak in a
worker even with one job, and Ctrl-C stops the workers at once (`stop`).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from narrate.voice.engines import EngineOptions, engine_spec, get_engine
from narrate.synthesis.lifeline import exit_with_parent, interruptions_deferred, not_stopped_midway, signals_blocked
from narrate.synthesis.memory import fix_mmap_threshold
from narrate.model import Chunk, Segment
from narrate.voice.presets import VoicePreset
from narrate.waiting import result_of

if TYPE_CHECKING:
    from narrate.audio.mp3encoder import BlockAudio
    from narrate.synthesis.cache import AudioCache
    from narrate.synthesis.cacheusage import DocumentUse
    from narrate.audio.leveling import Leveling

T = TypeVar("T")

# Fewer chunks than this per worker are not worth a process start.
MIN_CHUNKS_PER_WORKER = 12
IN_FLIGHT_PER_WORKER = 4
STOP_GRACE_SECONDS = 1.0  # for a stopped worker to end before it is killed
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
           options: EngineOptions | None = None, rate: int | None = None) -> Segment:
    """One chunk spoken (and cached as the engine made it), at `rate` when one is given."""
    engine = get_engine(engine_name, options)
    speech = engine.synthesize(text, voice)
    segment = Segment(index=index, pcm=speech.pcm, sample_rate=speech.sample_rate, marks=speech.marks)
    if cache_root is not None and key is not None:
        from narrate.synthesis.cache import AudioCache

        with not_stopped_midway():
            AudioCache(Path(cache_root), max_bytes=0).put(key, segment.sample_rate, segment.pcm, segment.marks)
    return at_rate(segment, rate)


def at_rate(segment: Segment, rate: int | None) -> Segment:
    """`segment` at `rate` (None: as it is): a chunk of another voice, brought to the episode's."""
    if rate is None or segment.sample_rate == rate:
        return segment
    from narrate.audio.resample import resample
    from narrate.voice.wordmarks import rescaled

    return Segment(index=segment.index, pcm=resample(segment.pcm, segment.sample_rate, rate), sample_rate=rate,
                   marks=rescaled(segment.marks, segment.sample_rate, rate))


def _rate_of(engine_name: str, voice: VoicePreset, options: EngineOptions | None) -> int:
    return get_engine(engine_name, options).sample_rate_for(voice)


def _start_worker(engine_name: str, options: EngineOptions | None = None, parent: int | None = None) -> None:
    # Ctrl-C reaches the whole process group: the main process decides what stops (a
    # finished run lets running work end; Ctrl-C ends the workers: Synthesizer.stop). The
    # worker was started with SIGINT blocked (WorkerPool); one that came while it was
    # starting is pending, and is discarded as it is ignored here. SIGTERM keeps its default:
    # Synthesizer.stop ends a worker with it (narrate.synthesis.lifeline holds it back while
    # a cache entry is written), and a service manager's SIGTERM to the group does the same.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    exit_with_parent(parent)  # kill -9 of the main process (the OOM killer) ends the workers too
    fix_mmap_threshold()
    get_engine(engine_name, options)  # load the engine once, before the first chunk arrives


class WorkerPool(ProcessPoolExecutor):
    """A process pool whose workers cannot be interrupted while they start.

    A spawned worker is a new interpreter that would turn a Ctrl-C (sent to the whole
    process group) into a KeyboardInterrupt, and a traceback on the terminal, until its
    initializer ignores SIGINT. Workers are started (in `submit`) with SIGINT blocked, as
    multiprocessing's own resource tracker is; a Ctrl-C meanwhile waits those few
    milliseconds in this process, and in the worker it is dropped when SIGINT is ignored.
    In this process, a Ctrl-C or SIGTERM waits until the worker has its start-up data."""

    def submit(self, fn: Callable[..., T], /, *args: object, **kwargs: object) -> Future[T]:
        with interruptions_deferred(), signals_blocked(signal.SIGINT):
            future = super().submit(fn, *args, **kwargs)
        future.set_exception = _unless_done(future.set_exception)  # type: ignore[method-assign]
        return future


def _unless_done(set_exception: Callable[[BaseException | None], None]) -> Callable[[BaseException | None], None]:
    """A future's set_exception that leaves a future cancelled meanwhile as it is. When its
    workers are stopped, the pool fails every pending future, and up to Python 3.11 its thread
    died on one cancelled already (InvalidStateError, a traceback, and a pool never shut down);
    Python 3.12 ignores that error the same way."""

    def tolerant(exception: BaseException | None) -> None:
        try:
            set_exception(exception)
        except InvalidStateError:
            pass

    return tolerant


class SynthesisStopped(KeyboardInterrupt):
    """The synthesizer was stopped (Ctrl-C): what was asked of it will not come."""


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
        """`workers`: True always uses the pool (batches), False never, None when worth it.
        With one job, only engines that must speak in a worker (WorkerPolicy.in_worker) use one."""
        self.jobs = jobs or default_jobs()
        self.cache = cache
        self.workers = workers if self.jobs > 1 or workers is False else None
        self.stats = SynthStats()
        self._pool: ProcessPoolExecutor | None = None
        self._engine: tuple[str, EngineOptions | None] | None = None
        self._lock = threading.Lock()  # batches render several documents from threads
        self._stopped = False
        self._rates: dict[str, int] = {}  # a voice's sample rate, by its identity

    def __enter__(self) -> Synthesizer:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self.stop()
        self.close()

    def close(self) -> None:
        """Stop the workers: queued work is cancelled, running blocks are let finish."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        if self.cache is not None and not self._stopped:
            self.cache.trim()  # after Ctrl-C the next run trims: exit now

    def stop(self) -> None:
        """Ctrl-C: end the workers now, whatever they are in the middle of (a model call can
        take many seconds, and nothing it makes is needed any more). A worker never stops
        midway through a cache entry (lifeline.not_stopped_midway); whatever waits on this
        synthesizer, in this thread or another, ends with SynthesisStopped."""
        with self._lock:
            self._stopped = True
            pool, self._pool = self._pool, None
        if pool is None:
            return
        # the pool's own parts, read before shutdown() lets go of them; its table of
        # processes is read again after: a submit racing this stop (from another document's
        # thread) may start a worker until shutdown() has the pool's lock, and that worker
        # must be ended too, or it speaks its chunk into a work folder after the last sweep
        table = getattr(pool, "_processes", None)
        results = getattr(pool, "_result_queue", None)
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        processes = list((table or {}).values())
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(STOP_GRACE_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
        # A worker ended while it sent a result (a chunk's PCM) leaves half a message in the
        # results pipe, and the pool's thread would wait for the rest for ever (and the
        # process's exit with it). With the workers gone, this end is the pipe's last writer:
        # closed, the read ends (EOF) and that thread finds the pool broken and ends.
        writer = getattr(results, "_writer", None)
        if writer is not None:
            writer.close()
        if manager is not None:
            manager.join()

    def _check(self) -> None:
        if self._stopped:
            raise SynthesisStopped()

    def _result(self, future: Future[T]) -> T:
        """A worker's result; once stopped, SynthesisStopped rather than the broken pool's error."""
        try:
            return result_of(future)
        except BaseException:
            self._check()
            raise

    def _uses_workers(self, engine_name: str, worth_it: bool) -> bool:
        """Whether work for `engine_name` goes to the workers (`worth_it`: by the amount of it)."""
        if self.workers is not None:
            return self.workers
        if self._pool is not None:
            return True
        policy = engine_spec(engine_name).workers
        return (policy is not None and policy.in_worker) or (self.jobs > 1 and worth_it)

    def call(self, engine_name: str, options: EngineOptions | None, function: Callable[..., T],
             *args: object) -> T:
        """`function(*args)` in a worker when this synthesizer uses workers, else here: work
        that loads heavy modules (numpy, for the loudness plan) stays out of the main process,
        which lives as long as the whole run."""
        if not self._uses_workers(engine_name, False):
            return function(*args)
        return self._result(self._pool_for(engine_name, options).submit(function, *args))

    def engine_version(self, engine_name: str, options: EngineOptions | None = None) -> str:
        return get_engine(engine_name, options).version()

    def document_use(self, name: str, title: str, source: str) -> DocumentUse | None:
        """A record of what one document uses in the cache (None without a cache)."""
        return self.cache.document(name, title, source) if self.cache is not None else None

    def segment_keys(self, chunks: Sequence[Chunk], voice: VoicePreset,
                     options: EngineOptions | None = None) -> list[str]:
        """Each chunk's segment cache key (narrate.synthesis.cache.segment_key)."""
        from narrate.synthesis.cache import segment_key

        versions: dict[str, str] = {}

        def key(chunk: Chunk) -> str:
            speaker = voice.for_language(chunk.language)  # the voice that reads it
            if speaker.engine not in versions:
                versions[speaker.engine] = self.engine_version(speaker.engine, options)
            return segment_key(speaker.engine, versions[speaker.engine], speaker, chunk.text)

        return [key(chunk) for chunk in chunks]

    def episode_rate(self, chunks: Sequence[Chunk], voice: VoicePreset,
                     options: EngineOptions | None = None) -> int | None:
        """The sample rate of an episode whose chunks several voices read: its main voice's
        (asked of its engine once per voice, in a worker where the engine speaks in one);
        None when one voice reads them all, whose rate is the episode's as it comes."""
        if not voice.others or all(voice.for_language(chunk.language) is voice for chunk in chunks):
            return None
        from narrate.synthesis.cache import segment_key

        identity = segment_key(voice.engine, "", voice, "")
        if identity not in self._rates:
            if self._uses_workers(voice.engine, self.jobs > 1):
                asked = self._pool_for(voice.engine, options).submit(_rate_of, voice.engine, voice, options)
                rate = self._result(asked)
            else:
                rate = _rate_of(voice.engine, voice, options)
            self._rates[identity] = rate
        return self._rates[identity]

    def _pool_for(self, engine_name: str, options: EngineOptions | None = None) -> ProcessPoolExecutor:
        with self._lock:
            self._check()
            if self._pool is None or self._engine != (engine_name, options):
                if self._pool is not None:
                    self._pool.shutdown(wait=True)
                context = multiprocessing.get_context("spawn")
                self._pool = WorkerPool(max_workers=self.jobs, mp_context=context,
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
        rate = self.episode_rate(chunks, voice, options)
        if not self._uses_workers(voice.engine, effective_jobs(self.jobs, len(chunks)) > 1):
            yield from self._in_process(chunks, voice, keys, options, cache, rate)
            return
        yield from self._with_workers(chunks, voice, keys, options, cache, rate)

    def _missing(self, chunks: Sequence[Chunk], wanted: list[int], voice: VoicePreset,
                 options: EngineOptions | None, scratch: Path | None) -> Iterator[Segment]:
        """The chunks at `wanted`, with their index in `chunks`."""
        for segment in self.synthesize([chunks[i] for i in wanted], voice, options, scratch):
            yield Segment(index=wanted[segment.index], pcm=segment.pcm, sample_rate=segment.sample_rate,
                          marks=segment.marks)

    @staticmethod
    def _cached(cache: AudioCache | None, index: int, key: str | None, rate: int | None = None) -> Segment | None:
        if cache is None or key is None:
            return None
        found = cache.get(key)
        if found is None:
            return None
        return at_rate(Segment(index=index, pcm=found[1], sample_rate=found[0], marks=found[2]), rate)

    def _in_process(self, chunks: Sequence[Chunk], voice: VoicePreset, keys: list[str | None],
                    options: EngineOptions | None, cache: AudioCache | None,
                    rate: int | None = None) -> Iterator[Segment]:
        root = str(cache.root) if cache is not None else None
        for index, (chunk, key) in enumerate(zip(chunks, keys)):
            self._check()
            segment = self._cached(cache, index, key, rate)
            hit = segment is not None
            if segment is None:
                speaker = voice.for_language(chunk.language)
                segment = _speak(speaker.engine, index, chunk.text, speaker, root, key, options, rate)
            self._count(int(hit), int(not hit))
            yield segment

    def _with_workers(self, chunks: Sequence[Chunk], voice: VoicePreset, keys: list[str | None],
                      options: EngineOptions | None, cache: AudioCache | None,
                      rate: int | None = None) -> Iterator[Segment]:
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
                return self._result(item)
            self._count(1, 0)
            return item

        try:
            for index, (chunk, key) in enumerate(zip(chunks, keys)):
                segment = self._cached(cache, index, key, rate)
                if segment is not None:
                    window.append(segment)
                else:
                    pool = self._pool_for(voice.engine, options)  # the main voice's engine; another
                    speaker = voice.for_language(chunk.language)  # voice's loads in the worker
                    window.append(pool.submit(_speak, speaker.engine, index, chunk.text, speaker, root, key,
                                              options, rate))
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
               counted: Collection[int] = (), use: DocumentUse | None = None) -> Iterator[BlockAudio]:
        """Yield the script's encoded blocks in order (narrate.synthesis.blocks): cached blocks as they
        are, the others made by the workers (or here, for a single block or a single job).
        `leveling` (gain and limiter) is applied before each block is encoded. `scratch` as
        for `synthesize`; the chunks at `counted` are in `stats` already (synthesised to plan
        the loudness or ahead of the blocks, which find them in the cache). `use`: the
        document's cache record, told the blocks' keys before any is made."""
        from narrate.synthesis.blocks import BlockJob, block_key, cached_block, make_block, plan_blocks

        keys = self.segment_keys(chunks, voice, options)
        segments = self._segment_cache(scratch)
        root = str(segments.root) if segments is not None else None
        rate = self.episode_rate(chunks, voice, options)
        jobs = []
        spans = plan_blocks(list(chunks), keys)
        for span in spans:
            block_keys = keys[span.start:span.stop]
            pauses = [chunks[i].pause_after for i in span]
            speakers = tuple(voice.for_language(chunks[i].language) for i in span) if rate else ()
            jobs.append(BlockJob(texts=tuple(chunks[i].text for i in span), keys=tuple(block_keys),
                                 pauses=tuple(pauses), key=block_key(block_keys, pauses, bitrate, leveling, rate),
                                 bitrate=bitrate, leveling=leveling, options=options, voices=speakers, rate=rate))
        if use is not None and self.cache is not None:
            use.add(blocks=[job.key for job in jobs])
        # the blocks to make, not the cached ones, decide: re-running an edited book makes
        # one block, in this process, rather than starting workers for it
        missing = [job for job in jobs if self.cache is None or not self.cache.has_block(job.key)]
        parallel = self._uses_workers(voice.engine, len(missing) > 1)
        window: deque[BlockAudio | Future[BlockAudio]] = deque()
        limit = BLOCKS_IN_FLIGHT_PER_WORKER * self.jobs
        done = 0
        try:
            for job in jobs:
                self._check()
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
        block = self._result(item) if isinstance(item, Future) else item
        # chunks counted already were found in the cache by the block: not counted again
        again = min(counted, block.reused)
        self._count(block.reused - again, block.synthesised)
        return block


def synthesize(chunks: Sequence[Chunk], voice: VoicePreset, jobs: int = 1,
               options: EngineOptions | None = None) -> Iterator[Segment]:
    """Yield one Segment per chunk, in script order, without a cache."""
    with Synthesizer(jobs=jobs, workers=jobs > 1) as synthesizer:
        yield from synthesizer.synthesize(chunks, voice, options)
