"""OPML subscription lists, the format every feed reader and podcast app imports and exports."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree

from narrate.errors import FetchError


@dataclass(frozen=True)
class Outline:
    url: str
    title: str = ""


def read_opml(data: bytes, name: str) -> list[Outline]:
    """Every outline with an xmlUrl, nested folders included; FetchError when not OPML."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise FetchError(f"{name}: not OPML ({exc})") from None
    if root.tag != "opml":
        raise FetchError(f"{name}: not OPML (its root element is <{root.tag}>)")
    outlines = []
    for element in root.iter("outline"):
        url = (element.get("xmlUrl") or "").strip()
        if url:
            outlines.append(Outline(url, (element.get("title") or element.get("text") or "").strip()))
    return outlines


def write_opml(outlines: Sequence[Outline], title: str) -> bytes:
    root = etree.Element("opml", version="2.0")
    head = etree.SubElement(root, "head")
    etree.SubElement(head, "title").text = title
    body = etree.SubElement(root, "body")
    for outline in outlines:
        etree.SubElement(body, "outline", type="rss", text=outline.title or outline.url,
                         title=outline.title or outline.url, xmlUrl=outline.url)
    return etree.tostring(root, pretty_print=True, xml_declaration=True, encoding="UTF-8")
