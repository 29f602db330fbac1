"""RSS and Atom feeds of articles, parsed by feedparser (RSS 0.9x-2.0, RSS 1.0, Atom 0.3/1.0).

An item "carries the whole article" when it has content:encoded (RSS) or <content> (Atom):
then nothing else is fetched for it. Otherwise its link is fetched as a page.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from narrate.errors import FetchError
from narrate.fetch.charset import valid_text

# A character reference to no character (a surrogate, beyond U+10FFFF) makes feedparser raise.
_CHAR_REF = re.compile(rb"&#(?:[xX]([0-9a-fA-F]{1,16})|([0-9]{1,20}));")


@dataclass(frozen=True)
class FeedItem:
    id: str  # the item's guid (else its link, else its title): what "already narrated" is kept by
    title: str
    link: str | None
    author: str | None = None
    published: str | None = None  # ISO 8601, UTC
    content: str | None = None  # the whole article's HTML, when the feed carries it


@dataclass(frozen=True)
class ParsedFeed:
    title: str
    link: str | None
    items: tuple[FeedItem, ...]


def parse_feed(data: bytes, url: str) -> ParsedFeed:
    """Parse a feed from its bytes (never from a URL: feedparser would fetch it itself)."""
    import feedparser

    try:
        parsed = feedparser.parse(_CHAR_REF.sub(_valid_reference, data), sanitize_html=True,
                                  resolve_relative_uris=True, response_headers={"content-location": url})
    except (ValueError, OverflowError, UnicodeError, RecursionError) as exc:  # feedparser's own limits
        raise FetchError(f"{url}: not a feed narrate can read ({type(exc).__name__}: "
                         f"{str(exc).splitlines()[0][:100] if str(exc) else ''})") from None
    if not parsed.get("version") and not parsed.entries:
        reason = parsed.get("bozo_exception")
        detail = f" ({str(reason).splitlines()[0][:100]})" if reason else ""
        raise FetchError(f"{url}: not an RSS or Atom feed{detail}")
    items = tuple(item for item in (_item(entry) for entry in parsed.entries) if item is not None)
    feed = parsed.feed
    return ParsedFeed(title=_text(feed.get("title")) or url, link=_text(feed.get("link")), items=items)


def _valid_reference(match: re.Match[bytes]) -> bytes:
    hex_digits, decimal = match.groups()
    code = int(hex_digits, 16) if hex_digits else int(decimal)
    return match.group(0) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else b"&#xFFFD;"


def _text(value: Any) -> str | None:
    return valid_text(str(value)) if value else None


def _item(entry: Any) -> FeedItem | None:
    link = _text(entry.get("link"))
    title = (_text(entry.get("title")) or "").strip()
    ident = _text(entry.get("id")) or link or title
    if not ident:
        return None
    content = _full_content(entry)
    return FeedItem(id=ident, title=title or (link or ident), link=link, author=_text(entry.get("author")),
                    published=_date(entry), content=_text(content))


def _full_content(entry: Any) -> str | None:
    for content in entry.get("content") or []:
        value = content.get("value") or ""
        if value.strip() and content.get("type", "text/html") in ("text/html", "application/xhtml+xml",
                                                                    "text/plain"):
            return value
    return None


def _date(entry: Any) -> str | None:
    parsed = entry.get("published_parsed") or entry.get("updated_parsed")
    if not parsed:
        return None
    when = datetime.fromtimestamp(calendar.timegm(parsed), tz=timezone.utc)
    return when.isoformat(timespec="seconds")
