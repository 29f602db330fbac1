"""What of a page's own text is not spoken: the blocks of its content that no chunk says.

A reader that leaves out navigation will sometimes leave out part of the article too, and a
listener cannot hear what is missing. So `narrate check` compares what will be spoken with
the page's visible text: every heading and box title, and every other block of at least
`MIN_WORDS` words, inside the page's content (its <main> and <article> elements, a
documentation generator's content container, and the stretch from the first to the last
block that is spoken) is either heard or named here, with its first words, and marked
when the page's own markup says it is chrome (a share bar or a "related stories" box inside
the article, a headline that only links to another story, a "Read more: ..." line). Code
blocks and large tables are not named: narrate says that it skips them.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

MIN_WORDS = 8
SHOWN_WORDS = 6
HEARD_SHARE = 0.5
_TOKEN = re.compile(r"\w+")
_KIND_NAMES = {
    "heading": ("heading", "headings"), "box": ("box", "boxes"), "caption": ("caption", "captions"),
    "definition": ("definition", "definitions"), "quote": ("quotation", "quotations"),
    "item": ("list item", "list items"), "text": ("paragraph", "paragraphs"),
}
_ORDER = list(_KIND_NAMES)


@dataclass(frozen=True)
class Unread:
    """A block of the page's content that is not spoken."""

    kind: str
    """heading, box, caption, definition, quote, item or text (see `describe`)."""
    text: str
    after: str | None
    """The last words spoken before it (to place it in time), or None at the start."""
    chrome: bool = False
    """Left out as the site's chrome by its own markup (a share bar, related links, a form)."""

    @property
    def opening(self) -> str:
        words = self.text.split()
        return " ".join(words[:SHOWN_WORDS]) + ("\u2026" if len(words) > SHOWN_WORDS else "")


class Heard:
    """The spoken text, ready to ask whether a block is in it."""

    def __init__(self, spoken: Sequence[str]) -> None:
        words = [token.casefold() for token in _TOKEN.findall(" ".join(spoken))]
        self._shingles = Counter(tuple(words[i:i + 4]) for i in range(len(words) - 3))
        self._joined = f" {' '.join(words)} "

    def has(self, text: str) -> bool:
        words = [token.casefold() for token in _TOKEN.findall(text)]
        if not words:
            return True
        if len(words) < 4:
            return f" {' '.join(words)} " in self._joined
        found = [tuple(words[i:i + 4]) for i in range(len(words) - 3)]
        return sum(1 for s in found if self._shingles[s]) >= HEARD_SHARE * len(found)


def unread_html(page: str, spoken: Sequence[str]) -> list[Unread]:
    """The blocks of a web page's content that none of `spoken` (the chunks' written text)
    says, in reading order."""
    from narrate.text.readers.htmlarticle import doc_container, is_chrome, linked
    from narrate.text.readers.htmlblocks import page_blocks
    from narrate.text.readers.htmlprep import prepare_tree

    if not re.search(r"<body[\s>]", page, re.IGNORECASE):
        page = f"<html><body>{page}</body></html>"
    root, _ = prepare_tree(page)
    if root is None:
        return []
    body = root.find("body")
    blocks = page_blocks(body if body is not None else root)
    heard = Heard(spoken)
    said = [heard.has(block.text) for block in blocks]
    container = doc_container(root)
    areas = _content_areas(root, container)
    spoken_at = [i for i, yes in enumerate(said) if yes and blocks[i].words >= MIN_WORDS]
    first, last = (spoken_at[0], spoken_at[-1]) if spoken_at else (len(blocks), -1)
    unread: list[Unread] = []
    # the boxes themselves, kept alive: the id() of an lxml proxy freed is reused by the next one,
    # so a set of ids once took the page's last aside for its first, and it was named by nobody
    boxes_named: list[Any] = []
    after: str | None = None
    for index, block in enumerate(blocks):
        if said[index]:
            after = block.text
            continue
        kind = _kind(block)
        if kind is None or not (first <= index <= last or _inside(block.element, areas)):
            continue
        if kind not in ("heading", "box") and block.words < MIN_WORDS:
            continue
        if kind == "box":  # a box is named once, by its first unread words (its title)
            box = _outermost_box(block.element)
            if any(box is named for named in boxes_named):
                continue
            boxes_named.append(box)
        teaser = block.kind == "heading" and linked(block)  # a headline linking to another story
        unread.append(Unread(kind, block.text, after, is_chrome(block, container) or teaser))
    return unread


def describe(unread: Sequence[Unread], shown: int = 5) -> str:
    """'5 headings, 8 boxes (VOCABULARY Release; NOTE Limitations of…; ...)'."""
    counts = Counter(item.kind for item in unread)
    parts = [f"{counts[kind]} {_KIND_NAMES[kind][counts[kind] != 1]}" for kind in _ORDER if counts[kind]]
    openings = "; ".join(item.opening for item in unread[:shown]) + ("; \u2026" if len(unread) > shown else "")
    return f"not read: {', '.join(parts)} ({openings})"


def _kind(block: Any) -> str | None:
    from narrate.text.readers.htmlblocks import is_box

    if block.kind in ("code", "table"):
        return None  # announced ("A code example is skipped here.")
    if block.kind == "box-title" or any(is_box(a) for a in block.element.iterancestors()) \
            or is_box(block.element):
        return "box"
    if block.kind in ("term", "definition"):
        return "definition"
    if block.kind in _KIND_NAMES:
        if block.kind == "text" and any(a.tag == "blockquote"
                                        for a in (block.element, *block.element.iterancestors())):
            return "quote"
        return block.kind
    return "text"


def _outermost_box(element: Any) -> Any:
    from narrate.text.readers.htmlblocks import is_box

    boxes = [node for node in (element, *element.iterancestors()) if is_box(node)]
    return boxes[-1] if boxes else element


def _content_areas(root: Any, container: Any | None) -> list[Any]:
    areas = root.xpath("//main | //article | //*[@role='main']")
    if container is not None:
        areas.append(container)
    return areas


def _inside(element: Any, areas: list[Any]) -> bool:
    if not areas:
        return False
    chain = [element, *element.iterancestors()]
    return any(node is area for node in chain for area in areas)
