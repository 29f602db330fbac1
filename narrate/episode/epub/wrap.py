"""Wrap a run of a content document's text in a `<span id>`, so a media overlay can point at
it, without changing what the page shows.

A run is given as the text-node pieces of its words (narrate.text.readers.epubtext). It is
wrapped where it lies: within one text node, or across inline elements of one parent ('a
<i>tall</i> ship': the span takes the <i> with it; '<i>Nor</i>thanger': it takes the <i>
whole, as nothing else is in it). Where a run cannot be wrapped without taking block elements
or other text into the span (it crosses the edge of an element that holds more than the
run, or leaves the XHTML namespace), `wrap` says so and the caller wraps smaller runs.

Runs are wrapped last first: wrapping one only shortens the text node it starts in, so the
pieces of every run before it stay valid.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from narrate.text.readers.epubtext import Piece

XHTML = "http://www.w3.org/1999/xhtml"
# What HTML allows inside a <span> (phrasing content); anything else is never moved into one.
PHRASING = frozenset({
    "a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "del", "dfn", "em", "i", "img", "ins", "kbd",
    "mark", "q", "ruby", "rb", "rp", "rt", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    "wbr", "svg", "math", "label", "output", "meter", "progress", "font", "big", "tt", "acronym", "strike",
})


class Ids:
    """New ids for a document: a prefix that no id of the book starts with, then a number."""

    def __init__(self, root: Any) -> None:
        taken = [value for node in root.iter() if isinstance(node.tag, str) for value in [node.get("id")] if value]
        prefix = "w"
        while any(re.fullmatch(re.escape(prefix) + r"\d+", value) for value in taken):
            prefix = "n" + prefix
        self.prefix = prefix
        self.count = 0
        self.renumbered = 0  # spans given their final, in-order name so far

    def next(self) -> str:
        self.count += 1
        return f"{self.prefix}{self.count}"


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _in_xhtml(element: Any) -> bool:
    tag = element.tag if isinstance(element.tag, str) else ""
    return not tag.startswith("{") or tag.startswith("{" + XHTML + "}")


def _span(like: Any, ident: str) -> Any:
    tag = like.tag if isinstance(like.tag, str) else ""
    span = like.makeelement("{%s}span" % XHTML if tag.startswith("{" + XHTML + "}") else "span", {})
    span.set("id", ident)
    return span


def _ancestors(element: Any) -> list[Any]:
    chain = []
    while element is not None:
        chain.append(element)
        element = element.getparent()
    return chain


def wrap(pieces: Sequence[Piece], ids: Ids) -> str | None:
    """Wrap from the first piece's start to the last piece's end in a new span; its id, or
    None where that cannot be done cleanly."""
    first, last = pieces[0], pieces[-1]
    if first.slot == last.slot:
        return _wrap_in_slot(first.slot.element, first.slot.tail, first.start, last.end, ids)
    start_chain, end_chain = _ancestors(first.slot.container), _ancestors(last.slot.container)
    common = next((node for node in start_chain if node in end_chain), None)
    if common is None or not _in_xhtml(common) or _local(common.tag) not in PHRASING | _FLOW:
        return None
    start = _start_in(common, first)
    end = _end_in(common, last)
    if start is None or end is None:
        return None
    return _wrap_children(common, start, end, ids)


# Elements whose content may hold a span (besides the phrasing ones themselves).
_FLOW = frozenset({"p", "div", "li", "dd", "dt", "td", "th", "caption", "figcaption", "blockquote", "section",
                   "article", "aside", "header", "footer", "main", "body", "h1", "h2", "h3", "h4", "h5", "h6",
                   "address", "legend", "summary", "center"})


def _wrap_in_slot(element: Any, tail: bool, start: int, end: int, ids: Ids) -> str | None:
    container = element.getparent() if tail else element
    if container is None or not _in_xhtml(container) or _local(container.tag) not in PHRASING | _FLOW:
        return None
    text = (element.tail if tail else element.text) or ""
    span = _span(container, ids.next())
    span.text, span.tail = text[start:end], text[end:] or None
    if tail:
        element.tail = text[:start] or None
        container.insert(container.index(element) + 1, span)
    else:
        element.text = text[:start] or None
        element.insert(0, span)
    return span.get("id")


def _child_of(common: Any, node: Any) -> Any:
    """The child of `common` that holds `node` (which is inside it)."""
    while node.getparent() is not common:
        node = node.getparent()
    return node


def _only_space(text: str | None) -> bool:
    return not text or text.isspace()


def _start_in(common: Any, piece: Piece) -> tuple[str, Any, int] | None:
    """Where the run starts among `common`'s content: ('text', None, offset) in its text,
    ('tail', child, offset) in a child's tail, or ('before', child, 0) before a child that
    holds nothing before the run."""
    slot = piece.slot
    if slot.container is common:
        return ("tail", slot.element, piece.start) if slot.tail else ("text", None, piece.start)
    holder = slot.element if not slot.tail else slot.element.getparent()
    child = _child_of(common, holder)
    if not _nothing_before(child, slot, piece.start):
        return None
    return ("before", child, 0)


def _end_in(common: Any, piece: Piece) -> tuple[str, Any, int] | None:
    """Where the run ends: ('text', None, offset), ('tail', child, offset), or ('after',
    child, 0) after a child that holds nothing after the run."""
    slot = piece.slot
    if slot.container is common:
        return ("tail", slot.element, piece.end) if slot.tail else ("text", None, piece.end)
    holder = slot.element if not slot.tail else slot.element.getparent()
    child = _child_of(common, holder)
    if not _nothing_after(child, slot, piece.end):
        return None
    return ("after", child, 0)


def _text_nodes(element: Any) -> list[tuple[Any, bool]]:
    """Every text node inside `element` (not its own tail), in order, as (element, tail)."""
    nodes = [(element, False)]
    for child in element:
        nodes += _text_nodes(child)
        nodes.append((child, True))
    return nodes


def _nothing_before(child: Any, slot: Any, start: int) -> bool:
    for element, tail in _text_nodes(child):
        text = (element.tail if tail else element.text) or ""
        if (element, tail) == (slot.element, slot.tail):
            return _only_space(text[:start])
        if not _only_space(text):
            return False
    return False


def _nothing_after(child: Any, slot: Any, end: int) -> bool:
    seen = False
    for element, tail in _text_nodes(child):
        text = (element.tail if tail else element.text) or ""
        if (element, tail) == (slot.element, slot.tail):
            seen = True
            if not _only_space(text[end:]):
                return False
        elif seen and not _only_space(text):
            return False
    return seen


def _wrap_children(common: Any, start: tuple[str, Any, int], end: tuple[str, Any, int], ids: Ids) -> str | None:
    children = list(common)
    kind, ref, offset = start
    if kind == "text":
        first_moved, head = 0, (common.text or "")
    elif kind == "tail":
        first_moved, head = children.index(ref) + 1, (ref.tail or "")
    else:
        first_moved, head = children.index(ref), ""
    end_kind, end_ref, end_offset = end
    if end_kind == "text":
        return None  # ends in the text before every child: the run would start after it
    last_moved = children.index(end_ref)
    if last_moved < first_moved:
        return None
    moved = children[first_moved:last_moved + 1]
    if any(not isinstance(c.tag, str) or not _in_xhtml(c) or _local(c.tag) not in PHRASING for c in moved
           if isinstance(c.tag, str)):
        return None
    span = _span(common, ids.next())
    span.text = head[offset:] if kind in ("text", "tail") else None
    if end_kind == "tail":
        tail_text = end_ref.tail or ""
        span.tail = tail_text[end_offset:] or None
        end_ref.tail = tail_text[:end_offset] or None
    else:
        span.tail = end_ref.tail
        end_ref.tail = None
    if kind == "text":
        common.text = head[:offset] or None
    elif kind == "tail":
        ref.tail = head[:offset] or None
    common.insert(first_moved, span)
    for child in moved:
        span.append(child)  # moves it, with its tail
    return span.get("id")
