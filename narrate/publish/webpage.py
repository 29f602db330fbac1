"""The page at `/` of `narrate serve`: every episode with a player, artwork, chapters, transcript.

Built from the same scan as the feed, with relative links, so it works under any host name.
The template is package data (narrate/web/index.html); values are HTML-escaped here.
Chapters come from the chapters sidecar, else the manifest's timeline, else the audio's own
chapter tags; the transcript is loaded when opened, from `TRANSCRIPT_PATH` + the episode's
path (`transcript_json`): the manifest's timed cues and words, shown as a read-along (the
word being heard marked and kept in view, a tap on any word plays from it; sentence by
sentence for manifests without words), else a sidecar's or the embedded text. So every
episode narrate made offers both, sidecars or not. The script is web/readalong.js.
"""

from __future__ import annotations

import json
from html import escape
from importlib.resources import files
from string import Template
from typing import Any

from narrate.clock import clock
from narrate.episode.manifest import load_manifest, timeline_lines
from narrate.publish.embedded import embedded_transcript
from narrate.publish.episodes import EpisodeFile
from narrate.publish.feed import FeedResult, url_for
from narrate.text.xmlsafe import xml_safe

# A hidden first segment: no file in the folder can be served under it.
TRANSCRIPT_PATH = "/.transcript/"


def render_index(result: FeedResult, add_link: str | None = None) -> bytes:
    """The page; `add_link`: where articles are added (narrate serve --inbox), linked at the top."""
    cover_rel = result.cover
    template = Template(files("narrate.publish").joinpath("web/index.html").read_text(encoding="utf-8"))
    settings = result.settings
    episodes = "\n".join(_episode(e, cover_rel) for e in result.episodes) or \
        '<p class="empty">No episodes yet: narrate some articles into this folder and reload.</p>'
    page = template.substitute(
        language=escape(settings.language), title=escape(settings.title),
        description=escape(settings.description), feed_url=escape(result.feed_url),
        cover=escape(url_for("", cover_rel)), episodes=episodes, script=_script(),
        add=f'<p class="add"><a href="{escape(add_link)}">Add an article</a></p>' if add_link else "",
    )
    return xml_safe(page).encode("utf-8")


def _script() -> str:
    """The page's script (package data, web/readalong.js), inlined: one request, nothing
    from outside this server. '</' is escaped so no text in it can close the element."""
    return files("narrate.publish").joinpath("web/readalong.js").read_text(encoding="utf-8").replace("</", "<\\/")


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
    chapters = _chapters(episode) or list(episode.chapter_marks)
    if chapters:
        parts.append('<details><summary>Chapters</summary><ol class="chapters">')
        for start, title in chapters:
            parts.append(f'<li><button type="button" data-start="{start:g}">'
                         f"{clock(start)} {escape(title)}</button></li>")
        parts.append("</ol></details>")
    if episode.transcripts or episode.transcript_from:
        links = " · ".join(f'<a href="{escape(url_for("", t.rel))}">{escape(t.rel.rsplit(".", 1)[-1])}</a>'
                           for t in episode.transcripts)
        source = TRANSCRIPT_PATH.lstrip("/") + url_for("", episode.rel)
        parts.append(f'<details class="transcript" data-src="{escape(source)}"><summary>Transcript</summary>'
                     + (f"<p>{links}</p>" if links else "")
                     + '<div class="text" role="group" aria-label="Transcript: the sentence being heard is marked; '
                     'Enter on a sentence plays from it"></div></details>')
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


def transcript_json(result: FeedResult, rel: str) -> bytes | None:
    """What the page shows when an episode's transcript is opened, as JSON: {"cues": [{"start",
    "end", "text", "paragraph", "words": [[start, end, text], ...]}]} from the manifest (the
    read-along: each word marked as it is heard), else {"text": ...} from a sidecar or the
    audio's tags; None for a path that is no episode (a 404)."""
    episode = next((e for e in result.episodes if e.rel == rel), None)
    if episode is None:
        return None
    data: dict[str, Any] = {}
    manifest, _ = load_manifest(episode.path)
    lines = timeline_lines(manifest or {})
    if lines:
        data["cues"] = [{"start": line.start, "end": line.end, "text": xml_safe(line.text),
                         **({"paragraph": True} if line.paragraph else {}),
                         **({"words": [[w.start, w.end, xml_safe(w.text)] for w in line.words]} if line.words else {})}
                        for line in lines]
    else:
        data["text"] = xml_safe(_sidecar_text(episode) or _embedded_text(episode) or "")
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _sidecar_text(episode: EpisodeFile) -> str | None:
    readable = sorted(episode.transcripts, key=lambda t: t.mime != "text/plain")
    for sidecar in readable:
        try:
            return (episode.path.parent / sidecar.rel.rsplit("/", 1)[-1]).read_text(encoding="utf-8",
                                                                                   errors="replace")
        except OSError:
            continue
    return None


def _embedded_text(episode: EpisodeFile) -> str | None:
    import mutagen

    try:
        return embedded_transcript(mutagen.File(episode.path))
    except (mutagen.MutagenError, OSError):
        return None
