"""File names for things that come from the web: readable, ASCII, stable, never empty."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from urllib.parse import unquote, urlsplit

MAX_NAME = 60


def slug(text: str, fallback: str = "article") -> str:
    """'Harbour city: tram line' -> 'harbour-city-tram-line' (at most MAX_NAME characters)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())
    name = ""
    for word in words:
        candidate = f"{name}-{word}" if name else word
        if len(candidate) > MAX_NAME:
            break
        name = candidate
    if not name and words:  # one word longer than a name may be: its start, not the fallback
        name = words[0][:MAX_NAME]
    return name or fallback


def name_for_url(url: str) -> str:
    """The last meaningful part of an address: .../2024/03/tram-line-vote.html -> tram-line-vote."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
    except ValueError:  # not a valid address ("http://[::1"): it fails when fetched, one line
        return "page"
    segments = [s for s in unquote(parts.path).split("/") if s]
    while segments and segments[-1].lower() in ("index.html", "index.htm", "index.php", "amp"):
        segments.pop()
    last = segments[-1].rsplit(".", 1)[0] if segments else ""
    return slug(last, fallback=slug(host, fallback="page"))


def short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]
