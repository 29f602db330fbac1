"""EPUB (.epub): spine documents in reading order become chapters.

Each spine document's first heading (h1-h3) opens a chapter; a document without one takes
its title from the table of contents, or else continues the previous chapter (books often
split a chapter over several files). A table-of-contents entry pointing into a file
(`chapter.xhtml#part-2`) opens a chapter there, headed by the entry's title, where the file
marks its sub-chapters with something other than a heading element. The navigation
document and title or cover pages that only repeat the title and author are not read; nor
is what a generator puts in every chapter (Sphinx's navigation bars and footers, object
numbers, a line repeated at the top or bottom of most chapters). A chapter whose language
differs from the book's (its own xml:lang, or, with none declared, its text) carries it in
`Section.language`. Title, author, date, language and the cover image come from the package
metadata (narrate.text.readers.epubpackage).
"""

from __future__ import annotations

import html as html_lib
import io
import re
from collections.abc import Iterator
from typing import Any

from dataclasses import dataclass, replace

from narrate.errors import InputError
from narrate.model import Document, Section
from narrate.text.readers.angles import angle_brackets
from narrate.text.readers.epubpackage import (
    DOCUMENT_TYPES,
    Item,
    Package,
    TocEntry,
    declared_language,
    open_package,
    split_href,
)
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE, SectionBuilder, clean
from narrate.text.readers.text import document_title

_SKIP = {"script", "style", "head", "nav", "aside", "sup", "rt", "rp", "noscript"}
# What generators put around every chapter: Sphinx's navigation bars, sidebars and footers,
# the link targets its EPUB builder prints after each link ('[https://...]'), SiSU's object
# numbers before every paragraph (live-manual).
_CHROME_CLASSES = frozenset({"related", "footer", "sphinxsidebar", "sphinxsidebarwrapper", "link-target",
                             "ocn", "lnkocn", "headerlink", "rellinks", "navigation", "nav-links"})
# Code set in a paragraph rather than <pre> ('<p class="code">', SiSU; DocBook's listings).
_CODE_CLASSES = frozenset({"code", "programlisting", "screen", "literallayout", "verbatim", "sourcecode"})
_CHROME_ROLES = frozenset({"navigation", "banner", "contentinfo", "doc-pagebreak"})
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
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, NotImplementedError) as exc:
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


def _is_chrome(node: Any) -> bool:
    classes = set((node.get("class") or "").split())
    if classes & _CHROME_CLASSES or (node.get("role") or "") in _CHROME_ROLES:
        return True
    # A paragraph number: a label or link holding only digits ('<label class="ocn">7</label>').
    return _local(node.tag) == "label" and "".join(node.itertext()).strip().isdigit()


def _toc_titles(package: Package) -> dict[str, str]:
    """File name -> the title the table of contents gives the file itself (its first entry)."""
    titles: dict[str, str] = {}
    for entry in package.toc:
        titles.setdefault(entry.name, clean(entry.title))
    return titles


def _anchors(entries: list[TocEntry]) -> dict[str, tuple[str, int]]:
    """Fragment -> (title, level) for the entries pointing into one file: the file's own
    entry is level 1, and each level of nesting under it one more."""
    if not entries:
        return {}
    top = min(entry.depth for entry in entries)
    return {entry.fragment: (clean(entry.title), 1 + entry.depth - top)
            for entry in entries if entry.fragment}


def _words(element: Any) -> str:
    """The text of an element, without footnote references and ruby annotations, with words
    in angle brackets as they are said ('Name <address>': the name; narrate.text.readers.angles)
    and entities a generator escaped twice ('&amp;lt;') read once."""
    text = _raw_words(element)
    if "&" in text:
        text = html_lib.unescape(text)
    return angle_brackets(text) if "<" in text else text


def _raw_words(element: Any) -> str:
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
    return tag in _SKIP or _is_note(node) or "noteref" in kind or "pagebreak" in kind or _is_chrome(node)


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


