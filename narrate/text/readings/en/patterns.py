"""Regular-expression pieces the English classifiers share (data for patterns, no logic)."""

from __future__ import annotations

from collections.abc import Iterable

from narrate.text.readings.framework import literal_alternatives

from narrate.text.readings.en.words import (
    CURRENCIES,
    MONTH_FORMS,
    SCALES,
    TRAILING_CURRENCIES,
    UNITS,
)


def alternatives(words: Iterable[str]) -> str:
    """A regex alternation of literal words, longest first (so 'km/h' wins over 'km')."""
    return literal_alternatives(words)


# A written number: "1,234.56", "12", ".5" (not a digit of a longer run on either side).
NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+"
# The same, unsigned and not inside another number or word on the left.
NUMBER_START = r"(?<![\w.,])"
# Scale words after an amount ("5.2bn", "300 million", "5k").
SCALE = rf"(?:{alternatives(SCALES)})"
CURRENCY = rf"(?:{alternatives(CURRENCIES)})"
TRAILING_CURRENCY = rf"(?:{alternatives(TRAILING_CURRENCIES)})"
UNIT = rf"(?:{alternatives(UNITS)})"
MONTH = rf"(?:{alternatives(name.capitalize() for name in MONTH_FORMS)}|{alternatives(name.upper() for name in MONTH_FORMS)}|{alternatives(MONTH_FORMS)})"
AM_PM = r"(?:[aApP]\.\s?[mM]\.?|[aApP][mM]\b)"
# Day of the month, with or without its ordinal suffix ("25", "25th", "1st").
DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th|ST|ND|RD|TH)?"
END = r"(?![\w])"
