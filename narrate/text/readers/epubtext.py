"""Where the words the EPUB reader reads lie in a content document's tree: each word as the
text-node pieces it is made of, so a narrated EPUB can wrap the words it times in the book's
own markup (narrate.episode.narrated).

The walk follows the reader's own (narrate.text.readers.epub): the same blocks, the same
elements left out (notes, note references, chrome, scripts), code and tables not read. A word
is a run of non-space characters within one block; it may cross inline elements
('<i>Nor</i>thanger' is one word of two pieces). Blocks never share a word: each block opens
a new run, so a chunk of the script never spans two of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from narrate.text.readers.epub import BLOCK_TAGS, CONTAINER_TAGS, HEADING_TAGS, local_name, not_read, skipped


@dataclass(frozen=True)
class Slot:
    """A text node of the tree: `element.text`, or `element.tail` when `tail`."""

    element: Any
    tail: bool

    @property
    def text(self) -> str:
        return (self.element.tail if self.tail else self.element.text) or ""

    @property
    def container(self) -> Any:
        """The element whose content the text is part of."""
        return self.element.getparent() if self.tail else self.element


@dataclass(frozen=True)
class Piece:
    """Characters [start, end) of one slot."""

    slot: Slot
    start: int
    end: int


@dataclass(frozen=True)
class TreeWord:
    """A word of the document as it is written, the pieces it is made of, and its block (`run`)."""

    text: str
    pieces: tuple[Piece, ...]
    run: int


def _slots(body: Any) -> Iterator[Slot | None]:
    """The slots the reader reads, in reading order; None between blocks."""

    def inline(element: Any) -> Iterator[Slot]:
        if element.text:
            yield Slot(element, False)
        for child in element:
            if isinstance(child.tag, str) and not skipped(child):
                yield from inline(child)
            if child.tail:
                yield Slot(child, True)

    def block(child: Any, tag: str) -> Iterator[Slot | None]:
        if tag in HEADING_TAGS:
            yield from inline(child)
        elif tag in CONTAINER_TAGS and any(local_name(c.tag) in BLOCK_TAGS for c in child):
            if child.text and child.text.strip():
                yield Slot(child, False)
            yield None
            yield from walk(child)
        elif tag in ("ul", "ol"):
            for item in child:
                if local_name(item.tag) == "li":
                    yield None
                    yield from inline(item)
        elif not not_read(child):
            yield from inline(child)

    def walk(element: Any) -> Iterator[Slot | None]:
        for child in element:
            tag = local_name(child.tag)
            if not tag or not_read(child):
                continue
            yield None
            yield from block(child, tag)
            yield None
            if child.tail and child.tail.strip() and tag in BLOCK_TAGS:
                yield Slot(child, True)
                yield None

    yield from walk(body)


def tree_words(root: Any) -> list[TreeWord]:
    """Every word the reader reads in a content document (its <body>), in order."""
    body = next((node for node in root.iter() if local_name(node.tag) == "body"), None)
    words: list[TreeWord] = []
    run = 0
    text: list[str] = []
    pieces: list[Piece] = []

    def finish() -> None:
        if pieces:
            words.append(TreeWord("".join(text), tuple(pieces), run))
            text.clear()
            pieces.clear()

    for slot in _slots(body if body is not None else root):
        if slot is None:
            finish()
            run += 1
            continue
        value = slot.text
        position = 0
        while position < len(value):
            if value[position].isspace():
                finish()
                position += 1
                continue
            end = position
            while end < len(value) and not value[end].isspace():
                end += 1
            text.append(value[position:end])
            pieces.append(Piece(slot, position, end))
            position = end
    finish()
    return words
