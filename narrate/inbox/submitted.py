"""What was sent to the inbox, made into a job: the address's key, the episode's name, and
the checks before anything is queued.

A submitted address is screened at once by the address policy (narrate.fetch.addresses: every
address its host resolves to must be public, unless --allow-private), so `127.0.0.1`,
`10.0.0.1`, `169.254.169.254`, `[::1]` or a name that resolves to one of them is refused with
a 400 and never queued; the fetch itself checks again, on the address it connects to and on
every redirect, so a public page that redirects into the network is refused too.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import PurePosixPath
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from narrate.errors import FetchError, InputError
from narrate.fetch.addresses import AddressPolicy
from narrate.fetch.names import name_for_url, slug
from narrate.fetch.urls import without_credentials
from narrate.limits import megabytes, MAX_INPUT_BYTES
from narrate.text.readers import supported_extensions
from narrate.text.readers.html import is_web_address

MAX_URL = 4096
SCREEN_SECONDS = 5.0  # to resolve a submitted host before answering
INBOX_HINT = "narrate serve --inbox --allow-private lets the inbox fetch pages on your own network"
# query parameters that say who shared a link, not what it is (the same article either way)
_TRACKERS = re.compile(r"(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|ref_src|_hsenc|_hsmi)$",
                       re.IGNORECASE)
_URL_IN_TEXT = re.compile(r"https?://[^\s<>\"']+", re.IGNORECASE)


def find_url(*texts: str | None) -> str | None:
    """The first web address in what was shared: `url`, else one inside `text` or `title`
    (apps often share "Headline https://..." as text)."""
    for text in texts:
        if not text:
            continue
        text = text.strip()
        if is_web_address(text) and not any(c.isspace() for c in text):
            return text
        match = _URL_IN_TEXT.search(text)
        if match:
            return match.group(0).rstrip(".,;:!?)]}")
    return None


def url_key(url: str) -> str:
    """The article an address names: scheme and host in lower case, no default port, no
    fragment, no tracking parameters (utm_*, fbclid...), user:password dropped."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    if port is not None and (parts.scheme.lower(), port) not in (("http", 80), ("https", 443)):
        host = f"{host}:{port}"
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _TRACKERS.match(k)])
    return urlunsplit((parts.scheme.lower(), host, parts.path or "/", query, ""))


def check_url(url: str, policy: AddressPolicy) -> str:
    """The address, or InputError (too long, not http/https, no host) / FetchError (an
    address the policy refuses), each one line that says why."""
    url = url.strip()
    if len(url) > MAX_URL:
        raise InputError(f"the address is longer than {MAX_URL} characters")
    if not is_web_address(url):
        raise InputError(f"{without_credentials(url)[:200]!s}: not an http or https address")
    try:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port or (443 if parts.scheme.lower() == "https" else 80)
    except ValueError as exc:
        raise InputError(f"{without_credentials(url)[:200]}: not a valid address ({exc})") from None
    if not host:
        raise InputError(f"{without_credentials(url)[:200]}: the address has no host")
    try:
        policy.addresses(host, port, SCREEN_SECONDS)
    except FetchError as exc:
        raise FetchError(f"{without_credentials(url)}: {inbox_reason(str(exc), policy)}") from None
    return url


def inbox_reason(message: str, policy: AddressPolicy) -> str:
    """A fetch's one line, with the inbox's own hint in place of the policy's (which names
    `narrate subscribe`)."""
    return message.replace(policy.hint, INBOX_HINT)


def episode_name(url: str) -> str:
    return name_for_url(url)


def upload_name(filename: str) -> tuple[str, str]:
    """(safe file name, episode stem) for an uploaded file, or InputError when narrate does
    not read its kind (by extension: txt, md, html, epub...)."""
    base = PurePosixPath(filename.replace("\\", "/")).name.strip()
    stem, dot, extension = base.rpartition(".")
    extension = "." + extension.lower() if dot else ""
    if extension not in supported_extensions():
        kinds = ", ".join(sorted({e.lstrip(".") for e in supported_extensions()}))
        raise InputError(f"{base or 'the file'}: not a kind narrate reads (give one of: {kinds})")
    name = slug(stem, fallback="upload")
    return name + extension, name


def upload_key(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def upload_limit() -> int:
    """The largest upload: narrate's input limit (NARRATE_MAX_INPUT_MB)."""
    return megabytes(MAX_INPUT_BYTES)
