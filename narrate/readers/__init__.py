"""Readers: one per file format, each producing the same Document.

`read_document` is the only entry point: it loads bytes, decodes them, and picks a reader
from `--format` or the file's extension.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from narrate.errors import InputError
from narrate.model import Document
from narrate.readers.decode import decode_text
from narrate.readers.text import read_text

# A reader takes decoded text, the source name and an optional forced title.
Reader = Callable[[str, "str | None", "str | None"], Document]

READERS: dict[str, Reader] = {"txt": read_text}
EXTENSIONS: dict[str, str] = {".txt": "txt", ".text": "txt", "": "txt"}


def supported_extensions() -> list[str]:
    return sorted(ext for ext in EXTENSIONS if ext)


def format_for(path: str, forced: str | None = None) -> str:
    """The reader name for a path: `forced` wins, then the extension, then plain text."""
    if forced:
        if forced not in READERS:
            raise InputError(f"unknown format {forced!r}: choose one of {', '.join(sorted(READERS))}")
        return forced
    suffix = Path(path).suffix.lower() if path != "-" else ""
    return EXTENSIONS.get(suffix, "txt")


def load_bytes(path: str) -> bytes:
    """Read a file, or stdin for '-', with errors a user can act on."""
    if path == "-":
        return sys.stdin.buffer.read()
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file")
    if p.is_dir():
        raise InputError(f"{path} is a directory: give a file (or a folder to the batch command)")
    try:
        return p.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from exc


def read_document(path: str, fmt: str | None = None, title: str | None = None,
                  data: bytes | None = None) -> Document:
    """Read `path` (or the given bytes) into a Document; refuse empty or binary input."""
    raw = load_bytes(path) if data is None else data
    name = "stdin" if path == "-" else path
    decoded = decode_text(raw, name)
    if not decoded.text.strip():
        raise InputError(f"{name} is empty: there is nothing to narrate")
    reader = READERS[format_for(path, fmt)]
    document = reader(decoded.text, path, title)
    if not document.paragraphs:
        raise InputError(f"{name} has no readable text: there is nothing to narrate")
    if decoded.warning:
        document = _with_warning(document, decoded.warning)
    return document


def _with_warning(document: Document, warning: str) -> Document:
    from dataclasses import replace

    return replace(document, warnings=document.warnings + (warning,))
