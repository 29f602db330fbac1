"""A saved web page made ready for article extraction: footnotes, permalink anchors and code
blocks taken out first.

A note reference ('<sup><a href="#fn1">1</a></sup>', role="doc-noteref", Sphinx's
'footnote-reference') would be read inline as a bare number, and a permalink anchor
('<a class="headerlink">¶</a>') as "pilcrow" after every heading. References and anchors are
removed; footnote lists and boxes (role="doc-footnote", doc-endnotes, '.footnotes', Sphinx's
'aside.footnote') are removed from the text and returned as notes. A code block ('<pre>') is
replaced by the spoken code note: the extractor would otherwise join an interactive session
('>>> data = [...]') to the paragraph before it.
"""

from __future__ import annotations

import re
from typing import Any

from narrate.text.readers.sections import CODE_NOTE, clean

_MARKERS = re.compile(r"footnote|noteref|endnote|headerlink|<sup|permalink|<pre", re.IGNORECASE)


def _has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_REFERENCES = (
    "//sup[.//a[starts-with(@href, '#')]]"
    f" | //a[@role='doc-noteref' or {_has_class('footnote-ref')} or {_has_class('footnote-reference')}"
    " or contains(@*[local-name()='type'], 'noteref')]"
    f" | //a[{_has_class('headerlink')} or {_has_class('anchor-link')} or starts-with(@title, 'Permalink')"
    " or starts-with(@title, 'Link to this')]"
)
_NOTES = (
    "//*[@role='doc-footnote' or @role='doc-endnote' or @role='doc-endnotes' or @role='doc-footnotes'"
    " or contains(@*[local-name()='type'], 'footnote') or contains(@*[local-name()='type'], 'endnote')]"
    f" | //section[{_has_class('footnotes')}] | //div[{_has_class('footnotes')}]"
    f" | //aside[{_has_class('footnote')}] | //dl[{_has_class('footnote')}] | //ol[{_has_class('footnotes')}]"
    f" | //table[{_has_class('footnote')}]"
)
_LABELS = f".//*[{_has_class('label')} or {_has_class('fn-bracket')} or {_has_class('footnote-backref')}" \
          f" or {_has_class('fn-backref')} or @role='doc-backlink']"


def prepare_page(page: str) -> tuple[str, list[str]]:
    """The page without note references, permalink anchors, notes and code blocks; and the
    notes' texts."""
    if not _MARKERS.search(page):
        return page, []
    import lxml.html

    try:
        root = lxml.html.document_fromstring(page)
    except Exception:  # noqa: BLE001 - lxml raises several types for broken markup
        return page, []
    for element in root.xpath(_REFERENCES):
        _remove(element)
    found = root.xpath(_NOTES)
    outermost = [e for e in found if not any(a in found for a in e.iterancestors())]
    notes: list[str] = []
    for element in outermost:
        for label in element.xpath(_LABELS):
            _remove(label)
        items = element.xpath(".//li | .//dd") or [element]
        notes += [text for text in (clean(item.text_content()).strip(" \u21a9") for item in items) if text]
        _remove(element)
    for block in root.xpath("//pre[not(ancestor::pre)]"):
        _replace_with_note(block)
    return lxml.html.tostring(root, encoding="unicode"), notes


def _replace_with_note(block: Any) -> None:
    """A code block, with the wrappers that hold nothing else (Sphinx's div.highlight), becomes
    one paragraph saying code is skipped."""
    import lxml.html

    while (block.getparent() is not None and block.getparent().tag == "div"
           and len(block.getparent()) == 1 and not clean(block.getparent().text or "")):
        block = block.getparent()
    note = lxml.html.fragment_fromstring(f"<p>{CODE_NOTE}</p>")
    note.tail = block.tail
    block.getparent().replace(block, note)


def _remove(element: Any) -> None:
    """Drop an element but keep the text that follows it."""
    parent = element.getparent()
    if parent is None:
        return
    tail = element.tail or ""
    previous = element.getprevious()
    if previous is not None:
        previous.tail = (previous.tail or "") + tail
    else:
        parent.text = (parent.text or "") + tail
    parent.remove(element)
