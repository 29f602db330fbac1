"""Measures: a quantity and its unit, the unit said in the language and agreeing with the number:
'200 m' -> 'doscientos metros', '1 h' -> 'una hora', '2 h' -> 'duas horas', '1,5 km' -> 'un
virgule cinq kilomètre', '200 km/h' -> 'zweihundert Kilometer pro Stunde', '-8 °C', '56,3 /km²'."""

from __future__ import annotations

import re
from collections.abc import Callable

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Language, Noun
from narrate.text.readings.shared.numbers import VULGAR_FRACTIONS, signed
from narrate.text.readings.shared.patterns import NUMBER_START, alternatives, number, scale

_VULGAR = "".join(VULGAR_FRACTIONS)


def per_words(language: Language, unit: str) -> str:
    noun = language.words.units_after_slash.get(unit) or language.words.units[unit]
    return f"{language.say['per']} {noun.one}"


def measure(language: Language) -> Classifier:
    units = language.words.units
    scales = language.words.scales

    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("sign") and not signed(match, context):
            return None
        unit = units[match.group("unit")]
        written = (match.group("sign") or "") + match.group("number")
        found_scale = match.group("scale")
        spoken = language.quantity(written, unit, scales[found_scale] if found_scale else None)
        if match.group("per"):
            spoken += " " + per_words(language, match.group("per"))
        return spoken

    unit_pattern = alternatives(units)
    return Classifier(
        "measure",
        rf"(?P<sign>[-\u2212+](?=\d))?{NUMBER_START}(?P<number>{number(language)})"
        rf"(?:\s(?P<scale>{scale(language)})(?![\w]))?"
        rf"\s?(?P<unit>{unit_pattern})(?:/(?P<per>{unit_pattern}))?(?![\w\u00b2\u00b3/])",
        say,
    )


def rate(language: Language) -> Classifier:
    """'56,3 /km²', '12/kg', '4,51/s': a number per unit."""
    units = language.words.units

    def say(match: re.Match[str], _: Context) -> str:
        return f"{language.number(match.group('number'))} {per_words(language, match.group('per'))}"

    return Classifier(
        "measure",
        rf"{NUMBER_START}(?P<number>{number(language)})\s?/(?P<per>{alternatives(units)})(?![\w/\u00b2\u00b3])",
        say,
    )


FractionOf = Callable[["int | None", int, int, Noun], str]
"""(whole or None, numerator, denominator, unit) -> words; each language says its own."""


def fraction_measure(language: Language, fraction_of: FractionOf) -> Classifier:
    """'1/2 ft', '3 3/5 m', '1 1/2 Fuß': a fraction and a unit, said as the language does."""
    units = language.words.units

    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("vulgar"):
            numerator, denominator = VULGAR_FRACTIONS[match.group("vulgar")]
        else:
            numerator, denominator = int(match.group("numerator")), int(match.group("denominator"))
            if denominator == 0:
                return None
        whole = int(match.group("whole")) if match.group("whole") else None
        spoken = fraction_of(whole, numerator, denominator, units[match.group("unit")])
        if match.group("sign"):
            if not signed(match, context):
                return None
            spoken = f"{language.say['minus']} {spoken}"
        return spoken

    return Classifier(
        "measure",
        rf"(?P<sign>[-\u2212](?=\d))?{NUMBER_START}(?:(?P<whole>\d+)(?:\s(?=\d+/\d)|\s?(?=[{_VULGAR}])))?"
        rf"(?:(?P<numerator>\d{{1,3}})/(?P<denominator>\d{{1,4}})|(?P<vulgar>[{_VULGAR}]))"
        rf"\s?(?P<unit>{alternatives(units)})(?![\w\u00b2\u00b3/])",
        say,
    )