class _Walker:
    """One content document's blocks into a SectionBuilder, with the table of contents'
    places in it (`anchors`) opening chapters where the markup has no heading."""

    def __init__(self, builder: SectionBuilder, anchors: dict[str, tuple[str, int]]) -> None:
        self.builder = builder
        self.anchors = dict(anchors)

    def anchor_heading(self, element: Any) -> bool:
        """Open the chapter the table of contents starts at `element` (or at an anchor inside
        it); True when the element is only that heading's text and is not read again."""
        for node in element.iter():
            if not isinstance(node.tag, str):
                continue
            key = node.get("id") or node.get("name")
            if key and key in self.anchors:
                title, level = self.anchors.pop(key)
                text = _words(element)
                self.builder.heading(title, level)
                return _same_words(text, title)
            if node is not element and _local(node.tag) in _BLOCKS:
                break  # an anchor deeper in a nested block is found when that block is walked
        return False

    def walk(self, element: Any) -> None:
        for child in element:
            tag = _local(child.tag)
            if tag and _is_note(child):
                self.builder.footnote(clean(child.text_content()).strip(" \u21a9"))
            elif tag and not _is_skipped(child):
                self.block(child, tag)
                if child.tail and child.tail.strip() and tag in _BLOCKS:
                    self.builder.paragraph(child.tail)

    def block(self, child: Any, tag: str) -> None:
        builder = self.builder
        if tag in _HEADINGS:
            self.anchors.pop(child.get("id") or "", None)  # the markup's own heading is the place
            builder.heading(_words(child), _HEADINGS[tag])
        elif tag in _CONTAINERS and any(_local(c.tag) in _BLOCKS for c in child):
            self.anchor_heading_here(child)
            if child.text and child.text.strip():
                builder.paragraph(child.text)
            self.walk(child)
        elif self.anchors and self.anchor_heading(child):
            return  # the element was the heading's own text ('<p class="bold" id="o8">1.1 ...</p>')
        elif tag in ("ul", "ol"):
            builder.items([_words(item) for item in child if _local(item.tag) == "li"])
        elif tag == "pre" or set((child.get("class") or "").split()) & _CODE_CLASSES:
            builder.note(CODE_NOTE)
        elif tag == "table":
            builder.note(TABLE_NOTE)
        else:
            builder.paragraph(_words(child))

    def anchor_heading_here(self, container: Any) -> None:
        """A container that is itself a table-of-contents place ('<div id="part-2">')."""
        key = container.get("id")
        if self.anchors and key and key in self.anchors:
            title, level = self.anchors.pop(key)
            self.builder.heading(title, level)


def _same_words(first: str, second: str) -> bool:
    def words(text: str) -> list[str]:
        return re.findall(r"\w+", text.casefold())

    return bool(words(first)) and words(first) == words(second)


def _parse_document(content: bytes) -> Any | None:
    import lxml.html

    try:
        return lxml.html.fromstring(content)
    except Exception:  # noqa: BLE001 - lxml raises several types for broken markup
        return None


def _document_sections(root: Any, anchors: dict[str, tuple[str, int]]) -> tuple[Section, ...]:
    body = root.find(".//body")
    builder = SectionBuilder()
    _Walker(builder, anchors).walk(body if body is not None else root)
    return builder.sections()


@dataclass
class _Chapter:
    """What one spine document gave: its sections, and its language where it has its own."""

    name: str
    sections: list[Section]
    language: str | None


def read_epub(data: bytes, source: str | None = None, title: str | None = None) -> Document:
    check_archive(data, source)
    package = open_package(data, source)
    book_title = _metadata(package, "title")
    author = _creators(package)
    language = _metadata(package, "language")
    toc = _toc_titles(package)
    entries_by_file: dict[str, list[TocEntry]] = {}
    for entry in package.toc:
        entries_by_file.setdefault(entry.name, []).append(entry)
    front_matter = {clean(t).casefold() for t in (book_title, author) if t}
    chapters: list[_Chapter] = []
    for item, _, root in read_documents(package):
        sections = list(_document_sections(root, _anchors(entries_by_file.get(item.name, []))))
        texts = [t for s in sections for t in ((s.heading,) if s.heading else ()) + s.paragraphs]
        if not texts or all(t.casefold() in front_matter for t in texts):
            continue  # a cover or title page
        if sections[0].heading is None and toc.get(item.name):
            sections[0] = replace(sections[0], heading=toc[item.name], level=1)
        chapters.append(_Chapter(item.name, sections, declared_language(root)))
    _drop_repeated(chapters)
    sections = _book_sections(chapters, language)
    document_name, spoken = document_title(title, book_title, source,
                                           [p for s in sections for p in s.paragraphs])
    return Document(
        title=document_name,
        title_spoken=spoken,
        sections=sections,
        author=author,
        date=_date(_metadata(package, "date")),
        language=language,
        cover=package.cover,
        source=source,
        warnings=tuple(package.warnings),
    )


