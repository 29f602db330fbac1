"""English number words and letter names, for one variant (US or British).

num2words2 (num2words' tables, compiled) makes the words ("one hundred and twenty-three", "twenty-third"); this module says
which reading a written number gets (a year, digits one by one, a decimal) and how the
variants differ: American English says "one hundred twenty-three" and "two thousand six",
British English "one hundred and twenty-three" and "two thousand and six".
"""

from __future__ import annotations

import re
from functools import lru_cache

from num2words2 import num2words

from narrate.text.readings.en.words import DIGIT_NAMES

# Beyond an undecillion, and for unbroken runs of more digits than this, digits are read
# one by one: an identifier, an ISBN, a long code (no one says "a trillion and ...").
LARGEST_CARDINAL = 10**36
MAX_PLAIN_DIGITS = 9
MAX_CARDINAL_DIGITS = 36
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+")
_SIGN = {"-": "minus", "\u2212": "minus", "+": "plus", "\u00b1": "plus or minus"}


class English:
    """Words for numbers and letters in US (`british=False`) or British English."""

    def __init__(self, british: bool = False) -> None:
        self.british = british

    # -- whole numbers -------------------------------------------------------------------
    def cardinal(self, value: int) -> str:
        """12 -> 'twelve'; 123 -> 'one hundred twenty-three' (British: 'one hundred and ...')."""
        if value < 0:
            return "minus " + self.cardinal(-value)
        if value >= LARGEST_CARDINAL:
            return self.digits(str(value))
        return _cardinal(value, self.british)

    def ordinal_of(self, written: str) -> str:
        """'1,000' -> 'one thousandth'; a number too long for words is its digits and 'th'."""
        plain = written.replace(",", "")
        if len(plain) > MAX_CARDINAL_DIGITS:
            return self.digits(plain) + "th"
        return self.ordinal(int(plain))

    def ordinal(self, value: int) -> str:
        """21 -> 'twenty-first'."""
        if value >= LARGEST_CARDINAL:
            return self.digits(str(value)) + "th"
        return _ordinal(value, self.british)

    def year(self, value: int) -> str:
        """1994 -> 'nineteen ninety-four', 1905 -> 'nineteen oh five', 1900 -> 'nineteen
        hundred', 2006 -> 'two thousand six', 2012 -> 'twenty twelve', 476 -> 'four seventy-six'."""
        if value < 100 or value >= 10000:
            return self.cardinal(value)
        century, rest = divmod(value, 100)
        if value % 1000 == 0 or 2000 <= value < 2010:
            return self.cardinal(value)
        if value < 1000 and rest < 10:
            return self.cardinal(value)
        if rest == 0:
            return f"{self.cardinal(century)} hundred"
        if rest < 10:
            return f"{self.cardinal(century)} oh {self.cardinal(rest)}"
        return f"{self.cardinal(century)} {self.cardinal(rest)}"

    def digits(self, written: str, zero: str = "zero") -> str:
        """'004' -> 'zero zero four' (every digit said; anything else dropped)."""
        return " ".join(zero if ch == "0" else DIGIT_NAMES[int(ch)] for ch in written if ch.isdigit())

    # -- written numbers -----------------------------------------------------------------
    def integer(self, written: str) -> str:
        """A written whole number: '1,200' -> 'one thousand two hundred'; '007' and unbroken
        runs of more than nine digits are read digit by digit."""
        plain = written.replace(",", "")
        if len(plain) > MAX_CARDINAL_DIGITS:
            return self.digits(plain)
        if _GROUPED.fullmatch(written):
            return self.cardinal(int(plain))
        if not plain.isdigit():
            return self.digits(plain)
        if (len(plain) > 1 and plain[0] == "0") or len(plain) > MAX_PLAIN_DIGITS:
            return self.digits(plain)
        return self.cardinal(int(plain))

    def fraction_digits(self, digits: str) -> str:
        """The digits after a decimal point, one by one: '14' -> 'one four'."""
        return self.digits(digits)

    def number(self, written: str) -> str:
        """Any plain written number: '-3', '1,234.5', '.5', '+2', '0.004'."""
        sign = ""
        if written[:1] in _SIGN:
            sign, written = _SIGN[written[0]] + " ", written[1:]
        whole, point, decimals = written.partition(".")
        if not point:
            return sign + self.integer(whole)
        spoken_whole = self.integer(whole) + " " if whole else ""
        return f"{sign}{spoken_whole}point {self.fraction_digits(decimals)}".strip()

    def count_is_one(self, written: str) -> bool:
        """Whether a written amount takes the singular ('1 kilogram', not '1.0 kilograms')."""
        return written.lstrip("+") in {"1", "-1"}

    # -- letters -------------------------------------------------------------------------
    @staticmethod
    def spell(letters: str) -> str:
        """'CO' -> 'C O', 'EPA' -> 'E.P.A.': each letter named. A spaced 'A' before another
        word is read as the article ('the E P A said' is "ee pee a said"), so runs with an A
        are written with dots."""
        upper = [ch.upper() for ch in letters if ch.isalpha()]
        if "A" in upper:
            return "".join(f"{ch}." for ch in upper)
        return " ".join(upper)


@lru_cache(maxsize=4096)
def _cardinal(value: int, british: bool) -> str:
    return _variant(num2words(value), british)


@lru_cache(maxsize=1024)
def _ordinal(value: int, british: bool) -> str:
    return _variant(num2words(value, to="ordinal"), british)


def _variant(words: str, british: bool) -> str:
    """num2words writes British English with commas ('one thousand, two hundred and five')."""
    words = words.replace(",", "")
    return words if british else words.replace(" and ", " ")
