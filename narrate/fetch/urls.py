"""Web addresses as narrate shows and publishes them."""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

_USERINFO = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@]*@")


def without_credentials(url: str) -> str:
    """The address without its `user:password@` part: a feed's, a tag's or an error line's
    address never carries a password (it is still used to fetch)."""
    try:
        parts = urlsplit(url)
    except ValueError:  # not a valid address ("http://[::1"): strip what looks like userinfo
        return _USERINFO.sub(r"\1", url)
    if "@" not in parts.netloc:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))