def read_documents(package: Package) -> Iterator[tuple[Item, bytes, Any]]:
    """The spine's content documents the book is read from, in reading order, each with its
    bytes and parsed tree: not the navigation document, not a printed contents page, not a
    file that is missing or cannot be parsed."""
    documents = {item.name for item in package.spine}
    for item in package.spine:
        if item.media_type not in DOCUMENT_TYPES or "nav" in item.properties:
            continue
        content = package.read(item.name)
        root = _parse_document(content) if content else None
        if root is not None and not _is_contents_page(root, item.name, documents) and not _is_generator_record(root):
            yield item, content, root  # type: ignore[misc]


def skipped(node: Any) -> bool:
    """What the reader never reads where it stands: notes, note references, page breaks,
    generator chrome, scripts, styles, ruby annotations (narrate.text.readers.epubtext)."""
    return _is_skipped(node)


def not_read(node: Any) -> bool:
    """A block the reader announces instead of reading (code, tables) or skips."""
    tag = _local(node.tag)
    return (tag in ("pre", "table") or bool(set((node.get("class") or "").split()) & _CODE_CLASSES)
            or _is_skipped(node))


BLOCK_TAGS = _BLOCKS
HEADING_TAGS = frozenset(_HEADINGS)
CONTAINER_TAGS = _CONTAINERS
local_name = _local


CONTENTS_SHARE = 0.6
CONTENTS_MIN_WORDS = 20


def _is_contents_page(root: Any, name: str, documents: set[str]) -> bool:
    """A printed table of contents (not marked as the navigation document): most of its
    words are links to the book's own chapters. The chapters themselves are read instead."""
    body = root.find(".//body")
    if body is None:
        return False
    total = len(re.findall(r"\w+", body.text_content()))
    if total < CONTENTS_MIN_WORDS:
        return False
    linked = sum(len(re.findall(r"\w+", link.text_content())) for link in body.iter("a")
                 if link.get("href") and split_href(name, link.get("href"))[0] in documents - {name})
    return linked >= CONTENTS_SHARE * total


_RECORD_LINE = re.compile(r"^[\w ().\-]{2,40}?\s?:\s")
_GENERATOR_LABELS = ("generated by", "source digest", "sourcefile", "source file", "filetype",
                     "version information", "document metadata", "last generated")


def _is_generator_record(root: Any) -> bool:
    """A page the book's generator added about the file itself ("Document Metadata: ...
    Sourcefile: live-manual.ssm.sst, Source Digest: SHA2-256 ..., Generated by: SiSU 7.2.1"):
    labels with values, some of them a generator's. Not read: it was a minute and a half of
    hashes and build dates at the end of live-manual."""
    body = root.find(".//body")
    if body is None:
        return False
    lines = [line for line in (clean(text) for text in body.itertext()) if line and line.strip(" :")]
    values = sum(1 for line in lines if line.startswith(":") or _RECORD_LINE.match(line))
    text = " ".join(lines).lower()
    return values >= 5 and sum(1 for label in _GENERATOR_LABELS if label in text) >= 3


def _metadata(package: Package, name: str) -> str | None:
    text = ", ".join(clean(value) for value in package.metadata.get(name, []) if clean(value))
    return text or None


def _creators(package: Package) -> str | None:
    """The book's authors, without the e-mail addresses some generators add to the names."""
    from narrate.text.readers.angles import without_addresses

    names = [clean(without_addresses(value) if "@" in value else value)
             for value in package.metadata.get("creator", [])]
    return ", ".join(name for name in names if name) or None


REPEATED_SHARE = 0.5  # in at least half the chapters...
REPEATED_MIN = 3      # ...and three of them at least
EDGE_BLOCKS = 3       # ...among the first or last three blocks of each


