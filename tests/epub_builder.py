"""Builds a small EPUB with ebooklib for the reader tests (kept in code, not as a binary)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image


def cover_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), (30, 90, 160)).save(buffer, format="PNG")
    return buffer.getvalue()


CHAPTERS = [
    ("The Lighthouse Keeper", "chap_01.xhtml",
     "<h1>The Lighthouse Keeper</h1>"
     "<p>Every evening at dusk, Ada climbed the hundred and twelve steps to light the lamp.</p>"
     "<p>She counted them aloud<sup><a epub:type=\"noteref\" href=\"#n1\">1</a></sup>, "
     "as her father had done before her.</p>"),
    ("A Ship in the Fog", "chap_02.xhtml",
     "<section><h2>A Ship in the Fog</h2>"
     "<p>On the third night of the fog, a bell rang somewhere out on the water.</p>"
     "<ul><li>The bell rang twice</li><li>then stopped</li></ul></section>"),
    ("Morning", "chap_03.xhtml",
     "<h2>Morning</h2><p>By morning the fog had lifted, and the bay was empty and bright.</p>"),
]


def build_epub(path: Path, with_cover: bool = True) -> Path:
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("narrate-test-lighthouse")
    book.set_title("The Lighthouse")
    book.set_language("en")
    book.add_author("Iris Calloway")
    book.add_metadata("DC", "date", "2021-06-01")
    if with_cover:
        book.set_cover("cover.png", cover_png())
    items = []
    for title, name, body in CHAPTERS:
        item = epub.EpubHtml(title=title, file_name=name, lang="en")
        item.content = f"<html><body>{body}</body></html>"
        book.add_item(item)
        items.append(item)
    book.toc = tuple(epub.Link(item.file_name, title, item.file_name) for item, (title, _, _) in zip(items, CHAPTERS))
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    # Reading order: the nav document first (as many books have it), then the chapters.
    book.spine = ["nav", *items]
    epub.write_epub(str(path), book)
    return path
