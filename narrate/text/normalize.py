"""Text for speech: an ordered tuple of small pure text-in/text-out functions.

Each function does one job and has its own table of tests. Order matters: later
functions see the output of earlier ones. `normalize` runs them all.

First the text is cleaned (Unicode, markup, footnote marks, datelines); then the semiotic-class
stage (`narrate.text.readings`) says every number, date, amount, unit, abbreviation and symbol
in words of the text's language; then what symbols are left are said or removed, and
whitespace and punctuation are tidied. Every output is words no rule matches again, so
normalising is idempotent.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Mapping
from functools import lru_cache

from narrate.text.readings.framework import ENGLISH_SYMBOLS
from narrate.text.wordlists import AGENCIES, EDITORIAL_NOTES

TextFunction = Callable[[str], str]

_QUOTES = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
})
_SUPERSCRIPTS = "\u00b9\u00b2\u00b3\u2070\u2074\u2075\u2076\u2077\u2078\u2079"


_SUPERSCRIPT_DIGITS = str.maketrans("\u00b9\u00b2\u00b3\u2070\u2074\u2075\u2076\u2077\u2078\u2079\u207b",
                                    "1230456789-")
# A superscript after a lone letter, a number or a bracket is a power: 'σ²', 'x³', '2⁶⁴', '(n+1)²'
# (a unit, '10 m²', 'in m²', 'per s²', is the measure class's).
_LETTER = "[A-Za-z\u0391-\u03c9]"
_POWER = re.compile(rf"(?:(?<={_LETTER})(?<!\w{_LETTER})(?<!\d {_LETTER})(?<!in {_LETTER})(?<!per {_LETTER})"
                    rf"(?<!/{_LETTER})|(?<=[\d)]))(\u207b?[{_SUPERSCRIPTS}]+)")


def superscript_footnotes(text: str) -> str:
    """'word¹' is a footnote marker: dropped before NFKC would turn it into 'word1'. After a
    lone letter, a number or a bracket a superscript is a power: 'σ²' is 'σ^2'."""
    text = _POWER.sub(lambda m: "^" + m.group(1).translate(_SUPERSCRIPT_DIGITS), text)
    return re.sub(rf"(?<=[^\W\d_]{{3}})[{_SUPERSCRIPTS}]+|[\u2020\u2021]", "", text)


def unicode_compatibility(text: str) -> str:
    """NFKC folds ligatures, full-width letters and non-breaking spaces into plain forms (and
    the ordinal sign typed for a degree, '45\u00ba', which NFKC would make '45o', is a degree)."""
    if "\u00ba" in text:
        text = re.sub(r"(?<=\d)\u00ba", "\u00b0", text)
    return unicodedata.normalize("NFKC", _VULGAR_AFTER_DIGIT.sub(r" \1", text))


# A vulgar fraction right after a whole number ('4\u00bd years'): NFKC would make it '41\u20442'.
_VULGAR_AFTER_DIGIT = re.compile("(?<=\\d)([\u00bc-\u00be\u2150-\u215e])")


def unicode_compatibility_keeping(kept: str) -> TextFunction:
    """`unicode_compatibility` for a language in which some characters NFKC folds mean something
    ('º' and 'ª' are ordinal indicators in Spanish, Italian and Portuguese: '1.º', '2ª')."""
    pattern = re.compile(f"([{re.escape(kept)}])")

    def unicode_compatibility_of_language(text: str) -> str:
        text = _VULGAR_AFTER_DIGIT.sub(r" \1", text)
        if not pattern.search(text):
            return unicodedata.normalize("NFKC", text)
        return "".join(piece if pattern.fullmatch(piece) else unicodedata.normalize("NFKC", piece)
                       for piece in pattern.split(text))

    return unicode_compatibility_of_language


# Marks that show nothing and join what is on either side: a soft hyphen (where a line may
# break: 'Bekämp\u00adfung', common in German pages and hyphenated EPUBs), a zero-width space or
# word joiner, a byte-order mark, direction marks. As spaces they split a word in two.
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u2060\ufeff\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                   "\u2066\u2067\u2068\u2069"))


def invisible_marks(text: str) -> str:
    """Soft hyphens, zero-width spaces and the like removed ('Bekämpfung', not 'Bekämp fung')."""
    return text.translate(_INVISIBLE)


def control_characters(text: str) -> str:
    """Control characters and odd spaces become plain spaces before any rule looks at the text;
    invisible marks inside words go."""
    text = invisible_marks(text)
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
_HTML_TAGS = ("a|abbr|address|area|article|aside|audio|b|base|bdi|bdo|blockquote|body|br|button|canvas|"
              "caption|center|cite|code|col|colgroup|data|dd|del|details|dfn|div|dl|dt|em|embed|"
              "fieldset|figcaption|figure|font|footer|form|h[1-6]|head|header|hr|html|i|iframe|img|"
              "input|ins|kbd|label|legend|li|link|main|mark|meta|nav|noscript|object|ol|optgroup|"
              "option|p|param|picture|pre|q|s|samp|script|section|select|small|source|span|strike|"
              "strong|style|sub|summary|sup|table|tbody|td|template|textarea|tfoot|th|thead|time|"
              "title|tr|track|tt|u|ul|var|video|wbr")
# A tag: lower-case (any name: XML, SVG, custom elements), or an HTML tag in capitals ("<P>",
# "<BR>"); "<The Palace: Tale of Jang Noksu>" is a title in angle brackets, not a tag.
_TAG = re.compile(rf"</?(?:[a-z][\w:-]*|(?i:{_HTML_TAGS})(?=[\s/>]))(?:\s[^<>]*)?/?>|<!--.*?-->")
_ANGLE_TITLE = re.compile(r"(?<![\w<])<(?=[A-Z][a-z]*\s)([^<>\n]{3,80})>(?![\w>])")
# A generic type in prose: 'Option<U>', 'Vec<String>', 'HashMap<K, V>', 'Option<&T>' ('Option of U')
_GENERIC = re.compile(r"(?<=[A-Za-z])<(&?[A-Z]\w{0,30}(?:,\s?&?[A-Z]\w{0,30}){0,3})>(?![\w>])")
_POWER_TAG = re.compile(r"(?<![\w])(\d+|[A-Za-z])<sup>\s*(-?\d{1,4}|[a-z])\s*</sup>", re.IGNORECASE)
_OPERATORS = ("<=", ">=", "==", "!=", "=>", "->", "<-")
_KEPT_RUNS = (*_OPERATORS, "~/", "//", "||", "&&", ">>", "<<")  # comparison signs, the home folder of a path,
# floor division, a command's operators (the readings say them between words; alone they go later)
_SYMBOL_RUN = re.compile(r"(?<!\S)[^\w\s.,;:!?'\"()\[\]$\u00a3\u20ac\u00a5%&@]{2,}(?!\S)")


def stray_markup(text: str) -> str:
    """Left-over markup is not read: HTML tags and entities, backticks, and runs of symbols
    that are decoration ('-*-', '***', '===', '##'), not words or comparison signs. A generic
    type glued to its name is code, not a tag: 'Option<U>' is 'Option of U'."""
    for _ in range(3):  # '&amp;lt;' is '<' after two rounds
        unescaped = _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)
        if unescaped == text:
            break
        text = unescaped
    text = _ANGLE_TITLE.sub(r'"\1"', text)  # a title in angle brackets: quotes
    text = _GENERIC.sub(lambda m: f" of {m.group(1).replace('&', '')}", text)  # 'Option<U>': not the tag <u>
    text = _TAG.sub(" ", text).replace("`", "")
    return _SYMBOL_RUN.sub(lambda m: m.group(0) if m.group(0) in _KEPT_RUNS or "--" in m.group(0)
                           and not m.group(0).strip("-") else " ", text)


_NOTES = "|".join(re.escape(note) for note in sorted(EDITORIAL_NOTES, key=len, reverse=True))
_FOOTNOTE = re.compile(
    rf"\s?\[(?:\^[\w\-]{{1,20}}|[1-9]\d{{0,2}}|[a-z]|note \d+|(?:{_NOTES})\s*(?:[:?\-\u2013\u2014][^\]]*)?)\]",
    re.IGNORECASE,
)


def powers_in_markup(text: str) -> str:
    """'2<sup>48</sup>' is a power, '2^48' ("two to the forty-eighth"), not '2 48' when the tag
    goes; a superscript after a word is a footnote mark and goes with the tags."""
    return _POWER_TAG.sub(r"\1^\2", text) if "<" in text else text


def footnotes_and_editorial_notes(text: str) -> str:
    """'[1]', '[sic]', '[citation needed]' and '[Update: ...]' are not read; '[he]' is."""
    return _FOOTNOTE.sub("", text)


_MONTH_WORD = r"(?:JAN|FEB|MAR|APR|MAY|JUNE?|JULY?|AUG|SEPT?|OCT|NOV|DEC)[A-Z]*\.?\s+\d"
_PLACE_WORD = rf"(?!{_MONTH_WORD})[A-Z][A-Z'.\-]+"
_PLACE = rf"{_PLACE_WORD}(?:[ ,]+{_PLACE_WORD})*"
_DATELINE = re.compile(
    rf"^(?P<place>{_PLACE}(?:\s*/\s*{_PLACE})*)"
    r"(?:,\s*(?P<region>[A-Z][a-z]{1,4}\.(?:\s?[A-Z][a-z]{0,3}\.)?)(?=[\s,]))?"  # "HAYWARD, Calif. (AP)"
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
    if match.group("region"):
        parts.append(match.group("region"))  # said in full by the semiotic classes ("California")
    if match.group("date"):
        month, day = match.group("date").split(None, 1)
        parts.append(f"{month.capitalize() if month.isupper() else month} {day}")
    if match.group("agency"):
        agency = re.sub(r"\s+", " ", match.group("agency").strip())
        parts.append(AGENCIES.get(agency, agency))
    return ", ".join(parts) + ". " + text[match.end():]


_UPPER, _LOWER = "A-Z\u00c0-\u00de", "a-z\u00df-\u00ff"
# the next sentence opens with a name or a label: 'help.Photograph: Jeenah', 'Austria.Leonhard Foeger'
_GLUED = re.compile(rf"(?<![\w.])([A-Za-z\u00c0-\u00ff][{_LOWER}]+[.!?])([{_UPPER}][{_LOWER}]+(?=:|\s[{_UPPER}][{_LOWER}]))")


def glued_sentences(text: str) -> str:
    """A sentence run into the next with no space, as a page's caption and its credit are
    ('...happy to help.Photograph: Jeenah Moon'), gets its space. Only where a label or a name
    follows: 'asyncio.Queue objects', 'java.util.List' and 'U.S.Army' are not sentences."""
    return _GLUED.sub(r"\1 \2", text)


def dashes_and_ellipses(text: str) -> str:
    """An em or en dash between words is a pause; '...' is one ellipsis pause."""
    text = re.sub(r"(?:\s*[\u2014\u2015]|\s+[\u2013-]{1,2}(?=\s)|(?<=\w)--(?=\w))+\s*", ", ", text)
    text = re.sub(r"\.{3,}|\u2026", "... ", text)
    return text


# Marks the engine reads as the text means them: pauses, quotes, brackets, and a few signs it
# names well ("&" and, "%" percent, "+" plus, "§" section, "°" degrees, currencies).
# Every other symbol is rewritten or removed by `spoken_symbols`, so none reaches the engine.
KEPT_MARKS = frozenset(".,;:!?'\"()-&%+@\u00a7\u00b1\u00d7\u00b0\u20ac\u00a3\u00a5\u20b9")
_EMPTY_BRACKETS = re.compile(r"\(\s*\)")


def _spoken_rules(words: Mapping[str, str]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The symbol step's rules, saying `words` (narrate.text.readings.framework.ENGLISH_SYMBOLS
    and each grammar's own): '/' between words, '@', '\\', '^', an empty string, and '&' where
    a language names it ('und', 'et')."""
    def said(sign: str) -> str:
        return " " + words[sign] + " "

    rules = [
        (re.compile(r"(?<=[^\W_])_+(?=[^\W_])"), " "),  # snake_case -> snake case
        (re.compile(r"(?<![\w'\"])(?:''|\"\")(?![\w'\"])"), said("''")),
        (re.compile(r"\\"), said("\\")),
        (re.compile(r"(?<=\w)\s?\^\s?(?=\d)"), said("^")),
        (re.compile(r"@(?!(?<=\w@)\w)"), said("@")),  # news@example.com is read well
        (re.compile(r"(?<=\w)/(?=\w)|(?<=\w) / (?=\w)|(?<![\w/])/(?![\w/])"), said("/")),
    ]
    if "&" in words:
        rules.append((re.compile(r"&"), said("&")))
    return (*rules,
            (re.compile(r"[\[{]"), "("),
            (re.compile(r"[\]}]"), ")"),
            (re.compile(r"\(\s*\)"), ""),  # join() -> join
            # an en dash inside a compound ('Michelson\u2013Morley') joins; an em dash between
            # words ('a job\u2014and') is a pause, as dashes_and_ellipses says it
            (re.compile(r"(?<=\w)\u2013(?=\w)"), "-"),
            (re.compile(r"\s*[|\u2013\u2014]\s*"), ", "))


