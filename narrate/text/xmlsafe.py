"""Text that XML (feeds, web pages) and tag frames can carry: no control characters, no
lone surrogates, no noncharacters.

One bad character in one episode's title (a C0 control from an ID3 tag, a byte of a file
name that is not UTF-8) must not stop a whole feed from being written: it is dropped
where the text is written out, here.
"""

from __future__ import annotations

import re

# XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_safe(text: str) -> str:
    """`text` without the characters XML 1.0 forbids (C0 controls but tab and newlines,
    surrogates such as a non-UTF-8 file name's escaped bytes, U+FFFE and U+FFFF)."""
    return _NOT_XML.sub("", text)


def xml_safe_or_none(text: str | None) -> str | None:
    return None if text is None else xml_safe(text)
