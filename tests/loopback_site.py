"""A web site on 127.0.0.1 for the fetching tests: pages, feeds, redirects, gzip, a slow and an
oversized response, ETag revalidation, and a log of every request it answered.

It plays a site on the internet: while it runs, the address policy treats its address and
port as public (narrate.fetch.addresses.treat_as_public). `LoopbackSite(public=False)` is a
service on the user's own machine instead, which feeds and redirects must not reach.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from narrate.fetch.addresses import treat_as_public


@dataclass
class Route:
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    status: int = 200
    location: str | None = None
    gzip: bool = False
    delay: float = 0.0
    validators: bool = False  # send an ETag and Last-Modified; answer 304 when they match
    hold: threading.Event | None = None  # answer only once this is set (or after `hold_cap` s)
    hold_cap: float = 90.0


@dataclass
class Request:
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    status: int = 0
    released: bool | None = None  # a held route: True when its event freed it, False at the cap


class LoopbackSite:
    LAST_MODIFIED = "Wed, 13 Mar 2024 10:00:00 GMT"

    def __init__(self, public: bool = True) -> None:
        self.routes: dict[str, Route] = {}
        self.log: list[Request] = []
        self._lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                site._answer(self)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self._public = contextlib.ExitStack()
        if public:
            self._public.enter_context(treat_as_public(("127.0.0.1", self.port)))
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def url(self, path: str) -> str:
        return self.base + path

    def add(self, path: str, body: bytes | str = b"", **options: object) -> str:
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.routes[path] = Route(body=data, **options)  # type: ignore[arg-type]
        return self.url(path)

    def requests(self, path: str) -> list[Request]:
        with self._lock:
            return [r for r in self.log if r.path == path]

    def close(self) -> None:
        self._public.close()
        self.server.shutdown()
        self.server.server_close()

    def _answer(self, handler: BaseHTTPRequestHandler) -> None:
        route = self.routes.get(handler.path)
        record = Request(handler.path, {k.lower(): v for k, v in handler.headers.items()})
        with self._lock:
            self.log.append(record)
        if route is None:
            record.status = 404
            handler.send_error(404, "Not Found")
            return
        if route.delay:
            time.sleep(route.delay)
        if route.hold is not None:
            record.released = route.hold.wait(route.hold_cap)
        etag = '"' + hashlib.sha256(route.body).hexdigest()[:16] + '"'
        if route.validators and handler.headers.get("If-None-Match") == etag:
            record.status = 304
            handler.send_response(304)
            handler.send_header("ETag", etag)
            handler.end_headers()
            return
        body = gzip.compress(route.body) if route.gzip else route.body
        record.status = route.status
        try:
            handler.send_response(route.status)
            if route.location:
                handler.send_header("Location", route.location)
            handler.send_header("Content-Type", route.content_type)
            handler.send_header("Content-Length", str(len(body)))
            if route.gzip:
                handler.send_header("Content-Encoding", "gzip")
            if route.validators:
                handler.send_header("ETag", etag)
                handler.send_header("Last-Modified", self.LAST_MODIFIED)
            handler.end_headers()
            handler.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a size cap, a timeout): what those tests expect
