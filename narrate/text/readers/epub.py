"""EPUB (.epub) with ebooklib: spine documents in reading order become chapters.

Each spine document's first heading (h1-h3) opens a chapter; a document without one takes
its title from the table of contents, or else continues the previous chapter (books often
split a chapter over several files). The navigation document and title or cover pages that
only repeat the title and author are not read. Title, author, date, language and the cover
image come from the package metadata.
"""

from __future__ import annotations

import io
import re
from typing import Any

from narrate.errors import InputError
from narrate.model import Document
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE, SectionBuilder, clean
from narrate.text.readers.text import document_title

_SKIP = {"script", "style", "head", "nav", "aside", "sup", "rt", "rp", "noscript"}
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_CONTAINERS = {"body", "div", "section", "article", "main", "blockquote", "header", "figure", "span"}
_BLOCKS = _CONTAINERS | set(_HEADINGS) | {"p", "ul", "ol", "dl", "pre", "table", "li", "aside", "nav"}


# A member smaller than this is never refused for its ratio (a page of blank lines
# compresses very well and is harmless).
_RATIO_FLOOR = 1024 * 1024


def check_archive(data: bytes, source: str | None) -> None:
    """Refuse a zip bomb from its directory, before anything is unpacked: too many members,
    too much data once unpacked, or a member that compresses far better than text does.

    zipfile never unpacks more than the size a member declares, so the declared sizes are
    a safe bound on what reading the book will cost."""
    import zipfile

    from narrate.limits import (
        MAX_EPUB_MEMBERS,
        MAX_EPUB_RATIO,
        MAX_EPUB_UNPACKED_BYTES,
        describe,
        epub_unpacked_bytes,
        hint,
    )

    name = source or "input"
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise InputError(f"{name} is not a readable EPUB ({exc})") from exc
    if len(members) > int(MAX_EPUB_MEMBERS):
        raise InputError(f"{name} holds {len(members)} files, more than {describe(MAX_EPUB_MEMBERS)}: "
                         + hint(MAX_EPUB_MEMBERS))
    total = sum(member.file_size for member in members)
    if total > epub_unpacked_bytes():
        raise InputError(f"{name} unpacks to {total // (1024 * 1024)} MB, more than "
                         f"{describe(MAX_EPUB_UNPACKED_BYTES)}: {hint(MAX_EPUB_UNPACKED_BYTES)}")
    ratio = MAX_EPUB_RATIO.value()
    for member in members:
        if member.file_size > _RATIO_FLOOR and member.file_size > ratio * max(member.compress_size, 1):
            raise InputError(
                f"{name}: {member.filename} unpacks to {member.file_size // max(member.compress_size, 1)} "
                f"times its packed size, more than {describe(MAX_EPUB_RATIO)} (a zip bomb?): "
                + hint(MAX_EPUB_RATIO))


def _open_book(data: bytes, source: str | None) -> Any:
    import warnings
    import zipfile

    from ebooklib import epub

    check_archive(data, source)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ebooklib's notices about future defaults
            return epub.read_epub(io.BytesIO(data), options={"ignore_ncx": True})
    except (zipfile.BadZipFile, epub.EpubException, KeyError) as exc:
        raise InputError(f"{source or 'input'} is not a readable EPUB ({exc})") from exc
    except Exception as exc:  # noqa: BLE001 - ebooklib and lxml raise many types on broken books
        raise InputError(f"{source or 'input'} is not a readable EPUB ({type(exc).__name__}: {exc})") from exc


def _metadata(book: Any, name: str) -> str | None:
    values = book.get_metadata("DC", name)
    text = ", ".join(clean(str(value)) for value, _ in values if value and clean(str(value)))
    return text or None


def _cover(book: Any) -> bytes | None:
    """The cover image: an EPUB 3 'cover-image', an EPUB 2 <meta name="cover">, or by name."""
    import ebooklib

    candidates = list(book.get_items_of_type(ebooklib.ITEM_COVER))
    candidates += [item for item in book.get_items_of_type(ebooklib.ITEM_IMAGE)
                   if "cover-image" in (getattr(item, "properties", None) or [])]
    for _, attributes in book.get_metadata("OPF", "cover"):
        item = book.get_item_with_id(attributes.get("content", ""))
        if item is not None:
            candidates.append(item)
    candidates += [item for item in book.get_items_of_type(ebooklib.ITEM_IMAGE)
                   if "cover" in item.get_name().lower()]
    for item in candidates:
        content = item.get_content()
        if content:
            return content
    return None


