"""A podcast feed (DIR/feed.xml) for a folder of narrated episodes, made with feedgen.

RSS 2.0 with the iTunes namespace (what every podcast app reads) and the Podcasting 2.0
namespace (podcast:guid, podcast:transcript, podcast:chapters, read by newer apps).
Episode guids come from each file's path inside the folder, never from its content, so a
re-narrated article replaces its episode instead of appearing as a new one.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from feedgen.ext.base import BaseEntryExtension, BaseExtension
from feedgen.feed import FeedGenerator
from lxml import etree

from narrate.version import __version__
from narrate.episode.artwork import MAX_SIZE, MIN_SIZE
from narrate.publish.episodes import EpisodeFile, scan
from narrate.errors import FeedError
from narrate.publish.feedsettings import (
    FeedSettings,
    load_settings,
    merge,
    normalise_base_url,
    podcast_guid,
    save_settings,
)
from narrate.fileio import atomic_path, check_regular_file
from narrate.limits import MAX_OPTION_FILE_BYTES
from narrate.text.xmlsafe import xml_safe

FEED_NAME = "feed.xml"
GENERATED_COVER = "feed-cover.png"
COPIED_COVER_STEM = "feed-cover"
ITUNES_NS = "http://www.itunes.com/dtds/podcast-1.0.dtd"
PODCAST_NS = "https://podcastindex.org/namespace/1.0"
APPLE_CATEGORIES = (
    "Arts", "Business", "Comedy", "Education", "Fiction", "Government", "History",
    "Health & Fitness", "Kids & Family", "Leisure", "Music", "News", "Religion & Spirituality",
    "Science", "Society & Culture", "Sports", "Technology", "True Crime", "TV & Film",
)


@dataclass
class FeedResult:
    """What `update_feed` wrote: the feed's path and URL, its episodes, and what changed."""

    path: Path
    feed_url: str
    settings: FeedSettings
    episodes: list[EpisodeFile]
    cover: str = GENERATED_COVER
    """The channel artwork's path inside the folder."""
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    written: bool = True
    warnings: list[str] = field(default_factory=list)


