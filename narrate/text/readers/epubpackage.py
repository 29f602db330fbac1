"""An EPUB's package: its metadata, reading order, table of contents and cover, read with
zipfile and lxml.

Real books break the rules in ways a strict reader refuses: a manifest or spine entry with a
fragment ('about-manual.xhtml#o8', Debian's live-manual), a manifest entry whose file is
missing, a table of contents pointing at files that do not exist (the Ubuntu packaging
guide's translated navigation documents), an NCX that is not well-formed. Each is read for
what it still says: a fragment names a place in its file, a missing file is skipped with a
warning, a broken table of contents is ignored. Only a book with no package document, or
none of whose reading order can be found, is refused.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote

from narrate.errors import InputError

_OPF = "http://www.idpf.org/2007/opf"
_DC = "http://purl.org/dc/elements/1.1/"
_OPS = "http://www.idpf.org/2007/ops"
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
DOCUMENT_TYPES = frozenset({"application/xhtml+xml", "text/html", "application/xml", "text/xml"})
_IMAGE_TYPES = ("image/jpeg", "image/png", "image/gif", "image/webp")


@dataclass(frozen=True)
class Item:
    """A file of the book, by its name inside the archive."""

    id: str
    name: str
    media_type: str
    properties: tuple[str, ...] = ()


@dataclass(frozen=True)
class TocEntry:
    """One line of the table of contents: its title, the file and place it points to, and
    how deep it is nested (0: top level)."""

    title: str
    name: str
    fragment: str | None
    depth: int


@dataclass
class Package:
    """What the package document says, with the archive to read files from."""

    archive: zipfile.ZipFile
    metadata: dict[str, list[str]]
    items: dict[str, Item]
    spine: list[Item]
    toc: list[TocEntry]
    cover: bytes | None
    warnings: list[str] = field(default_factory=list)
    name: str = ""
    """The package document's path in the archive (relative hrefs start from its folder)."""
    cover_name: str | None = None
    """The cover image's path in the archive, where there is one."""
    version: str = ""
    """The package's EPUB version ('2.0', '3.0')."""

    def first(self, name: str) -> str | None:
        values = self.metadata.get(name) or []
        return values[0] if values else None

    def read(self, name: str) -> bytes | None:
        """A member's bytes, or None (with a warning) when the book lacks it."""
        try:
            return self.archive.read(name)
        except KeyError:
            self.warnings.append(f"{name} is listed in the book but missing from it: skipped")
        except _UNPACK_ERRORS as exc:
            self.warnings.append(f"{name} cannot be unpacked ({exc}): skipped")
        return None


_UNPACK_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, NotImplementedError,
                  EOFError, RuntimeError, zlib.error)


def _member(archive: zipfile.ZipFile, name: str, label: str) -> bytes:
    try:
        return archive.read(name)
    except _UNPACK_ERRORS as exc:
        raise InputError(f"{label} is not a readable EPUB ({name} cannot be unpacked: {exc})") from exc


