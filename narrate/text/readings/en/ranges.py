"""Ranges and scores: '1980-1986' -> 'nineteen eighty to nineteen eighty-six', '10-12 people'
-> 'ten to twelve people', '1..99' -> 'one to ninety-nine', '$5-10' -> 'five to ten dollars', '9am-5pm' -> 'nine a.m. to five
p.m.', '40-50%' -> 'forty to fifty percent', 'won 3-2' and 'led 38-10' -> 'three two', 'thirty-eight
ten' ('a 2-0 win' is 'two nothing', British 'two nil').

Not ranges: a number straight after a name ('Boeing 737-800', 'COVID-19'), a chain of
hyphens ('1-2-3'), a telephone number (the telephone class takes '555-1234' first).
"""

from __future__ import annotations

import re

from narrate.text.readings.en.patterns import AM_PM, CURRENCY, NUMBER, SCALE, UNIT
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import CURRENCIES
from narrate.text.readings.framework import Classifier, Context

_RANGE_LEADS = frozenset({"pages", "page", "pp", "ages", "aged", "chapters", "sections", "from", "between",
                          "verses", "years", "nos", "numbers", "items", "lines", "rooms", "seasons"})
_SCORE_BEFORE = frozenset({"won", "win", "beat", "beats", "lost", "lose", "loses", "defeated", "drew",
                           "draw", "tied", "tie", "leads", "led", "lead", "trail", "trailed", "trails",
                           "trailing", "leading", "score", "scored", "scores", "scoreline", "result",
                           "winning", "losing", "finished", "ended", "edged", "thrashed", "routed"})
_SCORE_AFTER = frozenset({"win", "victory", "defeat", "loss", "lead", "draw", "tie", "scoreline",
                          "triumph", "thrashing", "drubbing", "decision", "vote", "split", "majority"})
_SIDE = (rf"(?:{CURRENCY}\s?)?(?:\d{{1,2}}:\d\d(?:\s?{AM_PM})?|\d{{1,2}}\s?{AM_PM}"
         rf"|(?:{NUMBER})(?:\s?(?:bn|mn|tn|[kKmMbB]|million|billion|trillion)(?![\w-]))?"
         rf"|(?:1\d|20)?\d0['\u2019]?s)")
_YEAR = re.compile(r"(?:1\d|20)\d\d")
YEAR_SPAN = 100  # two years a century apart or less: a range of years, not a model ('737-800')
_NAME_EXCEPTIONS = frozenset({"The", "A", "An", "From", "Between", "Pages", "Page", "About", "Some",
                              "Only", "Ages", "Aged", "Nearly", "Around", "Roughly", "Up", "Down"})


def _is_model_number(context: Context) -> bool:
    """'Boeing 737-800', 'Airbus A320-200': a number straight after a name is a model, not a range."""
    before = context.word_before()
    bare = before.strip(",:(")
    if before in {"(C)", "(c)", "\u00a9"}:
        return False  # "Copyright (C) 2006-2015": years, not a model
    return (bare[:1].isupper() and not context.sentence_start(context.start - len(before) - 1)
            and bare not in _NAME_EXCEPTIONS and bare.lower() not in _RANGE_LEADS and before[-1:] not in ",:(")


def _score_context(context: Context) -> bool:
    before = [word.lower().strip(",.;:") for word in context.words_before(3)]
    after = context.word_after().lower().strip(",.;:")
    return bool(set(before) & _SCORE_BEFORE) or after in _SCORE_AFTER


def score_words(speech: English, first: int, second: int) -> str:
    def side(value: int) -> str:
        if value == 0:
            return "nil" if speech.british else "nothing"
        return speech.cardinal(value)
    return f"{side(first)} {side(second)}"  # "three two", "two nothing" ("two nil" in British)


def range_classifier(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        spoken = _range_words(match, context)
        if spoken and " to " in spoken and context.word_before().lower() == "between":
            return spoken.replace(" to ", " and ", 1)  # "between 1939-45": "between ... and ..."
        return spoken

    def _range_words(match: re.Match[str], context: Context) -> str | None:
        first, second = match.group("first"), match.group("second")
        tail = match.group("tail") or ""
        plain = first.isdigit() and second.isdigit()
        if plain and max(len(first), len(second)) > 15:
            return None  # two long numbers: read each
        if plain and _score_context(context):
            return score_words(speech, int(first), int(second))
        years = plain and _YEAR.fullmatch(first) and _YEAR.fullmatch(second) \
            and 0 < int(second) - int(first) <= YEAR_SPAN
        if plain and not years and _is_model_number(context):
            return None  # ('Fall-Winter 2015-2016', 'Copyright 2006-2015': years after a name)
        if plain and _YEAR.fullmatch(first) and (_YEAR.fullmatch(second) or len(second) == 2) and not tail:
            if len(second) == 2:
                if int(second) <= int(first[2:]):
                    return None
                return f"{speech.year(int(first))} to {speech.cardinal(int(second))}"
            if int(second) <= int(first):
                return None
            return f"{speech.year(int(first))} to {speech.year(int(second))}"
        if plain:
            if len(second) > len(first) + 1:
                return None  # "170-45190": a code, not a range
            if int(second) <= int(first) and not tail:
                return f"{speech.integer(first)} {speech.integer(second)}"  # "a 38-10 lead", "978-0"
            return f"{speech.integer(first)} to {context.read(second + tail) if tail else speech.integer(second)}"
        currency = re.match(CURRENCY, first)
        if currency and not re.match(CURRENCY, second) and currency.group(0) in CURRENCIES:
            # "$5-10": the currency is said once, after the second amount
            spoken_first = context.read(first[currency.end():].strip())
            return f"{spoken_first} to {context.read(currency.group(0) + second + tail)}"
        return f"{context.read(first)} to {context.read(second + tail)}"

    return Classifier(
        "range",
        rf"(?<![\w.,/\-:$\u00a3\u20ac])(?P<first>{_SIDE})(?:\s?[-\u2013\u2014]\s?|\.{{2,4}})(?P<second>{_SIDE})"
        rf"(?P<tail>\s?%|\s?(?:{UNIT})(?![\w\u00b2\u00b3])|\s?(?:{SCALE})(?![\w-]))?"
        r"(?![\w/\-]|[.,]\d|\s?[=+*/<>^])",
        say,
    )
