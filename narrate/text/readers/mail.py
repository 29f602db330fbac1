"""E-mail conventions in plain text: the header block, quoted replies and the signature.

A saved message (or a text written like one, as git's howtos are) starts with RFC 822
headers: `Subject` is the title (without 'Re:'), `From` the author (names, not addresses),
`Date` the date; an `Abstract` or `Summary` header is the article's own summary and is read
first; the other headers (Message-ID, References, Content-Type...) are not read. Quoted
lines ('> ...') are read as a quotation, between the spoken labels "Quote." and "End of
quote." (nested levels are one quotation). The signature ('-- ' on its own line and what
follows, at most ten lines at the end; a bare '--' only when one block follows it) is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

QUOTE_OPENS = "Quote."
QUOTE_ENDS = "End of quote."

_FIELD = re.compile(r"(?P<name>[A-Za-z][A-Za-z0-9\-]{0,40}):(?:[ \t]+(?P<value>.*)|[ \t]*)$")
_CONTINUATION = re.compile(r"[ \t]+\S")
# Fields a message has; a block of 'Word: text' lines is a header block only with one of them.
_MESSAGE_FIELDS = frozenset({"from", "subject", "date", "to", "cc", "message-id", "newsgroups",
                             "in-reply-to", "references", "reply-to", "sender"})
_SUMMARY_FIELDS = ("abstract", "summary")
_REPLY_PREFIX = re.compile(r"^(?:(?:re|fwd?|aw|sv|tr)\s*(?:\[\d+\])?\s*:\s*)+", re.IGNORECASE)
_MBOX_FROM = re.compile(r"From \S+ .*\d{4}\s*$")
_SIGNATURE = re.compile(r"-- ?")
SIGNATURE_MAX_LINES = 10
_QUOTE_MARK = re.compile(r"^[ \t]?(?:>[ \t]*)+")  # every level at once, however spaced ('>  >  > ')


@dataclass(frozen=True)
class Headers:
    """What a message's header block says about it."""

    title: str | None = None
    author: str | None = None
    date: str | None = None
    summary: str | None = None


def split_headers(text: str) -> tuple[Headers | None, str]:
    """The header block at the top of `text`, if it has one, and the text after it."""
    lines = text.lstrip("\n").split("\n")
    if lines and _MBOX_FROM.fullmatch(lines[0]):
        lines = lines[1:]  # an mbox file's envelope line
    fields: list[tuple[str, str]] = []
    end = 0
    for end, line in enumerate(lines):
        if not line.strip():
            break
        field = _FIELD.match(line)
        if field:
            fields.append((field.group("name").lower(), (field.group("value") or "").strip()))
        elif fields and _CONTINUATION.match(line):
            name, value = fields[-1]
            fields[-1] = (name, f"{value} {line.strip()}".strip())
        else:
            return None, text
    else:
        end = len(lines)
    names = {name for name, _ in fields}
    if len(fields) < 2 or not names & _MESSAGE_FIELDS:
        return None, text
    values = dict(reversed(fields))  # the first of a repeated field
    headers = Headers(
        title=_REPLY_PREFIX.sub("", values.get("subject", "")).strip() or None,
        author=_people(values.get("from", "")),
        date=_date(values.get("date", "")),
        summary=next((values[name] for name in _SUMMARY_FIELDS if values.get(name)), None),
    )
    return headers, "\n".join(lines[end:])


def _people(value: str) -> str | None:
    from narrate.text.readers.angles import without_addresses

    return without_addresses(value) or None


def _date(value: str) -> str | None:
    """'Fri, 19 Dec 2008 00:45:19 -0800' -> '2008-12-19'; unparsable dates as written."""
    from email.utils import parsedate_to_datetime

    if not value:
        return None
    try:
        return parsedate_to_datetime(value).date().isoformat()
    except (TypeError, ValueError, IndexError, OverflowError):
        return value


