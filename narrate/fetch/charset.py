"""A fetched page's text: the charset from the HTTP header, else UTF-8 where the bytes are
UTF-8, else the encoding a <meta> tag declares, else Windows-1252 (what browsers assume for an
undeclared legacy page).

Only the encodings of the WHATWG Encoding Standard (what browsers decode) are honoured
(narrate.text.readers.charsets), and the text is always valid Unicode.
"""

from __future__ import annotations

import codecs
import re

from narrate.text.readers.charsets import web_encoding
from narrate.text.readers.decode import decode_html, decode_text

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_text(text: str) -> str:
    """`text` with any lone surrogate replaced by U+FFFD, so it encodes to UTF-8 everywhere."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def page_text(content: bytes, header: str | None, name: str) -> str:
    """Decode a page; a byte-order mark wins, as in browsers, then the header's charset, then
    valid UTF-8, then what its markup declares."""
    if content.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return valid_text(decode_text(content, name).text)
    encoding = web_encoding(header)
    if encoding is not None:
        return valid_text(content.decode(encoding, errors="replace"))
    return valid_text(decode_html(content, name).text)
