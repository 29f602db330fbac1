"""A web page as a flat list of text blocks in reading order, each knowing where it sits.

The article extractor decides which region of a page is the article, but its output loses
structure a listener needs: text sitting directly in a <blockquote> or <li>, headings with
links, boxes and their titles, definition lists. So narrate walks the page itself: every
piece of visible text belongs to exactly one block (a heading, a paragraph, a list item, a
term, a box title, a caption, a code block, a table), and text before, between and after
child blocks (mixed content) is a block of its own instead of being lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from narrate.text.readers.angles import angle_brackets
from narrate.text.readers.htmlpre import prose_blocks
from narrate.text.readers.picture_credits import (is_credit_part, is_picture_credit, marked_as_caption,
                                                   marked_as_credit, without_picture_credit)
from narrate.text.readers.sections import clean

HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
SKIPPED = frozenset({
    "script", "style", "template", "svg", "math", "button", "select", "option", "input",
    "textarea", "iframe", "object", "embed", "canvas", "map", "head", "title", "meta", "link",
    "video", "audio", "picture", "source", "img", "dialog",
    "rt", "rp",  # ruby's reading aids ('子<rt>こ</rt>ども'): the engine reads the text they gloss
})
# ARIA's widget roles: a <div> or <span> that works as a button, a switch or a progress bar
# ('Bild anzeigen Bild schließen', 'Toggle' beside each step of a recipe) shows a control's label
CONTROL_ROLES = frozenset({"button", "checkbox", "radio", "switch", "slider", "spinbutton", "progressbar",
                           "scrollbar", "combobox", "searchbox", "option"})
BLOCKS = frozenset({
    "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "dir",
    "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup",
    "hr", "html", "legend", "li", "main", "menu", "nav", "noscript", "ol", "p", "pre", "section", "summary",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "caption", "listing", "xmp",
    *HEADINGS,
})
# (the second line: a theme's prefixed box, 'mntl-sc-block-universal-callout', 'wp-block-callout')
_BOX_CLASS = re.compile(
    r"^(admonition|note|notice|warning|tip|hint|important|caution|danger|attention|error|seealso|"
    r"sidebar|callout|topic|info|infobox|aside|box|pullquote|highlights?)$"
    r"|.+[-_](?:callout|admonition|infobox|pullquote)$")
_BOX_TITLE_CLASS = re.compile(r"^(admonition-title|sidebar-title|topic-title|title|callout-title)$")
# A content system's shortcode its theme did not expand: '[button link="..." type="big"]',
# '[/button]' (not '[1]', '[sic]' or '[the minister]': a shortcode has attributes or a slash).
_SHORTCODE = re.compile(
    r"\[(?:[a-z_][\w-]*(?:\s+[\w-]+\s*=\s*(?:\"[^\"\]]*\"|'[^'\]]*'|[\u201c\u201d\u2033][^\]]*?[\u201c\u201d\u2033]"
    r"|[^\s\]]+))+\s*/?|/[a-z_][\w-]*)\]")
# A subheading set as a styled <div> or <p>: 'pf_subheadline', 'article-subhead', 'crosshead'.
_SUBHEADING_CLASS = re.compile(r"^(?:[\w-]*[-_])?(?:sub-?head(?:line|ing)?|crosshead|intertitle)$")
SUBHEADING_WORDS = 20
_MARKUP_TEXT = re.compile(r"\s*(?:<[a-zA-Z/!][^<>]*>\s*)+")
# A sentence's end ('...in Austria.', 'Yes.', '(see above).', 'by 5%.', '...over.’”', 'ended…'), not
# an abbreviation's or a number's ('U.S.', 'Version 3.'): a credit or the next sentence may follow.
_SENTENCE_END = re.compile(r"(?:[A-Za-z\u00c0-\u024f]{2}|[%)\]\"'\u201d\u2019])[.!?\u2026]+[\"'\u201d\u2019)\]]*$")
_STARTS_SENTENCE = re.compile(r"[A-Z\u00c0-\u00de\d\"'\u201c\u2018\u00bf\u00a1]")
_ENDS_CLOSE = re.compile(r"[.!?\u2026][\"'\u201d\u2019)\]]*$")  # (checked first, on four characters)
TAIL_CHARS = 80  # of a long piece, what the end-of-sentence tests look at (a page is linear work)
_END_MARK = re.compile(r"[.!?:;\u2026][\"'\u201d\u2019)\]]*$")


@dataclass
class Block:
    """One run of text a listener hears as a unit."""

    kind: str
    """heading, text, item, term, definition, box-title, caption, code, table, or plain (a
    <pre> of prose, read as plain text)."""
    text: str
    element: Any
    """The element whose text this is (for the block's ancestry)."""
    level: int = 0
    """A heading's level (1-6); 0 for the rest."""
    link_chars: int = 0
    """Characters of the text inside links (link lists and menus are mostly links)."""
    lead: bool = False
    """The block opens with a bold run-in heading ('<b>Embedded devices</b> Because...')."""
    item: Any = None
    """The list item the block belongs to, if any."""
    rows: tuple[str, ...] = ()
    """A small table's rows, each its cells joined by commas (a larger table has none)."""
    columns: int = 0
    """A small table's widest row, in cells."""
    pieces: tuple[Any, ...] = ()
    """A <pre> of prose: what the plain-text reader made of it (narrate.text.readers.textblocks)."""

    @property
    def words(self) -> int:
        return len(self.text.split())

    @property
    def link_density(self) -> float:
        return min(1.0, self.link_chars / len(self.text)) if self.text else 0.0


def classes(element: Any) -> list[str]:
    """The element's class and id tokens, lower case. An id of more than three words is a
    heading's slug ('getting-more-detail-when-...'), not a name for the element's role; so are
    the ids of headings and sections ('nav-cross-link')."""
    identifier = (element.get("id") or "").lower()
    if len(re.split(r"[-_]", identifier)) > 3 or element.tag in HEADINGS or element.tag == "section":
        identifier = ""  # headings' and sections' ids are slugs of their titles
    return f"{element.get('class') or ''} {identifier}".lower().split()


def is_box(element: Any) -> bool:
    """An admonition, sidebar or <aside>: a box inside the article with its own text."""
    if not isinstance(element.tag, str):
        return False
    if element.tag == "aside":
        return True
    return element.tag in ("div", "section", "details", "blockquote", "table") and any(
        _BOX_CLASS.match(token) for token in classes(element))


# A box's heading that is only its kind: DocBook's <div class="note"><h3 class="title">Note</h3>
# (PostgreSQL's manual: 'Note' and 'Caution' were chapters)
_ADMONITION_WORD = re.compile(r"^(?:notes?|caution|warning|tip|hint|important|danger|attention|see also)\.?$",
                              re.IGNORECASE)
_CALLOUT_CLASS = re.compile(r"^(?:.+[-_])?(?:callout|admonition)$")


def _callout(element: Any) -> bool:
    """A box whose heading is its title, not a section's ('Important', 'Key takeaways'): an
    <aside>, a callout, an admonition; not a theme's general 'box' or 'info' container, which
    may hold whole sections."""
    return element.tag == "aside" or any(_CALLOUT_CLASS.match(token) for token in classes(element))


def is_subheading(element: Any) -> bool:
    """A <div> or <p> its class names a subheading (a page that styles its headings instead of
    marking them up)."""
    return element.tag in ("div", "p") and any(_SUBHEADING_CLASS.match(token) for token in classes(element))


def is_data_table(table: Any) -> bool:
    """A table of data (announced, not read) rather than a layout table holding the article:
    layout cells hold paragraphs, headings or long runs of text."""
    for cell in table.iter("td", "th"):
        if any(isinstance(child.tag, str) and child.tag in ("p", "div", "h1", "h2", "h3", "h4", "ul",
                                                             "ol", "table", "blockquote", "section")
               for child in cell):
            return False
        if len(_inline_text(cell)[0].split()) > 60:
            return False
    return True


def record_rows(table: Any) -> list[tuple[Any, str, int]] | None:
    """A table of records (a list of films with a year and a paragraph about each, a list of
    results with a comment) as its rows: each row element, its cells joined by commas, and
    its link characters; None for a table of data or of layout. Such a table is neither: one
    cell of most rows a description too long for data, the others short, the same number of
    cells in most rows, and no cell holding paragraphs, lists or pictures (a layout table's
    cells, an infobox's). A row of one cell (a title row) is read as it is."""
    rows = _own_rows(table)
    cells = [[cell for cell in row if cell.tag in ("td", "th")] for row in rows]
    for cell in (cell for row in cells for cell in row):
        inside = [child.tag for child in cell.iterdescendants() if isinstance(child.tag, str)]
        if any(tag in _BLOCKS_IN_CELL for tag in inside) or inside.count("p") + inside.count("div") > 1:
            return None  # a cell of paragraphs, a list or a picture: layout, or an infobox
    texts = [[_inline_text(cell) for cell in row] for row in cells]
    if any(len(cell.findall(".//a")) > 1 and links >= MENU_LINK_SHARE * len(clean(text))
           for row, found in zip(cells, texts) for cell, (text, links) in zip(row, found)):
        return None  # a cell of links alone: a menu beside each row of a layout table
    words = [[len(text.split()) for text, _ in row] for row in texts]
    records = [row for row in words if len(row) >= 2]
    if len(records) < RECORD_MIN_ROWS or any(count > RECORD_CELL_WORDS for row in words for count in row):
        return None
    widths = [len(row) for row in records]
    if widths.count(max(set(widths), key=widths.count)) < RECORD_SAME_WIDTH * len(records):
        return None
    described = sum(1 for row in map(sorted, records)
                    if row[-1] >= RECORD_DESCRIPTION_WORDS > row[-2])  # (a record has two cells or more)
    if described < RECORD_DESCRIBED * len(records):
        return None
    read: list[tuple[Any, str, int]] = []
    for row, found in zip(rows, texts):
        joined = ", ".join(clean(text) for text, _ in found if clean(text))
        if joined:
            read.append((row, joined, sum(links for _, links in found)))
    return read


def _own_rows(table: Any) -> list[Any]:
    """The table's rows, not those of tables inside its cells."""
    return [row for row in table.iter("tr")
            if next((a for a in row.iterancestors("table")), None) is table]


RECORD_MIN_ROWS = 3
MENU_LINK_SHARE = 0.8  # of a cell's text in its links, two or more: a menu
RECORD_SAME_WIDTH = 0.8  # of the rows with as many cells as most have
RECORD_CELL_WORDS = 150  # a cell longer holds an article (a layout table)
RECORD_DESCRIPTION_WORDS = 12  # a cell this long describes the record; the row's others are shorter
RECORD_DESCRIBED = 0.6  # of the rows with such a description
# (one <p> or <div> in a cell is a wrapper; two are paragraphs)
_BLOCKS_IN_CELL = frozenset({"table", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "blockquote", "ul",
                             "ol", "dl", "pre", "form", "figure", "img", "picture", "video"})
MAX_TABLE_ROWS = 15  # a table this small is read row by row; a larger one is announced
MAX_TABLE_COLUMNS = 3  # on a documentation page (a list of packages and figures reads badly)
WIDE_TABLE_COLUMNS = 6  # in a story (a results table, a schedule)


def table_rows(table: Any) -> list[list[str]]:
    """A small table's rows, each its cells (a row that repeats the one before it, a header
    set twice, once); [] for a larger one."""
    rows = [row for row in table.iter("tr")
            if not any(a.tag == "table" for a in row.iterancestors() if a is not table
                       and any(b is table for b in a.iterancestors()))]
    cells = [[clean(_inline_text(cell)[0]) for cell in row if cell.tag in ("td", "th")] for row in rows]
    cells = [[cell for cell in row if cell] for row in cells]
    cells = [row for row in cells if row]
    cells = [row for index, row in enumerate(cells) if index == 0 or row != cells[index - 1]]
    if not cells or len(cells) > MAX_TABLE_ROWS or max(map(len, cells)) > WIDE_TABLE_COLUMNS:
        return []
    return cells


def page_blocks(root: Any) -> list[Block]:
    """Every block of the page under `root`, in document order."""
    walker = _Walker()
    walker.container(root, "text")
    return walker.blocks


_POPUP_CLASS = re.compile(r"(?:^|[-_])(?:tooltip|popover|popup|rollover|hovercard|flyout)(?:[-_]?[a-z]+)*?"
                          r"[-_]?(?:block|card|content|body|panel|box|inner|text)$")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden")


def is_hidden(element: Any) -> bool:
    """Hidden by its markup: the hidden attribute, aria-hidden="true", or its style."""
    return element.get("hidden") is not None or (element.get("aria-hidden") or "").lower() == "true" \
        or bool(_HIDDEN_STYLE.search(element.get("style") or ""))


def is_hidden_inline(element: Any) -> bool:
    """An inline element the reader does not see: hidden by its markup, or a card that only
    pops up over a name (after the link 'Ilhan Omar', a 'rollover-people-block' with her
    photo and three headlines; a 'tooltiptext'), not the name it pops up over."""
    if element.get("hidden") is not None or _HIDDEN_STYLE.search(element.get("style") or ""):
        return True
    return any(_POPUP_CLASS.search(token) for token in (element.get("class") or "").lower().split())


# A post embedded from a social network, which a story quotes.
EMBED_CLASS = re.compile(r"twitter-tweet|instagram-media|tiktok-embed|bluesky-embed|reddit-card")
_HANDLE = re.compile(r"\s*\(@\w{1,30}\)")  # 'NASA (@NASA)': the name is what a listener needs
_ADDRESS_TEXT = re.compile(r"(?:https?://)?(?:[\w-]+\.)+[a-z]{2,}/\S+$", re.IGNORECASE)


# A video player's own interface, saved with the page: video.js ('vjs-control-text': 'Chapters',
# 'descriptions off, selected', 'This is a modal window.'), JW Player, YouTube's, MediaElement, Plyr.
_PLAYER_CLASS = re.compile(r"(?:^|\s)(?:(?:vjs|jw|ytp|mejs|plyr)[-_]|toggle-caption(?:\s|$))")  # (NPR's 'hide caption')


def skipped(element: Any) -> bool:
    """Never text to read: scripts, media, form controls, what the page marks as a control, and
    a video player's interface; but an accordion's header is its section's heading."""
    if element.tag in SKIPPED or (element.get("role") or "").strip().lower() in CONTROL_ROLES:
        return not disclosure_heading(element)
    return bool(_PLAYER_CLASS.search(element.get("class") or ""))


def disclosure_heading(element: Any) -> int:
    """The level of the heading an accordion's control is, or 0: a button that opens a panel
    (aria-expanded or aria-controls) that is all of a heading ('<h3><button
    aria-expanded="false">Weight</button></h3>', the WAI-ARIA accordion) or whose label is a
    heading it holds ('<a role="button" aria-controls="..."><span role="heading"
    aria-level="3">1. Understand your electric bill</span></a>'). The panel it opens is read
    (an FAQ's answer), so its title is too. Not a button beside a heading's own words
    ('... <button>Share</button>'), a card with more to it than its heading (a price, 'Add to
    cart'), or a label that names the action ('Show transcript', 'Sort: Newest first')."""
    role = (element.get("role") or "").strip().lower()
    if not ((element.tag == "button" and role in ("", "button")) or role == "button"):
        return 0
    if element.get("aria-expanded") is None and not element.get("aria-controls"):
        return 0
    label = control_label(element)
    if not label or _ACTION_LABEL.match(label):
        return 0
    parent = element.getparent()
    if parent is not None and parent.tag in HEADINGS:
        return HEADINGS[parent.tag] if clean(parent.text_content()) == clean(element.text_content()) else 0
    for node in element.iterdescendants():
        if not isinstance(node.tag, str):
            continue
        level = HEADINGS.get(node.tag, 0)
        if not level and (node.get("role") or "").strip().lower() == "heading":
            given = (node.get("aria-level") or "").strip()
            level = int(given) if given.isdigit() and 1 <= int(given) <= 6 else 2
        if level:
            return level if control_label(node) == label else 0
    return 0


# what a control's label says it does, where it names no section
_ACTION_LABEL = re.compile(r"^(?:show|hide|expand|collapse|view|see|read|open|close|toggle|more|less|load|"
                           r"sort|filter|share|save|menu|print|download|play|watch|listen)\b", re.IGNORECASE)
_SCREEN_READER_CLASS = re.compile(r"^(?:sr-only|visually-hidden|screen-reader-text|screenreader|a11y-hidden|"
                                  r"assistive-text|u-hidden-visually)$")


def control_label(element: Any) -> str:
    """The words a control shows: not its icons, what it hides from sight (aria-hidden) or
    says to screen readers only ('Expand section')."""
    pieces: list[str] = []

    def visit(node: Any) -> None:
        if not isinstance(node.tag, str) or node.tag in ("svg", "img", "script", "style", "template") \
                or (node.get("aria-hidden") or "").lower() == "true" or is_hidden_inline(node) \
                or any(_SCREEN_READER_CLASS.match(token) for token in (node.get("class") or "").split()):
            return
        pieces.append(node.text or "")
        for child in node:
            visit(child)
            pieces.append(" " if child.tag in BLOCKS or child.tag in ("span", "p") else "")
            pieces.append(child.tail or "")

    visit(element)
    return clean("".join(pieces))


def is_embedded_post(element: Any) -> bool:
    return element.tag == "blockquote" and bool(EMBED_CLASS.search(element.get("class") or ""))


def _inline_text(element: Any, embedded: bool = False) -> tuple[str, int]:
    """The text of an inline element and how much of it is link text. In an `embedded` post,
    a link that shows only its address ('pic.twitter.com/s96jjh8AlD') is not text."""
    pieces: list[str] = []
    links = 0

    def visit(node: Any, in_link: bool, in_caption: bool) -> None:
        nonlocal links
        tag = node.tag
        if not isinstance(tag, str) or skipped(node) or (node is not element and is_hidden_inline(node)):
            return
        if embedded and tag == "a" and _ADDRESS_TEXT.match(node.text_content().strip()):
            return
        if tag == "br":
            pieces.append(" ")
            return
        linked = in_link or tag == "a"
        in_caption = in_caption or marked_as_caption(node)
        if node.text:
            pieces.append(node.text)
            links += len(clean(node.text)) if linked else 0
        for child in node:
            if not (in_caption and isinstance(child.tag, str) and pieces
                    and _is_credit_at_end(child, child.text_content(), pieces)):
                visit(child, linked, in_caption)  # (a caption set inside a paragraph loses its credit)
            if child.tail:
                pieces.append(child.tail)
                links += len(clean(child.tail)) if linked else 0

    visit(element, False, False)
    return "".join(pieces), links


def _with_lead(raw: str, lead_end: int | None) -> tuple[str, bool]:
    """A block's text, with a full stop after a bold run-in heading ('<b>Embedded devices</b>
    Because...', or alone before a paragraph) so it gets a pause of its own; a bold phrase the
    sentence goes on from ('<b>urllib.request</b> is a module') is left as it is."""
    if lead_end is None:
        return clean(raw), False
    head, rest = clean(raw[:lead_end]), clean(raw[lead_end:])
    if not re.search(r"\w", head):
        return clean(raw), False  # '<b>[</b><a>Engadget</a><b>]</b>': a bracket is no heading
    if rest and not (rest[0].isupper() or rest[0].isdigit() or rest[0] in "\"'\u201c(["):
        return clean(raw), False
    if not _END_MARK.search(head):
        head += "."
    return f"{head} {rest}".strip(), True


def _is_credit_at_end(part: Any, text: str, before: list[str]) -> bool:
    """A caption's closing part that is its credit: marked as one by its class, or shaped like one
    after a whole sentence ('...in Austria.<span>Leonhard Foeger / Reuters file</span>'). Not a
    name the words go on from ('The London headquarters of <a>Getty Images</a>', 'Shares of
    <b>Credit Suisse</b> fell', 'in St.<span>Louis/Kansas City</span>')."""
    if not is_credit_part(part, text) or (part.tail or "").strip():
        return False
    if not marked_as_credit(part) and not _ends_sentence(before):
        return False
    return not any(isinstance(node.tag, str) and node.text_content().strip() or (node.tail or "").strip()
                   for node in part.itersiblings() if not skipped(node))  # the first sibling with words ends the search


def _ends_sentence(before: list[str]) -> bool:
    """The text so far ends a sentence: looked for in the last pieces' last characters only."""
    return bool(_SENTENCE_END.search("".join(piece[-TAIL_CHARS:] for piece in before[-3:]).rstrip()[-TAIL_CHARS:]))


def _glued(before: list[str], text: str) -> bool:
    """'...in Austria.</span><span>Police...', '<span>Yes.</span><span>No.</span>': a sentence right
    against the next element's, which the page's style set apart. Not Sphinx's
    'asyncio.</span><span>Lock' (a name of code: one word, lower case)."""
    if not before or not _STARTS_SENTENCE.match(text) or not _ENDS_CLOSE.search(before[-1][-4:]):
        return False
    tail = before[-1][-TAIL_CHARS:].strip()
    return bool(_SENTENCE_END.search(tail)) and (" " in tail or tail[:1].isupper())


def _has_block_inside(element: Any) -> bool:
    return any(isinstance(node.tag, str) and node.tag in BLOCKS for node in element.iterdescendants())


class _Walker:
    def __init__(self) -> None:
        self.blocks: list[Block] = []

    def container(self, element: Any, kind: str, item: Any = None) -> None:
        """Walk a block element's children; its own loose text (mixed content) becomes blocks
        of `kind` between the blocks of its children."""
        pieces: list[str] = []
        state: dict[str, Any] = {"links": 0, "lead": None, "started": False}
        embedded = any(is_embedded_post(node) for node in (element, *element.iterancestors()))
        captioned = kind == "caption" or marked_as_caption(element)  # ('<p class="wp-caption-text">')

        def add(text: str | None) -> None:
            if text:
                pieces.append(text)
                if text.strip():
                    state["started"] = True

        def flush() -> None:
            text, lead = _with_lead("".join(pieces), state["lead"])
            if "[" in text:
                text = clean(_SHORTCODE.sub(" ", text))
            text = angle_brackets(text)  # text the page escaped: 'vimdiff <a> <b>' has its placeholders
            if embedded:  # '— NASA (@NASA) November 1, 2019': '— NASA, November 1, 2019'
                text = _HANDLE.sub(",", text).rstrip(",").replace(",,", ",")
            if captioned:  # a picture's credit is not read: 'Credit: STR/AFP'
                text = "" if is_picture_credit(text) else without_picture_credit(text)
            if text:
                self.blocks.append(Block(kind, text, element, link_chars=state["links"],
                                         lead=lead, item=item))
            pieces.clear()
            state.update(links=0, lead=None, started=False)

        if element.tag == "noscript" and _MARKUP_TEXT.fullmatch(element.text or ""):
            pass  # a <noscript> saved with its markup escaped: a tracking pixel's '<img src=...>', not words
        else:
            add(element.text)
        for child in element:
            tag = child.tag
            if not isinstance(tag, str) or skipped(child):
                add(child.tail)
                continue
            if tag in BLOCKS or (_has_block_inside(child) and tag not in HEADINGS):
                flush()
                self.block(child, kind, item)
            elif (level := disclosure_heading(child)) and tag not in HEADINGS \
                    and element.tag not in HEADINGS:
                flush()  # an accordion's control holding its section's heading
                self.blocks.append(Block("heading", angle_brackets(control_label(child)), child, level, item=item))
            elif tag == "br" and child.getnext() is not None and child.getnext().tag == "br" \
                    and not (child.tail or "").strip():
                flush()  # <br><br>: a paragraph break
            else:
                text, links = _inline_text(child, embedded)
                if state["started"] and _is_credit_at_end(child, text, pieces):
                    add(child.tail)  # 'The house where Hitler was born.<span>Leonhard Foeger / Reuters</span>'
                    continue
                if _glued(pieces, text):
                    add(" ")  # '...in Austria.</span><span>Police...' (not Sphinx's 'asyncio.</span><span>Lock')
                if not state["started"] and tag in ("b", "strong") and text.strip():
                    state["lead"] = len("".join(pieces)) + len(text)  # where a run-in heading ends
                add(text)
                state["links"] += links
            add(child.tail)
        flush()

    def block(self, element: Any, kind: str, item: Any) -> None:
        opened = len(self.blocks)
        self._block(element, kind, item)
        if is_box(element) and len(self.blocks) > opened:
            first = self.blocks[opened]  # a box's short opening line is its title: 'Note'
            if first.kind in ("text", "heading") and first.words <= 8 and not _END_MARK.search(first.text) \
                    and (first.kind == "text" or (len(self.blocks) > opened + 1
                                                  and (_callout(element) or _ADMONITION_WORD.match(first.text)))):
                first.kind = "box-title"  # (a callout's heading too: its 'Important' opens no chapter)
        elif len(self.blocks) == opened + 1 and self.blocks[opened].kind == "text" and _code_lines(element):
            self.blocks[opened].kind = "code"  # Doxygen's '#include "SDL_stdinc.h"' lines, each a <code>
        elif len(self.blocks) == opened + 1 and is_subheading(element):
            only = self.blocks[opened]  # read like a run-in heading: with a pause of its own
            if only.kind == "text" and only.words <= SUBHEADING_WORDS:
                only.lead = True
                if not _END_MARK.search(only.text):
                    only.text += "."

    def _block(self, element: Any, kind: str, item: Any) -> None:
        tag = element.tag
        if tag in HEADINGS:
            text, links = _inline_text(element)
            if any(isinstance(child.tag, str) and disclosure_heading(child) for child in element):
                text = control_label(element)  # an accordion's button: not its 'Expand section'
            text = angle_brackets(clean(text))
            if text:
                self.blocks.append(Block("heading", text, element, HEADINGS[tag], links, item=item))
        elif tag in ("pre", "listing", "xmp"):
            # a document set in fixed lines (an RFC, an archived e-mail) is read, code announced
            prose = prose_blocks(element)
            self.blocks.append(Block("code" if prose is None else "plain", clean(element.text_content()),
                                     element, item=item, pieces=tuple(prose or ())))
        elif tag == "table" and is_data_table(element) and not is_box(element):
            cells = table_rows(element)
            rows = [_row_text(row) for row in cells]  # each row a sentence, its cells joined by commas
            self.blocks.append(Block("table", " ".join(rows) or clean(element.text_content()), element,
                                     item=item, rows=tuple(rows), columns=max(map(len, cells), default=0)))
        elif tag == "table" and not is_box(element) and (records := record_rows(element)) is not None:
            for caption in element.findall("caption"):
                self.container(caption, "caption", item)
            for row, text, links in records:  # a row of a list of records: one paragraph
                self.blocks.append(Block("text", angle_brackets(text), row, link_chars=links, item=item))
        elif tag == "li":
            self.container(element, "item", element)
        elif tag == "dt":
            self.container(element, "term", item)
        elif tag == "dd":
            self.container(element, "definition", item)
        elif tag in ("figcaption", "caption", "legend", "summary"):
            self.container(element, "caption" if tag != "summary" else "box-title", item)
        elif tag == "hr":
            return
        elif tag == "p" and any(_BOX_TITLE_CLASS.match(token) for token in classes(element)) \
                and _in_box_or_figure(element):
            self.container(element, "caption" if _in_figure(element) else "box-title", item)
        else:
            self.container(element, kind if kind in ("item", "definition") else "text", item)


CODE_LINES = 2  # lines broken by <br>, each only inline code: a listing set without <pre>


def _code_lines(element: Any) -> bool:
    """Whether `element` is lines of inline code broken by <br> and nothing else (Doxygen
    sets a file's #include lines so): a listing, announced like <pre>, not read."""
    if sum(1 for node in element.iter("br")) < CODE_LINES - 1:
        return False
    codes = [node for node in element if isinstance(node.tag, str) and node.tag in ("code", "tt", "kbd", "samp")]
    if len(codes) < CODE_LINES or any(isinstance(node.tag, str) and node.tag not in ("code", "tt", "kbd", "samp", "br")
                                      for node in element):
        return False
    return not (element.text or "").strip() and all(not (node.tail or "").strip() for node in element)


def _row_text(cells: list[str]) -> str:
    """A table row as one sentence: its cells joined by commas, but a label's own colon is its
    pause ('Contact: grubert@...', not 'Contact:, grubert@...' in docutils' field lists)."""
    text = ""
    for cell in cells:
        text += cell if not text else (" " if text.endswith(":") else ", ") + cell
    return text


def _in_figure(element: Any) -> bool:
    parent = element.getparent()
    return parent is not None and ("figure" in classes(parent) or parent.tag == "figure")


def _in_box_or_figure(element: Any) -> bool:
    for ancestor in element.iterancestors():
        if is_box(ancestor) or _in_figure(element):
            return True
        if ancestor.tag in ("body", "article", "main"):
            return False
    return False
