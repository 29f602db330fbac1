"""Turn raw bytes into text: UTF-8 (BOM or not), UTF-16 with BOM, or a legacy fallback.

Binary files are refused here so no reader ever has to guess about them.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from narrate.errors import InputError
from narrate.text.readers.mojibake import repaired

_SNIFF_BYTES = 8192
# Control characters that never appear in real text (tab, LF, CR, FF, ESC-free).
_BINARY_CONTROLS = set(range(0, 32)) - {9, 10, 12, 13}


@dataclass(frozen=True)
class DecodedText:
    text: str
    encoding: str
    warning: str | None = None


def looks_binary(data: bytes) -> bool:
    """A NUL byte, or many control characters, in the first few KB means not text."""
    head = data[:_SNIFF_BYTES]
    if not head:
        return False
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b in _BINARY_CONTROLS)
    return controls / len(head) > 0.05


def decode_text(data: bytes, name: str = "input") -> DecodedText:
    """Decode `data`; never raises UnicodeDecodeError, only InputError for binary data."""
    for bom, encoding in ((codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return DecodedText(_normalise_newlines(data.decode(encoding, errors="replace")), encoding)
    if looks_binary(data):
        raise InputError(
            f"{name} looks like a binary file, not text: give narrate a text, Markdown, HTML or EPUB file"
        )
    try:
        return DecodedText(repaired(_normalise_newlines(data.decode("utf-8-sig"))), "utf-8")
    except UnicodeDecodeError as exc:
        position = exc.start
    try:
        text = data.decode("cp1252")
        encoding = "cp1252"
    except UnicodeDecodeError:
        text = data.decode("latin-1")
        encoding = "latin-1"
    warning = (
        f"{name} is not valid UTF-8 (first bad byte at offset {position}); "
        f"read it as {encoding}: save it as UTF-8 if some characters look wrong"
    )
    return DecodedText(_normalise_newlines(text), encoding, warning)


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")
