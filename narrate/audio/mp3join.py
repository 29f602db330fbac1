"""Joining independently encoded MP3 streams into one file, and its Info header.

Blocks of an episode are encoded separately (in parallel, and cached), so each is a complete
CBR MP3 stream without a Xing frame. Concatenated, they form a valid stream: every block
starts with an empty bit reservoir. Each block decodes to exactly frames x samples-per-frame
samples, its audio shifted by the encoder and decoder delay (`BLOCK_DELAY_SAMPLES`), which is
why chapter and cue times are computed from frame counts, not from the PCM alone. The file
opens with an "Info" frame (the CBR form of a Xing header) holding the frame and byte counts,
so players show the right length and seek properly.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import BinaryIO

from narrate.errors import EncodeError

# LAME's encoder delay (576) plus the MP3 decoder's delay (529), measured with ffmpeg: a click
# at sample n of a block's PCM is heard at sample n + 1105 of that block's decoded audio.
BLOCK_DELAY_SAMPLES = 1105

_BITRATES = {  # kbit/s by bitrate index, Layer III
    "1": (0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320),
    "2": (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160),
}
_RATES = {"1": (44100, 48000, 32000), "2": (22050, 24000, 16000), "2.5": (11025, 12000, 8000)}
_VERSIONS = {0b11: "1", 0b10: "2", 0b00: "2.5"}


@dataclass(frozen=True)
class FrameHeader:
    raw: bytes
    version: str
    bitrate: int  # bit/s
    sample_rate: int
    padding: int
    mono: bool

    @property
    def samples(self) -> int:
        return 1152 if self.version == "1" else 576

    @property
    def length(self) -> int:
        coefficient = 144 if self.version == "1" else 72
        return coefficient * self.bitrate // self.sample_rate + self.padding

    @property
    def side_info(self) -> int:
        if self.version == "1":
            return 17 if self.mono else 32
        return 9 if self.mono else 17


def parse_header(data: bytes, offset: int = 0) -> FrameHeader:
    """The Layer III frame header at `offset`; EncodeError if there is none."""
    if len(data) < offset + 4:
        raise EncodeError("MP3 block is cut short")
    value = struct.unpack_from(">I", data, offset)[0]
    version = _VERSIONS.get((value >> 19) & 0b11)
    if (value >> 21) != 0x7FF or version is None or (value >> 17) & 0b11 != 0b01:
        raise EncodeError(f"not an MP3 Layer III frame at byte {offset}")
    bitrate_index, rate_index = (value >> 12) & 0xF, (value >> 10) & 0b11
    if bitrate_index in (0, 15) or rate_index == 3:
        raise EncodeError(f"unsupported MP3 frame at byte {offset}")
    family = "1" if version == "1" else "2"
    return FrameHeader(raw=data[offset:offset + 4], version=version,
                       bitrate=_BITRATES[family][bitrate_index] * 1000,
                       sample_rate=_RATES[version][rate_index], padding=(value >> 9) & 1,
                       mono=(value >> 6) & 0b11 == 0b11)


def count_frames(data: bytes) -> tuple[int, FrameHeader]:
    """How many frames a block holds, and its first header.

    Every frame of a CBR block has the first frame's header but for the padding bit, so the
    walk only checks those bytes and adds the padding (a full parse per frame cost 7 s of the
    main process for a novel's million frames).
    """
    first = parse_header(data)
    base = first.length - first.padding
    sync0, sync1, fixed = data[0], data[1], data[2] & 0xFD
    offset, frames, size = 0, 0, len(data)
    while offset < size:
        if (offset + 4 > size or data[offset] != sync0 or data[offset + 1] != sync1
                or data[offset + 2] & 0xFD != fixed):
            raise EncodeError(f"MP3 block has a bad frame at byte {offset}")
        offset += base + ((data[offset + 2] >> 1) & 1)
        frames += 1
    if offset != size:
        raise EncodeError("MP3 block ends inside a frame")
    return frames, first


def info_frame(header: FrameHeader, frames: int, size: int) -> bytes:
    """An "Info" frame shaped like `header` (without padding), counting `frames` and `size` bytes."""
    raw = bytearray(header.raw)
    raw[2] &= ~0x02 & 0xFF  # no padding bit: a fixed, known length
    plain = parse_header(bytes(raw) + b"\x00" * 4)
    body = b"Info" + struct.pack(">III", 0x3, frames, size)
    frame = bytes(raw) + b"\x00" * plain.side_info + body
    return frame + b"\x00" * (plain.length - len(frame))


class Mp3Joiner:
    """Write blocks one after another, then `finish` to fill in the Info frame at the start."""

    def __init__(self, out: BinaryIO) -> None:
        self._out = out
        self._first: FrameHeader | None = None
        self._reserved = 0
        self.frames = 0
        self.bytes = 0

    def add(self, block: bytes, frames: int | None = None) -> int:
        """Append one block; returns the samples it decodes to. `frames`: its frame count when
        known (counted by the worker that encoded it), else counted here."""
        if frames is None:
            frames, header = count_frames(block)
        else:
            header = parse_header(block)
        if self._first is None:
            self._first = header
            self._reserved = len(info_frame(header, 0, 0))
            self._out.write(b"\x00" * self._reserved)
        elif (header.sample_rate, header.bitrate, header.mono) != (
                self._first.sample_rate, self._first.bitrate, self._first.mono):
            raise EncodeError("MP3 blocks disagree on their format")
        self._out.write(block)
        self.frames += frames
        self.bytes += len(block)
        return frames * header.samples

    def finish(self) -> None:
        if self._first is None:
            raise EncodeError("nothing was encoded")
        self._out.seek(0)
        self._out.write(info_frame(self._first, self.frames, self.bytes + self._reserved))
        self._out.seek(0, 2)