def _drop_repeated(chapters: list[_Chapter]) -> None:
    """Leave out a heading or paragraph that opens or closes most chapters ('Navigation',
    'Created using Sphinx', a running title): a generator's, not the author's. Notes for
    skipped code or tables are the reader's own and never dropped."""
    def edges(chapter: _Chapter) -> set[str]:
        blocks = [text for section in chapter.sections
                  for text in ((section.heading,) if section.heading else ()) + section.paragraphs]
        return {text for text in blocks[:EDGE_BLOCKS] + blocks[-EDGE_BLOCKS:] if text not in (CODE_NOTE, TABLE_NOTE)}

    if len(chapters) < REPEATED_MIN:
        return
    counts: dict[str, int] = {}
    for chapter in chapters:
        for text in edges(chapter):
            counts[text] = counts.get(text, 0) + 1
    needed = max(REPEATED_MIN, REPEATED_SHARE * len(chapters))
    repeated = {text for text, count in counts.items() if count >= needed}
    if not repeated:
        return
    for chapter in chapters:
        at_edges = edges(chapter) & repeated
        if at_edges:
            chapter.sections = _without(chapter.sections, at_edges)


def _without(sections: list[Section], texts: set[str]) -> list[Section]:
    kept: list[Section] = []
    for section in sections:
        paragraphs = tuple(p for p in section.paragraphs if p not in texts)
        if section.heading in texts:
            if kept:
                kept[-1] = replace(kept[-1], paragraphs=kept[-1].paragraphs + paragraphs,
                                   notes=kept[-1].notes + section.notes)
            elif paragraphs or section.notes:
                kept.append(replace(section, heading=None, level=1, paragraphs=paragraphs))
            continue
        kept.append(replace(section, paragraphs=paragraphs))
    return [s for s in kept if s.heading or s.paragraphs or s.notes]


def _book_sections(chapters: list[_Chapter], book_language: str | None) -> tuple[Section, ...]:
    """The chapters' sections in order, each with its chapter's language where that differs
    from the book's; a chapter opening without a heading continues the one before it."""
    from narrate.text.language import primary

    reference = book_language or _commonest([c.language for c in chapters if c.language])
    sections: list[Section] = []
    for chapter in chapters:
        own = chapter.language or _detected(chapter, reference)
        differs = own is not None and reference is not None and primary(own) != primary(reference)
        for position, section in enumerate(chapter.sections):
            section = replace(section, language=own if differs else None)
            if position == 0 and section.heading is None and sections and sections[-1].language == section.language:
                last = sections[-1]
                sections[-1] = replace(last, paragraphs=last.paragraphs + section.paragraphs,
                                       notes=last.notes + section.notes)
                continue
            sections.append(section)
    while sections and sections[-1].heading and not sections[-1].paragraphs and not sections[-1].notes:
        sections.pop()  # a heading the book ends on, over nothing ('Metadata', whose page is not read)
    return tuple(_without_echoes(sections))


def _without_echoes(sections: list[Section]) -> list[Section]:
    """A heading with no text of its own right before one that says the same ('Overview of
    tools', then '5. Overview of tools': a part page, then its chapter) is said once."""
    kept = []
    for position, section in enumerate(sections):
        following = sections[position + 1] if position + 1 < len(sections) else None
        if (following is not None and section.heading and following.heading and not section.paragraphs
                and not section.notes and _same_words(_unnumbered(section.heading), _unnumbered(following.heading))):
            continue
        kept.append(section)
    return kept


def _unnumbered(heading: str) -> str:
    """'5. Overview of tools' -> 'Overview of tools'; '2.1.1 What is wrong' -> 'What is wrong'."""
    return re.sub(r"^(?:(?:chapter|part|section)\s+)?[\dIVXLC]+(?:\.\d+)*\.?\s+", "", heading.strip(), flags=re.IGNORECASE)


CHAPTER_DETECT_WORDS = 60  # a chapter that says nothing of its language is guessed from this much text


def _detected(chapter: _Chapter, reference: str | None) -> str | None:
    """The language of a chapter that does not declare one, from its text: only where the
    book's language is known and the text is long enough to tell (narrate.text.language)."""
    from narrate.text.language import detect

    if reference is None:
        return None
    text = " ".join(p for s in chapter.sections for p in s.paragraphs if p not in (CODE_NOTE, TABLE_NOTE))
    if len(text.split()) < CHAPTER_DETECT_WORDS:
        return None
    return detect(text)


def _commonest(values: list[str]) -> str | None:
    return max(set(values), key=values.count) if values else None


def _date(value: str | None) -> str | None:
    match = re.match(r"\d{4}(?:-\d{2}(?:-\d{2})?)?", value or "")
    return match.group(0) if match else value
