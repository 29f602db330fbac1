"""A hostile HTTP server on 127.0.0.1: it answers every connection with a script of raw
bytes, each part sent after its own pause (headers a byte at a time, a header line every
second, a body that drips or never ends, compression bombs, broken status lines).

Bounded: a script's pauses add up to what its test chose, `close()` cuts every connection
at once, and the accept loop stops with it. It plays a public site (the address policy
treats its port as public) unless `public=False`.
"""

from __future__ import annotations

import contextlib
import gzip
import socket
import threading
import zlib
from collections.abc import Callable, Iterable, Sequence

from narrate.fetch.addresses import treat_as_public

Part = tuple[float, bytes]  # (seconds to wait first, bytes to send)
Script = Sequence[Part]


def head(status: str = "200 OK", headers: Iterable[tuple[str, str]] = (), version: str = "HTTP/1.1") -> bytes:
    lines = [f"{version} {status}"] + [f"{name}: {value}" for name, value in headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def answer(body: bytes, status: str = "200 OK", content_type: str = "text/html; charset=utf-8",
           headers: Iterable[tuple[str, str]] = ()) -> Script:
    """A well-formed answer sent at once."""
    sent = [("Content-Type", content_type), ("Content-Length", str(len(body))), ("Connection", "close"),
            *headers]
    return [(0.0, head(status, sent) + body)]


def drip(data: bytes, every: float, size: int = 1) -> list[Part]:
    """`data` in pieces of `size` bytes, one every `every` seconds."""
    return [(every, data[i:i + size]) for i in range(0, len(data), size)]


def gzip_bomb(gib: int) -> bytes:
    """`gib` GiB of zeros as one gzip member of a few MB, built in a second: the deflate
    blocks of a full flush repeat, so one is made and copied (the trailer's checksum is
    wrong, which no decoder reaches before the cap)."""
    block = bytes(1 << 24)
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    first = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    middle = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    return first + middle * (gib * 64 - 2) + packer.flush()


def double_gzip_bomb(gib: int) -> bytes:
    """`Content-Encoding: gzip, gzip`: 8 GiB in 13 KB."""
    return gzip.compress(gzip_bomb(gib), 9)


def brotli_bomb(gib: int) -> bytes:
    """`gib` GiB of zeros in brotli, 1.7 KB a GiB, built the same way (flushed meta-blocks
    of the same input repeat)."""
    import brotli

    block = bytes(1 << 24)
    packer = brotli.Compressor(quality=5)
    first = packer.process(block) + packer.flush()
    middle = packer.process(block) + packer.flush()
    return first + middle * (gib * 64 - 1) + packer.finish()


class HostileServer:
    """Plays `script(request_head)` to each connection (a callable, so a test can answer
    each path its own way); `requests` keeps every request head it read."""

    def __init__(self, script: Callable[[bytes], Script] | Script, public: bool = True) -> None:
        self._script = script if callable(script) else (lambda _request: script)
        self.requests: list[bytes] = []
        self._stop = threading.Event()
        self._connections: list[socket.socket] = []
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.2)
        self.port = self._listener.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self._public = contextlib.ExitStack()
        if public:
            self._public.enter_context(treat_as_public(("127.0.0.1", self.port)))
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def url(self, path: str = "/") -> str:
        return self.base + path

    def paths(self) -> list[str]:
        with self._lock:
            return [r.split(b" ", 2)[1].decode("latin-1") for r in self.requests if r.count(b" ") >= 2]

    def close(self) -> None:
        self._public.close()
        self._stop.set()
        with self._lock:
            for connection in self._connections:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)
        self._thread.join(5)
        self._listener.close()

    def __enter__(self) -> HostileServer:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self._listener.accept()
            except (TimeoutError, socket.timeout):
                continue
            except OSError:
                return
            with self._lock:
                self._connections.append(connection)
            threading.Thread(target=self._play, args=(connection,), daemon=True).start()

    def _play(self, connection: socket.socket) -> None:
        with connection:
            request = self._read_head(connection)
            if request is None:
                return
            with self._lock:
                self.requests.append(request)
            try:
                for pause, data in self._script(request):
                    if pause and self._stop.wait(pause):
                        return
                    connection.sendall(data)
                connection.shutdown(socket.SHUT_WR)
                connection.settimeout(2)
                while connection.recv(65536):  # let the client close first
                    pass
            except OSError:
                return  # the client gave up: what these tests expect

    def _read_head(self, connection: socket.socket) -> bytes | None:
        connection.settimeout(5)
        data = b""
        try:
            while b"\r\n\r\n" not in data and len(data) < 65536:
                chunk = connection.recv(4096)
                if not chunk:
                    return None
                data += chunk
        except OSError:
            return None
        return data.split(b"\r\n\r\n", 1)[0]
