"""The pages of a narrated EPUB, before any audio: the input EPUB's own content documents
(so the book keeps its styling and images), or pages generated from the script; and which
page each chunk of the script is on, word by word.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrate.episode.epub.align import align
from narrate.episode.epub.xhtml import Part, chapter_page, heading_levels, split_parts
from narrate.model import Script
from narrate.text.readers.epubpackage import Package
from narrate.text.readers.epubtext import TreeWord, tree_words
from narrate.text.notes import is_note
from narrate.text.wordalign import comparable, words_with_spans

log = logging.getLogger(__name__)

"""What narrate says that no page prints: never looked for in the pages."""

MIN_MATCHED = 0.5
"""Below this share of the script's words found in the book's own pages, the pages are
generated from the script instead (a book whose markup the reader saw differently)."""


@dataclass
class Page:
    """A content document of the new book: its path in the archive and its tree; `item_id`
    its id in the input's manifest (None: a generated page)."""

    name: str
    root: Any
    words: list[TreeWord]
    title: str
    item_id: str | None = None
    properties: tuple[str, ...] = ()
    ids: Any = None  # the page's id maker (narrate.episode.epub.wrap.Ids), once it has new ids


@dataclass
class Layout:
    """The pages, the package they came from (None: generated), and for every chunk its page
    and, for each of its written words, the index of that word on the page (None: not on it)."""

    pages: list[Page]
    package: Package | None
    chunk_page: list[int]
    word_places: list[list[int | None]]
    matched_share: float = 1.0
    parts: list[tuple[int, int, int]] = field(default_factory=list)
    """(page, first chunk, end chunk): runs of chunks on one page, each one audio file."""


def written_words(script: Script) -> list[list[str]]:
    """Each chunk's written words, as its cue's words are (narrate.episode.wordtimes)."""
    return [[word for word, _, _ in words_with_spans(chunk.display)] for chunk in script.chunks]


XHTML = "http://www.w3.org/1999/xhtml"
_OPS = "http://www.idpf.org/2007/ops"
_XML = "http://www.w3.org/XML/1998/namespace"


def parse_page(content: bytes) -> Any | None:
    """A content document as an XML tree (to be written back). One that is not well-formed
    (a name in angle brackets, an unclosed tag) is read as HTML, as the reader read it, and
    written back as well-formed XHTML; None when even that fails."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_blank_text=False)
    try:
        return etree.fromstring(content, parser)
    except (etree.XMLSyntaxError, ValueError):
        return _from_html(content)


def _from_html(content: bytes) -> Any | None:
    import lxml.html
    from lxml import etree

    try:
        document = lxml.html.document_fromstring(content)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None

    def convert(node: Any, parent: Any | None) -> Any:
        tag = node.tag.lower() if isinstance(node.tag, str) else ""
        attributes = {}
        for key, value in node.attrib.items():
            if key in ("epub:type", "xml:lang"):
                attributes[f"{{{_OPS if key == 'epub:type' else _XML}}}{key.split(':')[1]}"] = value
            elif re.fullmatch(r"[A-Za-z_][\w.-]*", key) and key != "xmlns":
                attributes[key] = value
        element = etree.Element(f"{{{XHTML}}}{tag}", attributes, nsmap={None: XHTML, "epub": _OPS}) \
            if parent is None else etree.SubElement(parent, f"{{{XHTML}}}{tag}", attributes)
        element.text = node.text
        for child in node:
            if isinstance(child.tag, str) and re.fullmatch(r"[A-Za-z][\w-]*", child.tag):
                convert(child, element).tail = child.tail
            else:  # a comment, or '<name@example.org>' read as a tag: its text stays
                words = (child.text_content() if isinstance(child.tag, str) else "") + (child.tail or "")
                last = element[-1] if len(element) else None
                if last is not None:
                    last.tail = (last.tail or "") + words
                else:
                    element.text = (element.text or "") + words
        return element

    return convert(document, None)


def original_pages(package: Package) -> list[Page]:
    """The book's own pages that its text is read from, as trees."""
    from narrate.text.readers.epub import read_documents

    pages = []
    for item, content, _ in read_documents(package):
        root = parse_page(content)
        if root is None:
            package.warnings.append(f"{item.name} cannot be read as XHTML: its text is heard but not marked")
            continue
        pages.append(Page(item.name, root, tree_words(root), page_title(root, item.name), item.id, item.properties))
    return pages


