"""Text for speech: an ordered tuple of small pure text-in/text-out functions.

Each function does one job and has its own table of tests. Order matters: later
functions see the output of earlier ones. `normalize` runs them all.

Rewrites are only for what eSpeak NG reads badly; what it already reads well ("1,200",
"3.5", "50%", "21st", "3:30 pm", "Mr.", "e.g.", "U.S.", "&") is left alone. Each choice was
checked against the engine's own phoneme output (tests/test_engine_reading.py keeps it so).
Every output is plain words and digits no rule matches again, so normalising is idempotent.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable

from narrate.text.wordlists import (
    ABBREVIATIONS,
    AGENCIES,
    CURRENCIES,
    DECADES,
    EDITORIAL_NOTES,
    FRACTIONS,
    MONTH_ABBREVIATIONS,
    MONTHS,
    SCALES,
    SENTENCE_STARTERS,
    SYMBOLS,
    UNITS,
)

TextFunction = Callable[[str], str]

_QUOTES = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
})
_SUPERSCRIPTS = "\u00b9\u00b2\u00b3\u2070\u2074\u2075\u2076\u2077\u2078\u2079"


def superscript_footnotes(text: str) -> str:
    """'word¹' is a footnote marker: dropped before NFKC would turn it into 'word1'."""
    return re.sub(rf"(?<=[^\W\d_]{{3}})[{_SUPERSCRIPTS}]+|[\u2020\u2021]", "", text)


def unicode_compatibility(text: str) -> str:
    """NFKC folds ligatures, full-width letters and non-breaking spaces into plain forms."""
    return unicodedata.normalize("NFKC", text)


def control_characters(text: str) -> str:
    """Control characters and odd spaces become plain spaces before any rule looks at the text."""
    if not text.replace("\n", "").isprintable():  # the usual case skips the walk: a novel, 0.1 s
        text = "".join(ch if ch.isprintable() or ch == "\n" else " " for ch in text)
    return re.sub(r"[^\S\n]+", " ", text)


def plain_quotes(text: str) -> str:
    """Curly and angled quotes become straight ones the engine treats consistently."""
    return text.translate(_QUOTES)


_PERMALINK = re.compile(
    r"\s*(?:\u00b6|\U0001f517|\u2693|\(?permalink to this (?:headline|heading|definition|section|"
    r"table|code|image|equation)\)?)\s*|\s+#\s*$",
    re.IGNORECASE,
)


def permalink_marks(text: str) -> str:
    """The '\u00b6', '#' or link icon a docs page puts after a heading to link to it, and its
    'Permalink to this headline' title, are not part of the text (Sphinx, MkDocs, Read the Docs)."""
    cleaned = _PERMALINK.sub(" ", text)
    return text if cleaned == text else cleaned.strip()


_ENTITY = re.compile(r"&(?:[a-zA-Z]{2,8}|#\d{1,6}|#[xX][0-9a-fA-F]{1,6});")
_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>|<!--.*?-->")
_OPERATORS = ("<=", ">=", "==", "!=", "=>", "->", "<-")
_SYMBOL_RUN = re.compile(r"(?<!\S)[^\w\s.,;:!?'\"()\[\]$\u00a3\u20ac\u00a5%&@]{2,}(?!\S)")


def stray_markup(text: str) -> str:
    """Left-over markup is not read: HTML tags and entities, backticks, and runs of symbols
    that are decoration ('-*-', '***', '===', '##'), not words or comparison signs."""
    for _ in range(3):  # '&amp;lt;' is '<' after two rounds
        unescaped = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
        if unescaped == text:
            break
        text = unescaped
    text = _TAG.sub(" ", text).replace("`", "")
    return _SYMBOL_RUN.sub(lambda m: m.group(0) if m.group(0) in _OPERATORS or "--" in m.group(0)
                           and not m.group(0).strip("-") else " ", text)


_NOTES = "|".join(re.escape(note) for note in sorted(EDITORIAL_NOTES, key=len, reverse=True))
_FOOTNOTE = re.compile(
    rf"\s?\[(?:\^[\w\-]{{1,20}}|\d{{1,3}}|[a-z]|note \d+|(?:{_NOTES})\s*(?:[:?\-\u2013\u2014][^\]]*)?)\]",
    re.IGNORECASE,
)


def footnotes_and_editorial_notes(text: str) -> str:
    """'[1]', '[sic]', '[citation needed]' and '[Update: ...]' are not read; '[he]' is."""
    return _FOOTNOTE.sub("", text)


_MONTH_WORD = r"(?:JAN|FEB|MAR|APR|MAY|JUNE?|JULY?|AUG|SEPT?|OCT|NOV|DEC)[A-Z]*\.?\s+\d"
_PLACE_WORD = rf"(?!{_MONTH_WORD})[A-Z][A-Z'.\-]+"
_PLACE = rf"{_PLACE_WORD}(?:[ ,]+{_PLACE_WORD})*"
_DATELINE = re.compile(
    rf"^(?P<place>{_PLACE}(?:\s*/\s*{_PLACE})*)"
    r"(?:,\s*(?P<date>(?:[A-Z][a-z]{2,8}|[A-Z]{3,9})\.?\s+\d{1,2}))?"
    r"\s*(?:\((?P<agency>[A-Za-z][A-Za-z .&\-]{1,40})\)\s*)?"
    r"\s*[-\u2013\u2014]{1,2}\s+"
)


def dateline_length(text: str) -> int:
    """How many leading characters of `text` are a dateline ('BEIRUT (Reuters) - '); 0 if none."""
    match = _DATELINE.match(text)
    if not match:
        return 0
    places = match.group("place").split("/")
    if not (match.group("agency") or match.group("date")) and (
            len(places) < 2 or any(len(re.sub(r"\W", "", place)) < 4 for place in places)):
        return 0
    return match.end()


def _place_name(place: str) -> str:
    words = re.split(r"\s+", place.strip(" ,"))
    return " ".join(word.capitalize() if word.isupper() else word for word in words)


def datelines(text: str) -> str:
    """'BEIRUT/MOSCOW (Reuters) \u2013 Talks...' -> 'Beirut and Moscow, Reuters. Talks...'.

    A dateline is a capitalised place (or several, joined by slashes) at the start, then an
    agency in brackets or a date, then a dash; one capitalised word and a dash alone ("NASA -
    the agency") is not one. eSpeak would say "slash" and read "AP" as a word.
    """
    if not dateline_length(text):
        return text
    match = _DATELINE.match(text)
    assert match is not None
    places = [_place_name(place) for place in match.group("place").split("/")]
    parts = [places[0] if len(places) == 1 else ", ".join(places[:-1]) + " and " + places[-1]]
    if match.group("date"):
        month, day = match.group("date").split(None, 1)
        parts.append(f"{month.capitalize() if month.isupper() else month} {day}")
    if match.group("agency"):
        agency = re.sub(r"\s+", " ", match.group("agency").strip())
        parts.append(AGENCIES.get(agency, agency))
    return ", ".join(parts) + ". " + text[match.end():]


_URL = re.compile(r"\b(?:https?://|ftp://|www\.)[^\s<>\"'()\[\]]+", re.IGNORECASE)


def urls(text: str) -> str:
    """A web address is 'a link to example dot com': its host only, never spelled out."""
    def say(match: re.Match[str]) -> str:
        url = match.group(0).rstrip(".,;:!?")
        trailing = match.group(0)[len(url):]
        host = re.sub(r"^(?:https?|ftp)://", "", url, flags=re.IGNORECASE)
        host = re.split(r"[/?#:]", host, maxsplit=1)[0]
        host = re.sub(r"^www\.", "", host, flags=re.IGNORECASE).split("@")[-1]
        spoken = " dot ".join(part for part in host.split(".") if part)
        return (f"a link to {spoken}" if spoken else "a link") + trailing
    return _URL.sub(say, text)


_CURRENCY_SYMBOLS = "|".join(re.escape(s) for s in sorted(CURRENCIES, key=len, reverse=True))
# "$5m" but not "$5 T-shirts": a short scale must touch the number, a word may follow a space.
_SCALE_SHORT = "|".join(sorted((k for k in SCALES if len(k) <= 2), key=len, reverse=True))
_SCALE_LONG = "|".join(sorted((k for k in SCALES if len(k) > 2), key=len, reverse=True))
_AMOUNT = r"\d{1,3}(?:,\d{3})+|\d+"
_MONEY = re.compile(
    rf"(?<![\w$])(?P<symbol>{_CURRENCY_SYMBOLS})\s?(?P<amount>{_AMOUNT})(?P<decimals>\.\d+)?"
    rf"(?:[-\u2013](?:{_CURRENCY_SYMBOLS})?(?P<to>(?:{_AMOUNT})(?:\.\d+)?)(?![-\u2013]?\d))?"
    rf"(?:(?P<scale>(?i:{_SCALE_SHORT}))\b|\s?(?P<scale_word>(?i:{_SCALE_LONG}))\b)?"
)


def currency(text: str) -> str:
    """'$5.2bn' -> '5.2 billion dollars', '£1,200' -> '1,200 pounds', '$4.50' -> '4 dollars 50 cents'.

    eSpeak reads the symbol first ("$5" is "dollar five"), so the unit moves after the number.
    """
    def say(match: re.Match[str]) -> str:
        one, many, minor_one, minor_many = CURRENCIES[match.group("symbol")]
        amount, decimals = match.group("amount"), match.group("decimals") or ""
        scale = match.group("scale") or match.group("scale_word")
        scale_word = f" {SCALES[scale.lower()]}" if scale else ""
        if match.group("to"):  # "$5-10" -> "5 to 10 dollars"
            return f"{amount}{decimals} to {match.group('to')}{scale_word} {many}"
        if scale:
            return f"{amount}{decimals}{scale_word} {many}"
        if len(decimals) == 3 and minor_many:
            cents = int(decimals[1:])
            minor = f"{cents} {minor_one if cents == 1 else minor_many}"
            if amount.strip("0") == "":
                return minor
            return f"{amount} {one if amount == '1' else many} {minor}"
        return f"{amount}{decimals} {one if amount == '1' and not decimals else many}"
    text = re.sub(rf"(?:(?:{_CURRENCY_SYMBOLS})\s?)+(?=(?:{_CURRENCY_SYMBOLS})\s?\d)", "", text)  # "£ $5"
    return _MONEY.sub(say, text)


def hex_numbers(text: str) -> str:
    """'0x10FFFF' -> 'hex 10 F F F F': eSpeak reads it as one odd word ("zero x ten F..."),
    narrate as hex digits in groups."""
    def say(match: re.Match[str]) -> str:
        groups = re.findall(r"\d+|[A-Fa-f]", match.group(1))
        return "hex " + " ".join(group.upper() for group in groups)
    return re.sub(r"\b0[xX]([0-9A-Fa-f]+)\b", say, text)


def scale_suffixes(text: str) -> str:
    """'2bn people' -> '2 billion people' ('m' alone is left: it may be metres)."""
    return re.sub(r"\b(\d+(?:\.\d+)?)(bn|tn)\b", lambda m: f"{m.group(1)} {SCALES[m.group(2)]}", text)


def _month(number: str) -> str | None:
    value = int(number)
    return MONTHS[value - 1] if 1 <= value <= 12 else None


def numeric_dates(text: str) -> str:
    """'2024-01-05' -> 'January 5, 2024'; '25/12/2024' -> '25 December 2024'.

    A slashed date whose first number can be a month is read month first (US order).
    """
    def iso(match: re.Match[str]) -> str:
        year, month, day = match.groups()
        name = _month(month)
        if not name or not 1 <= int(day) <= 31:
            return match.group(0)
        return f"{name} {int(day)}, {year}"

    def slashed(match: re.Match[str]) -> str:
        first, second, year = match.groups()
        if _month(first) and 1 <= int(second) <= 31:
            return f"{_month(first)} {int(second)}, {year}"
        if _month(second) and 1 <= int(first) <= 31:
            return f"{int(first)} {_month(second)} {year}"
        return match.group(0)

    text = re.sub(r"\b(\d{4})-(\d{2})-(\d{2})\b", iso, text)
    return re.sub(r"\b(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})\b", slashed, text)


def month_abbreviations(text: str) -> str:
    """'Jan. 5' -> 'January 5' (only before a day number, so 'Mar.' as a word is safe)."""
    names = "|".join(MONTH_ABBREVIATIONS)
    return re.sub(rf"\b({names})\.?(?=\s+\d{{1,2}}\b)",
                  lambda m: MONTH_ABBREVIATIONS[m.group(1)], text)


_RANGE_INTRODUCERS = {"pages", "page", "ages", "chapters", "sections", "from", "between", "verses"}


def ranges(text: str) -> str:
    """'2015-2018' -> '2015 to 2018', '2015-18' -> '2015 to 2018', '10-12 people' -> '10 to 12 people'.

    eSpeak says "dash". Not ranges: phone numbers (555-1234), codes in a longer hyphen chain,
    or a number straight after a name ("Boeing 737-800", "COVID-19").
    """
    def say(match: re.Match[str]) -> str:
        start, end = match.group("start"), match.group("end")
        before = text[:match.start()].rstrip()
        previous = before.split()[-1] if before.split() else ""
        word = previous.lower().strip(",:(")
        sentence_start = (not re.search(r"\w", before[:-len(previous)])
                          or before[:-len(previous)].rstrip()[-1:] in ".!?")
        if previous[:1].isupper() and not sentence_start and word not in _RANGE_INTRODUCERS | SENTENCE_STARTERS:
            return match.group(0)  # "Boeing 737-800": a model number after a name
        if len(start) == 4 and len(end) == 2 and int(start[2:]) < int(end):
            end = start[:2] + end  # 2015-18
        elif len(start) == 3 and len(end) == 4:
            return match.group(0)  # a phone number
        elif len(end) > len(start) + 1:
            return match.group(0)
        return f"{start} to {end}"
    text = re.sub(r"(?i)\b(\d{1,2}(?::\d\d)?\s?(?:am|pm|a\.m\.|p\.m\.))\s?[-\u2013]\s?(?=\d)", r"\1 to ", text)
    return re.sub(r"(?<![\w.,/-])(?P<start>\d{1,4})[-\u2013](?P<end>\d{1,4})(?![\w/-]|[.,]\d)", say, text)


def decades(text: str) -> str:
    """'1950s' -> '19 fifties', '2000s' -> '2 thousands', "'90s" -> 'nineties'."""
    def full(match: re.Match[str]) -> str:
        century, decade = match.group(1), int(match.group(2))
        if decade == 0 and century.endswith("0"):
            return f"{century[0]} thousands"
        return f"{int(century)} {DECADES[decade]}"

    text = re.sub(r"\b(1\d|20)(\d)0s\b", full, text)
    return re.sub(r"(?<![\w'])'?([1-9])0s\b", lambda m: DECADES[int(m.group(1))], text)


_YEAR_CONTEXT = r"(?:in|since|until|by|from|during|before|after|around|of|early|late|mid|circa|to|and|between)"


def years(text: str) -> str:
    """'in 1950' -> 'in 19 50' ("nineteen fifty", not "nineteen hundred fifty"); 'in 1905' -> 'in 19 oh 5'.

    Only after a word that introduces a year, or after a month and day, so "1950 people" stays.
    """
    def say(match: re.Match[str]) -> str:
        year = match.group("year")
        century, rest = year[:2], int(year[2:])
        if rest == 0:
            return match.group(0)  # "1900" is read "nineteen hundred" already
        tail = f"oh {rest}" if rest < 10 else str(rest)
        return f"{match.group('lead')}{century} {tail}"
    months = "|".join([*MONTHS, *(rf"{short}\.?" for short in MONTH_ABBREVIATIONS)])
    return re.sub(
        rf"(?P<lead>\b(?:{_YEAR_CONTEXT}|(?:{months})(?: \d{{1,2}},?)?) )(?P<year>1[1-9]\d\d)\b(?![,.]\d)",
        say, text, flags=re.IGNORECASE,
    )


def times(text: str) -> str:
    """'3:05' -> '3 oh 5', '12:00' -> "12 o'clock", '15:00' -> '15 hundred'; '3:30' is left.

    eSpeak reads "3:05" as "three zero five" and "12:00" as "twelve zero zero".
    """
    def say(match: re.Match[str]) -> str:
        hour, minute = int(match.group(1)), int(match.group(2))
        if minute == 0:
            return f"{hour} o'clock" if hour <= 12 else f"{hour} hundred"
        if minute < 10:
            return f"{hour} oh {minute}"
        return match.group(0)
    return re.sub(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])", say, text)


def temperatures_and_units(text: str) -> str:
    """'20°C' -> '20 degrees Celsius'; '5km' -> '5 kilometres' (eSpeak spells units out)."""
    text = re.sub(r"(\d)\s?°\s?C\b", r"\1 degrees Celsius", text)
    text = re.sub(r"(\d)\s?°\s?F\b", r"\1 degrees Fahrenheit", text)
    units = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
    return re.sub(rf"\b(\d+(?:\.\d+)?)\s?({units})(?![\w/])", lambda m: f"{m.group(1)} {UNITS[m.group(2)]}", text)


def _fraction(match: re.Match[str]) -> str:
    numerator, denominator = int(match.group(2)), int(match.group(3))
    if denominator not in FRACTIONS or not 0 < numerator < denominator:
        return match.group(0)
    one, many = FRACTIONS[denominator]
    spoken = f"{numerator} {one if numerator == 1 else many}"
    return f"{match.group(1)} and {spoken}" if match.group(1) else spoken


def symbols(text: str) -> str:
    """Slashes, '#', '~', '*' and arrows: '1/2' -> '1 half', 'his/her' -> 'his or her',
    '24/7' -> '24 7', '#1' -> 'number 1', '~5' -> 'about 5'."""
    text = re.sub(r"(?:\b(\d+) )?(?<![\d/])(\d{1,2})/(\d{1,2})(?![\d/])", _fraction, text)
    text = re.sub(r"\b24/7\b", "24 7", text)
    text = re.sub(r"\band/or\b", "and or", text)
    text = re.sub(r"\b([a-z]{2,})/([a-z]{2,})\b(?!/)", r"\1 or \2", text)
    text = re.sub(r"(?<![\w&#])#(?=\d)", "number ", text)
    text = re.sub(r"\b([A-Fa-f])#(?!\w)", r"\1 sharp", text)  # C#, F#
    text = re.sub(r"(?<![\w&])#+(?=[A-Za-z])", "hashtag ", text)
    text = re.sub(r"(?<!\S)~(?=\d)", "about ", text)
    text = re.sub(r"(?<!\w)\*+|\*+(?!\w)", " ", text)
    for symbol, spoken in SYMBOLS.items():
        text = text.replace(symbol, spoken)
    return text


_ABBREVIATION = re.compile(
    r"(?<![\w.])(" + "|".join(re.escape(a) for a in sorted(ABBREVIATIONS, key=len, reverse=True)) + r")(?![\w/])"
)


def abbreviations(text: str) -> str:
    """'Gov. Smith' -> 'Governor Smith', 'i.e.' -> 'that is' (only those eSpeak misreads)."""
    return _ABBREVIATION.sub(lambda m: ABBREVIATIONS[m.group(1)], text)


def dashes_and_ellipses(text: str) -> str:
    """An em or en dash between words is a pause; '...' is one ellipsis pause."""
    text = re.sub(r"(?:\s*[\u2014\u2015]|\s+[\u2013-]{1,2}(?=\s)|(?<=\w)--(?=\w))+\s*", ", ", text)
    text = re.sub(r"\.{3,}|\u2026", "... ", text)
    return text


_SIGNS = {"<=": "less than or equal to", ">=": "greater than or equal to", "==": "equals",
          "!=": "is not equal to", "=>": "gives", "->": "to", "<-": "from", "<": "less than",
          ">": "greater than", "=": "equals"}
_SIGN = re.compile(
    r"(?P<before>^|[\w)\]'\"%.])[^\S\n]*(?P<sign><=|>=|==|!=|=>|->|<-|<|>|=)(?![<>=])"
    r"[^\S\n]*(?=[\w(\-'\"$.])"
)


def signs(text: str) -> str:
    """'if the code point is < 128' -> '... is less than 128': eSpeak drops '<' and '>' without a
    sound, which can say the opposite of the text. Only between things compared ('a >= b',
    'x<5', '< 128' at the start); a sign elsewhere is markup and the last rule removes it."""
    return _SIGN.sub(lambda m: f"{m.group('before')} {_SIGNS[m.group('sign')]} ", text)


# Marks the engine reads as the text means them: pauses, quotes, brackets, and a few signs it
# names well ("&" and, "%" percent, "+" plus, "§" section, "°" degrees, currencies).
# Every other symbol is rewritten or removed by `spoken_symbols`, so none reaches the engine.
KEPT_MARKS = frozenset(".,;:!?'\"()-&%+@\u00a7\u00b1\u00d7\u00b0\u20ac\u00a3\u00a5\u20b9")
_SPOKEN = (
    (re.compile(r"(?<=[^\W_])_+(?=[^\W_])"), " "),  # snake_case -> snake case
    (re.compile(r"(?<![\w'\"])(?:''|\"\")(?![\w'\"])"), " empty string "),
    (re.compile(r"\\"), " backslash "),
    (re.compile(r"(?<=\w)\s?\^\s?(?=\d)"), " to the power of "),
    (re.compile(r"@(?!(?<=\w@)\w)"), " at "),  # news@example.com is read well
    (re.compile(r"(?<=\w)/(?=\w)"), " slash "),
    (re.compile(r"[\[{]"), "("),
    (re.compile(r"[\]}]"), ")"),
    (re.compile(r"\(\s*\)"), ""),  # join() -> join
    (re.compile(r"(?<=\w)[\u2013\u2014](?=\w)"), "-"),
    (re.compile(r"\s*[|\u2013\u2014]\s*"), ", "),
)


_EMPTY_BRACKETS = re.compile(r"\(\s*\)")


def spoken_symbols(text: str) -> str:
    """Every symbol left is decided here, not by the engine: eSpeak names some ('/' slash, '~'
    tilde, '$' dollar) and silently drops others ('<', '|', '^', '_', bullets). Code-like ones
    are read on purpose ('\\d' -> 'backslash d', 'snake_case' -> 'snake case', "''" -> 'empty
    string'); the rest (decoration, bullets, emoji, stray markup) are removed."""
    for pattern, spoken in _SPOKEN:
        text = pattern.sub(spoken, text)
    if not all(ch.isalnum() or ch.isspace() or ch in KEPT_MARKS for ch in text):
        text = "".join(ch if ch.isalnum() or ch.isspace() or ch in KEPT_MARKS
                       or unicodedata.category(ch).startswith("M") else " " for ch in text)
    # what removing others left standing alone ('0 \u00d7\u00d7', '( )')
    return _EMPTY_BRACKETS.sub(" ", _SYMBOL_RUN.sub(" ", text))


def collapse_whitespace(text: str) -> str:
    """Runs of spaces and stray control characters become one space."""
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    return re.sub(r"\s+", " ", text).strip()


def tidy_punctuation(text: str) -> str:
    """No space before punctuation, and no doubled commas left by earlier rules."""
    text = re.sub(r"\s+([,;:!?]|\.(?!\.))", r"\1", text)
    text = re.sub(r",(\s*,)+", ",", text)
    text = re.sub(r"^[,\s]+", "", text)
    text = re.sub(r"\.{4,}", "...", text)  # '... .' closed up is still one ellipsis
    return re.sub(r"\.\.\.(?=\w)", "... ", text)  # as the ellipsis rule spaces it


NORMALIZERS: tuple[TextFunction, ...] = (
    superscript_footnotes,
    unicode_compatibility,
    control_characters,
    plain_quotes,
    permalink_marks,
    stray_markup,
    footnotes_and_editorial_notes,
    datelines,
    urls,
    currency,
    hex_numbers,
    scale_suffixes,
    numeric_dates,
    signs,  # before the number rules: "< 2015-2018" must read as a range on the first pass
    ranges,
    decades,
    years,
    times,
    month_abbreviations,
    temperatures_and_units,
    symbols,
    abbreviations,
    spoken_symbols,
    dashes_and_ellipses,
    collapse_whitespace,
    tidy_punctuation,
)


# The rules that hold in any language: markup, Unicode and whitespace clean-up. The rest say
# numbers, dates, units and abbreviations in English words, so other languages skip them and
# leave those to the engine's own rules for the language.
NEUTRAL_NORMALIZERS: tuple[TextFunction, ...] = tuple(rule for rule in NORMALIZERS if rule in {
    superscript_footnotes, unicode_compatibility, control_characters, plain_quotes, permalink_marks,
    stray_markup, collapse_whitespace, tidy_punctuation,
})  # in NORMALIZERS' order, which is kept in one place


def normalizers_for(language: str | None) -> tuple[TextFunction, ...]:
    """Every rule for English (or an undeclared language); the neutral ones for the others."""
    code = (language or "en").replace("_", "-").split("-", 1)[0].lower()
    return NORMALIZERS if code == "en" else NEUTRAL_NORMALIZERS


MAX_PASSES = 3
# Text of only letters, spaces and sentence punctuation: no rule finds anything new in it.
_SETTLED = re.compile(r"[A-Za-z \t\n,.;:!?'\"()\-]*")


def normalize(text: str, functions: tuple[TextFunction, ...] = NORMALIZERS) -> str:
    """Run every normaliser in order, again until nothing changes (at most MAX_PASSES): a late
    rule can make text an earlier rule rewrites (removing a stray '^' puts '£' beside a number),
    and speech must not depend on how many times a text went through. Plain prose, most of
    any book, settles in one pass and is not checked again."""
    for _ in range(MAX_PASSES):
        before = text
        for function in functions:
            text = function(text)
        if text == before or _SETTLED.fullmatch(text):
            break
    return text
