"""The narrated EPUB's archive: every page (its words wrapped already) with its overlay and
audio, the input's other files, the style sheets, the navigation document, the cover and the
package document. EPUB 2 pages are made HTML5 on the way (`as_epub3`).
"""

from __future__ import annotations

import posixpath
import re
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.episode.epub.package import BookWriter, ManifestItem, Metadata, href, package_document
from narrate.episode.epub.pages import Layout
from narrate.episode.epub.smil import Clip, overlay_duration, smil_document
from narrate.episode.epub.xhtml import BOOK_STYLE, STYLE, nav_page
from narrate.episode.options import NarrateOptions
from narrate.model import Script

if TYPE_CHECKING:
    from narrate.episode.cover import Cover
    from narrate.episode.epub.book import Narration
    from narrate.episode.tags import EpisodeTags
    from narrate.voice.presets import VoicePreset

AUDIO_TYPE = "audio/mpeg"
FOLDER = "narration"  # narrate's own files in a book: beside the package document
BOOK_CSS = "book.css"
OVERLAY_CSS = "overlay.css"
_PROPERTIES = frozenset({"cover-image", "nav", "mathml", "scripted", "svg", "remote-resources", "switch"})


def language_of(script: Script, voice: VoicePreset) -> str:
    return script.document.language or voice.language or "und"


def xhtml_bytes(root: Any) -> bytes:
    from lxml import etree

    return etree.tostring(root, xml_declaration=True, encoding="utf-8", doctype="<!DOCTYPE html>")


_XHTML = "http://www.w3.org/1999/xhtml"
_SVG = "http://www.w3.org/2000/svg"
_MATHML = "http://www.w3.org/1998/Math/MathML"
_RESOURCE_TAGS = frozenset({"img", "audio", "video", "source", "script", "link", "object", "iframe", "embed", "track"})


# Elements of XHTML 1.1 (EPUB 2) that HTML5 (EPUB 3) has not: the element HTML5 has instead,
# and the style that keeps their look.
_OBSOLETE = {"tt": ("code", ""), "acronym": ("abbr", ""), "strike": ("s", ""),
             "big": ("span", "font-size: larger"), "center": ("div", "text-align: center"), "font": ("span", "")}


def as_epub3(root: Any) -> None:
    """What EPUB 2 pages do that HTML5 does not allow, made as HTML5 says: `<a name>` becomes
    the anchor's id (links to '#name' keep working); `<tt>`, `<acronym>`, `<strike>`,
    `<big>`, `<center>` and `<font>` become the elements HTML5 has for them."""
    for node in root.iter():
        if not isinstance(node.tag, str) or not node.tag.startswith(f"{{{_XHTML}}}"):
            continue
        replacement = _OBSOLETE.get(node.tag.rsplit("}", 1)[-1])
        if replacement is not None:
            node.tag = f"{{{_XHTML}}}{replacement[0]}"
            for attribute in ("face", "size", "color"):
                node.attrib.pop(attribute, None)
            if replacement[1]:
                node.set("style", "; ".join(filter(None, (replacement[1], node.get("style")))))
    taken = {node.get("id") for node in root.iter() if isinstance(node.tag, str) and node.get("id")}
    for node in root.iter(f"{{{_XHTML}}}a", "a"):
        name = node.get("name")
        if name is None:
            continue
        del node.attrib["name"]
        if not node.get("id") and re.fullmatch(r"[A-Za-z_][\w.\-]*", name) and name not in taken:
            node.set("id", name)
            taken.add(name)


def page_properties(root: Any) -> list[str]:
    """The manifest properties EPUB 3 asks of a page for what it holds."""
    found = []
    tags = {node.tag for node in root.iter() if isinstance(node.tag, str)}
    if any(tag.startswith(f"{{{_SVG}}}") for tag in tags):
        found.append("svg")
    if any(tag.startswith(f"{{{_MATHML}}}") for tag in tags):
        found.append("mathml")
    if f"{{{_XHTML}}}script" in tags or "script" in tags:
        found.append("scripted")
    for node in root.iter():
        if isinstance(node.tag, str) and node.tag.rsplit("}", 1)[-1] in _RESOURCE_TAGS:
            link = node.get("src") or (node.get("href") if node.tag.endswith("link") else None) or ""
            if re.match(r"https?://", link.strip(), re.IGNORECASE):
                found.append("remote-resources")
                break
    return found


