"""What encoding a page says it is in: the labels of the WHATWG Encoding Standard (what
browsers decode), found in a <meta> tag or an XML declaration.

A page cannot name one of Python's other codecs: `rot13`, `base64`, `zlib` or `idna` are not
text encodings at all, and UTF-7 decodes to lone surrogates (browsers refuse it too). Such a
label is ignored, as an unknown one is.
"""

from __future__ import annotations

import codecs
import re

_META_CHARSET = re.compile(rb"<meta[^>]{0,512}?charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]{1,40})", re.IGNORECASE)
# Labels the Encoding Standard gives another meaning than Python's codec of that name.
_WEB_ALIASES = {
    "iso-8859-1": "cp1252", "iso8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252", "l1": "cp1252",
    "us-ascii": "cp1252", "ascii": "cp1252", "windows-1252": "cp1252", "iso-8859-9": "cp1254",
    "iso8859-9": "cp1254", "latin5": "cp1254", "iso-8859-11": "cp874", "tis-620": "cp874",
    "gb2312": "gb18030", "gbk": "gb18030", "x-gbk": "gb18030", "gb_2312-80": "gb18030",
    "big5": "big5hkscs", "shift_jis": "cp932", "sjis": "cp932", "ms_kanji": "cp932", "x-sjis": "cp932",
    "windows-31j": "cp932", "euc-kr": "cp949", "ks_c_5601-1987": "cp949", "utf-16": "utf-16-le",
    "unicode": "utf-16-le", "ucs-2": "utf-16-le", "x-mac-roman": "mac-roman", "macintosh": "mac-roman",
    "mac": "mac-roman", "csmacintosh": "mac-roman", "x-mac-cyrillic": "mac-cyrillic",
    "x-mac-ukrainian": "mac-cyrillic", "windows-874": "cp874", "dos-874": "cp874", "iso-8859-8-i": "iso8859-8",
    "csiso88598i": "iso8859-8", "logical": "iso8859-8", "koi8": "koi8-r", "koi": "koi8-r", "koi8_r": "koi8-r",
    "cskoi8r": "koi8-r", "koi8-ru": "koi8-u", "unicode-1-1-utf-8": "utf-8", "unicode20utf8": "utf-8",
    "x-unicode20utf8": "utf-8", "x-cp1250": "cp1250", "x-cp1251": "cp1251", "x-cp1252": "cp1252",
    "x-cp1253": "cp1253", "x-cp1254": "cp1254", "x-cp1255": "cp1255", "x-cp1256": "cp1256",
    "x-cp1257": "cp1257", "x-cp1258": "cp1258", "x-euc-jp": "euc_jp", "cseucpkdfmtjapanese": "euc_jp",
    "csiso2022jp": "iso2022_jp", "csshiftjis": "cp932", "x-ms-cp932": "cp932", "cn-big5": "big5hkscs",
    "x-x-big5": "big5hkscs", "csbig5": "big5hkscs", "csgb2312": "gb18030", "chinese": "gb18030",
    "iso-ir-58": "gb18030", "csiso58gb231280": "gb18030", "ks_c_5601-1989": "cp949", "korean": "cp949",
    "windows-949": "cp949", "csksc56011987": "cp949", "iso-ir-149": "cp949", "ksc5601": "cp949",
    "ksc_5601": "cp949", "unicodefffe": "utf-16-be", "csunicode": "utf-16-le", "iso-10646-ucs-2": "utf-16-le",
    "unicodefeff": "utf-16-le",
}
# Python's names of the Encoding Standard's encodings (its "replacement" and x-user-defined
# decoders have no Python codec: a page naming them is read as undeclared).
_WEB_ENCODINGS = frozenset({
    "utf-8", "cp866", "iso8859-2", "iso8859-3", "iso8859-4", "iso8859-5", "iso8859-6", "iso8859-7",
    "iso8859-8", "iso8859-10", "iso8859-13", "iso8859-14", "iso8859-15", "iso8859-16", "koi8-r", "koi8-u",
    "mac-roman", "mac-cyrillic", "cp874", "cp1250", "cp1251", "cp1252", "cp1253", "cp1254", "cp1255",
    "cp1256", "cp1257", "cp1258", "gb18030", "big5hkscs", "euc_jp", "iso2022_jp", "cp932", "cp949",
    "utf-16-le", "utf-16-be",
})


def web_encoding(label: str | None) -> str | None:
    """The Python codec for an encoding label a page or header gives, or None when browsers
    would not decode with it."""
    if not label:
        return None
    label = label.strip().lower()
    label = _WEB_ALIASES.get(label, label)
    try:
        name = codecs.lookup(label).name
    except (LookupError, ValueError):
        return None
    return name if name in _WEB_ENCODINGS else None


_XML_ENCODING = re.compile(rb"^\s*<\?xml[^>]{0,200}?encoding\s*=\s*[\"']([A-Za-z0-9_.:-]{1,40})", re.IGNORECASE)
_HIDDEN = re.compile(rb"<!--.*?(?:-->|$)|<script\b.*?(?:</script\s*>|$)", re.IGNORECASE | re.DOTALL)
_META_TAG = re.compile(rb"<meta\b([^>]*)", re.IGNORECASE)
_ATTRIBUTE = re.compile(rb"""([^\s=/>"']+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?""")
_CHARSET_IN_CONTENT = re.compile(rb"charset\s*=\s*[\"']?\s*([A-Za-z0-9_.:-]{1,40})", re.IGNORECASE)
_DECLARATIONS = 8  # a page declares once or twice (an archive's toolbar adds one); no more are kept
SNIFF_BYTES = 4096


def declared_charsets(content: bytes) -> list[str]:
    """The encodings the markup declares near its top (its XML declaration, then its <meta
    charset> and <meta http-equiv="Content-Type"> tags, as a browser's prescan reads them:
    not a 'charset=' in a description, a comment or a script), as Python codec names, in
    order, without repeats or labels browsers would not decode with."""
    head = content[:SNIFF_BYTES]
    declared = _XML_ENCODING.match(head)
    labels = [declared.group(1)] if declared else []
    for tag in _META_TAG.finditer(_HIDDEN.sub(b" ", head)):
        attributes: dict[bytes, bytes] = {}
        for name, *values in _ATTRIBUTE.findall(tag.group(1)):
            attributes.setdefault(name.lower(), next((value for value in values if value), b""))
        if b"charset" in attributes:
            labels.append(attributes[b"charset"])
        elif attributes.get(b"http-equiv", b"").strip().lower() == b"content-type":
            found = _CHARSET_IN_CONTENT.search(attributes.get(b"content", b""))
            if found:
                labels.append(found.group(1))
    encodings: list[str] = []
    for label in labels:
        encoding = web_encoding(label.decode("ascii", "replace"))
        if encoding is not None and encoding not in encodings:
            encodings.append(encoding)
        if len(encodings) == _DECLARATIONS:
            break
    return encodings
