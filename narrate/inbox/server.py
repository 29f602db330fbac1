"""`narrate serve DIR --inbox`: the episode server, plus the page `/add` and the JSON API.

Routes beside the podcast's own (narrate.publish.serve):

    GET  /add                      the page: send a link or a file, the queue (owner only)
    GET  /add?url=...&text=...     the same, with a shared link filled in (the share target)
    GET  /add/queue                the queue as HTML (the page's script refreshes it)
    GET  /add/manifest.json        the web app manifest, /add/icon-192.png, /add/icon-512.png,
                                   /add/inbox.js, /add/inbox.css, /add/sw.js (public)
    GET  /login?code=...           the one-time login link's page; POST /login logs in
    POST /api/articles             {"url": ...}, a form, or a multipart file: 202 and the job
    GET  /api/articles             the queue; GET /api/articles/ID one job
    POST /api/articles/ID/retry    a failed job again: 202

Every request that adds or changes anything is rate-limited per client, refused when it
comes from another site (403), needs the owner (Bearer token or login cookie, else 401) and,
with the cookie, the page's CSRF token (403); its body is size-checked before it is read.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import re
import sys
import threading
import time
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from narrate.errors import FetchError, InputError, NarrateError
from narrate.fileio import atomic_path, remove_abandoned
from narrate.inbox import page
from narrate.inbox.auth import LoginLinks, RateLimit, Session, cross_site, new_session, session_from, set_cookie
from narrate.inbox.bodies import BadBody, Submitted, body_length, limit_for, parse
from narrate.inbox.queue import FILE, STATE_DIR, URL, JobQueue, JobRecord
from narrate.inbox.submitted import (check_url, episode_name, find_url, upload_key, upload_limit, upload_name,
                                     url_key)
from narrate.inbox.worker import FeedAddress, Fetcher, InboxSettings, start_narrator, upload_path
from narrate.limits import INBOX_RATE
from narrate.publish.access import Keys, bearer, same
from narrate.publish.feedsettings import load_settings
from narrate.publish.serve import EpisodeHandler, EpisodeServer
from narrate.run.lock import remove_left_by
from narrate.fetch.urls import without_credentials

_JOB = re.compile(r"/api/articles/(\d{1,18})")
_RETRY = re.compile(r"/api/articles/(\d{1,18})/retry")
PAGE_SECURITY = {
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data:; media-src 'self'; style-src 'self'; "
                                "script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"),
    "X-Frame-Options": "DENY",
}
MIN_UPLOAD_RATE = 50_000  # bytes a second a body must average (plus a minute), or it is dropped


class InboxServer(EpisodeServer):
    """An EpisodeServer with the inbox: its queue, worker, keys and guards."""

    def __init__(self, folder: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False, *,
                 keys: Keys, settings: InboxSettings | None = None, private: bool = False,
                 idle_timeout: float | None = None) -> None:
        from narrate.run.lock import folder_lock

        super().__init__(folder, host, port, quiet, idle_timeout, secret=keys.feed_secret if private else None)
        self._held = contextlib.ExitStack()
        try:
            self._held.enter_context(folder_lock(self.root / STATE_DIR))  # one server per queue
            self.queue = JobQueue(self.root)
        except BaseException:
            self._held.close()
            super().server_close()
            raise
        self.keys = keys
        self.settings = settings or InboxSettings(self.root)
        self.settings.folder = self.root
        self.private = private
        self.logins = LoginLinks()
        rate = INBOX_RATE.value()
        self.limiter = RateLimit(per_minute=rate, burst=rate)
        self.recovered = self.queue.recover()
        self._closing = threading.Event()
        self.add_link = "/add"
        self._narrate_now = multiprocessing.get_context("spawn").Event()  # a job was fetched
        self.fetcher = Fetcher(self.queue, self.settings, self._narrate_now.set, self._log)
        self.narrator: Any = None

    @property
    def allow_private(self) -> bool:
        return self.settings.policy.private

    def start_worker(self) -> None:
        """Start fetching (a thread) and narrating (a process of its own, watched: one that
        died is started again)."""
        self.fetcher.start()
        self._start_narrator()
        threading.Thread(target=self._watch_narrator, name="narrate-inbox-watch", daemon=True).start()

    def _start_narrator(self) -> None:
        feed = FeedAddress(self.base_url, f"{self.secret}/" if self.secret else "")
        self.narrator = start_narrator(self.settings, feed, self._narrate_now)

    def _watch_narrator(self) -> None:
        while not self._closing.wait(2.0):
            if self.narrator is not None and not self.narrator.is_alive():
                self._log(f"inbox: the narrating process ended (exit status {self.narrator.exitcode}); "
                          "starting it again")
                self.queue.recover_narrating()
                self._start_narrator()

    def _end_narrator(self, narrator: Any) -> None:
        """Within a second, and without what it had half-written: an episode cut short (its
        partial file, its work folder) and the folder lock are removed now, not at the next
        start; its job is narrated again then."""
        narrator.join(0.5)
        if narrator.is_alive():
            narrator.kill()
            narrator.join(5.0)
        episodes = self.root / self.settings.subfolder
        remove_abandoned(episodes)
        remove_left_by(episodes, narrator.pid)

    def wake(self) -> None:
        self.fetcher.wake()

    def login_link(self) -> str:
        """A new one-time login link (to print, and show as a QR code)."""
        return f"{self.base_url}login?code={self.logins.new()}"

    def may_read(self, handler: EpisodeHandler) -> bool:
        return super().may_read(handler) or (isinstance(handler, InboxHandler) and handler.owner() is not None)

    def hidden(self) -> tuple[str, ...]:
        return (self.keys.token, self.keys.feed_secret)

    def published_base(self) -> str:
        return load_settings(self.root).base_url

    def _log(self, line: str) -> None:
        sys.stderr.write(line.rstrip("\n") + "\n")

    def server_close(self) -> None:
        self._closing.set()
        try:
            narrator = self.narrator
            if narrator is not None:
                narrator.terminate()  # an idle one stops at once; one narrating is killed below
            self.fetcher.stop(1.0)
            if narrator is not None:
                self._end_narrator(narrator)
            self.queue.close()
        finally:
            self._held.close()
            super().server_close()


class InboxHandler(EpisodeHandler):
    server: InboxServer

    # -- reading ---------------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802 (the standard library's naming)
        if self._skip_body():
            self._guarded(self._route, True)

    def do_HEAD(self) -> None:  # noqa: N802
        if self._skip_body():
            self._guarded(self._route, False)

    def _guarded(self, answer: Any, *args: Any) -> None:
        """A bug (or a full disk under the queue) costs one answer, a 500, never the server."""
        try:
            answer(*args)
        except (ConnectionError, TimeoutError):
            raise
        except Exception as exc:  # noqa: BLE001
            self.log_error("cannot answer %s: %s: %s", urlsplit(self.path).path[:200], type(exc).__name__, exc)
            self.close_connection = True
            with contextlib.suppress(OSError):
                self._refuse(HTTPStatus.INTERNAL_SERVER_ERROR, f"the server failed: {type(exc).__name__}", True)

    def _route(self, body: bool) -> None:
        parts = urlsplit(self.path)
        try:
            query = parse_qs(parts.query, max_num_fields=20)
        except ValueError:  # more fields than any page of the inbox takes
            query = {}
        path = parts.path
        if path == "/login":
            code, after = (query.get("code") or [None])[0], (query.get("next") or [""])[0]
            self._page(HTTPStatus.OK, page.login_page(code, after=_next(after)), body)
        elif path == "/add/manifest.json":
            title = load_settings(self.server.root).title or self.server.root.name
            self._send(HTTPStatus.OK, page.manifest(title), "application/manifest+json", body, cache=True)
        elif path in ("/add/icon-192.png", "/add/icon-512.png"):
            self._send(HTTPStatus.OK, page.icon(int(path[10:13])), "image/png", body, cache=True)
        elif path.startswith("/add/") and page.static_file(path[5:]) is not None:
            data, mime = page.static_file(path[5:])  # type: ignore[misc]
            extra = {"Service-Worker-Allowed": "/add"} if path == "/add/sw.js" else {}
            self._send(HTTPStatus.OK, data, mime, body, headers=extra)
        elif path in ("/add", "/add/queue", "/api/articles") or _JOB.fullmatch(path):
            self._owner_reads(path, query, body)
        else:
            self._respond(body)

    def _owner_reads(self, path: str, query: dict[str, list[str]], body: bool) -> None:
        owner = self.owner()
        if owner is None:
            if path == "/add":  # a link shared before logging in is kept for after
                self._redirect("/login" + (f"?{urlencode({'next': self.path})}" if urlsplit(self.path).query else ""))
            elif wait := self.server.limiter.allow(self.client_address[0]):  # guessing tokens costs too
                self._refuse(HTTPStatus.TOO_MANY_REQUESTS, f"too many requests: try again in {wait:.0f} s", body,
                             headers={"Retry-After": str(max(1, round(wait)))})
            else:
                self._refuse(HTTPStatus.UNAUTHORIZED, "log in first (the link narrate serve printed), or send "
                             "Authorization: Bearer TOKEN (narrate inbox token)", body)
            return
        queue = self.server.queue
        csrf = owner.csrf(self.server.keys) if isinstance(owner, Session) else ""
        if path == "/add":
            shared = find_url(*((query.get(k) or [None])[0] for k in ("url", "text", "title"))) or ""
            title = load_settings(self.server.root).title or self.server.root.name
            html = page.add_page(title, csrf, shared, queue.jobs(), queue, self.server.allow_private,
                                 self.server.private)
            self._page(HTTPStatus.OK, html, body)
        elif path == "/add/queue":
            self._send(HTTPStatus.OK, page.queue_items(queue.jobs(), queue, csrf).encode("utf-8"),
                       "text/html; charset=utf-8", body)
        elif path == "/api/articles":
            data = {"jobs": [page.job_json(job, queue) for job in queue.jobs()],
                    "allow_private": self.server.allow_private, "counts": queue.counts()}
            self._json(HTTPStatus.OK, data, body)
        else:
            match = _JOB.fullmatch(path)
            job = queue.get(int(match.group(1))) if match else None
            if job is None:
                self._refuse(HTTPStatus.NOT_FOUND, "no such job", body)
            else:
                self._json(HTTPStatus.OK, page.job_json(job, queue), body)

    def owner(self) -> str | Session | None:
        """'token' for the owner's Bearer token, their Session for the login cookie, else None."""
        keys = self.server.keys
        if keys.is_token(bearer(self.headers.get("Authorization"))):
            return "token"
        return session_from(self.headers.get("Cookie"), keys)

    # -- adding ----------------------------------------------------------------------------

    def do_POST(self) -> None:  # noqa: N802
        self._must_close = self._said_close = False
        self._guarded(self._post)

    def _post(self) -> None:
        path = urlsplit(self.path).path
        retry = _RETRY.fullmatch(path)
        if path not in ("/api/articles", "/login") and retry is None:
            self._close_after()
            self._refuse(HTTPStatus.NOT_FOUND, "nothing to send here: POST /api/articles", True)
            return
        wait = self.server.limiter.allow(self.client_address[0])
        if wait:
            self._close_after()
            self._refuse(HTTPStatus.TOO_MANY_REQUESTS, f"too many requests: try again in {wait:.0f} s", True,
                         headers={"Retry-After": str(max(1, round(wait)))})
            return
        if cross_site(self.headers.get("Origin"), self.headers.get("Sec-Fetch-Site"), self.headers.get("Host"),
                      self.server.published_base()):
            self._close_after()
            self._refuse(HTTPStatus.FORBIDDEN, "refused: the request comes from another site", True)
            return
        if path == "/login":
            self._login()
            return
        owner = self.owner()
        if owner is None:
            self._close_after()
            self._refuse(HTTPStatus.UNAUTHORIZED, "log in first, or send Authorization: Bearer TOKEN "
                         "(narrate inbox token)", True)
            return
        submitted = self._body(upload_limit() if retry is None else 0)
        if submitted is None:
            return
        if isinstance(owner, Session):
            given = self.headers.get("X-CSRF-Token") or submitted.fields.get("csrf")
            if not same(given, owner.csrf(self.server.keys)):
                self._refuse(HTTPStatus.FORBIDDEN, "refused: the form's CSRF token is missing or wrong "
                             "(reload the page and send it again)", True)
                return
        if retry is not None:
            self._retry(int(retry.group(1)))
        else:
            self._add(submitted)

    def _body(self, upload: int) -> Submitted | None:
        """The request's fields, or None after answering why not (411, 413, 400, 415)."""
        content_type = self.headers.get("Content-Type")
        try:
            length = body_length(self.headers, limit_for(content_type, upload))
            raw = self._read(length)
            return parse(content_type, raw)
        except BadBody as exc:
            if exc.status in (HTTPStatus.REQUEST_ENTITY_TOO_LARGE, HTTPStatus.LENGTH_REQUIRED):
                self._close_after()
            self._refuse(exc.status, str(exc), True)
            return None
        except TimeoutError:
            self.close_connection = True
            return None

    def _read(self, length: int) -> bytes:
        """`length` bytes of body, within a deadline (a minute plus MIN_UPLOAD_RATE)."""
        self.head_done()  # the body has its own deadline
        deadline = time.monotonic() + 60 + length / MIN_UPLOAD_RATE
        pieces, left = [], length
        while left > 0:
            if time.monotonic() > deadline:
                raise TimeoutError("the body came too slowly")
            piece = self.rfile.read1(min(left, 1 << 20)) if hasattr(self.rfile, "read1") else self.rfile.read(
                min(left, 1 << 20))
            if not piece:
                raise BadBody(HTTPStatus.BAD_REQUEST, "the body is shorter than its Content-Length")
            pieces.append(piece)
            left -= len(piece)
        return b"".join(pieces)

    def _add(self, submitted: Submitted) -> None:
        server = self.server
        if submitted.upload is not None and len(submitted.upload.data) > upload_limit():
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"{submitted.upload.filename}: larger than "
                         "narrate's input limit (NARRATE_MAX_INPUT_MB)", True)
            return
        try:
            if submitted.upload is not None:
                job, added = self._add_upload(submitted)
            else:
                job, added = self._add_url(submitted)
        except (InputError, FetchError) as exc:
            self._refuse(HTTPStatus.BAD_REQUEST, str(exc), True)
            return
        except NarrateError as exc:
            self._refuse(HTTPStatus.INTERNAL_SERVER_ERROR, str(exc), True)
            return
        if added:
            server.wake()
        status = HTTPStatus.ACCEPTED if added else HTTPStatus.OK
        self._done(status, {**page.job_json(job, server.queue), "added": added}, job)

    def _add_url(self, submitted: Submitted) -> tuple[JobRecord, bool]:
        fields = submitted.fields
        found = find_url(fields.get("url"), fields.get("text"), fields.get("title"))
        if found is None:
            raise InputError("send the address of an article (url), or a file (file)")
        url = check_url(found, self.server.settings.policy)
        label = (fields.get("title") or "").strip()[:300] or without_credentials(url)
        return self.server.queue.add(URL, url_key(url), url, label, *self.server.settings.episode(episode_name(url)))

    def _add_upload(self, submitted: Submitted) -> tuple[JobRecord, bool]:
        upload = submitted.upload
        assert upload is not None
        name, stem = upload_name(upload.filename)
        if not upload.data.strip():
            raise InputError(f"{name} is empty: there is nothing to narrate")
        key = upload_key(upload.data)
        queue = self.server.queue
        path = upload_path(queue, key, name)
        _store(path, upload.data)  # before the job is on disk: an accepted job has its file
        job, added = queue.add(FILE, key, name, name, *self.server.settings.episode(stem))
        if job.source != name:  # the same bytes, sent before under another name: that job's file
            path.unlink(missing_ok=True)
            if added:
                _store(upload_path(queue, key, job.source), upload.data)
        return job, added

    def _retry(self, job_id: int) -> None:
        queue = self.server.queue
        before = queue.get(job_id)
        job = queue.retry(job_id)
        if job is None or before is None:
            self._refuse(HTTPStatus.NOT_FOUND, f"no job {job_id}", True)
            return
        if before.state != "failed":
            self._refuse(HTTPStatus.CONFLICT, f"job {job_id} is {before.state}: only a failed job is retried", True)
            return
        self.server.wake()
        self._done(HTTPStatus.ACCEPTED, {**page.job_json(job, queue), "added": True}, job)

    def _login(self) -> None:
        submitted = self._body(0)
        if submitted is None:
            return
        server = self.server
        code, token = submitted.fields.get("code"), submitted.fields.get("token")
        after = _next(submitted.fields.get("next", ""))
        if not (server.logins.use(code) if code else server.keys.is_token(token)):
            message = ("This login link was used already or has expired: restart narrate serve for a new one, "
                       "or paste the token." if code else "That is not the token (narrate inbox token prints it).")
            self._page(HTTPStatus.UNAUTHORIZED, page.login_page(None, message, after), True)
            return
        self._redirect(after, {"Set-Cookie": set_cookie(new_session(), server.keys)})

    # -- answers ---------------------------------------------------------------------------

    def _wants_html(self) -> bool:
        """A browser's plain form post (no script) gets pages; everything else JSON."""
        content_type = (self.headers.get("Content-Type") or "").lower()
        return "text/html" in (self.headers.get("Accept") or "") and not content_type.startswith("application/json")

    def _done(self, status: HTTPStatus, data: dict[str, Any], job: JobRecord) -> None:
        if self._wants_html():
            self._redirect("/add")
            return
        self._json(status, data, True, headers={"Location": f"/api/articles/{job.id}"})

    def _refuse(self, status: HTTPStatus, message: str, body: bool, headers: dict[str, str] | None = None) -> None:
        extra = dict(headers or {})
        if status == HTTPStatus.UNAUTHORIZED:
            extra.setdefault("WWW-Authenticate", 'Bearer realm="narrate inbox"')
        if self.command == "POST" and self._wants_html():
            self._page(status, page.message_page("Not added", message), body, headers=extra)
        else:
            self._json(status, {"error": message}, body, headers=extra)

    def _json(self, status: HTTPStatus, data: dict[str, Any], body: bool,
              headers: dict[str, str] | None = None) -> None:
        payload = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self._send(status, payload, "application/json; charset=utf-8", body, headers=headers)

    def _page(self, status: HTTPStatus, html: bytes, body: bool, headers: dict[str, str] | None = None) -> None:
        self._send(status, html, "text/html; charset=utf-8", body, headers={**PAGE_SECURITY, **(headers or {})})

    def _redirect(self, where: str, headers: dict[str, str] | None = None) -> None:
        self._send(HTTPStatus.SEE_OTHER, b"", "text/plain; charset=utf-8", True,
                   headers={"Location": where, **(headers or {})})

    def _send(self, status: HTTPStatus, data: bytes, mime: str, body: bool, headers: dict[str, str] | None = None,
              cache: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "public, max-age=3600" if cache else "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "same-origin")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body and data:
            self.wfile.write(data)


def _next(after: str) -> str:
    """Where to go once logged in: the inbox page, with what was shared to it (never elsewhere)."""
    return after if after == "/add" or after.startswith("/add?") else "/add"


def _store(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(path) as temp:
        temp.write_bytes(data)


InboxServer.handler = InboxHandler
