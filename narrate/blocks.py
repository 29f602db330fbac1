"""Blocks: runs of whole paragraphs that are synthesised and encoded as one unit.

Encoding one long MP3 stream is the slowest step for a book (about as slow as synthesis) and
a single ffmpeg process can use only one core. So an episode is cut into blocks of a few
minutes, each encoded by the worker that synthesised it, and the blocks are joined frame by
frame (narrate.mp3join). Block boundaries depend only on nearby text (a paragraph end whose
chunk key happens to fall on a multiple of SPREAD, within MIN..MAX chunks), so editing one
paragraph changes one block: the rest come from the cache already encoded.

Each worker's ffmpeg also applies the episode's planned gain and limiter (narrate.loudness)
and measures its block with ebur128 just before the encoder; the momentary loudness
of every 400 ms window is returned (and cached) with the block, so the main process gates
the windows of all blocks together and gets the whole episode's integrated loudness.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.engines import EngineOptions, get_engine
from narrate.model import SAMPLE_WIDTH, Chunk, pause_samples

if TYPE_CHECKING:
    from narrate.voices import VoicePreset

MIN_BLOCK_CHUNKS = 8
MAX_BLOCK_CHUNKS = 40
SPREAD = 16  # about one paragraph end in SPREAD (past the minimum) closes a block
BLOCK_FORMAT = 2  # bump when the way blocks are encoded changes


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


def block_key(keys: list[str], pauses: list[float], bitrate: str, filters: str = "") -> str:
    """`filters`: the gain and limiter chain applied before encoding (narrate.loudness)."""
    from narrate import __version__
    from narrate.formats import MP3_QUALITY

    blob = json.dumps({"keys": keys, "pauses": pauses, "bitrate": bitrate, "quality": MP3_QUALITY,
                       "filters": filters, "format": BLOCK_FORMAT, "narrate": __version__})
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class BlockJob:
    """What a worker needs to make one block (picklable)."""

    texts: tuple[str, ...]
    keys: tuple[str, ...]
    pauses: tuple[float, ...]
    key: str
    bitrate: str
    filters: str = ""  # gain and limiter (narrate.loudness.gain_filters); "" for none
    options: EngineOptions | None = None


@dataclass
class BlockAudio:
    """One encoded block and where each of its chunks lies in it (in samples)."""

    mp3: bytes
    speech: list[int]
    pauses: list[int]
    sample_rate: int
    momentary: list[float] = field(default_factory=list)
    """Momentary loudness (LUFS) of the block's 400 ms windows above the absolute gate."""
    synthesised: int = 0  # engine calls made for it
    reused: int = 0  # chunks taken from the cache


def make_block(job: BlockJob, voice: VoicePreset, cache_root: str | None) -> BlockAudio:
    """Synthesise (or take from the cache) each chunk, and encode the block; runs in a worker."""
    from narrate.ffmpeg import Pipe

    cache = None
    if cache_root is not None:
        from narrate.cache import SegmentCache

        cache = SegmentCache(Path(cache_root), max_bytes=0)
    engine = get_engine(voice.engine, job.options)
    pipe: Pipe | None = None
    result = BlockAudio(mp3=b"", speech=[], pauses=[], sample_rate=0)
    fd, name = tempfile.mkstemp(prefix="narrate-block-", suffix=".mp3")
    os.close(fd)
    try:
        try:
            for text, key, pause in zip(job.texts, job.keys, job.pauses):
                found = cache.get(key) if cache is not None else None
                if found is not None and (pipe is None or found[0] == result.sample_rate):
                    rate, pcm = found
                    result.reused += 1
                else:
                    pcm = engine.synthesize(text, voice)  # first: a Piper voice sets the rate
                    rate = engine.sample_rate
                    result.synthesised += 1
                    if cache is not None:
                        cache.put(key, rate, pcm)
                if pipe is None:
                    result.sample_rate = rate
                    pipe = Pipe(block_command(rate, job, name), loglevel="verbose", one_cpu=True)
                silence = pause_samples(pause, rate)
                pipe.write(pcm)
                pipe.write(b"\x00" * (silence * SAMPLE_WIDTH))
                result.speech.append(len(pcm) // SAMPLE_WIDTH)
                result.pauses.append(silence)
            if pipe is None:
                raise ValueError("a block has at least one chunk")
            result.momentary = momentary_loudness(pipe.close())
        except BaseException:
            if pipe is not None:
                pipe.kill()
            raise
        result.mp3 = Path(name).read_bytes()
    finally:
        Path(name).unlink(missing_ok=True)
    if cache is not None:
        cache.put_block(job.key, {"speech": result.speech, "pauses": result.pauses,
                                  "sample_rate": result.sample_rate, "momentary": result.momentary},
                        result.mp3)
    return result


def block_command(rate: int, job: BlockJob, out: str) -> list[str]:
    """ffmpeg arguments: raw PCM in, gain and limiter, MP3 out without a Xing frame (the
    joined file gets one Info frame), and a loudness meter in the chain before the encoder
    (ebur128 passes the audio on unchanged: the same MP3 bytes as a meter on a branch, one
    filter fewer)."""
    from narrate.encode import EncodeSettings, mp3_arguments
    from narrate.loudness import ebur128

    arguments = mp3_arguments(EncodeSettings(bitrate=job.bitrate))
    arguments[arguments.index("-write_xing") + 1] = "0"
    chain = f"{job.filters}," if job.filters else ""
    return ["-f", "s16le", "-ar", str(rate), "-ac", "1", "-i", "pipe:0",
            "-af", f"{chain}{ebur128()}", *arguments, "-y", out]


_MOMENTARY = re.compile(r"\bt:\s*[\d.]+\s+TARGET:\S+ LUFS\s+M:\s*(-?[\d.]+)")
ABSOLUTE_GATE = -70.0  # LUFS (BS.1770)
RELATIVE_GATE = 10.0  # LU below the absolute-gated mean


def momentary_loudness(log: str) -> list[float]:
    """The 400 ms windows (one every 100 ms, as BS.1770 gates them) from ebur128's frame log,
    keeping those above the absolute gate."""
    values = (float(v) for v in _MOMENTARY.findall(log))
    return [v for v in values if v > ABSOLUTE_GATE]


def integrated_loudness(windows: Sequence[float]) -> float:
    """BS.1770 integrated loudness from momentary windows: absolute then relative gate."""
    if not windows:
        return ABSOLUTE_GATE

    def mean(values: Sequence[float]) -> float:
        return 10 * math.log10(sum(10 ** (v / 10) for v in values) / len(values))

    threshold = mean(windows) - RELATIVE_GATE
    kept = [v for v in windows if v > threshold]
    return mean(kept) if kept else ABSOLUTE_GATE


def cached_block(description: dict[str, object], mp3: bytes) -> BlockAudio | None:
    try:
        return BlockAudio(mp3=mp3, speech=[int(s) for s in description["speech"]],  # type: ignore[attr-defined]
                          pauses=[int(p) for p in description["pauses"]],  # type: ignore[attr-defined]
                          sample_rate=int(description["sample_rate"]),  # type: ignore[call-overload]
                          momentary=[float(v) for v in description["momentary"]])  # type: ignore[attr-defined]
    except (KeyError, TypeError, ValueError):
        return None
