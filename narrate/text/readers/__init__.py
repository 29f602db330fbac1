"""Readers: one per file format, each producing the same Document.

`read_document` is the only entry point: it loads bytes, decodes them, and picks a reader
from `--format` or the file's extension.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

from narrate.errors import InputError
from narrate.model import Document
from narrate.text.readers.decode import decode_html, decode_text


@dataclass(frozen=True)
class ReaderSpec:
    """Where a reader lives; imported only when used, since some pull in large libraries."""

    module: str
    function: str
    binary: bool = False
    """True for container formats (EPUB): the reader gets bytes, not decoded text."""

    def load(self) -> Callable[..., Document]:
        return getattr(import_module(self.module), self.function)


READERS: dict[str, ReaderSpec] = {
    "txt": ReaderSpec("narrate.text.readers.text", "read_text"),
    "md": ReaderSpec("narrate.text.readers.markdown", "read_markdown"),
    "html": ReaderSpec("narrate.text.readers.html", "read_html"),
    "epub": ReaderSpec("narrate.text.readers.epub", "read_epub", binary=True),
}
EXTENSIONS: dict[str, str] = {
    ".txt": "txt", ".text": "txt", "": "txt",
    ".md": "md", ".markdown": "md", ".mdown": "md", ".mkd": "md",
    ".html": "html", ".htm": "html", ".xhtml": "html",
    ".epub": "epub",
}


def supported_extensions() -> list[str]:
    return sorted(ext for ext in EXTENSIONS if ext)


ALIASES: dict[str, str] = {"text": "txt", "markdown": "md", "htm": "html"}


def format_names() -> list[str]:
    """What --format accepts."""
    return sorted([*READERS, *ALIASES])


def format_for(path: str, forced: str | None = None, data: bytes | None = None) -> str:
    """The reader name for a path: `forced` wins, then the extension, then a look at the
    content (for stdin and extension-less files: an EPUB or an HTML page), then plain text."""
    if forced:
        forced = ALIASES.get(forced.lower(), forced.lower())
        if forced not in READERS:
            raise InputError(f"unknown format {forced!r}: choose one of {', '.join(format_names())}")
        return forced
    suffix = Path(path).suffix.lower() if path != "-" else ""
    if suffix in EXTENSIONS and suffix:
        return EXTENSIONS[suffix]
    return sniff_format(data or b"")


def sniff_format(data: bytes) -> str:
    """'epub' for a zip with the EPUB mimetype, 'html' for a page (XHTML too), 'xml' for
    other XML (which no reader reads), else 'txt'."""
    if data[:4] == b"PK\x03\x04" and b"application/epub+zip" in data[:200]:
        return "epub"
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if head.startswith((b"<!doctype html", b"<html")):
        return "html"
    root = xml_root(data)
    if root is not None:
        return "html" if root == "html" else "xml"
    return "txt"


_XML_PROLOG = re.compile(rb"(?:\s*(?:<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>\[]*(?:\[.*?\])?\s*>))*\s*",
                         re.DOTALL | re.IGNORECASE)
_XML_ELEMENT = re.compile(rb"<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)")


def xml_root(data: bytes) -> str | None:
    """The local name of an XML document's root element ('html', 'rss', 'svg'), or None
    when `data` does not open with an XML declaration."""
    head = data[:8192].removeprefix(b"\xef\xbb\xbf").lstrip()
    if not head.startswith(b"<?xml"):
        return None
    prolog = _XML_PROLOG.match(head)
    found = _XML_ELEMENT.match(head, prolog.end() if prolog else 0)
    return found.group(2).decode("ascii").lower() if found else "unknown"


def load_bytes(path: str) -> bytes:
    """Read a file, or stdin for '-', with errors a user can act on.

    Only regular files are read (a FIFO would wait forever, /dev/zero never ends), and no
    more than narrate.limits.MAX_INPUT_BYTES, from a file or from stdin."""
    from narrate.limits import MAX_INPUT_BYTES, describe, hint, input_bytes

    limit = input_bytes()
    too_big = f"is larger than the input limit of {describe(MAX_INPUT_BYTES)}: {hint(MAX_INPUT_BYTES)}"
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise InputError(f"standard input {too_big}")
        return data
    from narrate.fileio import open_regular_file

    advice = "save the text to a file, or pipe it to narrate - "
    with open_regular_file(path, advice=advice) as handle:
        if os.fstat(handle.fileno()).st_size > limit:
            raise InputError(f"{path} {too_big}")
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise InputError(f"{path}: cannot read ({exc.strerror})") from exc
    if len(data) > limit:  # it grew while being read
        raise InputError(f"{path} {too_big}")
    return data


def read_document(path: str, fmt: str | None = None, title: str | None = None,
                  data: bytes | None = None) -> Document:
    """Read `path` (or the given bytes) into a Document; refuse empty or binary input."""
    raw = load_bytes(path) if data is None else data
    name = "stdin" if path == "-" else path
    kind = format_for(path, fmt, raw)
    if kind == "xml":
        hint = "; for a feed, use narrate subscribe" if xml_root(raw) in ("rss", "feed", "rdf") else ""
        raise InputError(f"{name} is an XML document (<{xml_root(raw)}>), not one narrate reads: give a "
                         f"text, Markdown, HTML, XHTML or EPUB file{hint}")
    spec = READERS[kind]
    warning = None
    if spec.binary:
        if not raw.strip():
            raise InputError(f"{name} is empty: there is nothing to narrate")
        document = spec.load()(raw, path, title)
    else:
        decoded = decode_html(raw, name) if kind == "html" else decode_text(raw, name)
        if not decoded.text.strip():
            raise InputError(f"{name} is empty: there is nothing to narrate")
        document = spec.load()(decoded.text, path, title)
        warning = decoded.warning
    if not document.paragraphs:
        raise InputError(f"{name} has no readable text: there is nothing to narrate")
    if warning:
        document = _with_warning(document, warning)
    return document


def _with_warning(document: Document, warning: str) -> Document:
    from dataclasses import replace

    return replace(document, warnings=document.warnings + (warning,))