def _say_symbols(text: str, rules: tuple[tuple[re.Pattern[str], str], ...]) -> str:
    for pattern, spoken in rules:
        text = pattern.sub(spoken, text)
    if not all(ch.isalnum() or ch.isspace() or ch in KEPT_MARKS for ch in text):
        text = "".join(ch if ch.isalnum() or ch.isspace() or ch in KEPT_MARKS
                       or unicodedata.category(ch).startswith("M") else " " for ch in text)
    # what removing others left standing alone ('0 \u00d7\u00d7', '( )')
    return _EMPTY_BRACKETS.sub(" ", _SYMBOL_RUN.sub(" ", text))


_ENGLISH_RULES = _spoken_rules(ENGLISH_SYMBOLS)


def spoken_symbols(text: str) -> str:
    """Every symbol left is decided here, not by the engine: eSpeak names some ('/' slash, '~'
    tilde, '$' dollar) and silently drops others ('<', '|', '^', '_', bullets). Code-like ones
    are read on purpose ('\\d' -> 'backslash d', 'snake_case' -> 'snake case', "''" -> 'empty
    string'); the rest (decoration, bullets, emoji, stray markup) are removed."""
    return _say_symbols(text, _ENGLISH_RULES)


def spoken_symbols_in(words: Mapping[str, str]) -> TextFunction:
    """`spoken_symbols` in another language: the same rules, saying `words` ('Schrägstrich')."""
    rules = _spoken_rules(words)

    def spoken_symbols_of_language(text: str) -> str:
        return _say_symbols(text, rules)

    return spoken_symbols_of_language