def without_signature(lines: list[str]) -> list[str]:
    """The lines without a closing signature: the last '-- ' line and at most
    SIGNATURE_MAX_LINES lines after it (more than that is text after a separator)."""
    for index in range(len(lines) - 1, -1, -1):
        if _SIGNATURE.fullmatch(lines[index].rstrip("\r")):
            after = lines[index + 1:]
            rest = [line for line in after if line.strip()]
            if lines[index].rstrip("\r") == "--" and _has_blank_inside(after):
                return lines  # '--' without its space, then paragraphs: a separator, not a signature
            if 0 < len(rest) <= SIGNATURE_MAX_LINES:
                return lines[:index]
            return lines
    return lines


def _has_blank_inside(lines: list[str]) -> bool:
    filled = [position for position, line in enumerate(lines) if line.strip()]
    return bool(filled) and any(not line.strip() for line in lines[filled[0]:filled[-1]])


# 'On 03/03/2020 10:12, Jane Learner wrote:', 'On Tue, Mar 3, 2020 at 10:12 AM Jane <jane@example.com>
# wrote:', 'Am 03.03.2020 um 10:12 schrieb Jane Learner:', 'Le 3 mars 2020 à 10:12, Jane a écrit :'
_ATTRIBUTION = re.compile(
    r"(?:On|Am|Le|El|Il|Em|Op)\s+(?P<when>[^\n]{3,80}\d(?:\s*[AaPp]\.?[Mm]\.?|\s+[A-Z]{3,4}|\s+[+-]\d{4})?)"
    r"(?:,|\s+(?:at|um|à|a las|alle|às|om))?\s+(?P<who>[^\n]{2,120}?)\s*"
    r"(?P<verb>wrote|schrieb|a écrit|escribió|ha scritto|escreveu|schreef)\s*:\s*$"
    r"|(?:Am|Le)\s+[^\n]{4,60}?\s+(?P<verb2>schrieb|a écrit)\s+(?P<who2>[^\n]{2,80}?)\s*:\s*$")


ATTRIBUTION_MAX = 200  # characters: a longer line is prose
# Who wrote: a name of up to five words, each capitalised (or a particle), with an address.
_NAMES = re.compile(r"(?:(?:[A-Z\u00c0-\u00de][\w'.\-]*|de|van|von|der|den|da|di|le|la|du|del|y|bin|al)\s+){0,4}"
                    r"[A-Z\u00c0-\u00de][\w'.\-]*(?:\s*<[^<>\s]+>)?|<[^<>\s]+>|\S+@\S+")
# When: a date or time as a mail program writes it ('03/03/2020 10:12', 'Fri, 9 Nov 2007').
_DATED = re.compile(r"\d{1,2}:\d{2}|\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\b\d{1,2}\.?\s+\w+\.?,?\s+\d{4}\b|"
                    r"\b\w{3,9}\.?\s+\d{1,2},?\s+\d{4}\b")


def attribution(text: str) -> str:
    """A reply's attribution line without its date, as a listener wants it: 'Jane Learner
    wrote:' (the date of a message quoted is noise read aloud); other text as it is."""
    line = " ".join(text.split())  # (runs of spaces, no-break ones too, made the pattern cubic)
    if len(line) > ATTRIBUTION_MAX or not (found := _ATTRIBUTION.fullmatch(line)):
        return text
    who = found.group("who2") or found.group("who")
    if not _NAMES.fullmatch(who.strip().rstrip(",")) or not _DATED.search(found.group("when") or line):
        return text  # 'On page 12 of his report, the inspector wrote:' is prose
    if found.group("who2"):
        return f"{found.group('who2').strip()} {found.group('verb2')}:"
    return f"{found.group('who').strip().rstrip(',')} {found.group('verb')}:"


def quote_depth(line: str) -> int:
    """How many '>' marks open the line (0: not quoted)."""
    mark = _QUOTE_MARK.match(line)
    return mark.group(0).count(">") if mark else 0


def unquoted(line: str) -> str:
    """The line without its quote marks."""
    return _QUOTE_MARK.sub("", line, count=1)
