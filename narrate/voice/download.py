"""Fetch one file over HTTP(S): resumed where a previous try stopped, bounded, checked, renamed.

Bytes go to `NAME.part` beside the target; a later try asks for the rest (HTTP Range) and
keeps what it has when the server agrees (206 from that byte), else starts over. The file is
renamed into place only once its checksum matches, so a voice folder never holds a damaged
voice. Every download is bounded: never more bytes than the file's known size (or, unknown,
narrate.limits.MAX_MODEL_BYTES), and a watchdog timer (narrate.deadline) stops one that takes
longer than NARRATE_DOWNLOAD_TIMEOUT in all or makes no progress for NARRATE_DOWNLOAD_STALL,
however slowly the bytes drip.
"""

from __future__ import annotations

import functools
import hashlib
import http.client
import os
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from narrate.deadline import Watchdog, shutdown_socket
from narrate.errors import NarrateError
from narrate.limits import DOWNLOAD_STALL, DOWNLOAD_TIMEOUT, MAX_MODEL_BYTES, hint, megabytes

Progress = Callable[[int, int | None], None]
"""(bytes so far, total bytes or None) after every block."""
_BLOCK = 1 << 16
_STALL_BYTES = 1024  # fewer than this in NARRATE_DOWNLOAD_STALL seconds: stalled


class DownloadError(NarrateError):
    """A file could not be fetched, or what came was not the file expected."""


@dataclass(frozen=True)
class Expected:
    """What the file must be: hash algorithm ('sha256', 'md5'), hex digest and, when known,
    its size in bytes (a download never takes more)."""

    algorithm: str
    digest: str
    size: int | None = None


def fetch(url: str, target: Path, expected: Expected | None, progress: Progress | None = None,
          offline_hint: str = "", max_bytes: int | None = None) -> Path:
    """Download `url` to `target` unless it is already there and correct.

    At most `expected.size` bytes, else `max_bytes`, else MAX_MODEL_BYTES."""
    if target.is_file() and (expected is None or file_digest(target, expected.algorithm) == expected.digest):
        return target
    cap = expected.size if expected is not None and expected.size is not None else max_bytes
    cap = megabytes(MAX_MODEL_BYTES) if cap is None else cap
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    have = part.stat().st_size if part.is_file() else 0
    if have > cap:  # left by another mirror or a longer file: start over
        part.unlink()
        have = 0
    with Watchdog(float(DOWNLOAD_TIMEOUT), float(DOWNLOAD_STALL), _STALL_BYTES) as watchdog:
        try:
            _transfer(url, part, have, cap, target.name, watchdog, progress, offline_hint)
        except _AlreadyWhole:
            pass
    return _finish(part, target, expected, url)


class _AlreadyWhole(Exception):
    """The server says the part is the whole file (416 to a Range from its end)."""


def _transfer(url: str, part: Path, have: int, cap: int, name: str, watchdog: Watchdog,
              progress: Progress | None, offline_hint: str) -> None:
    host = urlsplit(url).netloc
    request = urllib.request.Request(url, headers={"User-Agent": "narrate"})
    if have:
        request.add_header("Range", f"bytes={have}-")
    stopped = "run the same command again to resume"
    try:
        response = _opener(watchdog).open(request, timeout=float(DOWNLOAD_STALL))
    except urllib.error.HTTPError as exc:
        exc.close()
        if exc.code == 416 and have:
            raise _AlreadyWhole() from None
        raise DownloadError(f"cannot download {url}: the server answered {exc.code} {exc.reason}") from exc
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
        if watchdog.expired:
            raise DownloadError(f"download of {name} from {host} stopped before it began: {watchdog.reason}; "
                                f"{stopped}") from exc
        reason = getattr(exc, "reason", exc)
        raise DownloadError(f"cannot reach {host} ({reason}): are you offline?{offline_hint}") from exc
    with response:
        resumed = bool(have) and response.status == 206 and _resumes_at(response, have)
        if response.status == 206 and not resumed:
            part.unlink(missing_ok=True)
            raise DownloadError(f"{host} answered a different part of {name} than asked for; it was removed, "
                                "run the command again")
        done = have if resumed else 0
        total = _announced_total(response, done)
        if total is not None and total > cap:
            raise DownloadError(f"{host} says {name} is {total:,} bytes, more than the {cap:,} expected; "
                                f"not downloaded{_cap_hint(cap)}")
        try:
            with part.open("ab" if resumed else "wb") as out:
                if progress:
                    progress(done, total)
                while block := response.read1(_BLOCK):
                    if done + len(block) > cap:
                        raise _TooLong()
                    out.write(block)
                    done += len(block)
                    watchdog.progress(len(block))
                    if progress:
                        progress(done, total)
        except _TooLong:
            part.unlink(missing_ok=True)
            raise DownloadError(f"{host} sent more of {name} than the {cap:,} bytes expected; it was removed"
                                f"{_cap_hint(cap)}") from None
        except (OSError, http.client.HTTPException, ValueError) as exc:
            why = watchdog.reason or str(exc)
            raise DownloadError(f"download of {name} from {host} stopped after {done:,} bytes: {why}; "
                                f"{stopped}") from exc
    if watchdog.expired:
        raise DownloadError(f"download of {name} from {host} stopped after {done:,} bytes: {watchdog.reason}; "
                            f"{stopped}")
    if total is not None and done < total:
        raise DownloadError(f"download of {name} from {host} stopped after {done:,} of {total:,} "
                            f"bytes; {stopped}")


