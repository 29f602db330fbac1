"""The EPUB 3 container: the package document (OPF) with its media-overlay metadata, and the
zip with `mimetype` first and stored, as the OCF specification asks.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

from narrate.episode.epub.smil import clock
from narrate.episode.epub.xhtml import ACTIVE_CLASS

OPF = "http://www.idpf.org/2007/opf"
DC = "http://purl.org/dc/elements/1.1/"
MIMETYPE = b"application/epub+zip"
CONTAINER = ('<?xml version="1.0" encoding="UTF-8"?>\n'
             '<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n'
             '  <rootfiles>\n    <rootfile full-path="{opf}" media-type="application/oebps-package+xml"/>\n'
             '  </rootfiles>\n</container>\n')
# the Dublin Core elements carried over from a book's own package, in this order
CARRIED = ("title", "creator", "contributor", "publisher", "date", "description", "subject", "rights", "source")


@dataclass
class ManifestItem:
    """A file of the new book: its id, path in the archive, media type and properties;
    `overlay` names the SMIL item of a narrated page, `duration` (ms) a SMIL item's length."""

    id: str
    name: str
    media_type: str
    properties: list[str] = field(default_factory=list)
    overlay: str | None = None
    duration: int | None = None


@dataclass
class Metadata:
    identifier: str
    title: str
    language: str
    values: dict[str, list[str]] = field(default_factory=dict)  # Dublin Core name -> values
    narrator: str | None = None


def href(name: str, base_folder: str) -> str:
    """The URL of archive member `name` as written in a file of `base_folder`."""
    return quote(posixpath.relpath(name, base_folder or "."), safe="/")


def valid_date(value: str | None) -> str | None:
    match = re.match(r"\d{4}(?:-\d{2}(?:-\d{2})?)?$", (value or "").strip())
    return match.group(0) if match else None


def package_document(opf_name: str, metadata: Metadata, items: Sequence[ManifestItem], spine: Sequence[str],
                     modified: datetime | None = None) -> bytes:
    """The OPF of the narrated book: EPUB 3.0, with `media:duration` for every overlay and in
    total, `media:active-class` and the narrator."""
    from lxml import etree

    folder = posixpath.dirname(opf_name)
    root = etree.Element(f"{{{OPF}}}package", nsmap={None: OPF}, version="3.0")
    root.set("unique-identifier", "bookid")
    root.set("{http://www.w3.org/XML/1998/namespace}lang", metadata.language)
    meta = etree.SubElement(root, f"{{{OPF}}}metadata", nsmap={"dc": DC})
    ident = etree.SubElement(meta, f"{{{DC}}}identifier", id="bookid")
    ident.text = metadata.identifier
    title = etree.SubElement(meta, f"{{{DC}}}title")
    title.text = metadata.title
    language = etree.SubElement(meta, f"{{{DC}}}language")
    language.text = metadata.language
    for name in CARRIED:
        for value in metadata.values.get(name, []):
            if name == "title" or (name == "date" and not valid_date(value)):
                continue
            element = etree.SubElement(meta, f"{{{DC}}}{name}")
            element.text = valid_date(value) if name == "date" else value
    stamp = (modified or datetime.now(timezone.utc)).strftime("%Y-%m-%dT%H:%M:%SZ")
    _meta(meta, "dcterms:modified", stamp)
    overlays = [item for item in items if item.duration is not None]
    for item in overlays:
        _meta(meta, "media:duration", clock(item.duration or 0), refines=f"#{item.id}")
    _meta(meta, "media:duration", clock(sum(item.duration or 0 for item in overlays)))
    if metadata.narrator:
        _meta(meta, "media:narrator", metadata.narrator)
    _meta(meta, "media:active-class", ACTIVE_CLASS)
    manifest = etree.SubElement(root, f"{{{OPF}}}manifest")
    for item in items:
        element = etree.SubElement(manifest, f"{{{OPF}}}item", id=item.id, href=href(item.name, folder))
        element.set("media-type", item.media_type)
        if item.properties:
            element.set("properties", " ".join(dict.fromkeys(item.properties)))
        if item.overlay:
            element.set("media-overlay", item.overlay)
    spine_element = etree.SubElement(root, f"{{{OPF}}}spine")
    for item_id in spine:
        etree.SubElement(spine_element, f"{{{OPF}}}itemref", idref=item_id)
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)


def _meta(parent, prop: str, value: str, refines: str | None = None) -> None:  # type: ignore[no-untyped-def]
    from lxml import etree

    element = etree.SubElement(parent, f"{{{OPF}}}meta", property=prop)
    if refines:
        element.set("refines", refines)
    element.text = value


class BookWriter:
    """Writes the archive: `mimetype` first and uncompressed, then the container and the
    rest; audio is stored (it is compressed already), text deflated."""

    def __init__(self, path: Path, opf_name: str) -> None:
        self.zip = zipfile.ZipFile(path, "w")
        info = zipfile.ZipInfo("mimetype", date_time=_now())
        self.zip.writestr(info, MIMETYPE, compress_type=zipfile.ZIP_STORED)
        self.add("META-INF/container.xml", CONTAINER.format(opf=opf_name).encode("utf-8"))
        self.names = {"mimetype", "META-INF/container.xml"}

    def add(self, name: str, data: bytes) -> None:
        info = zipfile.ZipInfo(name, date_time=_now())
        self.zip.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
        self.names = getattr(self, "names", set()) | {name}

    def add_file(self, name: str, path: Path) -> None:
        self.zip.write(path, name, compress_type=zipfile.ZIP_STORED)
        self.names.add(name)

    def close(self) -> None:
        self.zip.close()


def _now() -> tuple[int, int, int, int, int, int]:
    return datetime.now().timetuple()[:6]  # type: ignore[return-value]