def _toc_titles(book: Any) -> dict[str, str]:
    """File name (without #fragment) -> the title the table of contents gives it."""
    titles: dict[str, str] = {}

    def visit(entries: Any) -> None:
        for entry in entries:
            if isinstance(entry, (tuple, list)):
                section, children = entry[0], entry[1] if len(entry) > 1 else []
                visit([section])
                visit(children)
            elif getattr(entry, "href", None):
                titles.setdefault(entry.href.split("#")[0], clean(entry.title or ""))
    visit(book.toc)
    return titles


def _words(element: Any) -> str:
    """The text of an element, without footnote references and ruby annotations."""
    parts: list[str] = []

    def visit(node: Any) -> None:
        if not isinstance(node.tag, str) or _is_skipped(node):
            if node.tail:
                parts.append(node.tail)
            return
        if node.text:
            parts.append(node.text)
        for child in node:
            visit(child)
        if node.tail and node is not element:
            parts.append(node.tail)

    visit(element)
    return clean("".join(parts))


def _kind(node: Any) -> str:
    """epub:type and ARIA role together ('noteref', 'doc-footnote', ...)."""
    return " ".join((node.get("epub:type", ""), node.get("{http://www.idpf.org/2007/ops}type", ""),
                     node.get("role", "")))


def _is_note(node: Any) -> bool:
    """A footnote, endnote or aside: kept apart from the text, read at the end on request."""
    kind = _kind(node)
    return _local(node.tag) == "aside" or any(
        word in kind for word in ("footnote", "endnote", "rearnote"))


def _is_skipped(node: Any) -> bool:
    tag = _local(node.tag)
    kind = _kind(node)
    return tag in _SKIP or _is_note(node) or "noteref" in kind or "pagebreak" in kind


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _walk(element: Any, builder: SectionBuilder) -> None:
    for child in element:
        tag = _local(child.tag)
        if tag and _is_note(child):
            builder.footnote(clean(child.text_content()).strip(" \u21a9"))
            continue
        if not tag or _is_skipped(child):
            continue
        if tag in _HEADINGS:
            builder.heading(_words(child), _HEADINGS[tag])
        elif tag in ("ul", "ol"):
            builder.items([_words(item) for item in child if _local(item.tag) == "li"])
        elif tag == "pre":
            builder.note(CODE_NOTE)
        elif tag == "table":
            builder.note(TABLE_NOTE)
        elif tag in _CONTAINERS and any(_local(c.tag) in _BLOCKS for c in child):
            if child.text and child.text.strip():
                builder.paragraph(child.text)
            _walk(child, builder)
        else:
            builder.paragraph(_words(child))
        if child.tail and child.tail.strip() and tag in _BLOCKS:
            builder.paragraph(child.tail)


def _document_sections(content: bytes) -> Any:
    import lxml.html

    try:
        root = lxml.html.fromstring(content)
    except Exception:  # noqa: BLE001 - lxml raises several types for broken markup
        return ()
    body = root.find(".//body")
    builder = SectionBuilder()
    _walk(body if body is not None else root, builder)
    return builder.sections()


def read_epub(data: bytes, source: str | None = None, title: str | None = None) -> Document:
    import ebooklib

    book = _open_book(data, source)
    book_title = _metadata(book, "title")
    author = _metadata(book, "creator")
    toc = _toc_titles(book)
    front_matter = {clean(t).casefold() for t in (book_title, author) if t}
    builder = SectionBuilder()
    for item_id, _linear in book.spine:
        item = book.get_item_with_id(item_id)
        if item is None or item.get_type() != ebooklib.ITEM_DOCUMENT or _is_navigation(item):
            continue
        sections = _document_sections(item.get_content())
        texts = [t for s in sections for t in ((s.heading,) if s.heading else ()) + s.paragraphs]
        if not texts or all(t.casefold() in front_matter for t in texts):
            continue  # a cover or title page
        first = sections[0]
        if first.heading is None and toc.get(item.get_name()):
            builder.heading(toc[item.get_name()], 1)
        for section in sections:
            if section.heading:
                builder.heading(section.heading, section.level)
            for paragraph in section.paragraphs:
                builder.paragraph(paragraph)
            for note in section.notes:
                builder.footnote(note)
    sections = builder.sections()
    document_name, spoken = document_title(title, book_title, source,
                                           [p for s in sections for p in s.paragraphs])
    return Document(
        title=document_name,
        title_spoken=spoken,
        sections=sections,
        author=author,
        date=_date(_metadata(book, "date")),
        language=_metadata(book, "language"),
        cover=_cover(book),
        source=source,
    )


def _is_navigation(item: Any) -> bool:
    from ebooklib import epub

    return isinstance(item, epub.EpubNav) or "nav" in (getattr(item, "properties", None) or [])


def _date(value: str | None) -> str | None:
    match = re.match(r"\d{4}(?:-\d{2}(?:-\d{2})?)?", value or "")
    return match.group(0) if match else value
