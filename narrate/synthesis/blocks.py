"""Blocks: runs of whole paragraphs that are synthesised and encoded as one unit.

Encoding one long MP3 stream is the slowest step for a book (about as slow as synthesis) and
a single encoder can use only one core. So an episode is cut into blocks of a few
minutes, each encoded by the worker that synthesised it, and the blocks are joined frame by
frame (narrate.audio.mp3join). Block boundaries depend only on nearby text (a paragraph end whose
chunk key happens to fall on a multiple of SPREAD, within MIN..MAX chunks), so editing one
paragraph changes one block: the rest come from the cache already encoded.

Each worker also applies the episode's planned gain and limiter and meters its block just
before the encoder (narrate.audio.leveling, all in the worker's process); the momentary loudness of
every 400 ms window is returned (and cached) with the block, so the main process gates the
windows of all blocks together and gets the whole episode's integrated loudness.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.voice.engines import EngineOptions, get_engine
from narrate.audio.leveling import Leveling
from narrate.audio.mp3encoder import BlockAudio
from narrate.model import SAMPLE_WIDTH, Chunk, WordMark, pause_samples
from narrate.audio.mp3join import count_frames
from narrate.synthesis.lifeline import not_stopped_midway

if TYPE_CHECKING:
    from narrate.voice.presets import VoicePreset

MIN_BLOCK_CHUNKS = 8
MAX_BLOCK_CHUNKS = 40
SPREAD = 16  # about one paragraph end in SPREAD (past the minimum) closes a block
BLOCK_FORMAT = 4  # bump when the way blocks are encoded, or what they record, changes


def plan_blocks(chunks: tuple[Chunk, ...] | list[Chunk], keys: list[str]) -> list[range]:
    """Cut the script into blocks at paragraph ends chosen by content, not position."""
    blocks: list[range] = []
    start = 0
    for index in range(len(chunks)):
        size = index - start + 1
        last = index == len(chunks) - 1
        paragraph_end = last or chunks[index + 1].starts_paragraph
        if last or (paragraph_end and (size >= MAX_BLOCK_CHUNKS or (
                size >= MIN_BLOCK_CHUNKS and int(keys[index][:8], 16) % SPREAD == 0))):
            blocks.append(range(start, index + 1))
            start = index + 1
    return blocks


def block_key(keys: list[str], pauses: list[float], bitrate: str, leveling: Leveling,
              rate: int | None = None) -> str:
    """`leveling`: the gain and limiter applied before encoding (narrate.audio.leveling);
    `rate`: the episode's sample rate where voices of several rates read it."""
    from narrate.version import __version__
    from narrate.audio.formats import MP3_QUALITY

    described = {"keys": keys, "pauses": pauses, "bitrate": bitrate, "quality": MP3_QUALITY,
                 "leveling": leveling.describe(), "format": BLOCK_FORMAT, "narrate": __version__}
    if rate is not None:
        described["rate"] = rate
    blob = json.dumps(described)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class BlockJob:
    """What a worker needs to make one block (picklable)."""

    texts: tuple[str, ...]
    keys: tuple[str, ...]
    pauses: tuple[float, ...]
    key: str
    bitrate: str
    leveling: Leveling = Leveling()  # gain and limiter
    options: EngineOptions | None = None
    voices: tuple[VoicePreset, ...] = ()
    """The voice of each text, where several voices read the episode (empty: the one given)."""
    rate: int | None = None
    """The episode's sample rate, where voices of several rates read it (None: the voice's)."""


def make_block(job: BlockJob, voice: VoicePreset, cache_root: str | None, in_pool: bool = False) -> BlockAudio:
    """Synthesise (or take from the cache) each chunk, and level and encode the block as it
    goes (narrate.audio.mp3encoder); runs in a pool worker (`in_pool`) or, for a single block,
    in the main process. All of it happens in this process
    (narrate.audio.leveling says why), so a worker is one process, not one plus an ffmpeg."""
    from narrate.audio.mp3encoder import BlockEncoder

    cache = None
    if cache_root is not None:
        from narrate.synthesis.cache import AudioCache

        cache = AudioCache(Path(cache_root), max_bytes=0)
    encoder: BlockEncoder | None = None
    result = BlockAudio(mp3=b"", speech=[], pauses=[], sample_rate=0)
    speakers = job.voices or (voice,) * len(job.texts)
    try:
        for text, key, pause, speaker in zip(job.texts, job.keys, job.pauses, speakers):
            found = cache.get(key) if cache is not None else None
            if found is not None and (encoder is None or found[0] == result.sample_rate or job.rate):
                rate, pcm, marks = found
                result.reused += 1
            else:
                speech = get_engine(speaker.engine, job.options).synthesize(text, speaker)
                pcm, rate, marks = speech.pcm, speech.sample_rate, speech.marks
                result.synthesised += 1
                if cache is not None:
                    with not_stopped_midway():
                        cache.put(key, rate, pcm, marks)
            if job.rate is not None and rate != job.rate:
                from narrate.audio.resample import resample
                from narrate.voice.wordmarks import rescaled

                pcm, marks, rate = resample(pcm, rate, job.rate), rescaled(marks, rate, job.rate), job.rate
            if encoder is None:
                result.sample_rate = rate
                encoder = BlockEncoder(rate, job.bitrate, job.leveling, threaded=not in_pool)
            silence = pause_samples(pause, rate)
            encoder.add(pcm, silence)
            result.speech.append(len(pcm) // SAMPLE_WIDTH)
            result.pauses.append(silence)
            result.marks.append(marks)
        if encoder is None:
            raise ValueError("a block has at least one chunk")
        result.mp3, result.momentary = encoder.finish()
        result.frames = count_frames(result.mp3)[0]  # here, in the worker, not in the main process
    except BaseException:
        if encoder is not None:
            try:
                encoder.finish()  # stop its thread
            except BaseException:  # noqa: BLE001 - the first error is the one to report
                pass
        raise
    if cache is not None:
        with not_stopped_midway():
            cache.put_block(job.key, {"speech": result.speech, "pauses": result.pauses,
                                      "sample_rate": result.sample_rate, "momentary": result.momentary,
                                      "frames": result.frames,
                                      "marks": [[list(mark) for mark in chunk] for chunk in result.marks]},
                            result.mp3)
    return result


def cached_block(description: dict[str, object], mp3: bytes) -> BlockAudio | None:
    try:
        return BlockAudio(mp3=mp3, speech=[int(s) for s in description["speech"]],  # type: ignore[attr-defined]
                          pauses=[int(p) for p in description["pauses"]],  # type: ignore[attr-defined]
                          sample_rate=int(description["sample_rate"]),  # type: ignore[call-overload]
                          momentary=[float(v) for v in description["momentary"]],  # type: ignore[attr-defined]
                          frames=int(description["frames"]),  # type: ignore[call-overload]
                          marks=[tuple(WordMark(*map(int, m)) for m in chunk)
                                 for chunk in description["marks"]])  # type: ignore[attr-defined]
    except (KeyError, TypeError, ValueError):
        return None
