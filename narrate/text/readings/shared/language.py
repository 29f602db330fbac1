"""What a language other than English tells the shared classifiers: its word tables and how
it says numbers (num2words2 makes the words; this says which reading a written number gets).

German, French, Spanish, Italian and Portuguese write numbers alike (a decimal comma, groups
of three digits with a dot or a space, dates day first) and differ in the words and in how
numbers agree with what they count ("una hora", "duas horas", "eine Stunde", "vingt et une
heures"). Each language is a subclass of `Language` with its `Words`; the classifiers in this
package ask it for words and never spell a word of any language themselves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from num2words2 import num2words

if TYPE_CHECKING:
    from narrate.text.readings.framework import Context

# Unbroken runs of more digits than this are read one by one (an identifier, a code); numbers
# past a quintillion too.
MAX_PLAIN_DIGITS = 9
MAX_CARDINAL_DIGITS = 24
MAX_ORDINAL = 10**15
_SIGNS = {"-": "minus", "\u2212": "minus", "+": "plus", "\u00b1": "plus_minus"}


@dataclass(frozen=True)
class Noun:
    """A word that is counted: its singular, its plural, and whether numbers agree with it in
    the feminine ("una hora", "duas horas", "eine Stunde")."""

    one: str
    many: str
    feminine: bool = False

    def of(self, singular: bool) -> str:
        return self.one if singular else self.many


@dataclass(frozen=True)
class Currency:
    """A currency's main unit and its hundredth, if it has one people say ('Cent', 'centimes')."""

    major: Noun
    minor: Noun | None = None


def with_plain_powers(units: dict[str, Noun]) -> dict[str, Noun]:
    """The units with '2' and '3' for '²' and '³' too: Unicode folding makes 'km²' 'km2'."""
    found = dict(units)
    for written, noun in units.items():
        plain = written.replace("\u00b2", "2").replace("\u00b3", "3")
        found.setdefault(plain, noun)
    return found


@dataclass
class Words:
    """The tables of one language (each language's `words.py` fills one)."""

    months: tuple[str, ...]
    """The twelve names as said ('Januar', 'janvier')."""
    month_forms: dict[str, int]
    """Lower-case written forms, abbreviations without their full stop too -> month number."""
    weekdays: dict[str, str]
    """Lower-case written forms, abbreviations too -> the day's name."""
    units: dict[str, Noun]
    """Units as written, case-sensitive ('km', 'km\u00b2', '\u00b0C', 'h')."""
    currencies: dict[str, Currency]
    """Symbols and codes as written ('\u20ac', 'EUR', 'R$')."""
    scales: dict[str, Noun]
    """Words and abbreviations of scale after a number ('Mio.', 'millones', 'mrd')."""
    abbreviations: dict[str, str]
    """Expanded wherever they stand ('z. B.', 'usw.', 'p. ex.')."""
    titles: dict[str, str] = field(default_factory=dict)
    """Expanded only before a capitalised name ('M.' monsieur, 'S.' San, 'D.' don)."""
    before_number: dict[str, str] = field(default_factory=dict)
    """Expanded only before a number ('S.' Seite, 'p.' page, 'n.' numero)."""
    counting_words: frozenset[str] = frozenset()
    """Lower-case words after which a roman numeral is a number ('Kapitel IV', 'tome III')."""
    ordinal_roman_words: frozenset[str] = frozenset()
    """Lower-case words after (or before) which a roman numeral is an ordinal ('siècle', 'secolo')."""
    feminine_names: frozenset[str] = frozenset()
    """Names of queens and empresses, whose numeral is feminine ('Isabel II' segunda)."""
    symbols: dict[str, str] = field(default_factory=dict)
    """What signs are called: '/', '@', '.', '-', '_', ':', '\\\\', '^', "''", '&', '#', '~', '+',
    '=', '*', '%'... (the symbol step and web addresses say them)."""
    say: dict[str, str] = field(default_factory=dict)
    """Small words the classifiers need: 'minus', 'plus', 'comma' (decimal), 'point' (in a
    version), 'per', 'to' (range), 'score', 'and' (a whole and a fraction), 'over', 'percent',
    'number', 'about', 'times', 'by' (dimensions), 'of' (scale before a noun), 'hour', ..."""
    units_after_slash: dict[str, Noun] = field(default_factory=dict)
    """What '/h', '/km' say after 'per' when it differs from the unit ('km/h')."""
    address_words: dict[str, str] = field(default_factory=dict)
    """Names in web addresses said otherwise than as written ('gmail': 'g mail')."""
    section_words: frozenset[str] = frozenset()
    """Lower-case words before a numbered part ('Abschnitt 9.4.14', 'Sección 9.10'): its
    numbers are said each as a number, joined by the word for a point."""

    def __post_init__(self) -> None:
        self.units = with_plain_powers(self.units)