def collapse_whitespace(text: str) -> str:
    """Runs of spaces and stray control characters become one space."""
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    return re.sub(r"\s+", " ", text).strip()


def tidy_punctuation(text: str) -> str:
    """No space before punctuation, no doubled commas left by earlier rules, and no list mark
    typed at the start ('- Brainstorm!', as live-manual's style guide writes its items)."""
    text = re.sub(r"\s+([,;:!?]|\.(?!\.))", r"\1", text)
    text = re.sub(r",(\s*,)+", ",", text)
    text = re.sub(r"^[,\s]+", "", text)
    text = re.sub(r"^[-*]\s+(?=[^\W\d])", "", text)  # a list's mark typed as text: '- Links'
    text = re.sub(r"\.{4,}", "...", text)  # '... .' closed up is still one ellipsis
    return re.sub(r"\.\.\.(?=\w)", "... ", text)  # as the ellipsis rule spaces it


@lru_cache(maxsize=16)
def semiotic_classes_for(language: str | None) -> TextFunction | None:
    """The semiotic-class stage of a language (`narrate.text.readings`), or None where narrate
    has no grammar for it. The grammar is built on first use."""
    from narrate.text.readings import canonical, grammar_for

    if grammar_for(language) is None:
        return None
    tag = canonical(language)

    def semiotic_classes(text: str) -> str:
        grammar = grammar_for(tag)
        assert grammar is not None
        return grammar.read(text)

    semiotic_classes.__qualname__ = f"semiotic_classes[{tag}]"
    semiotic_classes.finds = lambda text: grammar_for(tag).finds(text)  # type: ignore[attr-defined, union-attr]
    return semiotic_classes


