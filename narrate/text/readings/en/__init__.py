"""English (American and British): the classifiers in the order they are tried.

At any place in a text the first classifier in `classifiers` whose pattern matches and whose
verbaliser accepts says it; so the more specific classes come first (an e-mail address before
a domain, a date before a range, a range before money, a year before a plain number).
"""

from __future__ import annotations

from dataclasses import replace

from narrate.text.readings.en import (
    abbreviations,
    capitals,
    dates,
    electronic,
    maths,
    measures,
    money,
    numbers,
    ranges,
    roman,
    symbols,
    telephone,
    versions,
)
from narrate.text.readings.en.patterns import alternatives
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import REGNAL_NAMES, ROMAN_NUMBER_LEADS, SYMBOL_WORDS, VULGAR_FRACTIONS
from narrate.text.readings.framework import Classifier, Grammar

BRITISH_REGIONS = frozenset({"GB", "UK", "IE", "AU", "NZ", "ZA", "IN"})


# Triggers: something every candidate of the class contains, cheap to find (see
# framework.Classifier). Prose without any of them is not scanned further.
# The triggers of one character are one class, searched once: digits and the signs the
# classes read ('@', '/', '^', '=', '#', '~', '<', fractions, arrows...).
CHARACTERS = ("[\\d@/\\\\^=+*#~<>\u00d7\u00b7\u00f7\u2264\u2265\u2260\u2248"
              + "".join(VULGAR_FRACTIONS) + "".join(SYMBOL_WORDS) + "]")
_DOMAIN = r"\.[a-z]{2}"  # "example.com", "www.x", "intro.html"
_COUNTING = ROMAN_NUMBER_LEADS | {lead.capitalize() for lead in ROMAN_NUMBER_LEADS} | {
    lead.upper() for lead in ROMAN_NUMBER_LEADS}
ROMAN = ("[IVXLCDM]{2,}", r"[VX]\b",
         rf"\b(?:{alternatives(_COUNTING | REGNAL_NAMES)})\s(?:I|[ivxlcdm]+)\b")


def _t(classifier: Classifier, trigger: str | tuple[str, ...]) -> Classifier:
    return replace(classifier, trigger=trigger)


def classifiers(speech: English) -> tuple[Classifier, ...]:
    """Every English semiotic class, most specific first, each with its trigger."""
    return (
        _t(symbols.quoted_symbol(speech), r"[\"'\u201c\u2018](?:[:;,.|\-_#*@&=+~^%$!?<>\\\[\]{}()/]{1,3}|'|\")[\"'\u201d\u2019]"),
        _t(symbols.command_operator(speech), (r"\|\||&&|>>|<<", r"\s\|\s", r"\d>&\d")),
        _t(symbols.manual_page(speech), r"\([1-9]"),  # before file names: 'apt.conf(5)'
        _t(symbols.code_call(speech), r"\w\.\w+\("),  # before web addresses: 'logging.info()'
        _t(symbols.link_arrow(speech), "[\u2192\u21d2\u279c\u2794]"),
        _t(numbers.scientific(speech), r"\d[eE][+-]?\d"),
        _t(electronic.email(speech), CHARACTERS),
        _t(electronic.url(speech), _DOMAIN),
        _t(electronic.file_path(speech), (CHARACTERS, _DOMAIN)),
        _t(abbreviations.city_state_zip(speech), r"\b[A-Z]{2}\s{1,2}\d{5}"),  # before telephone numbers and ranges
        _t(telephone.telephone(speech), CHARACTERS),
        _t(dates.season_years(speech), r"\d/\d"),
        _t(dates.numeric_date(speech), CHARACTERS),
        _t(dates.quarter(speech), CHARACTERS),
        _t(dates.era_year(speech), CHARACTERS),
        _t(dates.month_first_date(speech), CHARACTERS),
        _t(dates.day_first_date(speech), CHARACTERS),
        _t(ranges.range_classifier(speech), CHARACTERS),
        _t(measures.ratio(speech), CHARACTERS),
        _t(dates.time_of_day(speech), CHARACTERS),
        _t(dates.decade(speech), CHARACTERS),
        _t(money.money(speech), CHARACTERS),
        _t(abbreviations.address(speech), CHARACTERS),
        _t(measures.measure(speech), CHARACTERS),
        _t(measures.rate(speech), CHARACTERS),
        _t(measures.bare_temperature(speech), CHARACTERS),
        _t(numbers.percent(speech), CHARACTERS),
        _t(symbols.slash(speech), CHARACTERS),
        _t(numbers.fraction(speech), CHARACTERS),
        _t(dates.year(speech), CHARACTERS),
        _t(versions.version(speech), CHARACTERS),
        _t(numbers.ordinal(speech), CHARACTERS),
        _t(maths.power(speech), CHARACTERS),
        _t(maths.equation(speech), CHARACTERS),
        _t(maths.arithmetic(speech), (r"\s(?:-|\*|//|%)\s", r"\b[a-z]-\d")),
        _t(maths.dimensions(speech), CHARACTERS),
        _t(maths.chemical_formula(speech), CHARACTERS),
        _t(symbols.plan_code(speech), CHARACTERS),
        _t(symbols.standard_number(speech), CHARACTERS),
        _t(symbols.document_number(speech), CHARACTERS),
        _t(numbers.named_number(speech), "911|404"),
        _t(numbers.cardinal(speech), CHARACTERS),
        _t(symbols.serial(speech), CHARACTERS),
        _t(numbers.digits(speech), CHARACTERS),
        _t(roman.roman(speech), ROMAN),
        _t(abbreviations.saint_street_doctor_drive(speech), r"St\b|Dr\b"),
        _t(abbreviations.dotless_title(speech), r"\bM(?:r|s|x|essrs)\b"),
        abbreviations.state_abbreviation(speech),
        abbreviations.abbreviation(speech),
        abbreviations.initialism(speech),
        _t(capitals.capitals(speech), "[A-Z]{2}"),
        _t(symbols.ampersand_initials(speech), "[A-Z]&[A-Z]"),
        _t(symbols.optional_plural(speech), r"[A-Za-z]\(e?s\)"),
        _t(symbols.number_sign(speech), CHARACTERS),
        _t(symbols.command_option(speech), r"(?:^|[\s\"'(\u201c])-"),
        _t(symbols.dunder_name(speech), "__"),
        _t(symbols.shell_variable(speech), r"\$[{A-Za-z_]"),
        symbols.menu_path(speech),
        _t(symbols.lone_symbol(speech), r"(?<!\S)(?://|[?!#*|~^=+%$@&\\<>])(?!\S)"),
        _t(symbols.symbol_words(speech), CHARACTERS),
        _t(maths.signs(speech), CHARACTERS),
        _t(symbols.decoration(speech), CHARACTERS),
    )


def grammar(tag: str) -> Grammar:
    """The English grammar for a tag: 'en-GB' (and other Commonwealth regions) British."""
    region = tag.partition("-")[2].upper()
    speech = English(british=region in BRITISH_REGIONS)
    return Grammar(tag, classifiers(speech))
