"""The XHTML a narrated EPUB is made of where the input has none of its own (Markdown, plain
text, a web page): one content document per chapter, from the script's own written text (so
every word heard is on the page), plus the navigation document and the style sheet that
marks the text being read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from narrate.model import Chunk, ChunkKind, Script

XHTML = "http://www.w3.org/1999/xhtml"
OPS = "http://www.idpf.org/2007/ops"
ACTIVE_CLASS = "-epub-media-overlay-active"
STYLE = f"""/* narrate: the text being read aloud (EPUB 3 media overlays' active class) */
.{ACTIVE_CLASS} {{ background-color: #ffe066; color: #111; border-radius: 0.15em; }}
"""
BOOK_STYLE = """body { font-family: serif; line-height: 1.5; margin: 0 5%; }
h1, h2, h3, h4 { font-family: sans-serif; line-height: 1.2; }
.notes { font-size: 0.9em; }
"""


@dataclass(frozen=True)
class Part:
    """One chapter of the book: the script's chunks [first, end), its title."""

    first: int
    end: int
    title: str


def heading_levels(script: Script) -> list[int]:
    """Each chunk's heading level (1 for the title, 2.. for sections as the document nests
    them; 0 for text), so the pages keep the document's outline."""
    headings = [s for s in script.document.sections if s.heading]
    top = min((s.level for s in headings), default=1)
    levels, pointer = [], 0
    for chunk in script.chunks:
        if chunk.kind is ChunkKind.TITLE:
            levels.append(1)
        elif chunk.kind is ChunkKind.HEADING:
            if chunk.starts_paragraph:
                found = next((i for i in range(pointer, len(headings))
                              if _words(headings[i].heading).startswith(_words(chunk.display))), None)
                if found is not None:
                    pointer = found + 1
                level = min(6, 2 + (headings[found].level - top)) if found is not None else 2
            levels.append(level)
        else:
            levels.append(0)
    return levels


def _words(text: str | None) -> str:
    return " ".join((text or "").split())


def split_parts(script: Script, levels: Sequence[int]) -> list[Part]:
    """Chapters at the document's top-level headings (its chapters, or an article's
    sections); the title opens the first, a heading right after the title takes over its
    chapter. A document without headings is one chapter."""
    chunks = script.chunks
    top = min((level for level, chunk in zip(levels, chunks) if chunk.kind is ChunkKind.HEADING), default=0)
    starts = [0]
    for index, (chunk, level) in enumerate(zip(chunks, levels)):
        if index and chunk.kind is ChunkKind.HEADING and chunk.starts_paragraph and level == top:
            before = chunks[starts[-1]:index]
            if all(c.kind is ChunkKind.TITLE for c in before):
                continue  # only the title so far: this heading's chapter holds it
            starts.append(index)
    parts = []
    for number, first in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(chunks)
        parts.append(Part(first, end, _title(chunks[first:end], script.title)))
    return parts


def _title(chunks: Sequence[Chunk], fallback: str) -> str:
    heading = [c.display for c in chunks if c.kind is not ChunkKind.TEXT]
    return " ".join(heading[-1:] if len(heading) > 1 and chunks[0].kind is ChunkKind.TITLE else heading[:1]) or fallback


def _new(tag: str, parent: Any | None = None, text: str | None = None, **attributes: str) -> Any:
    from lxml import etree

    element = etree.Element(f"{{{XHTML}}}{tag}", nsmap={None: XHTML, "epub": OPS}) if parent is None \
        else etree.SubElement(parent, f"{{{XHTML}}}{tag}")
    for key, value in attributes.items():
        element.set(key.replace("_", ":") if key.startswith("epub_") else key, value)
    if text is not None:
        element.text = text
    return element


def page(title: str, language: str, styles: Sequence[str]) -> tuple[Any, Any]:
    """An empty XHTML page: (root, body)."""
    root = _new("html")
    root.set("{http://www.w3.org/XML/1998/namespace}lang", language)
    root.set("lang", language)
    head = _new("head", root)
    _new("meta", head, charset="utf-8")
    _new("title", head, title)
    for href in styles:
        _new("link", head, rel="stylesheet", type="text/css", href=href)
    return root, _new("body", root)


def chapter_page(script: Script, part: Part, levels: Sequence[int], language: str, styles: Sequence[str]) -> Any:
    """A chapter's page: its headings and paragraphs as the script has them."""
    root, body = page(part.title, language, styles)
    section = _new("section", body)
    section.set(f"{{{OPS}}}type", "chapter")
    block = None
    for index in range(part.first, part.end):
        chunk, level = script.chunks[index], levels[index]
        if chunk.starts_paragraph or block is None or (level > 0) != (_local(block.tag) != "p"):
            block = _new(f"h{level}" if level else "p", section)
            block.text = chunk.display
        else:
            block.text = f"{block.text} {chunk.display}"
    return root


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def nav_page(entries: Sequence[tuple[str, str, int]], title: str, language: str) -> Any:
    """The navigation document: `entries` as (href, title, depth), nested by depth."""
    root, body = page(title, language, ())
    nav = _new("nav", body)
    nav.set(f"{{{OPS}}}type", "toc")
    nav.set("id", "toc")
    _new("h1", nav, title)
    lists = [_new("ol", nav)]
    last_item = None
    for href, text, depth in entries:
        depth = 0 if last_item is None else max(0, min(depth, len(lists)))  # one deeper at most
        if depth == len(lists):
            lists.append(_new("ol", last_item))
        while len(lists) - 1 > depth:
            lists.pop()
        last_item = _new("li", lists[-1])
        _new("a", last_item, text, href=href)
    if not len(lists[0]):
        item = _new("li", lists[0])
        _new("a", item, title, href=entries[0][0] if entries else "#toc")
    return root
