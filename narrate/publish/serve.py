"""`narrate serve DIR`: the feed, episodes, artwork and sidecars over HTTP, plus a web page.

The standard library's ThreadingHTTPServer with a handler of our own, because
SimpleHTTPRequestHandler lists folders and has no byte ranges, and podcast apps and
browsers seek in audio with Range requests. Only files of the kinds narrate publishes
(audio, artwork, transcripts, chapters, feed.xml) are served, only from inside DIR, never
hidden files, and never a folder listing.

With a secret (`narrate serve --private`), everything is behind it: a first path segment
equal to the feed's secret (`/SECRET/feed.xml`, what every podcast app can subscribe to), or
HTTP Basic authentication whose password is that secret; anything else is a 401.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import threading
import time
from dataclasses import dataclass
from email.utils import formatdate, parsedate_to_datetime
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote_to_bytes, urlsplit

from narrate.version import __version__
from narrate.audio.formats import AUDIO_TYPES
from narrate.episode.sidecars import CHAPTERS_SUFFIX, CHAPTERS_TYPE, COVER_SUFFIXES, TRANSCRIPT_TYPES
from narrate.publish.access import basic_password, same
from narrate.publish.episodes import folder_signature
from narrate.errors import FeedError
from narrate.publish.feed import COPIED_COVER_STEM, FEED_NAME, FeedResult, update_feed
from narrate.publish.feedsettings import SETTINGS_NAME
from narrate.publish.webpage import TRANSCRIPT_PATH
from narrate.limits import SERVE_IDLE_TIMEOUT

CHUNK = 64 * 1024
MAX_DISCARDED_BODY = 64 * 1024  # a GET or HEAD with more body than this is answered, then closed
TEXT = "; charset=utf-8"
SERVED_TYPES = {
    **AUDIO_TYPES,
    **{suffix: mime + TEXT for suffix, mime in TRANSCRIPT_TYPES.items()},
    CHAPTERS_SUFFIX: CHAPTERS_TYPE + TEXT,
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".png": "image/png",
}
FEED_TYPE = "application/rss+xml" + TEXT
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class Refused(Exception):
    """A request for something this server does not hand out; carries the status to send."""

    def __init__(self, status: HTTPStatus) -> None:
        super().__init__(status.phrase)
        self.status = status


class Unsatisfiable(Exception):
    """A Range header in bytes that does not fit the file: 416."""


def content_type(name: str) -> str | None:
    """The MIME type for a file narrate publishes, else None (not served)."""
    lower = name.lower()
    for suffix in sorted(SERVED_TYPES, key=len, reverse=True):
        if lower.endswith(suffix):
            return SERVED_TYPES[suffix]
    return None


def resolve_request(root: Path, raw_path: str) -> Path:
    """The file inside `root` that the URL path names, or Refused(403/404).

    Checked on the raw path (encoded slashes), on the decoded segments (.., hidden names),
    and after resolving symlinks (nothing that ends up outside `root`).
    """
    if not raw_path.startswith("/") or re.search(r"%(2f|5c|00)", raw_path, re.IGNORECASE) or "\\" in raw_path:
        raise Refused(HTTPStatus.NOT_FOUND)
    # bytes, then the file system's own decoding: a name that is not UTF-8 (caf%E9.mp3) is
    # found as the feed linked it
    decoded = os.fsdecode(unquote_to_bytes(raw_path))
    parts = decoded.split("/")[1:]
    if any(part.startswith(".") for part in parts):
        raise Refused(HTTPStatus.FORBIDDEN)
    if any(part == "" for part in parts) or (content_type(parts[-1]) is None and parts != [FEED_NAME]):
        raise Refused(HTTPStatus.NOT_FOUND)
    try:
        real = root.joinpath(*parts).resolve(strict=True)
    except (OSError, RuntimeError):
        raise Refused(HTTPStatus.NOT_FOUND) from None
    if not real.is_relative_to(root):
        raise Refused(HTTPStatus.FORBIDDEN)
    if not real.is_file():
        raise Refused(HTTPStatus.NOT_FOUND)
    return real


def parse_range(header: str, size: int) -> tuple[int, int] | None:
    """(first, last) byte, inclusive; None to send the whole file; Unsatisfiable for a 416.

    Other units and several ranges are ignored (RFC 9110 allows a full 200 answer);
    a malformed or out-of-file bytes range is rejected.
    """
    unit, _, spec = header.partition("=")
    if unit.strip().lower() != "bytes":
        return None
    if "," in spec:
        return None
    match = re.fullmatch(r"\s*(\d*)-(\d*)\s*", spec)
    if not match or match.groups() == ("", ""):
        raise Unsatisfiable(header)
    first, last = match.groups()
    if first == "":
        length = _position(last)
        if length == 0:
            raise Unsatisfiable(header)
        start, end = max(0, size - length), size - 1
    else:
        start = _position(first)
        end = min(_position(last), size - 1) if last else size - 1
        if last and _position(last) < start:
            raise Unsatisfiable(header)
    if start >= size:
        raise Unsatisfiable(header)
    return start, end


_BEYOND_ANY_FILE = 10**18


def _position(digits: str) -> int:
    """A byte position from a Range header; more than 18 digits is past the end of any file
    (and int() of thousands of digits raises, or costs quadratic time)."""
    digits = digits.lstrip("0") or "0"
    return _BEYOND_ANY_FILE if len(digits) > 18 else int(digits)


@dataclass(frozen=True)
class Validators:
    etag: str
    last_modified: str
    mtime: int

    @classmethod
    def of(cls, stat: os.stat_result) -> Validators:
        return cls(f'"{stat.st_size:x}-{stat.st_mtime_ns:x}"', formatdate(stat.st_mtime, usegmt=True),
                   int(stat.st_mtime))

    def matches(self, if_none_match: str | None, if_modified_since: str | None) -> bool:
        """True when the client's copy is current (a 304)."""
        if if_none_match is not None:
            tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
            return "*" in tags or self.etag in tags
        return self._not_newer_than(if_modified_since)

    def range_applies(self, if_range: str | None) -> bool:
        if if_range is None:
            return True
        return if_range.strip() == self.etag or self._not_newer_than(if_range)

    def _not_newer_than(self, http_date: str | None) -> bool:
        if not http_date:
            return False
        try:
            return self.mtime <= parsedate_to_datetime(http_date).timestamp()
        except (TypeError, ValueError):
            return False


