"""Money: '$2.00' -> 'two dollars', '$20.5' -> 'twenty dollars fifty cents', '$5.2bn' ->
'five point two billion dollars', '$20/mo' -> 'twenty dollars per month', '5€' -> 'five euros'.

eSpeak reads the symbol first ("$5" is "dollar five") and reads "$2.00" as "two dollars zero
cents"; narrate moves the unit after the amount and says cents only when there are some.
"""

from __future__ import annotations

import re

from narrate.text.readings.en.numbers import signed
from narrate.text.readings.en.patterns import CURRENCY, NUMBER, SCALE, TRAILING_CURRENCY, alternatives
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import CURRENCIES, NOT_NOUNS, PER_UNITS, SCALES, british_spelling
from narrate.text.readings.framework import Classifier, Context

_PER = alternatives(PER_UNITS)


def attributive(context: Context) -> bool:
    """'$250,000 fines', 'a $53 million figure': the amount describes the noun after it, and
    is said in the singular ('dollar fines')."""
    bare = context.word_after().strip("\"'.,;:!?)")
    lower = bare.lower()
    if lower.endswith("ly") and len(lower) > 4 and lower not in _LY_WORDS_BEFORE_A_NOUN:
        return False  # 'the $20 reportedly demanded': an adverb, not the noun the amount describes
    if lower.endswith("ed") and len(lower) > 4 and lower not in NOT_PARTICIPLES \
            and context.word_before().lower() not in ("a", "an"):
        return False  # '$1.4 billion budgeted', 'every $1,000 invested': a verb's participle ('a $3 billion combined company')
    return bare.replace("-", "").isalpha() and lower not in NOT_NOUNS and not bare.isupper()


# nouns of five letters or more that end in -ed: '$500 speed cameras'
NOT_PARTICIPLES = frozenset({"speed", "breed", "creed", "steed", "tweed"})
# nouns and adjectives that end in -ly: 'a $5 monthly fee', 'a $2 billion family fortune'
_LY_WORDS_BEFORE_A_NOUN = frozenset({
    "supply", "family", "assembly", "monopoly", "rally", "ally", "belly", "jelly", "reply", "anomaly",
    "butterfly", "lily", "bully", "tally", "hourly", "daily", "weekly", "monthly", "quarterly", "yearly",
    "early", "costly", "friendly", "deadly", "lovely", "elderly", "only", "likely"})


def amount_words(speech: English, currency: str, written: str, scale: str | None = None,
                 singular: bool = False) -> str:
    """An amount in a currency, in words: the major unit, then the minor one if any."""
    one, many, minor_one, minor_many = CURRENCIES[currency]
    if singular:
        many = one
    written = written.lstrip("+")
    if scale:
        return f"{speech.number(written)} {SCALES.get(scale, scale.lower())} {many}"
    whole, _, decimals = written.partition(".")
    while len(decimals) > 2 and decimals.endswith("0"):
        decimals = decimals[:-1]
    if len(decimals) > 2 or (decimals and not minor_many) or len(whole) > 15:
        return f"{speech.number(written)} {many}"
    cents = int(decimals.ljust(2, "0")) if decimals else 0
    major = int(whole.replace(",", "")) if whole else 0
    minor = f"{speech.cardinal(cents)} {minor_one if cents == 1 else minor_many}"
    if cents and not major:
        return minor
    major_words = f"{speech.integer(whole or '0')} {one if major == 1 else many}"
    return f"{major_words} {minor}" if cents else major_words


def money(speech: English) -> Classifier:
    """An amount with a currency before or after it, a scale and a rate ('/mo')."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("sign") and not signed(match, context):
            return None
        currency = match.group("currency") or match.group("after")
        if currency not in CURRENCIES:
            return None
        written = match.group("amount") or match.group("amount_before")
        scale = match.group("scale") or match.group("scale_before")
        whole_amount = "." not in written or bool(scale)
        spoken = amount_words(speech, currency, written, scale,
                              singular=whole_amount and not match.group("per") and attributive(context))
        if match.group("sign"):
            spoken = "minus " + spoken
        if match.group("per"):
            unit = PER_UNITS[match.group("per")]
            spoken += " per " + (british_spelling(unit) if speech.british else unit)
        return spoken

    return Classifier(
        "money",
        rf"(?P<sign>[-\u2212](?=\D{{0,3}}\d))?"
        rf"(?:(?<![\w$])(?P<currency>{CURRENCY})\s?(?P<amount>{NUMBER})(?:\s?(?P<scale>{SCALE})(?![\w-]))?"
        rf"|(?<![\w.,])(?P<amount_before>{NUMBER})(?:\s?(?P<scale_before>{SCALE}))?\s?(?P<after>{TRAILING_CURRENCY})(?![\w$]))"
        rf"(?:\s?/\s?(?P<per>{_PER})(?![\w/]))?",
        say,
    )
