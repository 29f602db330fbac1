"""Turn raw bytes into text: UTF-8 (BOM or not), UTF-16 with BOM, the legacy encoding a page
declares (a saved GB2312 or Shift_JIS page), or a Windows-1252 fallback.

Binary files are refused here so no reader ever has to guess about them.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from dataclasses import dataclass

from narrate.errors import InputError
from narrate.text.readers.charsets import declared_charsets
from narrate.text.readers.mojibake import repaired

_SNIFF_BYTES = 8192
# ISO-2022-JP's escapes into JIS X 0208 ('ESC $ B', 'ESC $ @') and back to ASCII
_ISO_2022_JP = re.compile(rb"\x1b\$[B@].*?\x1b\([BJ]", re.DOTALL)
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


def decode_text(data: bytes, name: str = "input", declared: Sequence[str] = ()) -> DecodedText:
    """Decode `data`; never raises UnicodeDecodeError, only InputError for binary data.

    Valid UTF-8 is UTF-8 whatever a page declares (a browser that saves a page as UTF-8 may
    keep its old <meta charset>). Otherwise the first `declared` encoding (Python codec names,
    from narrate.text.readers.charsets) that decodes the bytes wins: a page from a Chinese
    site in GB2312 read as Windows-1252 was spoken as mojibake."""
    for bom, encoding in ((codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16")):
        if data.startswith(bom):
            return DecodedText(_normalise_newlines(data.decode(encoding, errors="replace")), encoding)
    if looks_binary(data):
        raise InputError(
            f"{name} looks like a binary file, not text: give narrate a text, Markdown, HTML or EPUB file"
        )
    if _ISO_2022_JP.search(data[:_SNIFF_BYTES]):  # 7-bit, so valid UTF-8 too, but its escapes say what it is
        try:
            return DecodedText(_normalise_newlines(data.decode("iso2022_jp")), "iso2022_jp")
        except UnicodeDecodeError:
            pass
    try:
        return DecodedText(repaired(_normalise_newlines(data.decode("utf-8-sig"))), "utf-8")
    except UnicodeDecodeError as exc:
        position = exc.start
    legacy = [encoding for encoding in declared if encoding != "utf-8" and not encoding.startswith("utf-16")]
    disagree = (f"; it declares {len(legacy)} encodings ({', '.join(legacy)}): save it as UTF-8 if some "
                "characters look wrong") if len(legacy) > 1 else ""
    for encoding in legacy:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return DecodedText(_normalise_newlines(text), encoding, f"{name} is read as {encoding}{disagree}" if disagree else None)
    if legacy:
        encoding = legacy[0]
        return DecodedText(_normalise_newlines(data.decode(encoding, errors="replace")), encoding,
                           f"{name} is not valid {encoding} as it declares; some characters could not be read")
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


def decode_html(data: bytes, name: str = "input") -> DecodedText:
    """A page's bytes decoded as decode_text does, with the encodings its markup declares."""
    return decode_text(data, name, declared_charsets(data))


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")