class HeadDeadlines:
    """Connections whose request head (request line and headers) is still coming in, each
    with its deadline. The idle timeout bounds each wait on the socket, so a client sending a
    header line every few seconds ("slowloris") would hold its thread forever; a thread of
    the server shuts such a connection down once its head has taken longer than allowed."""

    TICK = 0.5

    def __init__(self) -> None:
        self._due: dict[socket.socket, float] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="narrate-serve-heads", daemon=True)
        self._thread.start()

    def begin(self, connection: socket.socket, seconds: float) -> None:
        with self._lock:
            self._due[connection] = time.monotonic() + seconds

    def end(self, connection: socket.socket) -> None:
        with self._lock:
            self._due.pop(connection, None)

    def close(self) -> None:
        self._stop.set()

    def _watch(self) -> None:
        while not self._stop.wait(self.TICK):
            now = time.monotonic()
            with self._lock:
                late = [connection for connection, due in self._due.items() if due < now]
                for connection in late:
                    del self._due[connection]
            for connection in late:
                with contextlib.suppress(OSError):
                    connection.shutdown(socket.SHUT_RDWR)  # the blocked read returns at once


class EpisodeServer(ThreadingHTTPServer):
    """Serves one folder; refreshes feed.xml when the feed or the page is asked for.

    A thread per connection, a listen backlog sized for a crowd (socketserver's default of
    5 makes every few connects under load wait a second for a SYN retry), and an idle
    timeout per connection (narrate.limits.SERVE_IDLE_TIMEOUT) so stalled clients let go."""

    daemon_threads = True
    request_queue_size = 1024  # the kernel caps it at net.core.somaxconn
    handler: type[BaseHTTPRequestHandler]  # EpisodeHandler, set below it

    def __init__(self, folder: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False,
                 idle_timeout: float | None = None, secret: str | None = None) -> None:
        """`secret`: the private feed's secret (narrate.publish.access); None: open to all."""
        if not folder.is_dir():
            raise FeedError(f"{folder} is not a folder: give the folder of narrated episodes")
        if ":" in host:
            self.address_family = socket.AF_INET6
        self.heads = HeadDeadlines()  # before listening: a failed bind calls server_close
        try:
            super().__init__((host, port), self.handler)
        except OSError as exc:
            raise FeedError(f"cannot listen on {host}:{port} ({exc.strerror}): "
                            "pick another --port, or stop what is using it") from exc
        self.root = folder.resolve()
        self.quiet = quiet
        self.idle_timeout = float(SERVE_IDLE_TIMEOUT) if idle_timeout is None else idle_timeout
        self.base_url = f"http://{_url_host(host)}:{self.server_address[1]}/"
        self.secret = secret
        self.add_link: str | None = None  # where the page links to add articles (the inbox's page)
        self._lock = threading.Lock()
        self._cache: tuple[frozenset[tuple[str, int, int]], FeedResult] | None = None

    def refresh(self, wait: bool = True) -> FeedResult:
        """Rescan and rewrite the feed when a file in the folder changed; one at a time.

        `wait=False` (a request for the feed or the page): when another thread is checking
        already, answer with what the folder held a moment ago instead of queueing behind it,
        so a crowd of podcast apps costs one folder scan at a time, not one each in a row."""
        cached = self._cache
        if not self._lock.acquire(blocking=wait or cached is None):
            assert cached is not None
            return cached[1]
        try:
            before = folder_signature(self.root, (SETTINGS_NAME,))
            if self._cache is None or self._cache[0] != before:
                result = update_feed(self.root, default_base_url=self.base_url,
                                     serve_under=f"{self.secret}/" if self.secret else "")
                after = folder_signature(self.root, (SETTINGS_NAME,))
                # what the rewrite itself changed (the feed, artwork) is not news; anything else
                # that changed meanwhile (an episode written just now) is rescanned next time
                changed = {entry[0] for entry in before ^ after}
                self._cache = (after if all(_written_by_feed(path) for path in changed) else before, result)
            return self._cache[1]
        finally:
            self._lock.release()

    def hidden(self) -> tuple[str, ...]:
        """What the log never shows, wherever a client puts it (the feed's secret)."""
        return (self.secret,) if self.secret else ()

    def server_close(self) -> None:
        self.heads.close()
        super().server_close()

    def may_read(self, handler: EpisodeHandler) -> bool:
        """Whether a request without the secret path may still read (Basic authentication
        with the feed's secret; the inbox adds its owner's login)."""
        return self.secret is not None and same(basic_password(handler.headers.get("Authorization")), self.secret)

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """One short line, not a traceback: clients that hang up or stall are normal."""
        import sys

        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            if not self.quiet:
                sys.stderr.write(f"{client_address[0]} - connection closed early ({type(error).__name__})\n")
            return
        sys.stderr.write(f"{client_address[0]} - request failed: {type(error).__name__}: {error}\n")


