"""The one HTTP client: every page, feed and OPML file narrate fetches comes through here.

One budget per fetch: a deadline over resolving, connecting, the headers and the body
together (every wait on the network ends by it: narrate.fetch.transport), and a cap on the
decoded body enforced while decoding, layer by layer (narrate.fetch.decoding). Redirects are
followed up to a limit, each hop checked by the address policy (narrate.fetch.addresses),
http and https only; gzip, deflate and brotli; a clear user agent; conditional GET (ETag,
Last-Modified) for feeds; proxies from HTTP_PROXY/HTTPS_PROXY/NO_PROXY.

`open_stream` hands the body out piece by piece (for large downloads); `fetch` reads it whole.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

import httpx

from narrate.errors import FetchError
from narrate.fetch.addresses import PUBLIC_ONLY, AddressPolicy, BlockedAddress
from narrate.fetch.decoding import ACCEPTED, CannotDecode, Decoder, TooLarge, encodings
from narrate.fetch.transport import CheckedTransport, Deadline
from narrate.fetch.urls import without_credentials
from narrate.text.readers.html import is_web_address
from narrate.version import __version__

USER_AGENT = f"narrate/{__version__} (offline article narrator; python-httpx)"
REDIRECTS = (301, 302, 303, 307, 308)


@dataclass(frozen=True)
class Limits:
    """How long, how much and where one fetch may go; small enough that a bad site stalls nothing."""

    timeout: float = 20.0  # seconds for all of it: resolving, connecting, headers and body
    max_bytes: int = 10 * 1024 * 1024  # decoded body size (and each compression layer's)
    max_redirects: int = 5
    addresses: AddressPolicy = PUBLIC_ONLY  # which addresses may be reached (narrate.fetch.addresses)
    idle: float | None = None  # the longest wait for any one read, when shorter than the budget


class HTTPStatusError(FetchError):
    """The server answered with an error status (4xx, 5xx) or one narrate does not follow."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Response:
    url: str  # where the content came from, after redirects, without user:password
    status: int  # 200, or 304 for an unchanged resource
    content: bytes
    content_type: str = ""  # the media type, lower case, without parameters
    charset: str | None = None  # from the Content-Type header only
    etag: str | None = None
    last_modified: str | None = None

    @property
    def not_modified(self) -> bool:
        return self.status == 304


@dataclass
class Stream:
    """An answer whose body is read piece by piece (`chunks`), within the fetch's budget."""

    url: str  # after redirects, without user:password
    status: int
    headers: httpx.Headers
    _pieces: Iterator[bytes] = field(repr=False)

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").partition(";")[0].strip().lower()

    @property
    def charset(self) -> str | None:
        return _charset(self.headers.get("content-type", "").partition(";")[2])

    @property
    def length(self) -> int | None:
        """The body's declared size, when it is sent as it is (no Content-Encoding)."""
        declared = self.headers.get("content-length", "").strip()
        return int(declared) if declared.isdigit() and not self.headers.get("content-encoding") else None

    def chunks(self) -> Iterator[bytes]:
        """The decoded body; FetchError when it passes the cap or the deadline."""
        return self._pieces

    def read(self) -> bytes:
        return b"".join(self.chunks())


def fetch(url: str, limits: Limits = Limits(), *, accept: str = "*/*", etag: str | None = None,
          last_modified: str | None = None) -> Response:
    """GET `url`; a 304 when the validators still match; FetchError for anything else but 2xx."""
    headers = {}
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    with open_stream(url, limits, accept=accept, headers=headers) as stream:
        content = b"" if stream.status == 304 else stream.read()
        return Response(url=stream.url, status=stream.status, content=content, content_type=stream.content_type,
                        charset=stream.charset, etag=stream.headers.get("etag"),
                        last_modified=stream.headers.get("last-modified"))


@contextlib.contextmanager
def open_stream(url: str, limits: Limits = Limits(), *, accept: str = "*/*",
                headers: Mapping[str, str] | None = None, compressed: bool = True) -> Iterator[Stream]:
    """GET `url` and hand out the answer once its headers are in; its body is read from the
    Stream within what is left of the budget. HTTPStatusError for a 4xx/5xx answer (its
    `status` says which: a download may expect 416). `compressed=False` asks for the bytes as
    they are (for Range requests)."""
    shown = without_credentials(url)
    if not is_web_address(url):
        raise FetchError(f"{shown}: not an http or https address")
    deadline = Deadline(limits.timeout)
    transport = CheckedTransport(limits.addresses, deadline)
    sent = {"User-Agent": USER_AGENT, "Accept": accept, "Accept-Encoding": ACCEPTED if compressed else "identity",
            **(headers or {})}
    failure = _Failure(shown, limits)
    with httpx.Client(transport=transport, follow_redirects=False, trust_env=False,
                      timeout=httpx.Timeout(limits.idle or limits.timeout)) as client:
        with failure.mapped():
            response = _follow(client, client.build_request("GET", url, headers=sent), limits, failure)
        failure.answered = True
        try:
            _check_status(response, shown)
            pieces = _pieces(response, limits, deadline, failure)
            yield Stream(without_credentials(str(response.url)), response.status_code, response.headers, pieces)
        finally:
            response.close()