def update_feed(folder: str | Path, *, default_base_url: str | None = None, base_url: str | None = None,
                title: str | None = None, description: str | None = None, author: str | None = None,
                language: str | None = None, category: str | None = None, explicit: bool | None = None,
                image: str | Path | None = None, serve_under: str = "") -> FeedResult:
    """Write FOLDER/feed.xml from the audio files in FOLDER; remember the settings given.

    Settings not given come from FOLDER/.narrate-feed.toml, then defaults. `default_base_url`
    is used (and not remembered) when no base URL is saved or given: `narrate serve` passes
    the address it listens on. `serve_under` ("SECRET/") is added to the base, never
    remembered: a private feed's secret path segment (narrate serve --private).
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise FeedError(f"{folder} is not a folder: give the folder of narrated episodes")
    saved = load_settings(folder)
    settings = merge(saved, base_url=base_url, title=title, description=description, author=author,
                     language=language, category=category, explicit=explicit)
    settings = replace(settings, title=settings.title or folder.resolve().name)
    _check(settings)
    base = settings.base_url or (normalise_base_url(default_base_url) if default_base_url else "")
    if not base:
        raise FeedError(f"no base URL for {folder}: pass --base-url once, the address where the folder "
                        "is published (e.g. http://192.168.1.20:8000/), or use `narrate serve`")
    if image is not None:
        settings = replace(settings, image=install_image(folder, Path(image)) if str(image) else "")
    base += serve_under
    feed_url = base + FEED_NAME
    if not settings.guid:
        settings = replace(settings, guid=podcast_guid(feed_url))
    if settings != saved:
        save_settings(folder, settings)

    if settings.image and not (folder / settings.image).is_file():
        raise FeedError(f"the podcast artwork {folder / settings.image} is gone: pass --image again, "
                        "or --image '' for a generated cover")
    cover_rel = settings.image or _generated_cover(folder, settings)
    skipped: list[str] = []
    episodes = scan(folder, skipped)
    xml, episodes = render_feed(settings, base, cover_rel, episodes, skipped)
    path = folder / FEED_NAME
    previous = _guids(path)
    current = {episode_guid(settings.guid, e.rel): e.rel for e in episodes}
    written = not path.is_file() or path.read_bytes() != xml
    if written:
        with atomic_path(path) as temp:
            temp.write_bytes(xml)
    return FeedResult(
        path=path, feed_url=feed_url, settings=settings, episodes=episodes, cover=cover_rel,
        added=[rel for guid, rel in current.items() if guid not in previous],
        removed=[title for guid, title in previous.items() if guid not in current],
        written=written,
        warnings=skipped + [w for e in episodes for w in e.warnings] or
                 ([] if episodes else [f"no audio files in {folder} yet: the feed has no episodes"]),
    )


def url_for(base: str, rel: str) -> str:
    """Percent-encode each path segment (spaces, non-ASCII, '#', '?') onto the base URL.

    Segments are encoded from the file name's own bytes, so a name that is not UTF-8
    (caf\\xe9.mp3, a surrogate escape in Python) still gets the URL the server answers to."""
    return base + "/".join(quote(os.fsencode(part), safe="") for part in rel.split("/"))


def episode_guid(channel_guid: str, rel: str) -> str:
    """Stable for a path inside one feed; distinct across feeds.

    uuid5 of the path's bytes (for a UTF-8 name exactly uuid.uuid5(channel, rel)); a name
    that is not UTF-8 gets its own stable guid instead of an encoding error."""
    digest = hashlib.sha1(uuid.UUID(channel_guid).bytes + os.fsencode(rel)).digest()
    return str(uuid.UUID(bytes=digest[:16], version=5))


def render_feed(settings: FeedSettings, base: str, cover_rel: str, episodes: list[EpisodeFile],
                skipped: list[str] | None = None) -> tuple[bytes, list[EpisodeFile]]:
    """The feed's XML and the episodes in it; deterministic for the same inputs, so an
    unchanged feed is not rewritten. An episode that cannot be written into the feed is left
    out, with why in `skipped`, rather than failing the whole feed."""
    settings = _xml_safe_settings(settings)
    try:
        return _channel(settings, base, cover_rel, episodes).rss_str(
            pretty=True, encoding="UTF-8", xml_declaration=True), episodes
    except Exception:  # noqa: BLE001 - feedgen and lxml raise several types; find the culprits
        pass
    kept = []
    for episode in episodes:
        try:
            _channel(settings, base, cover_rel, [episode]).rss_str()
        except Exception as exc:  # noqa: BLE001
            if skipped is not None:
                skipped.append(xml_safe(f"{episode.rel}: left out of the feed ({type(exc).__name__}: {exc})"))
            continue
        kept.append(episode)
    fg = _channel(settings, base, cover_rel, kept)
    return fg.rss_str(pretty=True, encoding="UTF-8", xml_declaration=True), kept


def _xml_safe_settings(settings: FeedSettings) -> FeedSettings:
    """Settings text without XML-invalid characters; a title or description left empty by
    that gets a stand-in (RSS requires both)."""
    title = xml_safe(settings.title).strip() or "Untitled podcast"
    return replace(settings, title=title, description=xml_safe(settings.description).strip() or title,
                   author=xml_safe(settings.author))


def _channel(settings: FeedSettings, base: str, cover_rel: str, episodes: list[EpisodeFile]) -> FeedGenerator:
    fg = FeedGenerator()
    fg.load_extension("podcast")
    fg.register_extension("podcast20", Podcast20Extension, Podcast20EntryExtension, atom=False)
    fg.title(settings.title)
    fg.description(settings.description)
    fg.author({"name": settings.author})
    fg.link(href=base + FEED_NAME, rel="self", type="application/rss+xml")
    fg.link(href=base, rel="alternate")  # after "self": feedgen's RSS <link> is the last one
    fg.language(settings.language)
    fg.generator("narrate", __version__)
    cover_url = url_for(base, cover_rel)
    fg.image(url=cover_url, title=settings.title, link=base)
    fg.podcast.itunes_image(cover_url)
    fg.podcast.itunes_author(settings.author)
    fg.podcast.itunes_summary(settings.description)
    fg.podcast.itunes_type("episodic")
    main, _, sub = settings.category.partition("/")
    fg.podcast.itunes_category({"cat": main.strip(), **({"sub": sub.strip()} if sub.strip() else {})})
    fg.podcast20.guid = settings.guid
    fg.podcast20.explicit = settings.explicit
    newest = max((e.modified for e in episodes), default=0.0)
    fg.lastBuildDate(datetime.fromtimestamp(newest, tz=timezone.utc))
    for episode in episodes:
        _add_entry(fg, settings, base, episode)
    return fg


def _add_entry(fg, settings: FeedSettings, base: str, episode: EpisodeFile) -> None:  # type: ignore[no-untyped-def]
    entry = fg.add_entry(order="append")
    entry.guid(episode_guid(settings.guid, episode.rel), permalink=False)
    entry.title(episode.title)
    entry.description(episode.description)
    entry.enclosure(url_for(base, episode.rel), str(episode.size), episode.mime)
    entry.pubDate(episode.published)
    # The original article when there is one, else the episode's place on the `narrate serve` page
    entry.link(href=episode.link or base + "#" + url_for("", episode.rel))
    entry.podcast.itunes_duration(round(episode.duration))
    entry.podcast.itunes_author(episode.author or settings.author)
    if episode.cover is not None:
        entry.podcast.itunes_image(url_for(base, episode.cover.rel))
    entry.podcast20.transcripts = [(url_for(base, t.rel), t.mime, settings.language) for t in episode.transcripts]
    if episode.chapters is not None:
        entry.podcast20.chapters = (url_for(base, episode.chapters.rel), episode.chapters.mime)


def _check(settings: FeedSettings) -> None:
    if settings.base_url:
        normalise_base_url(settings.base_url)  # it may have been edited by hand
    main = settings.category.partition("/")[0].strip()
    if main not in APPLE_CATEGORIES:
        raise FeedError(f"category {settings.category!r} is not an Apple Podcasts category; use one of: "
                        + ", ".join(APPLE_CATEGORIES))
    if not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", settings.language):
        raise FeedError(f"language {settings.language!r} is not a language code like en or en-GB")


def install_image(folder: Path, image: Path) -> str:
    """Check channel artwork (JPEG or PNG, square, 1400-3000 px, RGB); return its path in `folder`.

    An image outside the folder is copied in, since it must be served with the feed.
    """
    from PIL import Image, UnidentifiedImageError

    if not image.exists():
        raise FeedError(f"artwork {image} does not exist")
    check_regular_file(image, "artwork", MAX_OPTION_FILE_BYTES, FeedError)
    try:
        with Image.open(image) as picture:
            fmt, (width, height), mode = picture.format, picture.size, picture.mode
    except (OSError, UnidentifiedImageError) as exc:
        raise FeedError(f"artwork {image} is not an image PIL can read ({exc})") from exc
    if fmt not in ("JPEG", "PNG"):
        raise FeedError(f"artwork {image} is {fmt}: podcast apps need JPEG or PNG")
    if width != height or not MIN_SIZE <= width <= MAX_SIZE:
        raise FeedError(f"artwork {image} is {width}x{height} px: podcast apps need a square of "
                        f"{MIN_SIZE}-{MAX_SIZE} px (e.g. 3000x3000)")
    if mode == "CMYK":
        raise FeedError(f"artwork {image} is CMYK: save it as RGB")
    resolved, root = image.resolve(), folder.resolve()
    if resolved.is_relative_to(root) and not any(p.startswith(".") for p in resolved.relative_to(root).parts):
        return resolved.relative_to(root).as_posix()
    name = COPIED_COVER_STEM + (".jpg" if fmt == "JPEG" else ".png")
    with atomic_path(folder / name) as temp:
        temp.write_bytes(image.read_bytes())
    return name


@lru_cache(maxsize=16)
def _channel_cover(title: str, author: str) -> bytes:
    """Drawn once per title and author in a process (a server rewrites its feed often)."""
    from narrate.episode.artwork import generate_cover

    return generate_cover(title, author)


def _generated_cover(folder: Path, settings: FeedSettings) -> str:
    """A cover drawn from the title (written only when it would look different)."""
    data = _channel_cover(settings.title, settings.author)
    path = folder / GENERATED_COVER
    if not path.is_file() or path.read_bytes() != data:
        with atomic_path(path) as temp:
            temp.write_bytes(data)
    return GENERATED_COVER


def _guids(feed: Path) -> dict[str, str]:
    """guid -> title of the items in an existing feed (to report what was removed)."""
    if not feed.is_file():
        return {}
    try:
        root = ET.parse(io.BytesIO(feed.read_bytes())).getroot()
    except ET.ParseError:
        return {}
    return {item.findtext("guid", ""): item.findtext("title", "") for item in root.iter("item")}


class Podcast20Extension(BaseExtension):  # type: ignore[misc]
    """Channel: podcast:guid and itunes:explicit as Apple now spells it (true/false).

    feedgen's podcast extension only writes the older yes/no/clean for itunes:explicit.
    """

    def __init__(self) -> None:
        self.guid: str | None = None
        self.explicit = False

    def extend_ns(self) -> dict[str, str]:
        return {"podcast": PODCAST_NS, "itunes": ITUNES_NS}

    def extend_rss(self, rss_feed):  # type: ignore[no-untyped-def]
        channel = rss_feed[0]
        etree.SubElement(channel, f"{{{ITUNES_NS}}}explicit").text = "true" if self.explicit else "false"
        if self.guid:
            etree.SubElement(channel, f"{{{PODCAST_NS}}}guid").text = self.guid
        return rss_feed


class Podcast20EntryExtension(BaseEntryExtension):  # type: ignore[misc]
    """Item: podcast:transcript (one per file) and podcast:chapters."""

    def __init__(self) -> None:
        self.transcripts: list[tuple[str, str, str]] = []
        self.chapters: tuple[str, str] | None = None

    def extend_ns(self) -> dict[str, str]:
        return {"podcast": PODCAST_NS}

    def extend_rss(self, item):  # type: ignore[no-untyped-def]
        for url, mime, language in self.transcripts:
            element = etree.SubElement(item, f"{{{PODCAST_NS}}}transcript")
            element.attrib.update({"url": url, "type": mime, "language": language})
            if mime == "application/x-subrip" or mime == "text/vtt":
                element.set("rel", "captions")
        if self.chapters:
            element = etree.SubElement(item, f"{{{PODCAST_NS}}}chapters")
            element.attrib.update({"url": self.chapters[0], "type": self.chapters[1]})
        return item


__all__ = ["FeedResult", "update_feed", "url_for", "episode_guid", "install_image"]
