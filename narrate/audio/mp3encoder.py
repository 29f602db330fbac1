"""A block's encoder: levels, meters and encodes speech in a thread beside the synthesis.

libmp3lame (through lameenc) and numpy release the GIL while they work, as the engine does
while it speaks, so a thread is enough to overlap encoding with synthesis: a short article
that fits in one block is made in the main process and still gets both cores.
"""

from __future__ import annotations

import io
import queue
import threading
from dataclasses import dataclass, field

from narrate.errors import EncodeError
from narrate.audio.leveling import Leveling, LoudnessMeter, level
from narrate.model import SAMPLE_WIDTH, WordMark

QUEUED = 4  # chunks waiting for the encoder, at most: bounds the memory a block holds


@dataclass
class BlockAudio:
    """One encoded block and where each of its chunks lies in it (in samples)."""

    mp3: bytes
    speech: list[int]
    pauses: list[int]
    sample_rate: int
    momentary: list[float] = field(default_factory=list)
    """Momentary loudness (LUFS) of the block's 400 ms windows above the absolute gate."""
    frames: int | None = None  # MP3 frames in `mp3` (counted where it was encoded)
    marks: list[tuple[WordMark, ...]] = field(default_factory=list)
    """Each chunk's word marks, in samples from the start of its speech."""
    synthesised: int = 0  # engine calls made for it
    reused: int = 0  # chunks taken from the cache



class Mp3Encoder:
    """libmp3lame in this process (lameenc), set up as narrate's ffmpeg sets it: constant
    bitrate, MP3_QUALITY, the input's sample rate kept, mono, no Xing frame (the joined file
    gets one Info frame, narrate.audio.mp3join)."""

    def __init__(self, rate: int, bitrate: str) -> None:
        import lameenc

        from narrate.audio.formats import MP3_QUALITY

        self._encoder = lameenc.Encoder()
        self._encoder.silence()
        try:
            self._encoder.set_channels(1)
            self._encoder.set_in_sample_rate(rate)
            self._encoder.set_out_sample_rate(rate)
            self._encoder.set_bit_rate(int(bitrate.rstrip("k")))
            self._encoder.set_quality(int(MP3_QUALITY))
        except (RuntimeError, ValueError) as error:
            raise EncodeError(f"cannot encode MP3 at {bitrate} and {rate} Hz: {error}") from None

    def encode(self, pcm: bytes) -> bytes:
        try:
            return bytes(self._encoder.encode(pcm))
        except (RuntimeError, ValueError) as error:
            raise EncodeError(f"MP3 encoder failed: {error}") from None

    def flush(self) -> bytes:
        try:
            return bytes(self._encoder.flush())
        except (RuntimeError, ValueError) as error:
            raise EncodeError(f"MP3 encoder failed: {error}") from None


class BlockEncoder:
    """Feed it each chunk's speech and pause; `finish` returns the MP3 and the meter's windows.

    `threaded`: level and encode in a thread beside the caller's synthesis. A pool worker
    has no core to spare for it (the other workers use them), so there it works inline and
    saves the thread's memory (its stack and malloc arena: about 5 MB a worker)."""

    def __init__(self, rate: int, bitrate: str, leveling: Leveling, threaded: bool = True) -> None:
        self.rate = rate
        self._leveling = leveling
        self._encoder = Mp3Encoder(rate, bitrate)  # here: a bad setting fails before any work
        self._meter = LoudnessMeter(rate)
        self._mp3 = io.BytesIO()  # grows in place; a list of frames joined at the end held it twice
        self._queue: queue.Queue[tuple[bytes, int] | None] = queue.Queue(maxsize=QUEUED)
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, name="narrate-encode", daemon=True)
            self._thread.start()

    def add(self, pcm: bytes, silence: int) -> None:
        """Encode (or queue) one chunk's speech followed by `silence` samples of pause."""
        if self._thread is None:
            self._encode(pcm, silence)
            return
        if self._error is not None:
            self.finish()  # raises it
        self._queue.put((pcm, silence))

    def finish(self) -> tuple[bytes, list[float]]:
        if self._thread is None:
            self._mp3.write(self._encoder.flush())
        else:
            self._queue.put(None)
            self._thread.join()
            if self._error is not None:
                raise self._error
        return self._mp3.getvalue(), self._meter.windows

    def _encode(self, pcm: bytes, silence: int) -> None:
        levelled = level(pcm, self._leveling, self.rate)
        self._meter.add(levelled)
        self._meter.add_silence(silence)
        self._mp3.write(self._encoder.encode(levelled))
        self._mp3.write(self._encoder.encode(bytes(silence * SAMPLE_WIDTH)))

    def _run(self) -> None:
        try:
            while (item := self._queue.get()) is not None:
                self._encode(*item)
            self._mp3.write(self._encoder.flush())
        except BaseException as error:  # noqa: BLE001 - handed to the caller by finish()
            self._error = error
            while self._queue.get() is not None:  # let the producer finish putting
                pass