def _follow(client: httpx.Client, request: httpx.Request, limits: Limits, failure: _Failure) -> httpx.Response:
    """Send `request`, following redirects (each hop checked by the transport's policy)."""
    for hop in range(limits.max_redirects + 1):
        if request.url.scheme not in ("http", "https"):
            raise FetchError(f"{failure.shown}: redirected to an address that is not http or https")
        try:
            response = client.send(request, stream=True)
        except BlockedAddress as exc:
            if hop == 0:
                raise FetchError(f"{failure.shown}: {exc}") from None
            raise FetchError(f"{failure.shown}: redirected to {without_credentials(str(request.url))}, {exc}") \
                from None
        if response.next_request is None:
            return response
        response.close()
        request = response.next_request
    raise FetchError(f"{failure.shown}: more than {limits.max_redirects} redirects")


def _check_status(response: httpx.Response, shown: str) -> None:
    status = response.status_code
    if status == 304 or 200 <= status < 300:
        return
    if status in REDIRECTS:
        raise HTTPStatusError(f"{shown}: HTTP {status}, a redirect without a usable Location", status)
    raise HTTPStatusError(f"{shown}: HTTP {status} {response.reason_phrase}".rstrip(), status)


def _pieces(response: httpx.Response, limits: Limits, deadline: Deadline, failure: _Failure) -> Iterator[bytes]:
    """The decoded body of `response`, piece by piece (a generator: nothing is read until asked)."""
    too_large = FetchError(f"{failure.shown}: larger than {_megabytes(limits.max_bytes)} MB, "
                           "the limit for a page or feed")
    header = ", ".join(response.headers.get_list("content-encoding"))
    declared = response.headers.get("content-length", "").strip()
    if not header and declared.isdigit() and int(declared) > limits.max_bytes:
        raise too_large
    try:
        encodings(header)
    except CannotDecode as exc:
        raise FetchError(f"{failure.shown}: {exc}") from None

    def keep_going() -> None:
        if deadline.passed():
            raise httpx.ReadTimeout("the deadline passed")

    def generate() -> Iterator[bytes]:
        decoder = Decoder(header, limits.max_bytes, keep_going)
        with failure.mapped():
            try:
                for raw in response.iter_raw():
                    keep_going()
                    yield from decoder.feed(raw)
            except TooLarge:
                raise too_large from None
            except CannotDecode:
                raise FetchError(f"{failure.shown}: the server sent a body that does not decompress") from None

    return generate()


class _Failure:
    """Turns whatever stopped a fetch into its one line."""

    def __init__(self, shown: str, limits: Limits) -> None:
        self.shown = shown
        self.limits = limits
        self.answered = False  # the headers are in: a timeout from here on is the body's

    @contextlib.contextmanager
    def mapped(self) -> Iterator[None]:
        try:
            yield
        except FetchError:
            raise
        except httpx.TimeoutException:
            seconds = f"{self.limits.timeout:g}"
            what = "not complete" if self.answered else "no answer"
            raise FetchError(f"{self.shown}: {what} within {seconds} s (timed out)") from None
        except httpx.UnsupportedProtocol:
            raise FetchError(f"{self.shown}: redirected to an address that is not http or https") from None
        except httpx.InvalidURL as exc:
            raise FetchError(f"{self.shown}: not a valid address ({_reason(exc)})") from None
        except httpx.DecodingError:
            raise FetchError(f"{self.shown}: the server sent a body that does not decompress") from None
        except (httpx.RemoteProtocolError, httpx.LocalProtocolError) as exc:
            raise FetchError(f"{self.shown}: the server's answer is not valid HTTP ({_reason(exc)})") from None
        except (httpx.HTTPError, httpx.StreamError) as exc:
            raise FetchError(f"{self.shown}: cannot connect ({_reason(exc)})") from None
        except (ValueError, UnicodeError) as exc:  # an address httpx cannot even parse
            raise FetchError(f"{self.shown}: not a valid address ({_reason(exc)})") from None


def _megabytes(size: int) -> str:
    return f"{size >> 20}" if size % (1 << 20) == 0 else f"{size / 1e6:g}"


def _charset(params: str) -> str | None:
    for param in params.split(";"):
        key, _, value = param.partition("=")
        if key.strip().lower() == "charset" and value.strip():
            return value.strip().strip("\"'").lower()
    return None


def _reason(exc: Exception) -> str:
    text = str(exc) or type(exc).__name__
    return text.splitlines()[0][:120]
