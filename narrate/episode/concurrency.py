"""Every concurrency device the episode stage uses, in one place: work started in the
background beside synthesis, and synthesis run ahead while the loudness is planned.

The worker processes themselves belong to the synthesizer (narrate.synthesis.synthesizer);
the turns that documents of one batch take belong to its plan memory
(narrate.episode.planning.PlanMemory).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from narrate.waiting import joined

if TYPE_CHECKING:
    from narrate.model import Chunk, ChunkProgress
    from narrate.synthesis.synthesizer import Synthesizer
    from narrate.voice.engines import EngineOptions
    from narrate.voice.presets import VoicePreset

log = logging.getLogger(__name__)
T = TypeVar("T")


def in_background(function: Callable[..., T], *args: object) -> Future[T]:
    """`function(*args)` on a thread of its own, beside whatever this thread does next (a
    generated cover, a codec check); the thread ends with the call. A daemon: after Ctrl-C
    the process exits without waiting for it (a codec check runs ffmpeg for seconds)."""
    future: Future[T] = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(function(*args))
        except BaseException as exc:  # noqa: BLE001 - handed to whoever asks for the result
            future.set_exception(exc)

    threading.Thread(target=run, name="narrate-background", daemon=True).start()
    return future


class SynthesisAhead:
    """Synthesise the chunks after the opening that the cache lacks while the loudness is
    planned (planning holds this thread, or waits on a worker, so the engine would otherwise
    wait); the blocks then find them there. `stop` returns the indices done (counted in the
    stats); `finish` waits for all of them first.

    `finish` is for engines whose synthesis dwarfs encoding (the neural ones): chunk by chunk,
    every worker stays busy to the last chunk, where blocks of 8-40 chunks left one worker
    alone with the last block (measured on 5,000 words with Kokoro: the whole run took 1.24x
    plain kokoro-onnx's time; synthesis alone took 0.6x). `progress` is told of each chunk."""

    def __init__(self, synthesizer: Synthesizer, chunks: Sequence[Chunk], start: int,
                 voice: VoicePreset, options: EngineOptions | None, scratch: Path,
                 progress: ChunkProgress | None = None, seconds: float = 0.0) -> None:
        self._stopping = threading.Event()
        self._done: set[int] = set()
        self._start = start
        self._total = len(chunks)
        self._progress = progress
        self._seconds = seconds  # of speech before `start` (the opening)
        self._segments = synthesizer.synthesize(chunks[start:], voice, options, scratch, only_missing=True)
        self._thread = threading.Thread(target=self._run, name="narrate-ahead", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            for segment in self._segments:
                self._done.add(self._start + segment.index)
                if self._stopping.is_set():
                    break
                if self._progress is not None:
                    self._seconds += segment.duration
                    self._progress(self._start + len(self._done), self._total, self._seconds)
        except Exception:  # noqa: BLE001 - the blocks synthesise again and report the error
            log.debug("synthesis ahead stopped", exc_info=True)
        except KeyboardInterrupt:  # the synthesizer was stopped (Ctrl-C): the main thread says so
            log.debug("synthesis ahead stopped by Ctrl-C")
        finally:
            self._segments.close()  # type: ignore[attr-defined]

    def stop(self) -> set[int]:
        self._stopping.set()
        joined(self._thread)
        return self._done

    def finish(self) -> set[int]:
        joined(self._thread)
        return self._done