def semiotic_classes(text: str) -> str:
    """Numbers, dates, money, units, abbreviations and symbols said in (American) English words:
    '$20/mo' -> 'twenty dollars per month', 'Henry VIII' -> 'Henry the Eighth'."""
    reader = semiotic_classes_for("en-US")
    assert reader is not None
    return reader(text)


semiotic_classes.finds = lambda text: semiotic_classes_for("en-US").finds(text)  # type: ignore[attr-defined, union-attr]


# Before the semiotic classes: the text as written, cleaned.
CLEANING: tuple[TextFunction, ...] = (
    superscript_footnotes,
    unicode_compatibility,
    control_characters,
    plain_quotes,
    permalink_marks,
    stray_markup,
    glued_sentences,
)
# After them: symbols left over said or removed, pauses, whitespace, punctuation.
SPOKEN_SYMBOLS: tuple[TextFunction, ...] = (spoken_symbols, dashes_and_ellipses)
TIDYING: tuple[TextFunction, ...] = (collapse_whitespace, tidy_punctuation)

_MARKUP_STEP = CLEANING.index(stray_markup)
NORMALIZERS: tuple[TextFunction, ...] = (
    *CLEANING[:_MARKUP_STEP],
    powers_in_markup,  # '2<sup>48</sup>' before the tags go
    *CLEANING[_MARKUP_STEP:],
    footnotes_and_editorial_notes,
    datelines,
    semiotic_classes,  # every number, date, symbol and abbreviation, in words
    *SPOKEN_SYMBOLS,
    *TIDYING,
)

