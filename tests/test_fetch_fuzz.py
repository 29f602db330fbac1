"""Property-based fuzzing (hypothesis) of the HTTP client against a hostile loopback server.

The server answers with random status lines, headers, encodings (stacked, lying, unknown),
lengths (missing, short, long, absurd), chunked framing, redirects (to itself, to nowhere,
to private addresses, to other schemes) and drip rates. Whatever it sends, a fetch ends in a
page or in one FetchError line (an InputError for a binary body), within its deadline plus a
margin, in bounded memory. In CI the examples are derandomized (tests/conftest.py); the count
is NARRATE_FUZZ_EXAMPLES (default 40).
"""

from __future__ import annotations

import gzip
import os
import resource
import time
import zlib
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narrate.errors import NarrateError
from narrate.fetch.http import Limits
from narrate.fetch.page import fetch_page
from tests.hostile_http import HostileServer, Part, double_gzip_bomb

TIMEOUT = 1.0  # each fetch's budget
MARGIN = 4.0  # seconds past it a fetch may end (a loaded machine)
GROWTH = 200 * 1024 * 1024  # bytes the process's peak memory may rise by over one example
LIMITS = Limits(timeout=TIMEOUT, max_bytes=256 * 1024, max_redirects=3)
FUZZ = settings(max_examples=int(os.environ.get("NARRATE_FUZZ_EXAMPLES", "40")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

BOMB = double_gzip_bomb(1)  # 1 GiB of zeros in a few KB: only the cap stops it
PRIVATE_PORT = 9  # a loopback port no test declares public: every redirect there is refused

STATUSES = [100, 101, 199, 200, 203, 204, 206, 299, 300, 301, 302, 303, 304, 305, 307, 308, 399, 400, 404,
            410, 416, 429, 500, 503, 599, 600, 999, 0, 12345]
CHARSETS = ["utf-8", "rot13", "utf-7", "base64", "zlib", "idna", "x-junk", "utf-16", "shift_jis", "", "\"",
            "iso-8859-1;q=1", "a" * 300]
TYPES = ["text/html", "application/xhtml+xml", "text/plain", "application/xml", "image/png", "", "text/html\x00",
         "application/octet-stream"]
ENCODINGS = ["gzip", "deflate", "br", "identity", "x-gzip", "zstd", "compress", "junk", ""]
LOCATIONS = ["/self", "/", "//", "http://[::1", "ftp://127.0.0.1/x", f"http://127.0.0.1:{PRIVATE_PORT}/admin",
             "http://169.254.169.254/latest/meta-data/", "http://user:pw@localhost/", "javascript:alert(1)",
             "/" + "a" * 5000, "\x00\x01", "http://%zz/", "https://127.0.0.1:1/", "?q=1", "#frag"]


@dataclass(frozen=True)
class Answer:
    head: bytes
    body: bytes
    drip: tuple[int, float]  # (pieces, seconds between them)
    cut: int | None  # stop after this many bytes (a connection that drops)

    def parts(self) -> list[Part]:
        data = self.head + self.body
        if self.cut is not None:
            data = data[:self.cut]
        pieces, pause = self.drip
        size = max(1, -(-len(data) // pieces))
        return [(pause if i else 0.0, data[i:i + size]) for i in range(0, len(data), size)]


def _compress(data: bytes, layers: list[str]) -> bytes:
    import brotli

    for layer in layers:
        if layer in ("gzip", "x-gzip"):
            data = gzip.compress(data)
        elif layer == "deflate":
            data = zlib.compress(data)
        elif layer == "br":
            data = brotli.compress(data)
    return data


def _chunked(data: bytes, size_text: str | None) -> bytes:
    if size_text is not None:  # a hostile chunk size line
        return size_text.encode("latin-1") + b"\r\n" + data + b"\r\n0\r\n\r\n"
    out = b""
    for i in range(0, len(data), 997):
        piece = data[i:i + 997]
        out += f"{len(piece):x}\r\n".encode() + piece + b"\r\n"
    return out + b"0\r\n\r\n"


@st.composite
def answers(draw: st.DrawFn) -> Answer:
    if draw(st.booleans()):
        status_line = f"HTTP/1.1 {draw(st.sampled_from(STATUSES))} {draw(st.sampled_from(['OK', '', 'x' * 200]))}"
    else:
        status_line = draw(st.sampled_from(["HTTP/1.0 200 OK", "HTTP/2 200", "ICY 200 OK", "", "HTTP/1.1",
                                            "HTTP/1.1 200 OK\r\nHTTP/1.1 200 OK", "\x00\xff garbage",
                                            "HTTP/9.9 200 OK"]))
    payload = draw(st.one_of(
        st.binary(max_size=2000),
        st.text(max_size=800).map(lambda t: f"<html><head><title>{t}</title></head><body><p>{t}</p></body></html>"
                                  .encode("utf-8", "surrogatepass")),
        st.just(b"<html><body><p>" + b"word " * 60_000 + b"</p></body></html>"),  # 300 KB: over the cap
    ))
    layers = draw(st.lists(st.sampled_from(ENCODINGS), max_size=3))
    bomb = draw(st.integers(0, 9)) == 0
    body = BOMB if bomb else _compress(payload, layers)
    headers = [("Content-Type", f"{draw(st.sampled_from(TYPES))}; charset={draw(st.sampled_from(CHARSETS))}")]
    if bomb:
        headers.append(("Content-Encoding", "gzip, gzip"))
    elif layers and draw(st.booleans()):
        headers.append(("Content-Encoding", ", ".join(layers)))
    framing = draw(st.sampled_from(["length", "lying length", "absurd length", "chunked", "bad chunk", "close",
                                    "two lengths"]))
    if framing == "length":
        headers.append(("Content-Length", str(len(body))))
    elif framing == "lying length":
        headers.append(("Content-Length", str(max(0, len(body) + draw(st.integers(-500, 500))))))
    elif framing == "absurd length":
        headers.append(("Content-Length", draw(st.sampled_from(["-1", "99999999999999999999", "1e3", " ", "0x10"]))))
    elif framing == "two lengths":
        headers += [("Content-Length", str(len(body))), ("Content-Length", str(len(body) + 7))]
    elif framing in ("chunked", "bad chunk"):
        headers.append(("Transfer-Encoding", draw(st.sampled_from(["chunked", "gzip, chunked", "chunked, junk"]))))
        body = _chunked(body, draw(st.sampled_from(["ffffffffffffffffff", "-1", "zz", "1;" + "x" * 70000]))
                        if framing == "bad chunk" else None)
    if draw(st.booleans()):
        headers.append(("Location", draw(st.sampled_from(LOCATIONS))))
    headers += draw(st.lists(st.tuples(st.sampled_from(["X-A", "Set-Cookie", "ETag", "Last-Modified", "Server",
                                                         "X-" + "b" * 100, "Bad Header", ""]),
                                       st.text(max_size=60)), max_size=4))
    head = (status_line + "\r\n" + "".join(f"{name}: {value}\r\n" for name, value in headers) + "\r\n")
    drip = draw(st.sampled_from([(1, 0.0), (1, 0.0), (8, 0.05), (40, 0.05), (20, 0.2)]))
    cut = draw(st.none() | st.integers(0, len(head) + len(body)))
    return Answer(head.encode("utf-8", "surrogatepass"), body, drip, cut)


def _peak() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


@pytest.fixture(scope="module")
def server():
    current: list[Answer] = []
    hostile = HostileServer(lambda request: current[0].parts())
    hostile.current = current  # type: ignore[attr-defined]
    yield hostile
    hostile.close()


@FUZZ
@given(answer=answers())
def test_every_fetch_ends_in_a_page_or_one_line_in_bounded_time_and_memory(server, answer):
    server.current[:] = [answer]
    before, started = _peak(), time.monotonic()
    try:
        page = fetch_page(server.url("/self"), LIMITS)
    except NarrateError as exc:
        message = str(exc)
        assert message and "\n" not in message.strip() and "Traceback" not in message, message
        assert len(message) < 6000
    else:
        page.html.encode("utf-8")  # valid text whatever the charset said
        assert len(page.raw) <= LIMITS.max_bytes
    finally:
        elapsed = time.monotonic() - started
        assert elapsed < TIMEOUT + MARGIN, f"{elapsed:.1f} s"
        assert _peak() - before < GROWTH
