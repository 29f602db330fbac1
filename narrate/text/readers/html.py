"""HTML (.html, .htm, a saved web page): the article only, extracted by trafilatura.

trafilatura drops navigation, menus, scripts, styles, cookie banners, ads, share buttons,
comments and footers, and finds title, author and date in the page's metadata (meta tags,
JSON-LD). Measured on tests/data/news-page.html against readability-lxml: both kept all
eight article blocks; readability-lxml also kept an inline advertisement, trafilatura
nothing else (docs/text.md, "Input formats"). It is imported only when an HTML file is read.
"""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

from narrate.model import Document
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE, SectionBuilder, clean
from narrate.text.readers.htmlprep import prepare_page
from narrate.text.readers.text import document_title

_HEAD_LEVEL = re.compile(r"h([1-6])")
_WEB_ADDRESS = re.compile(r"https?://[^\s/]+", re.IGNORECASE)


def is_web_address(text: str | None) -> bool:
    """An http or https URL (what `narrate URL` fetches and a feed item links to)."""
    return bool(text) and _WEB_ADDRESS.match(text) is not None  # type: ignore[arg-type]


def extract_article(html: str) -> Any | None:
    """trafilatura's XML for the main content, or None when it finds no article."""
    import trafilatura
    from lxml import etree

    options: dict[str, Any] = dict(output_format="xml", include_comments=False, include_tables=True,
                                   include_images=False, include_formatting=False, with_metadata=True)
    # Without a minimum article size, and favouring recall: short pages keep their lists and
    # headings instead of falling back to one flat paragraph that includes the menu; on
    # tests/data/news-page.html the result is the same as with the defaults.
    xml = trafilatura.extract(html, favor_recall=True, config=_small_page_config(), **options)
    if not xml:
        return None
    return etree.fromstring(xml.encode("utf-8"))


def _small_page_config() -> Any:
    from trafilatura.settings import use_config

    config = use_config()
    for key in ("MIN_EXTRACTED_SIZE", "MIN_OUTPUT_SIZE", "MIN_EXTRACTED_COMM_SIZE", "MIN_OUTPUT_COMM_SIZE"):
        config.set("DEFAULT", key, "1")
    return config


def _text(element: Any) -> str:
    return clean("".join(element.itertext()))


def _walk(element: Any, builder: SectionBuilder, title: str | None) -> None:
    for child in element:
        tag = child.tag
        if tag == "head":
            match = _HEAD_LEVEL.fullmatch(child.get("rend", "h2"))
            level = int(match.group(1)) if match else 2
            words = _text(child)
            if not (level == 1 and title and words.casefold() == title.casefold()):
                builder.heading(words, level)
        elif tag == "p":
            builder.paragraph(_text(child))
        elif tag == "list":
            builder.items([_text(item) for item in child.iter("item")])
        elif tag == "code":
            builder.note(CODE_NOTE)
        elif tag == "table":
            builder.note(TABLE_NOTE)
        elif tag in ("quote", "div", "main", "body"):
            _walk(child, builder, title)
        elif tag not in ("comments", "graphic", "lb"):
            builder.paragraph(_text(child))


def _baseline_paragraphs(html: str) -> list[str]:
    """trafilatura's own fallback for pages too small to look like an article."""
    from trafilatura import baseline

    _, text, _ = baseline(html)
    return [clean(line) for line in text.split("\n") if clean(line)]


def _language(html: str) -> str | None:
    match = re.search(r"<html[^>]*\blang=[\"']?([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)?)", html[:4000], re.IGNORECASE)
    return match.group(1) if match else None


_OG_TITLE = re.compile(
    r"<meta\s+[^>]*(?:property|name)=[\"'](?:og:title|twitter:title)[\"'][^>]*content=[\"']([^\"']+)",
    re.IGNORECASE)
_TITLE_TAG = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_SITE_SEPARATOR = re.compile(r"\s+[|\u2013\u2014\-\u00b7:]\s+")


def page_title(page: str, extracted: str | None) -> str | None:
    """The page's own title: og:title, else <title> without its " - Site name" part.

    The extractor's guess is kept only when the page's <title> agrees with it: on pages with
    dialogs or sidebars it can pick a heading that is not the article's (a help dialog's
    "Keyboard shortcuts", say)."""
    head = page[:20000]
    og = _OG_TITLE.search(head)
    if og:
        return clean(html_lib.unescape(og.group(1))) or extracted
    tag = _TITLE_TAG.search(head)
    if not tag:
        return extracted
    full = clean(html_lib.unescape(re.sub(r"<[^>]+>", "", tag.group(1))))
    if not full:
        return extracted
    if extracted and extracted.casefold() in full.casefold():
        return extracted
    first = _SITE_SEPARATOR.split(full)[0]
    return first if len(first.split()) >= 2 else full


def read_html(text: str, source: str | None = None, title: str | None = None) -> Document:
    if not re.search(r"<body[\s>]", text, re.IGNORECASE):
        text = f"<html><body>{text}</body></html>"  # a fragment, e.g. pasted on stdin
    text, notes = prepare_page(text)
    root = extract_article(text)
    builder = SectionBuilder()
    meta: dict[str, str] = {}
    if root is not None:
        meta = {key: value for key, value in root.attrib.items() if value}
        main = root.find("main")
        _walk(main if main is not None else root, builder, meta.get("title"))
    for note in notes:
        builder.footnote(note)
    sections = builder.sections()
    if not any(section.paragraphs for section in sections):
        fallback = SectionBuilder()
        for paragraph in _baseline_paragraphs(text):
            fallback.paragraph(paragraph)
        sections = fallback.sections()
    document_name, spoken = document_title(title, page_title(text, meta.get("title")), source,
                                           [p for s in sections for p in s.paragraphs])
    return Document(
        title=document_name,
        title_spoken=spoken,
        sections=sections,
        author=meta.get("author"),
        date=meta.get("date"),
        language=_language(text),
        source=source,
        link=_link(meta.get("url"), source),
    )


def _link(canonical: str | None, source: str | None) -> str | None:
    """The page's canonical address, else the address it was fetched from (a file has none)."""
    if is_web_address(canonical):
        return canonical
    return source if is_web_address(source) else None
