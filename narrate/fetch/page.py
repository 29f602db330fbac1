"""`narrate URL`: fetch an article's page and read it with the HTML reader.

The reader is given the page decoded (charset from the header or a <meta> tag) and the
address it came from, so the Document's source is that address and its link the page's
canonical link: both reach the tags, the manifest and the feed item's <link>.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from narrate.errors import FetchError
from narrate.fetch.charset import page_text, valid_text
from narrate.fetch.http import Limits, fetch
from narrate.fetch.urls import without_credentials
from narrate.fileio import atomic_path
from narrate.model import Document

PAGE_TYPES = ("text/html", "application/xhtml+xml", "text/plain", "application/xml", "text/xml", "")
ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"


@dataclass(frozen=True)
class Page:
    url: str  # after redirects
    raw: bytes  # as sent (decompressed)
    html: str  # decoded


def fetch_page(url: str, limits: Limits = Limits()) -> Page:
    """The page at `url`; FetchError when it is not a web page (an image, a PDF...)."""
    response = fetch(url, limits, accept=ACCEPT)
    if response.content_type not in PAGE_TYPES:
        raise FetchError(f"{url}: not an article but {response.content_type}")
    return Page(response.url, response.content, page_text(response.content, response.charset, url))


def read_page(url: str, title: str | None = None, limits: Limits = Limits(),
              save_html: Path | None = None) -> Document:
    """Fetch and read an article; with `save_html`, keep the page as fetched there too."""
    page = fetch_page(url, limits)
    if save_html is not None:
        with atomic_path(save_html) as temp:
            temp.write_bytes(page.raw)
    return document_from_html(page.html, page.url, title)


def document_from_html(html: str, url: str, title: str | None = None,
                       known: dict[str, str | None] | None = None) -> Document:
    """The HTML reader's Document for a page from `url`; `known` fields (title, author, date,
    link: what a feed says of its item) replace the page's own."""
    from narrate.text.readers import read_document

    document = read_document(without_credentials(url), "html", title, data=valid_text(html).encode("utf-8"))
    given = {key: valid_text(value) for key, value in (known or {}).items() if value}
    if title:
        given.pop("title", None)
    if document.link or given.get("link"):  # an address is published without its password
        given["link"] = without_credentials(given.get("link") or document.link or "")
    return replace(document, **given) if given else document