class Language:
    """How one language says numbers; subclasses change what differs. The defaults are those
    the Romance languages share (agreement of 'one' and of the hundreds with feminine nouns,
    'de' between a scale and a noun); German overrides them."""

    code = "xx"  # num2words' language
    decimal_comma = True  # '3,5' is three and a half; '.' groups thousands
    hour_words: tuple[str, ...] = ()
    """Written after a time and said by it ('Uhr', 'h', 'horas')."""
    o_clock_words: tuple[str, ...] = ()
    """After a bare hour, making it a time ('1 Uhr' ein Uhr)."""
    time_leads: frozenset[str] = frozenset()
    """Words before '12.15' that make it a time ('um', 'las', 'alle')."""
    capitalises_months = False
    dot_times = False
    """Whether '13.30' on its own is a time (Spanish, Italian, Portuguese write times so; in
    French and German it is a day and a month, or a number written the English way)."""
    decimal_singular = False
    """Whether '1,5' counts in the singular (French: 'un virgule cinq kilomètre')."""
    capitalises_nouns = False
    ambiguous_months: frozenset[str] = frozenset()
    """Month abbreviations that are also words ('mar' the sea): a date only with day and year."""
    range_leads: frozenset[str] = frozenset()
    score_words: frozenset[str] = frozenset()
    not_names: frozenset[str] = frozenset()
    """Capitalised words that are no name before a roman numeral ('Der', 'Und')."""
    leading_words: frozenset[str] = frozenset()
    """Expansions that stand before what they qualify and never end a sentence ('Doktor')."""
    articles: dict[str, bool] = {}
    """Articles (lower case) after which a roman numeral before a noun is an ordinal, and
    whether they are feminine ('el XI apóstol' undécimo, 'la II República' segunda)."""
    scale_nouns: frozenset[str] = frozenset()
    """Words of scale that are nouns: a number ending in one takes 'de' before what it counts
    ('un millón de euros', 'um milhão de reais')."""

    def ambiguous_month(self, word: str) -> bool:
        return word.lower().rstrip(".") in self.ambiguous_months

    def time_lead(self, context: Context) -> bool:
        return context.word_before().lower() in self.time_leads

    def range_word(self, context: Context) -> str:
        return self.say["to"]

    def phone_group(self, group: str) -> str:
        """One group of a telephone number: digit by digit; a country code as a number."""
        if group.startswith("+"):
            code = group[1:]
            return f"{self.say['plus']} {self.cardinal(int(code)) if len(code) <= 2 else self.digits(code)}"
        return self.digits(group)

    def offset(self, written: str) -> str:
        """'+1' -> 'plus eins', '-4:30' -> 'minus vier dreißig' (after a time zone)."""
        sign = self.say["plus"] if written[0] == "+" else self.say["minus"]
        hours, _, minutes = written[1:].partition(":")
        spoken = f"{sign} {self.cardinal(int(hours))}"
        return f"{spoken} {self.cardinal(int(minutes))}" if minutes and int(minutes) else spoken

    def before_something(self, spoken: str) -> bool:
        return spoken in self.leading_words

    def roman_ordinal(self, value: int, suffix: str, following: str) -> str:
        """'XIXe' -> 'dix-neuvième' (French writes an ordinal suffix on a numeral)."""
        return self.ordinal(value, feminine=suffix in {"re", "ère"})

    def century(self, value: int, before: bool) -> str:
        """A numeral with a century's word: 'siglo XIX' says a number, 'XIX secolo' an ordinal."""
        return self.cardinal(value)

    def regnal(self, lead: str, value: int, feminine: bool, context: Context) -> str:
        """'Felipe II' -> 'Felipe segundo'."""
        return f"{lead} {self.ordinal(value, feminine)}"

    def mixed(self, whole: int, numerator: int, denominator: int) -> str:
        """A whole number and a fraction ('1 1/2'): 'uno y medio', 'un et demi', 'eineinhalb'."""
        raise NotImplementedError

    def money_major(self, major: int, noun: Noun) -> str:
        spoken = self.count(major, noun)
        if self.ends_in_scale(spoken):
            return f"{spoken} {self.of(noun.many)}"  # "un millón de euros"
        return f"{spoken} {noun.of(major == 1)}"

    def ends_in_scale(self, spoken: str) -> bool:
        return spoken.rsplit(" ", 1)[-1] in self.scale_nouns

    def money_join(self, major: str, minor: str, cents: int) -> str:
        return f"{major} {minor}"

    def date(self, day: int | None, month: int, year: str | None, context: Context, joiner: str = "") -> str:
        raise NotImplementedError

    def time(self, hour: int, minute: int, second: int | None, marker: str | None, context: Context) -> str:
        raise NotImplementedError

    def day_alone(self, day: int, context: Context) -> str:
        """A day of the month in a list of days ('les 17/18 juin': 'dix-sept')."""
        return self.cardinal(day)

    def __init__(self, tag: str, words: Words) -> None:
        self.tag = tag
        self.words = words
        self.say = words.say

    # -- whole numbers -------------------------------------------------------------------
    def cardinal(self, value: int, feminine: bool = False) -> str:
        """The number on its own ('eins', 'uno', 'un'), or agreeing with a feminine noun."""
        if value < 0:
            return f"{self.say['minus']} {self.cardinal(-value, feminine)}"
        if len(str(value)) > MAX_CARDINAL_DIGITS:
            return self.digits(str(value))
        words = _words(value, self.code, "cardinal")
        return self.feminine(words) if feminine else words

    def feminine(self, words: str) -> str:
        """A cardinal's words agreeing with a feminine noun (the language's own rule)."""
        return words

    def feminine_noun(self, word: str) -> bool | None:
        """Whether a word after a number is a feminine noun ('personas'), None when the language
        cannot tell from its ending (a bare number then takes the masculine)."""
        return None

    def count(self, value: int, noun: Noun | None = None) -> str:
        """The number before a noun it counts: 'un dólar', 'una libra', 'ein Euro', 'duas horas'."""
        return self.cardinal(value, feminine=bool(noun and noun.feminine))

    def singular(self, value: float) -> bool:
        """Whether the noun after the number is singular (1 in most languages; French: under 2)."""
        return abs(value) == 1

    def ordinal(self, value: int, feminine: bool = False, plural: bool = False) -> str:
        if value >= MAX_ORDINAL:
            return self.digits(str(value))  # no one says a quintillionth: the digits
        words = _words(value, self.code, "ordinal")
        if feminine:
            words = self.feminine_ordinal(words)
        return words + "s" if plural else words

    def feminine_ordinal(self, words: str) -> str:
        return re.sub(r"o\b", "a", words)

    def year(self, value: int) -> str:
        return self.cardinal(value)

    def digits(self, written: str) -> str:
        """'004' -> every digit said."""
        return " ".join(self.cardinal(int(ch)) for ch in written if ch.isdigit())

    # -- written numbers -----------------------------------------------------------------
    def plain(self, written: str) -> str:
        """'1.234.567', '1 234', '12' without their separators."""
        return re.sub(r"[.\s\u00a0\u202f']", "", written) if self.decimal_comma else re.sub(r"[,\s']", "", written)

    def integer(self, written: str, feminine: bool = False) -> str:
        """A written whole number: grouped ('1.200', '1 200') said as one; '007' and unbroken runs
        of more than nine digits digit by digit."""
        plain = self.plain(written)
        if not plain.isdigit():
            return self.digits(plain)
        grouped = plain != written
        round_amount = plain.endswith("000000")  # "1000000000": an amount, not an identifier
        if len(plain) > MAX_CARDINAL_DIGITS or (not grouped and (
                (len(plain) > 1 and plain[0] == "0") or (len(plain) > MAX_PLAIN_DIGITS and not round_amount))):
            return self.digits(plain)
        return self.cardinal(int(plain), feminine)

    def decimals(self, digits: str) -> str:
        """The digits after the decimal comma: leading zeros one by one, then the rest as a
        number (up to three digits) or in pairs (Romance usage: 'tres coma catorce quince')."""
        zeros = len(digits) - len(digits.lstrip("0"))
        rest = digits[zeros:]
        spoken = [self.cardinal(0)] * zeros
        if len(rest) <= 3:
            if rest:
                spoken.append(self.cardinal(int(rest)))
        else:
            for start in range(0, len(rest), 2):
                pair = rest[start:start + 2]
                spoken.append(self.cardinal(int(pair)) if pair[0] != "0" else self.digits(pair))
        return " ".join(spoken)

    def number(self, written: str, feminine: bool = False) -> str:
        """Any written number: '-3', '1.234,5', ',5', '+2', '0,004' (or '3.5' in a language
        that writes a decimal point)."""
        sign = ""
        if written[:1] in _SIGNS:
            sign, written = self.say[_SIGNS[written[0]]] + " ", written[1:]
        mark = "," if self.decimal_comma else "."
        whole, point, decimals = written.partition(mark)
        if not point:
            return sign + self.integer(whole, feminine)
        spoken_whole = self.integer(whole or "0", feminine)
        return f"{sign}{spoken_whole} {self.say['comma']} {self.decimals(decimals)}"

    def value(self, written: str) -> float:
        """The written number's value ('1.234,5' -> 1234.5)."""
        mark = "," if self.decimal_comma else "."
        whole, _, decimals = written.lstrip("+-\u2212").partition(mark)
        number = float(f"{self.plain(whole) or 0}.{decimals or 0}")
        return -number if written[:1] in "-\u2212" else number

    def quantity(self, written: str, noun: Noun, scale: Noun | None = None) -> str:
        """A written amount with what it counts: 'zwei Kilometer', 'una hora', 'un virgule
        cinq kilomètre', 'dos millones de personas'."""
        value = self.value(written)
        whole = re.fullmatch(r"[-+\u2212]?[\d.\s\u00a0\u202f']+", written) is not None if self.decimal_comma \
            else re.fullmatch(r"[-+\u2212]?[\d,\s']+", written) is not None
        if scale is not None:
            return f"{self.scaled(written, scale)} {self.of(noun.many)}"
        if whole and abs(value) < 10**MAX_PLAIN_DIGITS:
            sign = f"{self.say['minus']} " if value < 0 else ""
            spoken = sign + self.count(int(abs(value)), noun)
            if self.ends_in_scale(spoken):
                return f"{spoken} {self.of(noun.many)}"
        else:
            spoken = self.number(written, feminine=noun.feminine and whole)
        return f"{spoken} {noun.of(self.singular(value) and (whole or self.decimal_singular))}"

    def scaled(self, written: str, scale: Noun) -> str:
        """'2,5' 'Mio.' -> 'zwei Komma fünf Millionen'; '1' 'million' -> 'un million'."""
        value = self.value(written)
        number = self.count(int(value), scale) if value == int(value) and "," not in written else self.number(written)
        return f"{number} {scale.of(self.singular(value))}"

    def of(self, noun_words: str) -> str:
        """What comes between a scale and the noun it counts ('de', 'd'', or nothing)."""
        joiner = self.say.get("of", "")
        if not joiner:
            return noun_words
        if joiner.endswith("'"):
            return joiner + noun_words if noun_words[:1].lower() in "aeiouhéèêœ" else f"{joiner[:-1]}e {noun_words}"
        return f"{joiner} {noun_words}"


@lru_cache(maxsize=8192)
def _words(value: int, code: str, kind: str) -> str:
    return str(num2words(value, lang=code, to=kind)).replace(",", "")
