"""The classifiers German, French, Spanish, Italian and Portuguese share, built from a
`Language` (narrate.text.readings.shared.language): each language's package gives its word
tables, how it says numbers, dates, times and money, its ordinals and fractions, and any
class of its own (German years and decades); `grammar` puts them in the order they are tried.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from narrate.text.readings.framework import Classifier, Grammar
from narrate.text.readings.shared import (
    abbreviations,
    dates,
    electronic,
    measures,
    money,
    numbers,
    ranges,
    roman,
    symbols,
    telephone,
    times,
)
from narrate.text.readings.shared.language import Language
from narrate.text.readings.shared.numbers import VULGAR_FRACTIONS

# Something every candidate of the digit classes contains: one search finds prose without any.
CHARACTERS = "[\\d@/\\\\^=+*#~<>\u00a7\u00d7\u00b7\u00f7\u2264\u2265\u2260\u2248\u2192\u2190\u221e\u2030\u2116" + \
    "".join(VULGAR_FRACTIONS) + "]"
_DOMAIN = r"\.[a-z]{2}"
ROMAN = r"\b[IVXLCDM]+(?:er|e|ème|re|ère)?\b"
# Kept through Unicode folding: the ordinal indicators of Spanish, Italian and Portuguese.
ORDINAL_INDICATORS = "\u00ba\u00aa"


def _t(classifier: Classifier, trigger: str | tuple[str, ...]) -> Classifier:
    return replace(classifier, trigger=trigger)


def grammar(language: Language, ordinal: Classifier, fraction_words: Callable[[int, int], str],
            fraction_of: measures.FractionOf, own: Sequence[Classifier] = (),
            early: Sequence[Classifier] = (), kept: str = "") -> Grammar:
    """The language's grammar: the shared classes, most specific first, with `early` ones
    before the dates (German ordinals of dates) and `own` ones just before plain numbers
    (German years)."""
    classifiers = (
        _t(electronic.email(language), CHARACTERS),
        _t(electronic.handle(language), CHARACTERS),
        _t(electronic.url(language), _DOMAIN),
        _t(electronic.file_path(language), (CHARACTERS, _DOMAIN)),
        _t(telephone.telephone(language), CHARACTERS),
        symbols.numbered_part(language),
        _t(symbols.manual_page(language), r"\(\d"),
        *(_t(classifier, CHARACTERS) for classifier in early),
        _t(dates.days_of_a_month(language), CHARACTERS),
        _t(dates.numeric_date(language), CHARACTERS),
        _t(dates.written_date(language), CHARACTERS),
        _t(times.time_of_day(language), CHARACTERS),
        _t(ranges.score(language), CHARACTERS),
        _t(ranges.range_classifier(language), CHARACTERS),
        _t(money.money(language), CHARACTERS),
        _t(measures.fraction_measure(language, fraction_of), CHARACTERS),
        _t(measures.measure(language), CHARACTERS),
        _t(measures.rate(language), CHARACTERS),
        _t(numbers.percent(language), CHARACTERS),
        _t(numbers.fraction(language, fraction_words), CHARACTERS),
        _t(ordinal, CHARACTERS),
        _t(symbols.version(language), CHARACTERS),
        _t(roman.roman(language), ROMAN),
        abbreviations.title(language),
        abbreviations.before_number(language),
        abbreviations.abbreviation(language),
        _t(symbols.word_slash(language), "/"),
        _t(symbols.initialism(language), r"\b[A-Z]{2,4}"),
        *(_t(classifier, CHARACTERS) for classifier in own),
        _t(numbers.cardinal(language), CHARACTERS),
        _t(symbols.serial(language), CHARACTERS),
        _t(symbols.signs(language), CHARACTERS),
        _t(numbers.digits(language), CHARACTERS),
    )
    spoken = {key: value for key, value in language.words.symbols.items()
              if key in {"/", "@", "\\", "^", "''", "&"}}
    return Grammar(language.tag, tuple(classifiers), symbols=spoken, kept=kept)
