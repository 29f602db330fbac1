"""Words in angle brackets, as plain text writes them: e-mail's 'Name <address>' and wire
copy's company names and tickers ('acquired <Gulfex Inc>', 'American Express Co <AXP>').

The brackets would otherwise be read as "less than ... greater than" or, with the words
inside, dropped altogether. What is said instead:

| written | said |
| --- | --- |
| `Linus Torvalds <torvalds@linux-foundation.org>` | Linus Torvalds (the address is not read) |
| `write to <news@example.com>` | write to news@example.com (read as an address) |
| `<https://example.com/a>` | the address, as any web address is read |
| `acquired <Gulfex Inc>, a Houston...` | acquired Gulfex Inc, a Houston... |
| `American Express Co <AXP>`, `<AXP.N>` | American Express Co (AXP): the ticker, spelled |
| `copy <file> to <target dir>` | copy file to target dir: a placeholder is its words |

A bracket must open after a space or at the start and close before a space or punctuation,
with no space just inside it, so comparisons ('x<y', 'a < b and c > d') are left for the
normaliser, which says them ("less than"); so is anything else (`</p>`, `<a href=...>`).
"""

from __future__ import annotations

import re

_ADDRESS = r"[^\s<>@()\[\],;:\"]+@[^\s<>@()\[\],;:\"]+\.[^\s<>@()\[\],;:\"]+"
# A name before an address: a capitalised word ("Alan", "Junio C Hamano") or a quoted name.
_NAME_BEFORE = re.compile(r"(?:[\"'][^\"'\n]{1,60}[\"']|\b[A-Z][\w.'\-]*)[ \t]*$")
_BRACKETED = re.compile(r"(?P<space>[ \t]*)(?<![\w<>])<(?P<inner>[^<>\s](?:[^<>\n]{0,118}[^<>\s])?)>(?![\w<>])")
_WEB = re.compile(r"(?:URL:)?(?P<url>(?:https?|ftp)://\S+|www\.\S+)", re.IGNORECASE)
_TICKER = re.compile(r"(?P<symbol>[A-Z][A-Z0-9&]{0,5})(?:\.(?:[A-Z]{1,2}|[A-Z]{2}\d?))?")
# A name, a company or a placeholder: up to six words ('Gulfex Inc', 'TEXAS AIR CORP', 'file').
_WORDS = re.compile(r"[^\W_][\w.'&\-]*(?:[ ][\w.'&\-]+){0,5}")


def angle_brackets(text: str) -> str:
    """`text` with its bracketed addresses, names and tickers rewritten as they are said."""
    if "<" not in text:
        return text
    return _BRACKETED.sub(lambda match: _said(match, text), text)


def _said(match: re.Match[str], text: str) -> str:
    inner, space = match.group("inner"), match.group("space")
    if re.fullmatch(rf"(?:mailto:)?{_ADDRESS}", inner, re.IGNORECASE):
        if _NAME_BEFORE.search(text[:match.start("space")]):
            return ""  # 'Linus Torvalds <torvalds@...>': the name says who
        return space + re.sub(r"^mailto:", "", inner, flags=re.IGNORECASE)
    web = _WEB.fullmatch(inner)
    if web:
        return space + web.group("url")
    ticker = _TICKER.fullmatch(inner)
    if ticker and len(inner) <= 9:
        return f"{space}({ticker.group('symbol')})"
    if _WORDS.fullmatch(inner):
        return space + inner  # '<Gulfex Inc>', '<file>': the words themselves
    return match.group(0)


def without_addresses(names: str) -> str:
    """'Linus Torvalds <torvalds@...>, Junio C Hamano <gitster@...>' -> 'Linus Torvalds,
    Junio C Hamano': the people of an e-mail's From line, as an author tag names them."""
    from email.utils import getaddresses

    people = [name or address for name, address in getaddresses([names]) if name or address]
    return ", ".join(people)