def add_style(root: Any, css_href: str, fallback_title: str) -> None:
    """Link the overlay's style sheet from a page, after the book's own."""
    head = next((node for node in root if isinstance(node.tag, str) and node.tag.rsplit("}", 1)[-1] == "head"), None)
    namespace = f"{{{_XHTML}}}" if str(root.tag).startswith(f"{{{_XHTML}}}") else ""
    if head is None:
        head = root.makeelement(f"{namespace}head", {})
        root.insert(0, head)
    if not any(isinstance(node.tag, str) and node.tag.rsplit("}", 1)[-1] == "title" for node in head):
        title = head.makeelement(f"{namespace}title", {})  # HTML asks every page for one: its heading
        heading = next((node for node in root.iter() if isinstance(node.tag, str)
                        and re.fullmatch(r"h[1-6]", node.tag.rsplit("}", 1)[-1])), None)
        title.text = " ".join("".join(heading.itertext()).split()) if heading is not None else ""
        title.text = title.text or fallback_title
        head.insert(0, title)
    link = head.makeelement(f"{namespace}link", {"rel": "stylesheet", "type": "text/css", "href": css_href})
    head.append(link)


class _ItemIds:
    """Manifest ids for new files that no id of the input's manifest uses."""

    def __init__(self, taken: Sequence[str]) -> None:
        self.taken = set(taken)

    def new(self, wanted: str) -> str:
        candidate, number = wanted, 1
        while candidate in self.taken:
            number += 1
            candidate = f"{wanted}-{number}"
        self.taken.add(candidate)
        return candidate


def write_book(path: Path, opf_name: str, layout: Layout, narrations: Sequence[Narration],
               overlays: Sequence[Sequence[Clip]], script: Script, voice: VoicePreset, tags: EpisodeTags,
               cover: Cover | None, opts: NarrateOptions) -> None:
    """The archive: pages, overlays, audio, style sheets, navigation, cover, package."""
    package = layout.package
    folder = posixpath.dirname(opf_name)
    own = posixpath.join(folder, FOLDER)
    ids = _ItemIds(list(package.items) if package else [])
    items: list[ManifestItem] = []
    spine: list[str] = []
    writer = BookWriter(path, opf_name)
    try:
        narrated = {n.page: (n, clips) for n, clips in zip(narrations, overlays)}
        page_items = _page_items(layout, narrated, own, ids, items, writer)
        if package is not None:
            spine = _copy_package(package, layout, page_items, items, writer, opts)
        else:
            writer.add(posixpath.join(folder, BOOK_CSS), BOOK_STYLE.encode("utf-8"))
            items.append(ManifestItem(ids.new("book-css"), posixpath.join(folder, BOOK_CSS), "text/css"))
            spine = [page_items[index] for index in range(len(layout.pages))]
        writer.add(posixpath.join(own, OVERLAY_CSS), STYLE.encode("utf-8"))
        items.append(ManifestItem(ids.new("overlay-css"), posixpath.join(own, OVERLAY_CSS), "text/css"))
        if not any("nav" in item.properties for item in items):
            nav_name = posixpath.join(own if package else folder, "nav.xhtml")
            writer.add(nav_name, xhtml_bytes(nav_page(_nav_entries(layout, nav_name), script.title,
                                                     language_of(script, voice))))
            items.append(ManifestItem(ids.new("nav"), nav_name, "application/xhtml+xml", ["nav"]))
        _add_cover(cover, package, opts, own if package else folder, ids, items, writer)
        metadata = _metadata(script, voice, tags, package)
        writer.add(opf_name, package_document(opf_name, metadata, items, spine))
    finally:
        writer.close()


def _page_items(layout: Layout, narrated: dict[int, tuple[Narration, Sequence[Clip]]], own: str, ids: _ItemIds,
                items: list[ManifestItem], writer: BookWriter) -> dict[int, str]:
    """Write every page (with its overlay and audio where it is narrated); page -> item id."""
    page_ids = {}
    for index, page in enumerate(layout.pages):
        item_id = page.item_id or ids.new(f"page-{index + 1:04d}")
        page_ids[index] = item_id
        overlay_id = None
        if index in narrated:
            narration, clips = narrated[index]
            stem = posixpath.join(own, f"part-{len([i for i in narrated if i < index]) + 1:04d}")
            writer.add_file(stem + ".mp3", narration.audio)
            audio_id = ids.new(f"audio-{posixpath.basename(stem)}")
            items.append(ManifestItem(audio_id, stem + ".mp3", AUDIO_TYPE))
            page_href = href(page.name, own)
            writer.add(stem + ".smil", smil_document(page_href, href(stem + ".mp3", own), clips))
            overlay_id = ids.new(f"overlay-{posixpath.basename(stem)}")
            items.append(ManifestItem(overlay_id, stem + ".smil", "application/smil+xml",
                                      duration=overlay_duration(clips)))
        if layout.package is not None:  # generated pages link the style sheet already
            as_epub3(page.root)
            add_style(page.root, href(posixpath.join(own, OVERLAY_CSS), posixpath.dirname(page.name)),
                      posixpath.splitext(posixpath.basename(page.name))[0])
        writer.add(page.name, xhtml_bytes(page.root))
        properties = [p for p in page.properties if p in _PROPERTIES and p not in ("svg", "mathml", "scripted",
                                                                                    "remote-resources")]
        items.append(ManifestItem(item_id, page.name, "application/xhtml+xml", properties + page_properties(page.root),
                                  overlay=overlay_id))
    return page_ids


