"""A fetched page's text: the charset from the HTTP header, else from a <meta> tag, else
UTF-8 or Windows-1252 (what browsers assume for an undeclared legacy page).
"""

from __future__ import annotations

import codecs
import re

from narrate.text.readers.decode import decode_text

_META_CHARSET = re.compile(rb"<meta[^>]+charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]+)", re.IGNORECASE)
# As the WHATWG encoding standard says: these labels mean windows-1252 on the web.
_WEB_ALIASES = {"iso-8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252", "us-ascii": "cp1252",
                "ascii": "cp1252", "iso8859-1": "cp1252", "windows-1252": "cp1252"}


def declared_charset(content: bytes, header: str | None) -> str | None:
    """The page's declared encoding, as a Python codec name, or None when it declares none."""
    candidates = [header]
    match = _META_CHARSET.search(content[:4096])
    if match:
        candidates.append(match.group(1).decode("ascii", "replace"))
    for label in candidates:
        if not label:
            continue
        label = _WEB_ALIASES.get(label.lower(), label.lower())
        try:
            return codecs.lookup(label).name
        except LookupError:
            continue
    return None


def page_text(content: bytes, header: str | None, name: str) -> str:
    """Decode a page; a byte-order mark wins, as in browsers."""
    if content.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return decode_text(content, name).text
    encoding = declared_charset(content, header)
    if encoding is not None:
        return content.decode(encoding, errors="replace")
    return decode_text(content, name).text
