"""Fetch one file over HTTP(S): resumed where a previous try stopped, checked, then renamed.

Bytes go to `NAME.part` beside the target; a later try asks for the rest (HTTP Range) and
keeps what it has when the server agrees (206), else starts over. The file is renamed into
place only once its checksum matches, so a voice folder never holds a damaged voice.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from narrate.errors import NarrateError

Progress = Callable[[int, int | None], None]
"""(bytes so far, total bytes or None) after every block."""
_BLOCK = 1 << 16
_TIMEOUT_S = 30


class DownloadError(NarrateError):
    """A file could not be fetched, or what came was not the file expected."""


@dataclass(frozen=True)
class Expected:
    """What the file must hash to: algorithm ('sha256', 'md5') and hex digest."""

    algorithm: str
    digest: str


def fetch(url: str, target: Path, expected: Expected | None, progress: Progress | None = None,
          offline_hint: str = "") -> Path:
    """Download `url` to `target` unless it is already there and correct."""
    if target.is_file() and (expected is None or file_digest(target, expected.algorithm) == expected.digest):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    have = part.stat().st_size if part.is_file() else 0
    request = urllib.request.Request(url, headers={"User-Agent": "narrate"})
    if have:
        request.add_header("Range", f"bytes={have}-")
    host = urlsplit(url).netloc
    try:
        response = urllib.request.urlopen(request, timeout=_TIMEOUT_S)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:  # the part is already whole
            return _finish(part, target, expected, url)
        raise DownloadError(f"cannot download {url}: the server answered {exc.code} {exc.reason}") from exc
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise DownloadError(f"cannot reach {host} ({reason}): are you offline?{offline_hint}") from exc
    with response:
        resumed = have and response.status == 206
        done = have if resumed else 0
        length = response.headers.get("Content-Length")
        total = done + int(length) if length is not None else None
        try:
            with part.open("ab" if resumed else "wb") as out:
                if progress:
                    progress(done, total)
                while block := response.read(_BLOCK):
                    out.write(block)
                    done += len(block)
                    if progress:
                        progress(done, total)
        except (OSError, http.client.HTTPException) as exc:
            raise DownloadError(f"download of {target.name} from {host} stopped after {done:,} bytes "
                                f"({exc}); run the same command again to resume") from exc
    if total is not None and done < total:
        raise DownloadError(f"download of {target.name} from {host} stopped after {done:,} of {total:,} "
                            "bytes; run the same command again to resume")
    return _finish(part, target, expected, url)


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
