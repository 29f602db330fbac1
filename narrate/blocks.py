"""Blocks: runs of whole paragraphs that are synthesised and encoded as one unit.

Encoding one long MP3 stream is the slowest step for a book (about as slow as synthesis) and
a single ffmpeg process can use only one core. So an episode is cut into blocks of a few
minutes, each encoded by the worker that synthesised it, and the blocks are joined frame by
frame (narrate.mp3join). Block boundaries depend only on nearby text (a paragraph end whose
chunk key happens to fall on a multiple of SPREAD, within MIN..MAX chunks), so editing one
paragraph changes one block: the rest come from the cache already encoded.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.engines import get_engine
from narrate.model import SAMPLE_WIDTH, Chunk

if TYPE_CHECKING:
    from narrate.voices import VoicePreset

MIN_BLOCK_CHUNKS = 8
MAX_BLOCK_CHUNKS = 40
SPREAD = 16  # about one paragraph end in SPREAD (past the minimum) closes a block
BLOCK_FORMAT = 1  # bump when the way blocks are encoded changes


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


def block_key(keys: list[str], pauses: list[float], bitrate: str) -> str:
    from narrate import __version__
    from narrate.encode import MP3_QUALITY

    blob = json.dumps({"keys": keys, "pauses": pauses, "bitrate": bitrate, "quality": MP3_QUALITY,
                       "format": BLOCK_FORMAT, "narrate": __version__})
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class BlockJob:
    """What a worker needs to make one block (picklable)."""

    texts: tuple[str, ...]
    keys: tuple[str, ...]
    pauses: tuple[float, ...]
    key: str
    bitrate: str


@dataclass
class BlockAudio:
    """One encoded block and where each of its chunks lies in it (in samples)."""

    mp3: bytes
    speech: list[int]
    pauses: list[int]
    sample_rate: int
    synthesised: int = 0  # engine calls made for it
    reused: int = 0  # chunks taken from the cache


def make_block(job: BlockJob, voice: VoicePreset, cache_root: str | None) -> BlockAudio:
    """Synthesise (or take from the cache) each chunk, and encode the block; runs in a worker."""
    from narrate.encode import EncodeSettings, mp3_arguments
    from narrate.ffmpeg import Pipe

    cache = None
    if cache_root is not None:
        from narrate.cache import SegmentCache

        cache = SegmentCache(Path(cache_root), max_bytes=0)
    engine = get_engine(voice.engine)
    rate = engine.sample_rate
    result = BlockAudio(mp3=b"", speech=[], pauses=[], sample_rate=rate)
    arguments = mp3_arguments(EncodeSettings(bitrate=job.bitrate))
    arguments[arguments.index("-write_xing") + 1] = "0"  # one Info frame for the whole file instead
    fd, name = tempfile.mkstemp(prefix="narrate-block-", suffix=".mp3")
    os.close(fd)
    try:
        pipe = Pipe(["-f", "s16le", "-ar", str(rate), "-ac", "1", "-i", "pipe:0", *arguments, "-y", name])
        try:
            for text, key, pause in zip(job.texts, job.keys, job.pauses):
                found = cache.get(key) if cache is not None else None
                if found is not None and found[0] == rate:
                    pcm = found[1]
                    result.reused += 1
                else:
                    pcm = engine.synthesize(text, voice)
                    result.synthesised += 1
                    if cache is not None:
                        cache.put(key, rate, pcm)
                silence = round(pause * rate)
                pipe.write(pcm)
                pipe.write(b"\x00" * (silence * SAMPLE_WIDTH))
                result.speech.append(len(pcm) // SAMPLE_WIDTH)
                result.pauses.append(silence)
            pipe.close()
        except BaseException:
            pipe.kill()
            raise
        result.mp3 = Path(name).read_bytes()
    finally:
        Path(name).unlink(missing_ok=True)
    if cache is not None:
        cache.put_block(job.key, {"speech": result.speech, "pauses": result.pauses, "sample_rate": rate},
                        result.mp3)
    return result


def cached_block(description: dict[str, object], mp3: bytes) -> BlockAudio | None:
    try:
        return BlockAudio(mp3=mp3, speech=[int(s) for s in description["speech"]],  # type: ignore[attr-defined]
                          pauses=[int(p) for p in description["pauses"]],  # type: ignore[attr-defined]
                          sample_rate=int(description["sample_rate"]))  # type: ignore[call-overload]
    except (KeyError, TypeError, ValueError):
        return None