def _parse_xml(data: bytes) -> Any:
    """An XML tree without entities, network or huge-tree expansion; a broken file is
    recovered as far as lxml can, and None when nothing is left."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, recover=True, huge_tree=False)
    try:
        return etree.fromstring(data, parser)
    except (etree.XMLSyntaxError, ValueError):
        return None


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _text(element: Any) -> str:
    return re.sub(r"\s+", " ", "".join(element.itertext())).strip()


def split_href(base: str, href: str) -> tuple[str, str | None]:
    """A reference relative to the file `base` as (member name, fragment or None)."""
    path, _, fragment = (href or "").strip().partition("#")
    path = unquote(path)
    if re.match(r"[a-z][a-z0-9+.\-]*:", path, re.IGNORECASE):
        return "", None  # another book or a web address
    name = posixpath.normpath(posixpath.join(posixpath.dirname(base), path)) if path else base
    return name.lstrip("/"), unquote(fragment) or None


def open_package(data: bytes, source: str | None) -> Package:
    label = source or "input"
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, NotImplementedError) as exc:
        raise InputError(f"{label} is not a readable EPUB ({exc})") from exc
    names = set(archive.namelist())
    opf_name = _package_name(archive, names, label)
    if opf_name is None:
        raise InputError(f"{label} is not a readable EPUB (it has no package document, content.opf)")
    root = _parse_xml(_member(archive, opf_name, label))
    if root is None or _local(root.tag) != "package":
        raise InputError(f"{label} is not a readable EPUB ({opf_name} is not a package document)")
    package = Package(archive=archive, metadata=_metadata(root), items={}, spine=[], toc=[], cover=None,
                      name=opf_name, version=(root.get("version") or "").strip())
    for element in root.iter(f"{{{_OPF}}}item", "item"):
        item_id, href = element.get("id"), element.get("href")
        if not item_id or not href:
            continue
        name, _ = split_href(opf_name, href)
        package.items[item_id] = Item(item_id, name, (element.get("media-type") or "").lower(),
                                      tuple((element.get("properties") or "").split()))
    seen: set[str] = set()
    for ref in root.iter(f"{{{_OPF}}}itemref", "itemref"):
        item = package.items.get(ref.get("idref") or "")
        if item is None or item.name in seen:
            continue  # unknown, or the same file again by a fragment ('a.xhtml#o8')
        seen.add(item.name)
        if item.name in names:
            package.spine.append(item)
        else:
            package.warnings.append(f"{item.name} is in the reading order but missing from the book: skipped")
    if not package.spine:
        raise InputError(f"{label} is not a readable EPUB (none of its reading order is in the archive)")
    package.toc = _table_of_contents(package, root, names)
    package.cover_name, package.cover = _cover(package, root)
    return package


def _package_name(archive: zipfile.ZipFile, names: set[str], label: str) -> str | None:
    """The package document named by META-INF/container.xml, else the first .opf file."""
    if "META-INF/container.xml" in names:
        container = _parse_xml(_member(archive, "META-INF/container.xml", label))
        if container is not None:
            for rootfile in container.iter("{*}rootfile", "rootfile"):
                path = (rootfile.get("full-path") or "").lstrip("/")
                if path in names:
                    return path
    return next((name for name in sorted(names) if name.lower().endswith(".opf")), None)


def _metadata(root: Any) -> dict[str, list[str]]:
    values: dict[str, list[str]] = {}
    for element in root.iter(f"{{{_DC}}}*"):
        text = _text(element)
        if text:
            values.setdefault(_local(element.tag), []).append(text)
    return values


def _table_of_contents(package: Package, root: Any, names: set[str]) -> list[TocEntry]:
    """The EPUB 3 navigation document's toc, else the NCX; entries pointing nowhere dropped."""
    navs = [item for item in package.items.values() if "nav" in item.properties]
    spine_ncx = root.find(f"{{{_OPF}}}spine")
    ncx_id = spine_ncx.get("toc") if spine_ncx is not None else None
    ncxs = [package.items[ncx_id]] if ncx_id in package.items else []
    ncxs += [item for item in package.items.values() if item.media_type == "application/x-dtbncx+xml"]
    for item in navs + ncxs:
        if item.name not in names:
            continue
        data = package.read(item.name)
        tree = _parse_xml(data) if data else None
        if tree is None:
            continue
        entries = _nav_entries(tree, item.name) if item in navs else _ncx_entries(tree, item.name)
        entries = [entry for entry in entries if entry.name in names and entry.title]
        if entries:
            return entries
    return []


def _nav_entries(tree: Any, base: str) -> list[TocEntry]:
    entries: list[TocEntry] = []
    navs = [nav for nav in tree.iter("{*}nav", "nav")
            if "toc" in (nav.get(f"{{{_OPS}}}type") or nav.get("epub:type") or "").split()]
    for nav in navs[:1]:
        def visit(element: Any, depth: int) -> None:
            for child in element:
                tag = _local(child.tag)
                if tag == "li":
                    link = next((a for a in child if _local(a.tag) in ("a", "span")), None)
                    if link is not None and link.get("href"):
                        name, fragment = split_href(base, link.get("href"))
                        entries.append(TocEntry(_text(link), name, fragment, depth))
                    visit(child, depth + 1)
                elif tag in ("ol", "ul"):
                    visit(child, depth)
        for list_element in (child for child in nav if _local(child.tag) in ("ol", "ul")):
            visit(list_element, 0)
    return entries


def _ncx_entries(tree: Any, base: str) -> list[TocEntry]:
    entries: list[TocEntry] = []

    def visit(element: Any, depth: int) -> None:
        for point in element:
            if _local(point.tag) != "navpoint":
                continue
            label = next((child for child in point.iter("{*}text", "text")), None)
            content = next((child for child in point if _local(child.tag) == "content"), None)
            if label is not None and content is not None and content.get("src"):
                name, fragment = split_href(base, content.get("src"))
                entries.append(TocEntry(_text(label), name, fragment, depth))
            visit(point, depth + 1)

    nav_map = next(tree.iter("{*}navMap", "navMap"), None)
    if nav_map is not None:
        visit(nav_map, 0)
    return entries


def _cover(package: Package, root: Any) -> tuple[str | None, bytes | None]:
    """The cover image: EPUB 3's 'cover-image', EPUB 2's <meta name="cover">, else by name."""
    images = [item for item in package.items.values() if item.media_type in _IMAGE_TYPES]
    candidates = [item for item in images if "cover-image" in item.properties]
    for meta in root.iter(f"{{{_OPF}}}meta", "meta"):
        if meta.get("name") == "cover" and meta.get("content") in package.items:
            candidates.append(package.items[meta.get("content")])
    candidates += [item for item in images if "cover" in item.id.lower() or "cover" in item.name.lower()]
    for item in candidates:
        if item.media_type in _IMAGE_TYPES and item.name in package.archive.namelist():
            content = package.read(item.name)
            if content:
                return item.name, content
    return None, None


def declared_language(root: Any) -> str | None:
    """A content document's own language: xml:lang or lang on <html>, else on <body>."""
    elements = [root] + [child for child in root if _local(child.tag) == "body"]
    for element in elements:
        value = element.get(_XML_LANG) or element.get("xml:lang") or element.get("lang")
        if value and value.strip():
            return value.strip()
    return None
