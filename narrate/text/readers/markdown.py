"""Markdown (.md, .markdown) with markdown-it-py: headings become sections and chapters.

Read aloud: text, link text and image alt text, the text of raw HTML blocks ('<p
align="center">', '<details><summary>'), definition lists (the term, then its definition),
and boxes with their label first: GitHub's alerts ('> [!NOTE]'), MkDocs admonitions
('!!! warning "Title"') and ':::tip' containers. Not read: emphasis markers, link URLs,
HTML comments, tags and images, rows of status badges, code blocks (replaced by a short
note), tables (a note), footnote references ('[^1]'); footnote definitions are kept apart
as the last section's notes.
YAML front matter supplies title, author and date; without it a first-level heading at
the very top is the title.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from narrate.errors import InputError
from narrate.model import Document
from narrate.text.readers.angles import angle_brackets
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE, SectionBuilder, as_sentence, clean
from narrate.text.readers.text import document_title


def _parser() -> Any:
    from markdown_it import MarkdownIt
    from mdit_py_plugins.admon import admon_plugin
    from mdit_py_plugins.container import container_plugin
    from mdit_py_plugins.deflist import deflist_plugin
    from mdit_py_plugins.footnote import footnote_plugin
    from mdit_py_plugins.front_matter import front_matter_plugin

    parser = (MarkdownIt("commonmark").use(front_matter_plugin).use(footnote_plugin).use(admon_plugin)
              .use(deflist_plugin).enable(["table", "strikethrough"]))
    # ':::note', '::: warning Title' (Docusaurus, VuePress): one rule for every kind of box
    parser.use(container_plugin, "box", validate=lambda params, *_: _box_kind(params) in BOX_LABELS)
    return parser


def _box_kind(params: str) -> str:
    return (params or "").strip().split(" ", 1)[0].lower()


def inline_text(token: Any) -> str:
    """The words of an inline token: text, code spans, link text and alt text; no markup."""
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type == "image" and not _BADGE.search(child.attrs.get("src", "") or ""):
            parts.append(child.content)  # the alt text (a status badge's says nothing)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    text = clean("".join(parts))
    return angle_brackets(text) if "<" in text else text  # 'Name <<address>>': the name


def front_matter(content: str, source: str | None) -> dict[str, Any]:
    """Parse YAML front matter; a broken block is a clear error, not a silent skip.

    Bounded (narrate.limits): the block's size, and the number of values it holds once its
    aliases are followed, counted on the parsed node graph before any value is built, so a
    "billion laughs" block of a few hundred bytes is refused instead of filling memory."""
    import yaml

    from narrate.limits import MAX_FRONT_MATTER_BYTES, MAX_FRONT_MATTER_NODES, describe, front_matter_bytes, hint

    name = source or "input"
    if len(content.encode("utf-8", "surrogatepass")) > front_matter_bytes():
        raise InputError(f"{name}: the YAML front matter is larger than {describe(MAX_FRONT_MATTER_BYTES)}: "
                         + hint(MAX_FRONT_MATTER_BYTES))
    try:
        loader = yaml.SafeLoader(content)
        try:
            node = loader.get_single_node()
            if node is None:
                return {}
            if _expanded_size(node, int(MAX_FRONT_MATTER_NODES)) > int(MAX_FRONT_MATTER_NODES):
                raise InputError(f"{name}: the YAML front matter holds more than "
                                 f"{describe(MAX_FRONT_MATTER_NODES)} values once its aliases are "
                                 f"expanded (an alias bomb?): {hint(MAX_FRONT_MATTER_NODES)}")
            data = loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 2})" if mark else ""
        raise InputError(f"{name}: the YAML front matter is not valid{where}") from exc
    except RecursionError:
        raise InputError(f"{name}: the YAML front matter is nested too deeply") from None
    return data if isinstance(data, dict) else {}


def _expanded_size(root: Any, limit: int) -> int:
    """How many nodes the document has with every alias followed, without expanding it:
    each node's size is computed once (aliases share nodes), children before parents.
    A node that contains itself counts as over the limit."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            on_path.discard(key)
            sizes[key] = min(limit + 1, 1 + sum(sizes[id(c)] for c in _children(node)))
            continue
        if key in sizes:
            continue
        if key in on_path:
            return limit + 1  # a recursive structure
        on_path.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in sizes)
    return sizes[id(root)]


def _children(node: Any) -> list[Any]:
    import yaml

    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _meta_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (datetime, date)):
        return value.isoformat()[:10] if not isinstance(value, datetime) else value.isoformat()
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or None
    if isinstance(value, dict):
        return _meta_text(value.get("name"))
    return str(value).strip() or None