def page_title(root: Any, name: str) -> str:
    """What a page is called (in the navigation and the chapters): its first heading, else
    its <title>, else its file's name."""
    for pattern in (r"h[1-6]", "title"):
        node = next((n for n in root.iter()
                     if isinstance(n.tag, str) and re.fullmatch(pattern, n.tag.rsplit("}", 1)[-1].lower())), None)
        text = " ".join("".join(node.itertext()).split()) if node is not None else ""
        if text:
            return text
    return name.rsplit("/", 1)[-1].rsplit(".", 1)[0]


def generated_pages(script: Script, language: str, folder: str, styles: Sequence[str]) -> tuple[list[Page], list[Part]]:
    levels = heading_levels(script)
    parts = split_parts(script, levels)
    pages = []
    for number, part in enumerate(parts, 1):
        root = chapter_page(script, part, levels, language, styles)
        pages.append(Page(f"{folder}/chapter-{number:03d}.xhtml", root, tree_words(root), part.title))
    return pages, parts


def lay_out(script: Script, pages: list[Page], package: Package | None) -> Layout:
    """Find every written word on the pages, give each chunk a page (the page of its first
    word found; a chunk found nowhere, such as a title no page prints, goes with the chunk
    after it, or before it at the end), and cut the script into runs of chunks per page."""
    written = written_words(script)
    said_only = [is_note(chunk.display) for chunk in script.chunks]
    flat = [comparable(word) if not note else "" for words, note in zip(written, said_only) for word in words]
    places = [(number, index) for number, page in enumerate(pages) for index in range(len(page.words))]
    found = align(flat, [comparable(pages[p].words[i].text) for p, i in places])
    chunk_page: list[int | None] = []
    word_places: list[list[int | None]] = []
    position = 0
    matched = 0
    for words in written:
        hits = [found[position + k] for k in range(len(words))]
        position += len(words)
        pages_hit = [places[h][0] for h in hits if h is not None]
        page = pages_hit[0] if pages_hit else None
        chunk_page.append(page)
        word_places.append([places[h][1] if h is not None and places[h][0] == page else None for h in hits])
        matched += sum(1 for h in hits if h is not None)
    total = sum(1 for word in flat if word)
    filled = _filled(chunk_page)
    layout = Layout(pages, package, filled, word_places, matched / total if total else 1.0)
    layout.parts = _runs(filled)
    return layout


def _filled(chunk_page: list[int | None]) -> list[int]:
    """Pages for chunks found nowhere, and never going back."""
    result: list[int] = []
    upcoming: int | None = None
    following: list[int | None] = [None] * len(chunk_page)
    for index in range(len(chunk_page) - 1, -1, -1):
        if chunk_page[index] is not None:
            upcoming = chunk_page[index]
        following[index] = upcoming
    for index, page in enumerate(chunk_page):
        chosen = page if page is not None else following[index]
        if chosen is None:
            chosen = result[-1] if result else 0
        if result and chosen < result[-1]:
            chosen = result[-1]
        result.append(chosen)
    return result


def _runs(chunk_page: list[int]) -> list[tuple[int, int, int]]:
    runs: list[tuple[int, int, int]] = []
    for index, page in enumerate(chunk_page):
        if runs and runs[-1][0] == page:
            runs[-1] = (page, runs[-1][1], index + 1)
        else:
            runs.append((page, index, index + 1))
    return runs


def input_epub(script: Script, forced_format: str | None) -> Package | None:
    """The input's own package when the script was read from an EPUB file, else None."""
    from narrate.text.readers import format_for, load_bytes
    from narrate.text.readers.epub import check_archive
    from narrate.text.readers.epubpackage import open_package
    from narrate.text.readers.html import is_web_address

    source = script.document.source
    if not source or source == "-" or is_web_address(source) or not Path(source).is_file():
        return None
    with Path(source).open("rb") as handle:
        head = handle.read(512)
    if format_for(source, forced_format, head) != "epub":
        return None
    data = load_bytes(source)
    check_archive(data, source)
    return open_package(data, source)