def _written_by_feed(path: str) -> bool:
    """A file that writing the feed makes: feed.xml, the channel's cover, an episode's artwork."""
    name = os.path.basename(path)
    return name == FEED_NAME or name.startswith(COPIED_COVER_STEM + ".") or any(
        name.endswith(suffix) for suffix in COVER_SUFFIXES)


def _url_host(host: str) -> str:
    """The name a podcast app on this machine or the LAN should use to reach `host`."""
    if host in ("0.0.0.0", "", "::"):
        host = lan_address()
    return f"[{host}]" if ":" in host else host


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent); loopback if none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class EpisodeHandler(BaseHTTPRequestHandler):
    server: EpisodeServer
    protocol_version = "HTTP/1.1"
    server_version = f"narrate/{__version__}"

    def setup(self) -> None:
        self.timeout = self.server.idle_timeout  # StreamRequestHandler sets it on the socket
        super().setup()

    def handle_one_request(self) -> None:
        """One request, whose head must be in within the idle timeout in all (not per read)."""
        self.server.heads.begin(self.connection, self.server.idle_timeout)
        try:
            super().handle_one_request()
        finally:
            self.head_done()

    def head_done(self) -> None:
        """The request's head is in: what follows (an upload, a long download) has its own limits."""
        self.server.heads.end(self.connection)

    def send_response_only(self, code: int, message: str | None = None) -> None:
        self.head_done()
        super().send_response_only(code, message)

    def do_GET(self) -> None:  # noqa: N802 (the standard library's naming)
        if self._skip_body():
            self._respond(body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        if self._skip_body():
            self._respond(body=False)

    def _skip_body(self) -> bool:
        """Take a request body off the connection, so that it is not read as the next request
        on a kept-alive connection: a small one is read and dropped; a large one, or one whose
        length is not given plainly (chunked), is answered and the connection then closed.
        False (after a 400) when its Content-Length is not one number."""
        self._must_close = self._said_close = False
        lengths = {value.strip() for value in self.headers.get_all("Content-Length", [])}
        if self.headers.get("Transfer-Encoding"):
            self._close_after()
            return True
        if not lengths:
            return True
        length = lengths.pop()
        if lengths or not re.fullmatch(r"\d{1,18}", length):
            self.send_error(HTTPStatus.BAD_REQUEST, explain="Content-Length is not one number")
            return False
        if int(length) > MAX_DISCARDED_BODY:
            self._close_after()
        elif int(length):
            self.rfile.read(int(length))  # within the connection's idle timeout
        return True

    def _close_after(self) -> None:
        self._must_close = True
        self.close_connection = True

    def end_headers(self) -> None:
        if getattr(self, "_must_close", False) and not getattr(self, "_said_close", False):
            self.send_header("Connection", "close")
        super().end_headers()

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "connection":
            self._said_close = value.lower() == "close"
        super().send_header(keyword, value)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.server.quiet:
            line = format % args
            for secret in self.server.hidden():  # a token or secret a client put anywhere in the address
                line = line.replace(secret, "[hidden]")
            super().log_message("%s", line)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """The access log's line, without secrets: a private feed's secret path segment and
        a login link's code are never written to a log."""
        if isinstance(code, HTTPStatus):
            code = code.value
        line = getattr(self, "requestline", "")
        if self.server.secret:
            line = line.replace("/" + self.server.secret, "/[secret]")
        line = re.sub(r"([?&](?:code|token)=)[^&\s]*", r"\1[hidden]", line)
        self.log_message('"%s" %s %s', line, str(code), str(size))

    def _readable(self, raw: str) -> str | None:
        """The path to serve once the private feed's secret is checked (its segment taken
        off), or None after answering 401 (or a redirect to add the missing slash)."""
        secret = self.server.secret
        if secret is None:
            return raw
        first, slash, rest = raw[1:].partition("/")
        if same(first, secret):
            if not slash:
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", f"/{secret}/")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            return "/" + rest
        if self.server.may_read(self):
            return raw
        self.send_response(HTTPStatus.UNAUTHORIZED)
        self.send_header("WWW-Authenticate", 'Basic realm="narrate", charset="UTF-8"')
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        message = b"This podcast is private: use its feed URL (with the secret), as narrate serve printed it.\n"
        self.send_header("Content-Length", str(len(message)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(message)
        return None

    def _respond(self, body: bool) -> None:
        raw = self._readable(urlsplit(self.path).path)
        if raw is None:
            return
        try:
            if raw in ("/", "/index.html"):
                self._send_page(body)
                return
            if raw.startswith(TRANSCRIPT_PATH):
                self._send_transcript(raw[len(TRANSCRIPT_PATH):], body)
                return
            if raw == "/" + FEED_NAME:
                self.server.refresh(wait=False)
            path = resolve_request(self.server.root, raw)
        except Refused as refused:
            self.send_error(refused.status)
            return
        except FeedError as exc:
            self.log_error("%s", exc)
            self.send_error(HTTPStatus.INTERNAL_SERVER_ERROR, explain=str(exc))
            return
        except (ConnectionError, TimeoutError):
            raise
        except Exception as exc:  # noqa: BLE001 - a bug must cost one answer, not the server
            self.log_error("cannot answer %s: %s: %s", raw, type(exc).__name__, exc)
            self.send_error(HTTPStatus.INTERNAL_SERVER_ERROR)
            return
        mime = FEED_TYPE if path == self.server.root / FEED_NAME else content_type(path.name)
        self._send_file(path, mime or "application/octet-stream", body)

    def _send_page(self, body: bool) -> None:
        from narrate.publish.webpage import render_index

        try:
            page = render_index(self.server.refresh(wait=False), self.server.add_link)
        except Exception as exc:  # noqa: BLE001 - one bad folder state costs one answer
            self.log_error("cannot build the page: %s: %s", type(exc).__name__, exc)
            self.send_error(HTTPStatus.INTERNAL_SERVER_ERROR)
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if body:
            self.wfile.write(page)

    def _send_transcript(self, quoted: str, body: bool) -> None:
        """The page's transcript of one episode (narrate.publish.webpage.transcript_json)."""
        from narrate.publish.webpage import transcript_json

        data = transcript_json(self.server.refresh(), os.fsdecode(unquote_to_bytes(quoted)))
        if data is None:
            raise Refused(HTTPStatus.NOT_FOUND)
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "application/json" + TEXT)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def _send_file(self, path: Path, mime: str, body: bool) -> None:
        try:
            handle = path.open("rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        with handle:
            stat = os.fstat(handle.fileno())
            size, check = stat.st_size, Validators.of(stat)
            if check.matches(self.headers.get("If-None-Match"), self.headers.get("If-Modified-Since")):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self._validator_headers(check)
                self.end_headers()
                return
            span = (0, size - 1)
            status = HTTPStatus.OK
            header = self.headers.get("Range")
            if header and check.range_applies(self.headers.get("If-Range")):
                try:
                    requested = parse_range(header, size)
                except Unsatisfiable:
                    self.send_response(HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
                    self.send_header("Content-Range", f"bytes */{size}")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if requested is not None:
                    span, status = requested, HTTPStatus.PARTIAL_CONTENT
            length = span[1] - span[0] + 1
            self.send_response(status)
            self.send_header("Content-Type", mime)
            self.send_header("Content-Length", str(length))
            self.send_header("Accept-Ranges", "bytes")
            if status == HTTPStatus.PARTIAL_CONTENT:
                self.send_header("Content-Range", f"bytes {span[0]}-{span[1]}/{size}")
            self._validator_headers(check)
            if path.name == FEED_NAME:
                self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            if body:
                self._copy(handle, span[0], length)

    def _validator_headers(self, check: Validators) -> None:
        self.send_header("ETag", check.etag)
        self.send_header("Last-Modified", check.last_modified)

    def _copy(self, handle, start: int, length: int) -> None:  # type: ignore[no-untyped-def]
        handle.seek(start)
        try:
            while length > 0:
                data = handle.read(min(CHUNK, length))
                if not data:
                    break
                self.wfile.write(data)
                length -= len(data)
        except (ConnectionError, TimeoutError):
            self.close_connection = True  # players drop connections when they seek


EpisodeServer.handler = EpisodeHandler


def is_loopback(host: str) -> bool:
    return host in LOOPBACK or host.startswith("127.")


__all__ = ["EpisodeServer", "resolve_request", "parse_range", "content_type", "lan_address", "is_loopback"]
