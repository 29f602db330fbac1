"""A saved web page made ready for reading: footnotes and permalink anchors taken out first.

A note reference ('<sup><a href="#fn1">1</a></sup>', role="doc-noteref", Sphinx's
'footnote-reference') would be read inline as a bare number, and a permalink anchor
('<a class="headerlink">¶</a>') as "pilcrow" after every heading. References and anchors are
removed; footnote lists and boxes (role="doc-footnote", doc-endnotes, '.footnotes', Sphinx's
'aside.footnote') are removed from the text and returned as notes. `prepare_page` also
replaces each code block ('<pre>') by the spoken code note, for readers that hand the markup
to an extractor that would join an interactive session ('>>> data = [...]') to the
paragraph before it.
"""

from __future__ import annotations

import re
from typing import Any

from narrate.text.readers.sections import CODE_NOTE, clean

_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
_MARKERS = re.compile(r"footnote|noteref|endnote|headerlink|<sup|permalink|<pre", re.IGNORECASE)


def has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_DOXYGEN = "[//meta[@name='generator'][starts-with(@content, 'Doxygen')]]"  # its pages only (a glossary's p.definition)
_REFERENCES = (
    "//sup[.//a[starts-with(@href, '#')]]"
    f" | //a[@role='doc-noteref' or {has_class('footnote-ref')} or {has_class('footnote-reference')}"
    " or contains(@*[local-name()='type'], 'noteref')]"
    f" | //a[{has_class('headerlink')} or {has_class('anchor-link')} or starts-with(@title, 'Permalink')"
    " or starts-with(@title, 'Link to this')]"
    f" | //h2[{has_class('memtitle')}]/span[{has_class('permalink')}]"  # Doxygen's '◆' before each member
    # Doxygen's 'Definition at line 1006 of file SDL_audio.h.' under each member, and the
    # 'More...' link after each brief description
    f" | //p[@class='definition'][ancestor::div[{has_class('contents')}]]{_DOXYGEN}"
    f" | //div[@class='memproto'][ancestor::div[{has_class('contents')}]]{_DOXYGEN}"  # the prototype the heading names
    f" | //a[normalize-space(.)='More...'][contains(@href, '#')][ancestor::div[@class='contents']]{_DOXYGEN}"
    # rustdoc's '1.0.0 · source · [−]' beside each heading and 'Run' under each example
    f" | //span[@class='out-of-band'] | //a[{has_class('test-arrow')}]"
)
_NOTES = (
    "//*[@role='doc-footnote' or @role='doc-endnote' or @role='doc-endnotes' or @role='doc-footnotes'"
    " or contains(@*[local-name()='type'], 'footnote') or contains(@*[local-name()='type'], 'endnote')]"
    f" | //section[{has_class('footnotes')}] | //div[{has_class('footnotes')}]"
    f" | //aside[{has_class('footnote')}] | //aside[{has_class('footnote-list')}]"
    f" | //dl[{has_class('footnote')}] | //ol[{has_class('footnotes')}]"
    f" | //table[{has_class('footnote')}]"
)
_LABELS = f".//*[{has_class('label')} or {has_class('fn-bracket')} or {has_class('footnote-backref')}" \
          f" or {has_class('fn-backref')} or @role='doc-backlink']"


_NOTES_LABELS = frozenset({"footnotes", "footnote", "notes", "endnotes"})


# Elements that have no end tag, or whose end tag may be left out: not counted in the nesting.
_UNNESTED = frozenset("area base br col embed hr img input link meta param source track wbr p li dt dd option "
                      "optgroup tr td th thead tbody tfoot colgroup rp rt html head body".split())
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9:-]*)")
# How much looking through open elements the HTML5 parse may do (the sum, over the page's tags,
# of how many elements are open there): about a second's work at most. Real pages need a
# thousandth of it (WCXB's 1,497 development pages: median 16,000, at most 114 million).
MAX_NESTING_WORK = 300_000_000


def nesting_work(page: str) -> int:
    """How deeply the page's elements are nested, summed over its tags, by the tags alone
    (those whose end tag may be left out are not counted): linear in the page."""
    depth = total = 0
    for match in _TAG.finditer(page):
        if match.group(2).lower() in _UNNESTED:
            continue
        depth = max(0, depth - 1) if match.group(1) else depth + 1
        total += depth
    return total


