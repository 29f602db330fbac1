"""Text a site encoded twice, repaired before it is read.

Some pages hold UTF-8 that was read as Windows-1252 and saved as UTF-8 again: "isnâ€™t" for
"isn't", "cafÃ©" for "café", "â€œ" for an opening quotation mark. The engines read those letters
("isn a euro t"); ftfy, the library made for this, undoes the double encoding. Of WCXB's 793
development articles, 12 spoke such text. Only text that shows the marks is handed to ftfy: it
works at about a megabyte a second, and most pages have none.
"""

from __future__ import annotations

import re

# The first characters of a UTF-8 sequence read as Windows-1252 or Latin-1, and what follows
# them: 'â€' (U+2018 to U+201D, U+2014 ...), 'Ã' + a continuation ('Ã©'), 'Â' + a Latin-1 sign.
_MOJIBAKE = re.compile("\u00e2\u20ac|\u00e2\u0080|\u00c3[\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e"
                       "\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]"
                       "|\u00c2[\u00a0-\u00bf]")


def repaired(text: str) -> str:
    """`text` with double-encoded runs decoded once ('isnâ€™t' -> 'isn’t'); as it was where it
    shows no sign of them."""
    if not _MOJIBAKE.search(text):
        return text
    from ftfy import fix_encoding

    return fix_encoding(text)
