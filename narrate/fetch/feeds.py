"""RSS and Atom feeds of articles, parsed by feedparser (RSS 0.9x-2.0, RSS 1.0, Atom 0.3/1.0).

An item "carries the whole article" when it has content:encoded (RSS) or <content> (Atom):
then nothing else is fetched for it. Otherwise its link is fetched as a page.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from narrate.errors import FetchError


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

    parsed = feedparser.parse(data, sanitize_html=True, resolve_relative_uris=True,
                              response_headers={"content-location": url})
    if not parsed.get("version") and not parsed.entries:
        reason = parsed.get("bozo_exception")
        detail = f" ({str(reason).splitlines()[0][:100]})" if reason else ""
        raise FetchError(f"{url}: not an RSS or Atom feed{detail}")
    items = tuple(item for item in (_item(entry) for entry in parsed.entries) if item is not None)
    feed = parsed.feed
    return ParsedFeed(title=str(feed.get("title") or url), link=feed.get("link"), items=items)


def _item(entry: Any) -> FeedItem | None:
    link = entry.get("link") or None
    title = str(entry.get("title") or "").strip()
    ident = str(entry.get("id") or link or title)
    if not ident:
        return None
    return FeedItem(id=ident, title=title or (link or ident), link=link, author=entry.get("author") or None,
                    published=_date(entry), content=_full_content(entry))


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
