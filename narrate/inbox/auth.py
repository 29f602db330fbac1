"""The owner's login and the guards on every request that adds: who, from where, how often.

- **Who**: `Authorization: Bearer TOKEN` (scripts), or the login cookie (the page). The cookie
  is set by a one-time login link (printed by the server, as a QR code too) or by pasting the
  token into /login; it holds a random nonce and its HMAC under the token, so it survives a
  restart and dies with `--rotate-token`. HttpOnly (no script reads it), SameSite=Lax (no
  other site's form or script sends it), never the token itself.
- **From where**: a request that adds must not come from another site: an `Origin` other than
  this server's (or the published base URL's), or `Sec-Fetch-Site: cross-site`, is a 403
  whatever it carries; with the cookie it must also carry the page's CSRF token (an HMAC of
  the cookie's nonce), in a form field or the `X-CSRF-Token` header.
- **How often**: a token bucket per client address for everything that adds or logs in.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from urllib.parse import urlsplit

from narrate.publish.access import Keys, same

COOKIE = "narrate_inbox"
COOKIE_DAYS = 400  # browsers cap a cookie's life at 400 days
LOGIN_SECONDS = 30 * 60  # how long the printed login link works (once)


def _mac(token: str, purpose: str, nonce: str) -> str:
    return hmac.new(token.encode(), f"{purpose}:{nonce}".encode(), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Session:
    nonce: str

    def cookie_value(self, keys: Keys) -> str:
        return f"{self.nonce}.{_mac(keys.token, 'session', self.nonce)}"

    def csrf(self, keys: Keys) -> str:
        return _mac(keys.token, "csrf", self.nonce)


def new_session() -> Session:
    return Session(secrets.token_urlsafe(18))


def session_from(cookie_header: str | None, keys: Keys) -> Session | None:
    """The session the request's login cookie proves, else None (absent, forged, or made
    under a token since rotated)."""
    if not cookie_header:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(cookie_header)
    except CookieError:
        return None
    morsel = jar.get(COOKIE)
    if morsel is None:
        return None
    nonce, _, mac = morsel.value.partition(".")
    if not nonce or not same(mac, _mac(keys.token, "session", nonce)):
        return None
    return Session(nonce)


def set_cookie(session: Session, keys: Keys) -> str:
    return (f"{COOKIE}={session.cookie_value(keys)}; Path=/; Max-Age={COOKIE_DAYS * 86400}; "
            "HttpOnly; SameSite=Lax")


class LoginLinks:
    """One-time login codes: each works once, within LOGIN_SECONDS, in this server's life."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._codes: dict[str, float] = {}
        self._lock = threading.Lock()
        self._clock = clock

    def new(self) -> str:
        code = secrets.token_urlsafe(24)
        with self._lock:
            self._codes[code] = self._clock() + LOGIN_SECONDS
        return code

    def use(self, code: str | None) -> bool:
        """True once for a live code; it is spent either way."""
        if not code:
            return False
        with self._lock:
            now = self._clock()
            for known, expires in list(self._codes.items()):
                if expires < now:
                    del self._codes[known]
            match = next((known for known in self._codes if same(code, known)), None)
            if match is None:
                return False
            del self._codes[match]
            return True


def cross_site(origin: str | None, fetch_site: str | None, host: str | None, published: str | None) -> bool:
    """Whether a request comes from another site's page: its Origin is neither this server
    (as the Host header names it) nor the published base URL's, or the browser says so."""
    if fetch_site is not None and fetch_site.strip().lower() == "cross-site":
        return True
    if origin is None:
        return False  # not a browser's cross-origin request (scripts, same-origin GETs)
    origin = origin.strip()
    if origin == "null":
        return True  # a sandboxed frame, a data: page, a redirect across sites
    try:
        parts = urlsplit(origin)
        netloc = parts.netloc.lower()
    except ValueError:
        return True
    mine = {(host or "").strip().lower()}
    if published:
        mine.add(urlsplit(published).netloc.lower())
    bare = {_without_default_port(n) for n in mine}
    return _without_default_port(netloc) not in bare and netloc not in mine


def _without_default_port(netloc: str) -> str:
    for default in (":80", ":443"):
        if netloc.endswith(default):
            return netloc[: -len(default)]
    return netloc


class RateLimit:
    """A token bucket per client: `burst` at once, then `per_minute`. Bounded memory: buckets
    that have refilled are forgotten when there are too many."""

    MAX_CLIENTS = 10_000

    def __init__(self, per_minute: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()
        self._clock = clock

    def allow(self, client: str) -> float:
        """0 when the request may go ahead (one token taken), else the seconds to wait."""
        with self._lock:
            now = self._clock()
            tokens, then = self._buckets.get(client, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens < 1:
                self._buckets[client] = (tokens, now)
                return (1 - tokens) / self.rate if self.rate else 60.0
            self._buckets[client] = (tokens - 1, now)
            if len(self._buckets) > self.MAX_CLIENTS:
                self._forget_full(now)
            return 0.0

    def _forget_full(self, now: float) -> None:
        for client, (tokens, then) in list(self._buckets.items()):
            if tokens + (now - then) * self.rate >= self.burst:
                del self._buckets[client]