# The rules that hold in any language: markup, Unicode and whitespace clean-up. A language
# without a grammar in narrate.text.readings gets only these, and its numbers, dates and
# abbreviations are left to the engine's own rules for the language.
NEUTRAL_NORMALIZERS: tuple[TextFunction, ...] = (*CLEANING, *TIDYING)


@lru_cache(maxsize=16)
def normalizers_for(language: str | None) -> tuple[TextFunction, ...]:
    """The rules for a language: American English for an undeclared text or 'en-US', British
    English for 'en-GB' (day-first dates, "one hundred and five"), the neutral ones for a
    language narrate has no grammar for."""
    from narrate.text.readings import canonical, grammar_for

    tag = canonical(language)
    if tag == "en-US":
        return NORMALIZERS
    stage = semiotic_classes_for(tag)
    grammar = grammar_for(tag)
    if stage is None or grammar is None:
        return NEUTRAL_NORMALIZERS
    own: dict[TextFunction, TextFunction] = {semiotic_classes: stage}
    if grammar.symbols is not ENGLISH_SYMBOLS:
        own[spoken_symbols] = spoken_symbols_in(grammar.symbols)
    if grammar.kept:
        own[unicode_compatibility] = unicode_compatibility_keeping(grammar.kept)
    return tuple(own.get(rule, rule) for rule in NORMALIZERS)


MAX_PASSES = 3
# Text of only letters, spaces and sentence punctuation: no rule finds anything new in it.
_SETTLED = re.compile(r"[A-Za-z \t\n,.;:!?'\"()\-]*")


def normalize(text: str, functions: tuple[TextFunction, ...] = NORMALIZERS) -> str:
    """Run every normaliser in order, again until nothing changes (at most MAX_PASSES): a late
    rule can make text an earlier rule rewrites (removing a stray '^' puts '£' beside a number),
    and speech must not depend on how many times a text went through. Plain prose, most of
    any book, settles in one pass and is not checked again (unless a semiotic class could find
something in it: 'Henry*VIII' is 'Henry VIII' once the '*' is gone)."""
    finders = [finds for finds in (getattr(function, "finds", None) for function in functions) if finds]
    for _ in range(MAX_PASSES):
        before = text
        for function in functions:
            text = function(text)
        if text == before or (_SETTLED.fullmatch(text) and not any(finds(text) for finds in finders)):
            break
    return text