def as_browsers_parse(page: str) -> str:
    """The page's markup as a browser builds it (the HTML5 parsing rules, by lexbor), written
    out again with every element closed where it ends.

    libxml2's HTML parser, which lxml uses, follows older rules: an end tag that would close a
    <div> left open inside it is ignored, so on every page of one large publisher's sites
    (Treehugger, The Spruce, Investopedia: '<button><div class="menu-button-inner"><div>
    </button>') the whole article was parsed as part of the header's menu button, and nothing
    of it was read. A browser closes the button there. Re-parsed, lxml sees the page as the
    reader does; on well-formed pages nothing changes.

    A page nested too deeply for that (no real page is; a hostile one is) is left to libxml2:
    the HTML5 rules look through the open elements at each tag, and 100,000 nested <div>s
    took 17 s."""
    from selectolax.lexbor import LexborHTMLParser

    if nesting_work(page) > MAX_NESTING_WORK:
        return page
    return LexborHTMLParser(page).html or page


def prepare_tree(page: str) -> tuple[Any | None, list[str]]:
    """The page parsed as a browser would, without note references, permalink anchors and
    notes; and the notes' texts. None for markup lxml cannot parse at all."""
    import lxml.html

    try:
        # an XHTML page's XML declaration names an encoding, which lxml refuses in a str
        root = lxml.html.document_fromstring(as_browsers_parse(_XML_DECLARATION.sub("", page, count=1)))
    except Exception:  # noqa: BLE001 - lxml raises several types for broken or empty markup
        return None, []
    if not _MARKERS.search(page):
        return root, []
    for element in root.xpath(_REFERENCES):
        _remove(element)
    for element in root.xpath("//sup[not(*)]"):
        _superscript(element)
    found = root.xpath(_NOTES)
    outermost = [e for e in found if not any(a in found for a in e.iterancestors())]
    notes: list[str] = []
    for element in outermost:
        for label in element.xpath(_LABELS):
            _remove(label)
        items = element.xpath(f".//li | .//dd | .//aside[{has_class('footnote')}]") or [element]
        notes += [text for text in (clean(item.text_content()).strip(" \u21a9") for item in items) if text]
        label = element.getprevious()
        if label is not None and clean(label.text_content()).strip(" :").casefold() in _NOTES_LABELS:
            _remove(label)  # Sphinx's '<p class="rubric">Footnotes</p>': the notes' own label
        _remove(element)
    return root, notes


def prepare_page(page: str) -> tuple[str, list[str]]:
    """The page as markup without note references, permalink anchors, notes and code blocks
    (each replaced by the spoken code note); and the notes' texts."""
    import lxml.html

    if not _MARKERS.search(page):
        return page, []
    root, notes = prepare_tree(page)
    if root is None:
        return page, []
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


_EXPONENT = re.compile(r"[-\u2212]?(?:\d{1,4}|[A-Za-z])")
_ORDINAL_ENDINGS = frozenset({"st", "nd", "rd", "th", "e", "er", "re", "ème", "o", "a", "os", "as"})


def _superscript(element: Any) -> None:
    """What a '<sup>' means by what it follows: a power after a number, a lone letter or a
    bracket ('2<sup>64</sup>' is '2^64', said "two to the sixty-fourth"; it was read "264"), an
    ordinal's ending after a number ('1<sup>st</sup>'), else a note marker, not read
    ('here<sup>1</sup>' was "here1")."""
    text = (element.text or "").strip()
    previous = element.getprevious()
    parent = element.getparent()
    before = ((previous.tail if previous is not None else parent.text if parent is not None else "") or "")
    if not text or not before:
        return
    if _EXPONENT.fullmatch(text) and (before[-1].isdigit() or before[-1] == ")"
                                      or re.search(r"(?:^|[^\w])[A-Za-z\u0391-\u03c9]$", before)):
        element.text = "^" + text
        element.drop_tag()
    elif text.lower() in _ORDINAL_ENDINGS and before[-1].isdigit():
        element.drop_tag()
    elif text.isdigit() and len(text) <= 3 and before[-1].isalpha():
        _remove(element)


def _remove(element: Any) -> None:
    """Drop an element but keep the text that follows it."""
    parent = element.getparent()
    if parent is None:
        return
    tail = element.tail or ""
    previous = element.getprevious()
    before = (previous.tail if previous is not None else parent.text) or ""
    if tail[:1] in (",", ".", ";", ":", ")") and before.endswith(" "):
        before = before.rstrip(" ")  # 'delete some[1], and': no space left before the comma
    if previous is not None:
        previous.tail = before + tail
    else:
        parent.text = before + tail
    parent.remove(element)
