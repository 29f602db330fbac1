"""Measures: a quantity and its unit. '12kg' -> 'twelve kilograms', '1\u00b0C' -> 'one degree
Celsius', '41,459.00 km\u00b3' -> '... cubic kilometers', '12kg/kg' -> 'twelve kilograms per
kilogram', 'a 7.2-millimeter bullet' keeps the singular, '5 km/h' -> 'five kilometers per hour'."""

from __future__ import annotations

import re

from narrate.text.readings.en.numbers import signed
from narrate.text.readings.en.patterns import NUMBER, NUMBER_START, UNIT, alternatives
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import COUNTED_NOUNS, PER_UNITS, TIGHT_UNITS, UNITS, british_spelling
from narrate.text.readings.framework import Classifier, Context

_PER = alternatives(PER_UNITS)
_SCALE_WORDS = r"thousand|million|billion|trillion"
# Short units that may stand apart from the number at the end of a clause ("after 80 s.").
_SPACED_AT_END = frozenset({"s", "ms", "min", "h"})
_CLAUSE_END = frozenset({"", ".", ",", ";", ":", ")", "!", "?"})
# Words after "a 100m ..." that show the unit is not used as an adjective ("a 100m of cable").
_NOT_A_NOUN = frozenset("""of and or to the a an in on at for is was are by with per away long high wide deep tall
                         thick apart ahead behind north south east west more less ago further farther down up
                         off out over under across along past back from into than each""".split())
# Words that open a noun phrase: "a 100m sprint", "the surrounding 2 km circumference".
_DETERMINERS = frozenset("a an the this that its their his her our each every one".split())
# Words between the determiner and the quantity that do not count ("a ≈60 MiB file").
_APPROXIMATORS = frozenset({"~", "\u2248", "about", "approximately", "around", "roughly", "nearly", "almost",
                            "some", "over", "under", "just"})


def _attributive(context: Context) -> bool:
    """Whether the measure stands before a noun it describes (said in the singular): after a
    determiner, or a determiner and one word ("the surrounding 2 km circumference"), and
    before a word that is not a preposition or an adverb of place ("2 km north")."""
    following = context.word_after().lower().strip(",.;:")
    if not following.replace("-", "").isalpha() or following in _NOT_A_NOUN:
        return False
    before = [word.lower() for word in context.words_before(4) if word.lower() not in _APPROXIMATORS][-2:]
    if before[-1:] and before[-1] in _DETERMINERS:
        return True
    return len(before) == 2 and before[0] in _DETERMINERS and before[1].isalpha()


def unit_words(speech: English, unit: str, singular: bool) -> str:
    one, many = UNITS[unit]
    words = one if singular else many
    return british_spelling(words) if speech.british else words


def per_words(speech: English, unit: str) -> str:
    words = unit_words(speech, unit, True) if unit in UNITS and unit not in PER_UNITS else PER_UNITS[unit]
    return "per " + (british_spelling(words) if speech.british else words)


def measure(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("sign") and not signed(match, context):
            return None
        unit, gap, per = match.group("unit"), match.group("gap"), match.group("per")
        if unit in TIGHT_UNITS and gap and not (unit in _SPACED_AT_END and context.char_after() in _CLAUSE_END):
            return None  # "5 in the box", "5 g" ("after 80 s." is seconds)
        number = (match.group("sign") or "") + match.group("number")
        scale = match.group("scale")
        if unit == "m" and not gap and not per and context.word_after().lower().strip(",.;:") in COUNTED_NOUNS:
            return f"{speech.number(number)} million"  # "over 1m people"
        attributive = "-" in gap or _attributive(context)
        singular = (speech.count_is_one(number) and not scale) or attributive
        spoken = speech.number(number) + (f" {scale}" if scale else "")
        spoken += " " + unit_words(speech, unit, singular)
        if per:
            spoken += " " + per_words(speech, per)
        return spoken

    return Classifier(
        "measure",
        rf"(?P<sign>[-\u2212+](?=\d))?{NUMBER_START}(?P<number>{NUMBER})"
        rf"(?:\s(?P<scale>{_SCALE_WORDS}))?"
        rf"(?P<gap>\s?-\s?|\s?)(?P<unit>{UNIT})(?:/(?P<per>{_PER}))?(?![\w\u00b2\u00b3/])",
        say,
    )


def rate(speech: English) -> Classifier:
    """'12/kg' -> 'twelve per kilogram', '3/day' -> 'three per day'."""
    def say(match: re.Match[str], _: Context) -> str:
        return f"{speech.number(match.group('number'))} {per_words(speech, match.group('per'))}"

    return Classifier(
        "measure",
        rf"{NUMBER_START}(?P<number>{NUMBER})/(?P<per>{_PER})(?![\w/])",
        say,
    )


# Words near "40C" that make it a temperature ("Temperatures hit 40C", "highs of 35C").
_TEMPERATURE_WORDS = frozenset("""temperature temperatures temps degrees heat heatwave hot warm cold cool freezing
                                  high highs low lows peak peaked hit reached reach rose fell dropped climbed soared
                                  plunged mercury thermometer celsius fahrenheit""".split())


def bare_temperature(speech: English) -> Classifier:
    """'Temperatures hit 40C' -> '... forty degrees Celsius': a temperature written without its
    degree sign, where the words around say it is one (not 'bus 40C', 'seat 12C')."""
    def say(match: re.Match[str], context: Context) -> str | None:
        around = {word.lower().strip(",.;:()") for word in context.words_before(5) + context.words_after(4)}
        if not around & _TEMPERATURE_WORDS:
            return None
        number = (match.group("sign") or "") + match.group("number")
        unit = "\u00b0" + match.group("scale")
        return f"{speech.number(number)} {unit_words(speech, unit, speech.count_is_one(number))}"

    return Classifier(
        "measure",
        rf"(?P<sign>[-\u2212](?=\d))?{NUMBER_START}(?P<number>\d{{1,3}}(?:\.\d)?)(?P<scale>[CF])(?![\w'\u2019])",
        say,
    )


def ratio(speech: English) -> Classifier:
    """'a 1:1 ratio' -> 'a one to one ratio', '16:9 screens' -> 'sixteen to nine screens'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        near = {word.lower().strip(",.;:()") for word in context.words_before(2) + context.words_after(2)}
        if not near & {"ratio", "ratios", "aspect", "scale", "odds", "screen", "screens", "mix", "split"}:
            return None
        return f"{speech.integer(match.group('first'))} to {speech.integer(match.group('second'))}"

    return Classifier("measure", rf"{NUMBER_START}(?P<first>\d{{1,3}}):(?P<second>\d{{1,3}})(?![\w:]|[.,]\d)", say)