class _TooLong(Exception):
    pass


def _cap_hint(cap: int) -> str:
    return f" ({hint(MAX_MODEL_BYTES)})" if cap == megabytes(MAX_MODEL_BYTES) else ""


def _resumes_at(response: Any, have: int) -> bool:
    """Whether a 206 answer starts at byte `have` (Content-Range: bytes HAVE-LAST/SIZE)."""
    match = re.match(r"\s*bytes\s+(\d{1,19})-", response.headers.get("Content-Range", ""))
    return bool(match) and int(match.group(1)) == have


def _announced_total(response: Any, done: int) -> int | None:
    length = response.headers.get("Content-Length")
    if length is None or not re.fullmatch(r"\s*\d{1,19}\s*", length):
        return None
    return done + int(length)


def _opener(watchdog: Watchdog) -> urllib.request.OpenerDirector:
    """urllib with every connection's socket handed to the watchdog, and redirects to HTTP(S) only."""
    return urllib.request.build_opener(_WatchedHTTPHandler(watchdog), _WatchedHTTPSHandler(watchdog),
                                       _WebRedirects())


def _watched(base: type[http.client.HTTPConnection]) -> type[http.client.HTTPConnection]:
    class Watched(base):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, watchdog: Watchdog, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._watchdog = watchdog

        def connect(self) -> None:
            super().connect()
            self._watchdog.on_cancel(functools.partial(shutdown_socket, self.sock))

    return Watched


_WatchedHTTP = _watched(http.client.HTTPConnection)
_WatchedHTTPS = _watched(http.client.HTTPSConnection)


class _WatchedHTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, watchdog: Watchdog) -> None:
        super().__init__()
        self._watchdog = watchdog

    def http_open(self, req: urllib.request.Request) -> Any:
        return self.do_open(functools.partial(_WatchedHTTP, watchdog=self._watchdog), req)


class _WatchedHTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, watchdog: Watchdog) -> None:
        super().__init__()
        self._watchdog = watchdog

    def https_open(self, req: urllib.request.Request) -> Any:
        return self.do_open(functools.partial(_WatchedHTTPS, watchdog=self._watchdog), req,
                            context=self._context)


class _WebRedirects(urllib.request.HTTPRedirectHandler):
    """Follow redirects (the voice hosts send files from a CDN) to http and https only."""

    def redirect_request(self, req: urllib.request.Request, fp: Any, code: int, msg: str, headers: Any,
                         newurl: str) -> urllib.request.Request | None:
        if urlsplit(newurl).scheme.lower() not in ("http", "https"):
            raise urllib.error.HTTPError(newurl, code, f"redirect to {newurl!r}, not a web address", headers, fp)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _finish(part: Path, target: Path, expected: Expected | None, url: str) -> Path:
    if expected is not None:
        actual = file_digest(part, expected.algorithm)
        if actual != expected.digest:
            part.unlink(missing_ok=True)
            raise DownloadError(f"{target.name} from {url} is not the file expected ({expected.algorithm} "
                                f"{actual[:12]}..., wanted {expected.digest[:12]}...); it was removed, "
                                "run the command again")
    os.replace(part, target)
    return target


def file_digest(path: Path, algorithm: str = "sha256") -> str:
    """The hex digest of a file, read in 1 MB blocks (voices and models are large)."""
    digest = hashlib.new(algorithm)
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