def read_markdown(text: str, source: str | None = None, title: str | None = None) -> Document:
    walker = _Walker(source)
    walker.walk(_parser().parse(text))
    meta = walker.meta
    sections = walker.builder.sections()
    document_name, spoken = document_title(title, _meta_text(meta.get("title")) or walker.found_title, source,
                                           [p for s in sections for p in s.paragraphs])
    return Document(
        title=document_name,
        title_spoken=spoken,
        sections=sections,
        author=_meta_text(meta.get("author") or meta.get("authors")),
        date=_meta_text(meta.get("date")),
        language=_meta_text(meta.get("lang") or meta.get("language")),
        source=source,
    )


class _Walker:
    """The token stream into sections: headings, paragraphs, lists, boxes, notes."""

    def __init__(self, source: str | None) -> None:
        self.source = source
        self.meta: dict[str, Any] = {}
        self.builder = SectionBuilder()
        self.found_title: str | None = None
        self.seen_content = False
        self.items: list[str] | None = None  # the items of the outermost open list
        self.depth = 0
        self.term: str | None = None  # a definition list's term, said before its definition
        self.box_marker = False  # the next paragraph opens with a box's '[!NOTE]' or '**Note**'

    def walk(self, tokens: list[Any]) -> None:
        index = 0
        while index < len(tokens):
            index = self.token(tokens, index) + 1

    def token(self, tokens: list[Any], index: int) -> int:
        """Handle tokens[index]; the index of the last token it used."""
        token = tokens[index]
        kind = token.type
        builder = self.builder
        if kind == "front_matter":
            self.meta = front_matter(token.content, self.source)
        elif kind == "footnote_open":
            # '[^1]: ...': kept apart from the text (the '[^1]' reference is not read at all)
            note: list[str] = []
            while tokens[index].type != "footnote_close":
                if tokens[index].type == "inline":
                    note.append(inline_text(tokens[index]))
                index += 1
            builder.footnote(" ".join(note))
        elif kind == "heading_open":
            self.heading(inline_text(tokens[index + 1]), int(token.tag[1]))
            return index + 2
        elif kind in ("bullet_list_open", "ordered_list_open"):
            self.depth += 1
            if self.depth == 1:
                self.items = []
        elif kind in ("bullet_list_close", "ordered_list_close"):
            self.depth -= 1
            if self.depth == 0 and self.items is not None:
                builder.items(self.items)
                self.items = None
        elif kind == "blockquote_open":
            label = box_label(tokens, index)
            if label:
                builder.paragraph(as_sentence(label))
                self.box_marker = True
        elif kind in ("admonition_open", "admonition_title_open", "container_box_open"):
            return self.box(tokens, index)
        elif kind == "dt_open":
            self.term = inline_text(tokens[index + 1])
            return index + 3
        elif kind == "inline":
            self.inline(token)
        elif kind in ("fence", "code_block"):
            builder.note(CODE_NOTE)
            self.seen_content = True
        elif kind == "table_open":
            builder.note(TABLE_NOTE)
            while tokens[index].type != "table_close":
                index += 1
            self.seen_content = True
        elif kind == "html_block":
            for level, words in html_block_text(token.content):
                if level:
                    self.heading(words, level)
                elif words in (CODE_NOTE, TABLE_NOTE):
                    builder.note(words)
                else:
                    self.paragraph(words)
        return index

    def heading(self, words: str, level: int) -> None:
        meta_title = _meta_text(self.meta.get("title"))
        if level == 1 and not self.seen_content and self.found_title is None and (
                meta_title is None or meta_title.casefold() == words.casefold()):
            self.found_title = words  # a top heading that is (or repeats) the title
        else:
            self.builder.heading(words, level)
        self.seen_content = True

    def inline(self, token: Any) -> None:
        if is_badges(token):
            return  # 'Build Status', 'codecov': a row of status images, not the text
        words = inline_text(token)
        if self.box_marker:
            words, self.box_marker = _without_box_marker(words), False
        if self.items is not None:
            self.items.append(words)
        else:
            self.paragraph(words)

    def paragraph(self, words: str) -> None:
        if self.term is not None:
            words = f"{as_sentence(self.term)} {words}".strip()
            self.term = None
        self.builder.paragraph(words)
        self.seen_content = self.seen_content or bool(words)

    def box(self, tokens: list[Any], index: int) -> int:
        """An admonition ('!!! note "Title"', ':::warning'): its title, or its kind, said first."""
        token = tokens[index]
        if token.type == "admonition_open":
            return index  # the title follows as its own tokens
        if token.type == "admonition_title_open":
            title = inline_text(tokens[index + 1]) if tokens[index + 1].type == "inline" else ""
            self.builder.paragraph(as_sentence(title or _box_name(token.info)))
            return index + 2
        kind = _box_kind(token.info)
        words = token.info.strip()[len(kind):].strip()
        self.builder.paragraph(as_sentence(words or BOX_LABELS.get(kind, kind.title())))
        return index


