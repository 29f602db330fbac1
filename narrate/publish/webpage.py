"""The page at `/` of `narrate serve`: every episode with a player, artwork, chapters, transcript.

Built from the same scan as the feed, with relative links, so it works under any host name.
The template is package data (narrate/web/index.html); values are HTML-escaped here.
"""

from __future__ import annotations

import json
from html import escape
from importlib.resources import files
from string import Template
from typing import Any

from narrate.clock import clock
from narrate.publish.episodes import EpisodeFile
from narrate.publish.feed import FeedResult, url_for
from narrate.text.xmlsafe import xml_safe


def render_index(result: FeedResult) -> bytes:
    cover_rel = result.cover
    template = Template(files("narrate.publish").joinpath("web/index.html").read_text(encoding="utf-8"))
    settings = result.settings
    episodes = "\n".join(_episode(e, cover_rel) for e in result.episodes) or \
        '<p class="empty">No episodes yet: narrate some articles into this folder and reload.</p>'
    page = template.substitute(
        language=escape(settings.language), title=escape(settings.title),
        description=escape(settings.description), feed_url=escape(result.feed_url),
        cover=escape(url_for("", cover_rel)), episodes=episodes,
    )
    return xml_safe(page).encode("utf-8")


def _episode(episode: EpisodeFile, channel_cover: str) -> str:
    cover = episode.cover.rel if episode.cover else channel_cover
    meta = f"{episode.published:%d %b %Y} · {clock(episode.duration)}"
    parts = [
        f'<article id="{escape(url_for("", episode.rel))}">',
        f'<div class="top"><img src="{escape(url_for("", cover))}" alt="" loading="lazy">',
        f'<div><h2>{escape(episode.title)}</h2><div class="meta">{escape(meta)}</div></div></div>',
        f"<p>{escape(episode.description)}</p>" if episode.description != episode.title else "",
        f'<audio controls preload="metadata" src="{escape(url_for("", episode.rel))}"></audio>',
    ]
    chapters = _chapters(episode)
    if chapters:
        parts.append('<details><summary>Chapters</summary><ol class="chapters">')
        for start, title in chapters:
            parts.append(f'<li><button type="button" data-start="{start:g}">'
                         f"{clock(start)} {escape(title)}</button></li>")
        parts.append("</ol></details>")
    if episode.transcripts:
        readable = next((t for t in episode.transcripts if t.mime == "text/plain"), episode.transcripts[0])
        links = " · ".join(f'<a href="{escape(url_for("", t.rel))}">{escape(t.rel.rsplit(".", 1)[-1])}</a>'
                           for t in episode.transcripts)
        parts.append(f'<details data-src="{escape(url_for("", readable.rel))}"><summary>Transcript</summary>'
                     f"<p>{links}</p><pre></pre></details>")
    parts.append("</article>")
    return "\n".join(parts)


def _chapters(episode: EpisodeFile) -> list[tuple[float, str]]:
    """(start, title) from a Podcasting 2.0 chapters file; an unreadable one shows none."""
    if episode.chapters is None:
        return []
    path = episode.path.parent / episode.chapters.rel.rsplit("/", 1)[-1]
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        return [(float(c["startTime"]), str(c.get("title", ""))) for c in data["chapters"]
                if c.get("toc", True) is not False]
    except (OSError, ValueError, KeyError, TypeError):
        return []
