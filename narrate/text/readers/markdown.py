"""Markdown (.md, .markdown) with markdown-it-py: headings become sections and chapters.

Read aloud: text, link text and image alt text. Not read: emphasis markers, link URLs,
HTML comments and raw HTML, code blocks (replaced by a short note), tables (a note), footnote
references ('[^1]'); footnote definitions are kept apart as the last section's notes.
YAML front matter supplies title, author and date; without it a first-level heading at
the very top is the title.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from narrate.errors import InputError
from narrate.model import Document
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE, SectionBuilder, clean
from narrate.text.readers.text import document_title


def _parser() -> Any:
    from markdown_it import MarkdownIt
    from mdit_py_plugins.footnote import footnote_plugin
    from mdit_py_plugins.front_matter import front_matter_plugin

    return (MarkdownIt("commonmark").use(front_matter_plugin).use(footnote_plugin)
            .enable(["table", "strikethrough"]))


def inline_text(token: Any) -> str:
    """The words of an inline token: text, code spans, link text and alt text; no markup."""
    parts: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type == "image":
            parts.append(child.content)  # the alt text
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return clean("".join(parts))


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
    tokens = _parser().parse(text)
    meta: dict[str, Any] = {}
    builder = SectionBuilder()
    found_title: str | None = None
    seen_content = False
    items: list[str] | None = None  # the items of the outermost open list
    depth = 0
    index = 0
    while index < len(tokens):
        token = tokens[index]
        kind = token.type
        if kind == "front_matter":
            meta = front_matter(token.content, source)
        elif kind == "footnote_open":
            # '[^1]: ...': kept apart from the text (the '[^1]' reference is not read at all)
            note: list[str] = []
            while tokens[index].type != "footnote_close":
                if tokens[index].type == "inline":
                    note.append(inline_text(tokens[index]))
                index += 1
            builder.footnote(" ".join(note))
        elif kind == "heading_open":
            words = inline_text(tokens[index + 1])
            level = int(token.tag[1])
            meta_title = _meta_text(meta.get("title"))
            if level == 1 and not seen_content and found_title is None and (
                    meta_title is None or meta_title.casefold() == words.casefold()):
                found_title = words  # a top heading that is (or repeats) the title
            else:
                builder.heading(words, level)
            seen_content = True
            index += 2
        elif kind in ("bullet_list_open", "ordered_list_open"):
            depth += 1
            if depth == 1:
                items = []
        elif kind in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
            if depth == 0 and items is not None:
                builder.items(items)
                items = None
        elif kind == "inline":
            words = inline_text(token)
            if items is not None:
                items.append(words)
            else:
                builder.paragraph(words)
            seen_content = seen_content or bool(words)
        elif kind in ("fence", "code_block"):
            builder.note(CODE_NOTE)
            seen_content = True
        elif kind == "table_open":
            builder.note(TABLE_NOTE)
            while tokens[index].type != "table_close":
                index += 1
            seen_content = True
        index += 1
    sections = builder.sections()
    document_name, spoken = document_title(title, _meta_text(meta.get("title")) or found_title, source,
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
