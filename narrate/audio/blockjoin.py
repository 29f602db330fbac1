"""Joining an episode's encoded blocks into one MP3 file, and what the join tells about it:
the exact time each chunk is heard (from frame counts, not estimates) and the loudness of the
whole (the blocks' ebur128 windows, gated together as BS.1770 gates one stream).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from narrate.audio.mp3encoder import BlockAudio
from narrate.audio.leveling import integrated_loudness
from narrate.audio.mp3join import BLOCK_DELAY_SAMPLES, Mp3Joiner
from narrate.model import ChunkProgress, WordMark



@dataclass
class Joined:
    duration: float
    starts: list[float]  # when each chunk's speech is heard
    openings: list[float]  # where a chapter opened by each chunk starts (a block's first: 0 of it)
    speech: list[float]  # how long each chunk's speech lasts
    integrated: float  # LUFS, measured before encoding (after gain and limiter)
    marks: list[tuple[WordMark, ...]] = field(default_factory=list)
    """Each chunk's word marks, in samples (at `rate`) from the start of its speech."""
    rate: int = 0


def join_blocks(blocks: Iterable[BlockAudio], out: Path, total: int,
                progress: ChunkProgress | None = None) -> Joined:
    """Write `blocks` one after another to `out` (replacing what is there) behind one Info frame."""
    rate = 0
    position = 0  # samples of decoded audio so far
    starts: list[float] = []
    openings: list[float] = []
    speech: list[float] = []
    marks: list[tuple[WordMark, ...]] = []
    windows = array("d")  # a novel: about 250,000 windows, 2 MB
    with out.open("w+b") as handle:
        joiner = Mp3Joiner(handle)
        for block in blocks:
            rate = block.sample_rate
            offset = position + BLOCK_DELAY_SAMPLES
            for index, (spoken, pause) in enumerate(zip(block.speech, block.pauses)):
                openings.append((offset if index else position) / rate)
                starts.append(offset / rate)
                speech.append(spoken / rate)
                offset += spoken + pause
            marks.extend(block.marks or [()] * len(block.speech))
            windows.extend(block.momentary)
            position += joiner.add(block.mp3, block.frames)
            if progress:
                progress(len(speech), total, position / rate)
        joiner.finish()
    return Joined(duration=position / rate, starts=starts, openings=openings, speech=speech,
                  integrated=integrated_loudness(windows), marks=marks, rate=rate)