# The kinds of boxes (GitHub's alerts, MkDocs' and Docusaurus' admonitions) and what is said.
BOX_LABELS = {"note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning",
              "caution": "Caution", "danger": "Danger", "info": "Info", "hint": "Hint",
              "attention": "Attention", "error": "Error", "example": "Example", "quote": "Quote",
              "abstract": "Summary", "summary": "Summary", "success": "Success", "question": "Question",
              "failure": "Failure", "bug": "Bug", "seealso": "See also", "todo": "To do"}
_ALERT = re.compile(r"\[!(?P<kind>[A-Za-z]+)\][ \t]*")


def _box_name(info: str) -> str:
    kind = (info or "").strip().split(" ", 1)[0].lower()
    return BOX_LABELS.get(kind, kind.title() or "Note")


def box_label(tokens: list[Any], index: int) -> str | None:
    """A blockquote that is a box: a GitHub alert ('> [!NOTE]') or one opening with its kind
    in bold ('> **Warning:** ...'); the label said before it."""
    following = tokens[index + 2] if index + 2 < len(tokens) else None
    if following is None or following.type != "inline":
        return None
    match = _ALERT.match(following.content) or _BOLD_LABEL.match(following.content)
    kind = match.group("kind").lower() if match else ""
    return BOX_LABELS[kind] if kind in BOX_LABELS else None


_BOLD_LABEL = re.compile(r"(?:\*\*|__)(?P<kind>[A-Za-z]+):?(?:\*\*|__):?[ \t]*")


def _without_box_marker(words: str) -> str:
    """A box's first words without its marker ('[!NOTE]', the bold 'Note:'), said as its label."""
    match = _ALERT.match(words) or re.match(r"(?P<kind>[A-Za-z]+):?[ \t]*", words)
    return words[match.end():] if match and match.group("kind").lower() in BOX_LABELS else words


_BADGE = re.compile(r"badge|/widgets?/|shields\.io|travis-ci|codecov|coveralls|circleci|appveyor|/workflows/|"
                    r"/actions/|badgen|readthedocs\.org/projects/.*/badge|img\.shields|fury\.io|"
                    r"pepy\.tech|snyk\.io|codacy|scan\.coverity|lgtm\.com|bestpractices", re.IGNORECASE)


def is_badges(token: Any) -> bool:
    """A paragraph of nothing but images (linked or not): two or more, or one whose address is
    a status badge's. A single picture with its own description is read (its alt text)."""
    images = 0
    badge = False
    for child in token.children or []:
        if child.type == "image":
            images += 1
            badge = badge or bool(_BADGE.search(child.attrs.get("src", "") or ""))
        elif child.type in ("link_open", "link_close", "softbreak", "hardbreak"):
            continue
        elif child.type == "text" and not child.content.strip():
            continue
        elif child.type == "html_inline" and re.fullmatch(r"</?(?:a|p|br)\b[^>]*>", child.content.strip(), re.I):
            continue
        else:
            return False
    return images >= 2 or badge


_HTML_BLOCK_TAGS = frozenset({"p", "div", "center", "details", "summary", "li", "dd", "dt", "blockquote",
                              "td", "th", "figcaption", "section", "article", "header", "footer", "table",
                              "tr", "ul", "ol", "dl", "aside", "figure", "main", "nav"})
_HTML_SILENT_TAGS = frozenset({"script", "style", "img", "picture", "source", "svg", "video", "audio",
                               "iframe", "object", "embed", "template", "noscript"})


def html_block_text(content: str) -> list[tuple[int, str]]:
    """The words of raw HTML inside Markdown ('<p align="center">...', '<details><summary>'),
    as (heading level or 0, text) in order; comments, scripts and images say nothing."""
    import lxml.html
    from lxml import etree

    if not re.search(r">[^<]*[^\W_][^<]*<|^[^<]*[^\W_]", content.strip() + "<", re.DOTALL):
        return []  # tags only: '</details>', '<br>', a comment or an image
    try:
        parts = lxml.html.fragments_fromstring(content)
    except (etree.ParserError, ValueError):
        return []
    blocks: list[tuple[int, str]] = []
    line: list[str] = []

    def flush() -> None:
        words = clean("".join(line))
        if words:
            blocks.append((0, words))
        line.clear()

    def visit(node: Any) -> None:
        if not isinstance(node.tag, str) or node.tag in _HTML_SILENT_TAGS:
            line.append(node.tail or "")
            return
        heading = re.fullmatch(r"h([1-6])", node.tag)
        if node.tag in ("pre", "table"):
            flush()
            blocks.append((0, CODE_NOTE if node.tag == "pre" else TABLE_NOTE))
        elif heading:
            flush()
            words = clean(node.text_content())
            if words:
                blocks.append((int(heading.group(1)), words))
        else:
            block = node.tag in _HTML_BLOCK_TAGS
            if block:
                flush()
            line.append(node.text or "")
            for child in node:
                visit(child)
            if block:
                flush()
            if node.tag == "br":
                line.append(" ")
        line.append(node.tail or "")

    for part in parts:
        if isinstance(part, str):
            line.append(part)
        else:
            visit(part)
    flush()
    return blocks
