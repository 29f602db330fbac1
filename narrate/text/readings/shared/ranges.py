"""Ranges and scores: '1914-1918' -> 'neunzehnhundertvierzehn bis neunzehnhundertachtzehn',
'10-20 %' -> 'dix à vingt pour cent', '5-10 km' -> 'cinco a diez kilómetros', '3:2' after a
word of a match -> 'drei zu zwei'. A number straight after a name is a model ('Boeing
737-800', 'A350-900'), and a chain of hyphens is a code: neither is a range."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Language
from narrate.text.readings.shared.patterns import alternatives, number

_YEAR = re.compile(r"(?:1\d|20)\d\d")


def _after_a_name(context: Context, language: Language) -> bool:
    before = context.word_before().strip("(\"'")
    return (before[:1].isupper() and before.isalpha() and not context.sentence_start(context.start - len(before) - 1)
            and before.lower() not in language.range_leads and not language.capitalises_nouns)


def range_classifier(language: Language) -> Classifier:
    units = language.words.units

    def say(match: re.Match[str], context: Context) -> str | None:
        first, second, tail = match.group("first"), match.group("second"), match.group("tail") or ""
        plain = first.isdigit() and second.isdigit()
        if plain and max(len(first), len(second)) > 9:
            return None
        if plain and _after_a_name(context, language):
            return None
        if plain and len(second) > len(first) + 1:
            return None  # "170-45190": a code
        to = language.range_word(context)
        if plain and _YEAR.fullmatch(first) and _YEAR.fullmatch(second) and not tail:
            if int(second) <= int(first):
                return None
            return f"{language.year(int(first))} {to} {language.year(int(second))}"
        if plain and _YEAR.fullmatch(first) and len(second) == 2 and not tail:
            if int(second) <= int(first[2:]):
                return None
            return f"{language.year(int(first))} {to} {language.year(int(first[:2] + second))}"
        return f"{context.read(first)} {to} {context.read(second + tail)}"

    unit = alternatives(units)
    side = number(language)
    return Classifier(
        "range",
        rf"(?<![\w.,/\-:])(?P<first>{side})\s?[-\u2013\u2014]\s?(?P<second>{side})"
        rf"(?P<tail>\s?%|\s?(?:{unit})(?![\w\u00b2\u00b3]))?(?![\w/\-]|[.,]\d|\s?[=+*/<>^])",
        say,
    )


def score(language: Language) -> Classifier:
    """'3:2', '2:1-Sieg', '1-0' after a word of a match: 'drei zu zwei', 'tres a dos'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        before = {word.lower().strip(",.;:(") for word in context.words_before(4)}
        after = context.word_after().lower().strip(",.;:)")
        rest = match.group("rest") or ""
        if match.group("sep") == "-" and not (before & language.score_words or after in language.score_words):
            return None
        if match.group("sep") == ":" and rest == "" and not (before & language.score_words or after in language.score_words
                                                               or len(match.group("b")) == 1):
            return None
        words = f"{language.cardinal(int(match.group('a')))} {language.say['score']} {language.cardinal(int(match.group('b')))}"
        return words + rest

    return Classifier(
        "score",
        r"(?<![\w.,:\-])(?P<a>\d{1,2})(?P<sep>[:\-])(?P<b>\d{1,2})(?P<rest>-(?=[A-Za-zÄÖÜäöü]))?(?![\d:]|[.,]\d)",
        say,
    )
