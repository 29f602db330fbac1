"""Connections for one fetch: checked addresses only, and one deadline over all of it.

httpx builds the requests (redirects, cookies, authentication from the URL); this module is
the transport under it. For each request it asks the address policy for the host's checked
addresses (narrate.fetch.addresses) and connects to one of them, never to the name again.
Every wait on the network (resolving, connecting, the TLS handshake, each read and write) is
given only what is left of the fetch's budget, so a server that sends its headers or body a
byte a second is cut off at the deadline, not after it.
"""

from __future__ import annotations

import contextlib
import ssl
import time
import urllib.request
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

import httpcore
import httpx

from narrate.errors import FetchError
from narrate.fetch.addresses import AddressPolicy, BlockedAddress

_ERRORS: dict[type[Exception], type[httpx.HTTPError]] = {
    httpcore.ConnectTimeout: httpx.ConnectTimeout, httpcore.ReadTimeout: httpx.ReadTimeout,
    httpcore.WriteTimeout: httpx.WriteTimeout, httpcore.PoolTimeout: httpx.PoolTimeout,
    httpcore.ConnectError: httpx.ConnectError, httpcore.ReadError: httpx.ReadError,
    httpcore.WriteError: httpx.WriteError, httpcore.RemoteProtocolError: httpx.RemoteProtocolError,
    httpcore.LocalProtocolError: httpx.LocalProtocolError, httpcore.ProxyError: httpx.ProxyError,
    httpcore.UnsupportedProtocol: httpx.UnsupportedProtocol,
}


_LOCAL_LOOKUP_S = 2.0  # how long a proxied host is looked up here before the proxy decides


class Deadline:
    """The moment a fetch must be over, and what is left of it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.at = time.monotonic() + seconds

    def left(self) -> float:
        return self.at - time.monotonic()

    def passed(self) -> bool:
        return self.left() <= 0

    def clamp(self, timeout: float | None) -> float:
        """A wait of at most `timeout` that also ends at the deadline (never 0: that would
        make a socket non-blocking rather than time out)."""
        left = max(self.left(), 0.001)
        return left if timeout is None else max(min(timeout, left), 0.001)


class _DeadlineStream(httpcore.NetworkStream):
    """A connection whose every read, write and TLS handshake ends by the deadline."""

    def __init__(self, inner: httpcore.NetworkStream, deadline: Deadline) -> None:
        self._inner = inner
        self._deadline = deadline

    def _check(self, timeout_error: type[Exception]) -> None:
        if self._deadline.passed():
            raise timeout_error("the deadline passed")

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        self._check(httpcore.ReadTimeout)
        return self._inner.read(max_bytes, self._deadline.clamp(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._check(httpcore.WriteTimeout)
        self._inner.write(buffer, self._deadline.clamp(timeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context: ssl.SSLContext, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        self._check(httpcore.ConnectTimeout)
        secured = self._inner.start_tls(ssl_context, server_hostname, self._deadline.clamp(timeout))
        return _DeadlineStream(secured, self._deadline)

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _CheckedBackend(httpcore.NetworkBackend):
    """Connects a host only to the addresses the transport checked for it just before."""

    def __init__(self, deadline: Deadline) -> None:
        self.deadline = deadline
        self.checked: dict[tuple[str, int], list[str]] = {}
        self._system = httpcore.SyncBackend()

    def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                    socket_options: Iterable[Any] | None = None) -> httpcore.NetworkStream:
        addresses = self.checked.get((host, port))
        if not addresses:  # every request is checked first: this would be a bug, never a bypass
            raise httpcore.ConnectError(f"{host}:{port} was not checked before connecting")
        failure: Exception = httpcore.ConnectError(f"cannot connect to {host}")
        for address in addresses:
            if self.deadline.passed():
                raise httpcore.ConnectTimeout("the deadline passed")
            try:
                stream = self._system.connect_tcp(address, port, self.deadline.clamp(timeout), local_address,
                                                  socket_options)
            except httpcore.ConnectTimeout:
                raise
            except httpcore.ConnectError as exc:
                failure = exc
                continue
            return _DeadlineStream(stream, self.deadline)
        raise failure

    def sleep(self, seconds: float) -> None:
        time.sleep(min(seconds, max(self.deadline.left(), 0)))


@lru_cache(maxsize=1)
def _ssl_context() -> ssl.SSLContext:
    """httpx's context (certifi, SSL_CERT_FILE/SSL_CERT_DIR), made once: loading the CA
    bundle takes tens of milliseconds."""
    return httpx.create_ssl_context()


def _proxy_for(url: httpx.URL) -> httpx.Proxy | None:
    """The proxy HTTP_PROXY/HTTPS_PROXY/ALL_PROXY name for `url`, unless NO_PROXY exempts it."""
    proxies = urllib.request.getproxies_environment()
    proxy = proxies.get(url.scheme) or proxies.get("all")
    if not proxy or urllib.request.proxy_bypass_environment(url.host, proxies):
        return None
    try:
        chosen = httpx.Proxy(proxy if "://" in proxy else f"http://{proxy}")
    except (ValueError, httpx.InvalidURL):
        chosen = None
    if chosen is None or chosen.url.scheme not in ("http", "https"):
        raise FetchError(f"the proxy {proxy!r} (from the environment) is not an http or https proxy")
    return chosen


class _Body(httpx.SyncByteStream):
    def __init__(self, stream: Iterable[bytes], request: httpx.Request) -> None:
        self._stream = stream
        self._request = request

    def __iter__(self) -> Iterator[bytes]:
        with _as_httpx_errors(self._request):
            yield from self._stream

    def close(self) -> None:
        close = getattr(self._stream, "close", None)
        if close is not None:
            close()


@contextlib.contextmanager
def _as_httpx_errors(request: httpx.Request) -> Iterator[None]:
    """httpcore's exceptions as httpx's, as httpx's own transport raises them."""
    try:
        yield
    except (httpcore.NetworkError, httpcore.TimeoutException, httpcore.ProtocolError, httpcore.ProxyError,
            httpcore.UnsupportedProtocol) as exc:
        mapped = next((ours for core, ours in _ERRORS.items() if isinstance(exc, core)), httpx.TransportError)
        raise mapped(str(exc) or type(exc).__name__, request=request) from exc


