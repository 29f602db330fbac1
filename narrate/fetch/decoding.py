"""Content-Encoding, undone layer by layer with a cap on every layer's output.

A compressed body can be small on the wire and huge decoded: 13 KB of `gzip, gzip` is 8 GiB.
So nothing is decompressed in one call. Each layer hands out at most PIECE bytes at a time
(zlib's max_length, brotli's output_buffer_limit) and keeps the rest of its input for later,
every piece goes on to the next layer at once, and a layer that passes the cap stops the
body. Memory stays within the cap plus a few pieces, and time within the fetch's deadline
(checked between pieces, so a flood of empty gzip members is cut too).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from typing import Protocol

PIECE = 64 * 1024
MAX_LAYERS = 4  # real servers send one, rarely two


class TooLarge(Exception):
    """A layer's output passed the cap."""


class CannotDecode(Exception):
    """The body is not what its Content-Encoding says, or the encoding is not one narrate reads."""


class _Layer(Protocol):
    def push(self, data: bytes) -> None: ...
    def pull(self, limit: int) -> bytes: ...


class _Zlib:
    """gzip (several members, as RFC 1952 allows) or deflate (zlib-wrapped, else raw, as
    servers send both). What follows the last whole stream, if it is not one, is ignored, as
    browsers do."""

    def __init__(self, gzip: bool) -> None:
        self._gzip = gzip
        self._wbits = 16 + zlib.MAX_WBITS if gzip else zlib.MAX_WBITS
        self._inflate = zlib.decompressobj(self._wbits)
        self._input = b""
        self._started = False  # output seen, or the zlib wrapper accepted
        self._complete = 0  # whole streams (gzip members) decoded
        self._ended = False  # trailing data only from here on

    def push(self, data: bytes) -> None:
        if not self._ended:
            self._input += data

    def pull(self, limit: int) -> bytes:
        while self._input:
            try:
                out = self._inflate.decompress(self._input, limit)
            except zlib.error as exc:
                if self._complete:
                    self._input, self._ended = b"", True
                    return b""
                if self._gzip or self._started or self._wbits < 0:
                    raise CannotDecode(str(exc)) from None
                self._wbits = -zlib.MAX_WBITS  # deflate without the zlib wrapper
                self._inflate = zlib.decompressobj(self._wbits)
                continue
            self._started = True
            self._input = self._inflate.unconsumed_tail
            if self._inflate.eof:
                self._complete += 1
                self._input = self._inflate.unused_data + self._input
                self._inflate = zlib.decompressobj(self._wbits)
                if not self._gzip:
                    self._input, self._ended = b"", True
            if out:
                return out
        return b""


class _Brotli:
    def __init__(self) -> None:
        import brotli

        self._error = brotli.error
        self._decoder = brotli.Decompressor()
        self._input = b""

    def push(self, data: bytes) -> None:
        self._input += data

    def pull(self, limit: int) -> bytes:
        data = b""
        if self._input and self._decoder.can_accept_more_data():
            data, self._input = self._input, b""
        try:  # with no new input, what the decoder holds back is handed out
            return self._decoder.process(data, output_buffer_limit=limit)
        except self._error as exc:
            raise CannotDecode(str(exc) or "not brotli") from None


_LAYERS: dict[str, Callable[[], _Layer]] = {
    "gzip": lambda: _Zlib(gzip=True), "x-gzip": lambda: _Zlib(gzip=True),
    "deflate": lambda: _Zlib(gzip=False), "br": _Brotli,
}
ACCEPTED = "gzip, deflate, br"


def encodings(header: str) -> list[str]:
    """The layers of a Content-Encoding header, in the order they were applied."""
    names = [name.strip().lower() for name in header.split(",")]
    names = [name for name in names if name and name != "identity"]
    unknown = [name for name in names if name not in _LAYERS]
    if unknown:
        raise CannotDecode(f"sent in an encoding narrate cannot read ({unknown[0][:40]})")
    if len(names) > MAX_LAYERS:
        raise CannotDecode(f"compressed {len(names)} times over (at most {MAX_LAYERS} are undone)")
    return names


class Decoder:
    """Raw body bytes in, decoded pieces out; TooLarge once any layer passes `cap` bytes."""

    def __init__(self, header: str, cap: int, keep_going: Callable[[], None] = lambda: None) -> None:
        self._layers = [_LAYERS[name]() for name in reversed(encodings(header))]
        self._sizes = [0] * (len(self._layers) + 1)  # raw bytes, then each layer's output
        self._cap = cap
        self._keep_going = keep_going  # raises when the fetch's deadline has passed

    def feed(self, raw: bytes) -> Iterator[bytes]:
        yield from self._through(0, raw)

    def _count(self, level: int, data: bytes) -> None:
        self._sizes[level] += len(data)
        if self._sizes[level] > self._cap:
            raise TooLarge()

    def _through(self, level: int, data: bytes) -> Iterator[bytes]:
        """`data` (the output of level-1, or raw bytes at 0) through the layers from `level` on."""
        self._count(level, data)
        if level == len(self._layers):
            if data:
                yield data
            return
        layer = self._layers[level]
        layer.push(data)
        while True:
            self._keep_going()
            piece = layer.pull(PIECE)
            if not piece:
                return
            yield from self._through(level + 1, piece)
