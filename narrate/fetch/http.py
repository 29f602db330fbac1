"""The one HTTP client: httpx with a timeout, a redirect limit, a size cap, http/https only,
gzip and brotli, a clear user agent, and conditional GET (ETag, Last-Modified) for feeds.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import httpx

from narrate.version import __version__
from narrate.errors import FetchError
from narrate.text.readers.html import is_web_address

USER_AGENT = f"narrate/{__version__} (offline article narrator; python-httpx)"


@dataclass(frozen=True)
class Limits:
    """How long and how much one request may take; small enough that a bad site stalls nothing."""

    timeout: float = 20.0  # seconds: for connecting, for each read, and for the whole body
    max_bytes: int = 10 * 1024 * 1024  # decoded body size
    max_redirects: int = 5


@dataclass(frozen=True)
class Response:
    url: str  # where the content came from, after redirects
    status: int  # 200, or 304 for an unchanged resource
    content: bytes
    content_type: str = ""  # the media type, lower case, without parameters
    charset: str | None = None  # from the Content-Type header only
    etag: str | None = None
    last_modified: str | None = None

    @property
    def not_modified(self) -> bool:
        return self.status == 304


def fetch(url: str, limits: Limits = Limits(), *, accept: str = "*/*", etag: str | None = None,
          last_modified: str | None = None) -> Response:
    """GET `url`; a 304 when the validators still match; FetchError for anything else but 2xx."""
    if not is_web_address(url):
        raise FetchError(f"{url}: not an http or https address")
    headers = {"User-Agent": USER_AGENT, "Accept": accept, "Accept-Encoding": "gzip, deflate, br"}
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    try:
        with httpx.Client(follow_redirects=True, max_redirects=limits.max_redirects,
                          timeout=httpx.Timeout(limits.timeout)) as client:
            with client.stream("GET", url, headers=headers) as response:
                return _read(url, response, limits)
    except httpx.TimeoutException:
        raise FetchError(f"{url}: no answer within {limits.timeout:g} s (timed out)") from None
    except httpx.TooManyRedirects:
        raise FetchError(f"{url}: more than {limits.max_redirects} redirects") from None
    except httpx.UnsupportedProtocol:
        raise FetchError(f"{url}: redirected to an address that is not http or https") from None
    except httpx.InvalidURL as exc:
        raise FetchError(f"{url}: not a valid address ({exc})") from None
    except httpx.DecodingError:
        raise FetchError(f"{url}: the server sent a body that does not decompress") from None
    except httpx.HTTPError as exc:
        raise FetchError(f"{url}: cannot connect ({_reason(exc)})") from None


def _read(url: str, response: httpx.Response, limits: Limits) -> Response:
    if response.status_code == 304:
        content = b""
    elif response.status_code >= 400 or response.status_code < 200:
        raise FetchError(f"{url}: HTTP {response.status_code} {response.reason_phrase}".rstrip())
    else:
        content = _body(url, response, limits)
    media, _, params = response.headers.get("content-type", "").partition(";")
    return Response(
        url=str(response.url), status=response.status_code, content=content,
        content_type=media.strip().lower(), charset=_charset(params),
        etag=response.headers.get("etag"), last_modified=response.headers.get("last-modified"),
    )


def _body(url: str, response: httpx.Response, limits: Limits) -> bytes:
    """The decoded body, refused as soon as it passes the cap or the overall deadline."""
    too_large = FetchError(f"{url}: larger than {limits.max_bytes / 1e6:g} MB, the limit for a page or feed")
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limits.max_bytes and "content-encoding" not in response.headers:
        raise too_large
    deadline = time.monotonic() + limits.timeout
    parts: list[bytes] = []
    size = 0
    for part in response.iter_bytes():
        size += len(part)
        if size > limits.max_bytes:
            raise too_large
        if time.monotonic() > deadline:
            raise FetchError(f"{url}: not complete within {limits.timeout:g} s (timed out)")
        parts.append(part)
    return b"".join(parts)


def _charset(params: str) -> str | None:
    for param in params.split(";"):
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset" and value.strip():
            return value.strip().strip("\"'").lower()
    return None


def _reason(exc: Exception) -> str:
    text = str(exc) or type(exc).__name__
    return text.splitlines()[0][:120]