class CheckedTransport(httpx.BaseTransport):
    """The transport of one fetch: each request's host is resolved and checked by `policy`,
    whose state follows the redirect chain (narrate.fetch.addresses.AddressPolicy)."""

    def __init__(self, policy: AddressPolicy, deadline: Deadline) -> None:
        self.policy = policy
        self.deadline = deadline
        self._backend = _CheckedBackend(deadline)
        self._pools: dict[str | None, httpcore.ConnectionPool] = {}

    def _pool(self, proxy: httpx.Proxy | None) -> httpcore.ConnectionPool:
        key = str(proxy.url) if proxy else None
        if key not in self._pools:
            core_proxy = None if proxy is None else httpcore.Proxy(
                httpcore.URL(scheme=proxy.url.raw_scheme, host=proxy.url.raw_host, port=proxy.url.port,
                             target=proxy.url.raw_path), auth=proxy.raw_auth)
            self._pools[key] = httpcore.ConnectionPool(ssl_context=_ssl_context(), proxy=core_proxy,
                                                       max_connections=4, retries=0, network_backend=self._backend)
        return self._pools[key]

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        url = request.url
        port = url.port or (443 if url.scheme == "https" else 80)
        proxy = _proxy_for(url)
        # the host as httpcore will connect to it (an international name in its xn-- form)
        checked = self._check(url.raw_host.decode("ascii"), port, proxied=proxy is not None)
        if proxy is not None:  # the proxy is the user's own setting: reached as configured
            proxy_host = proxy.url.raw_host.decode("ascii")
            proxy_port = proxy.url.port or (443 if proxy.url.scheme == "https" else 80)
            self._backend.checked[(proxy_host, proxy_port)] = list(self.policy.resolver(
                proxy_host, proxy_port, self.deadline.clamp(None)))
        core = httpcore.Request(
            method=request.method,
            url=httpcore.URL(scheme=url.raw_scheme, host=url.raw_host, port=url.port, target=url.raw_path),
            headers=request.headers.raw, content=request.stream,  # type: ignore[arg-type]
            extensions=request.extensions)
        with _as_httpx_errors(request):
            response = self._pool(proxy).handle_request(core)
        answered = self._answered_by(response, checked, proxied=proxy is not None)
        if answered is not None:
            self.policy = self.policy.after_answer_from(answered, port)
        return httpx.Response(status_code=response.status, headers=response.headers,
                              stream=_Body(response.stream, request),  # type: ignore[arg-type]
                              extensions=response.extensions)

    def _check(self, host: str, port: int, proxied: bool) -> list[str]:
        """The checked addresses of `host`. Through a proxy the proxy connects, so the host
        is checked as this machine resolves it; a name only the proxy can resolve passes."""
        if not proxied:
            addresses = self.policy.addresses(host, port, self.deadline.clamp(None))
            self._backend.checked[(host, port)] = addresses
            return addresses
        try:  # briefly: the budget is for the proxy
            return self.policy.addresses(host, port, self.deadline.clamp(_LOCAL_LOOKUP_S))
        except BlockedAddress:
            raise
        except FetchError:  # not resolvable here: the proxy's own resolver decides
            return []

    @staticmethod
    def _answered_by(response: httpcore.Response, checked: list[str], proxied: bool) -> str | None:
        stream = response.extensions.get("network_stream")
        if not proxied and stream is not None:
            peer = stream.get_extra_info("server_addr")
            if peer:
                return str(peer[0])
        return checked[0] if checked else None

    def close(self) -> None:
        for pool in self._pools.values():
            pool.close()
        self._pools.clear()