def _copy_package(package: Any, layout: Layout, page_items: dict[int, str], items: list[ManifestItem],
                  writer: BookWriter, opts: NarrateOptions) -> list[str]:
    """The input's other files as they are (pages it does not read made HTML5 where it was an
    EPUB 2); its NCX is left out (EPUB 3 navigates by the navigation document). Its spine."""
    from narrate.episode.epub.pages import parse_page

    written = {page.name for page in layout.pages}
    present = set(package.archive.namelist())
    listed: dict[str, str] = {}
    for item in package.items.values():
        name = item.name
        if (name in written or name in listed or name not in present or name == package.name
                or item.media_type == "application/x-dtbncx+xml" or name.startswith("META-INF/")):
            if name in written:
                listed.setdefault(name, item.id)
            continue
        data = package.read(name)
        if data is None:
            continue
        properties = [p for p in item.properties if p in _PROPERTIES]
        if item.media_type == "application/xhtml+xml":
            root = parse_page(data)
            if root is not None:
                as_epub3(root)
                data = xhtml_bytes(root)
                properties = [p for p in properties if p in ("nav", "cover-image", "switch")] + page_properties(root)
        if name == package.cover_name and not (opts.cover or opts.no_cover):
            properties.append("cover-image")
        elif "cover-image" in properties and (opts.cover or opts.no_cover):
            properties.remove("cover-image")
        writer.add(name, data)
        listed[name] = item.id
        items.append(ManifestItem(item.id, name, item.media_type, properties))
    for name in present:
        if name.startswith("META-INF/") and name != "META-INF/container.xml" and name not in writer.names:
            data = package.read(name)
            if data is not None:
                writer.add(name, data)
    return [listed[item.name] for item in package.spine if item.name in listed]


def _nav_entries(layout: Layout, nav_name: str) -> list[tuple[str, str, int]]:
    """The input's table of contents where it has one, else one entry per page."""
    base = posixpath.dirname(nav_name)
    names = {page.name for page in layout.pages}
    if layout.package is not None:
        present = set(layout.package.archive.namelist())
        entries = [(href(entry.name, base) + (f"#{entry.fragment}" if entry.fragment else ""), entry.title, entry.depth)
                   for entry in layout.package.toc if entry.name in present and entry.title.strip()]
        if entries:
            return entries
    return [(href(page.name, base), page.title, 0) for page in layout.pages if page.name in names]


def _add_cover(cover: Cover | None, package: Any, opts: NarrateOptions, folder: str, ids: _ItemIds,
               items: list[ManifestItem], writer: BookWriter) -> None:
    """The cover image: the input's own (kept as it is), else --cover or the generated one."""
    if cover is None or (package is not None and package.cover_name and not opts.cover):
        return
    name = posixpath.join(folder, "cover.jpg" if cover.mime == "image/jpeg" else "cover.png")
    writer.add(name, cover.data)
    items.append(ManifestItem(ids.new("cover-image"), name, cover.mime, ["cover-image"]))


def _metadata(script: Script, voice: VoicePreset, tags: EpisodeTags, package: Any) -> Metadata:
    document = script.document
    values: dict[str, list[str]] = dict(package.metadata) if package is not None else {}
    if package is None:
        if document.author:
            values["creator"] = [document.author]
        if document.date:
            values["date"] = [document.date]
        if document.link:
            values["source"] = [document.link]
    identifier = (values.get("identifier") or [""])[0] or _identifier(script)
    return Metadata(identifier=identifier, title=script.title, language=language_of(script, voice),
                    values=values, narrator=f"{voice.spec.display} ({voice.name})")


def _identifier(script: Script) -> str:
    """A stable identifier: the same source and title give the same book."""
    seed = f"{script.document.source or ''}\n{script.title}\n{script.document.link or ''}"
    return f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, seed)}"
