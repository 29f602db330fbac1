"""Runs an engine over a script's chunks and yields their audio, in order.

With several jobs, chunks are synthesised by worker processes, each holding its own engine
(eSpeak NG keeps per-process state). At most a few chunks per worker are in flight, so memory
stays flat however long the document is, and the consumer (the encoder) sets the pace.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor

from narrate.engines import EngineOptions, get_engine, worker_defaults
from narrate.model import Chunk, Segment
from narrate.voices import VoicePreset

# Fewer chunks than this per worker are not worth a process start.
MIN_CHUNKS_PER_WORKER = 12
IN_FLIGHT_PER_WORKER = 4


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def effective_jobs(requested: int | None, chunk_count: int, engine: str = "espeak",
                   device: str = "cpu") -> int:
    """Workers to start: the engine's default (eSpeak: all cores; Piper: as memory allows),
    but never more than the text can keep busy."""
    policy = worker_defaults(engine, default_jobs(), device)
    default, min_chunks = policy or (default_jobs(), MIN_CHUNKS_PER_WORKER)
    jobs = requested or default
    return max(1, min(jobs, chunk_count // min_chunks))


def _speak(engine_name: str, index: int, text: str, voice: VoicePreset,
           options: EngineOptions | None = None) -> Segment:
    engine = get_engine(engine_name, options)
    pcm = engine.synthesize(text, voice)  # first: a Piper voice sets the engine's sample rate
    return Segment(index=index, pcm=pcm, sample_rate=engine.sample_rate)


def _start_worker(engine_name: str, options: EngineOptions | None = None) -> None:
    get_engine(engine_name, options)  # load the engine once, before the first chunk arrives


def synthesize(chunks: Sequence[Chunk], voice: VoicePreset, jobs: int = 1,
               options: EngineOptions | None = None) -> Iterator[Segment]:
    """Yield one Segment per chunk, in script order."""
    if jobs <= 1:
        for index, chunk in enumerate(chunks):
            yield _speak(voice.engine, index, chunk.text, voice, options)
        return
    context = multiprocessing.get_context("spawn")
    window: deque[Future[Segment]] = deque()
    limit = jobs * IN_FLIGHT_PER_WORKER
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context,
                             initializer=_start_worker, initargs=(voice.engine, options)) as pool:
        pending = iter(enumerate(chunks))
        try:
            for index, chunk in pending:
                window.append(pool.submit(_speak, voice.engine, index, chunk.text, voice, options))
                if len(window) >= limit:
                    yield window.popleft().result()
            while window:
                yield window.popleft().result()
        finally:
            for future in window:
                future.cancel()
