"""Roman numerals: 'Henry VIII' -> 'Henry the Eighth', 'World War II' -> 'World War Two',
'Chapter IV' -> 'Chapter Four', 'PART XL' -> 'PART Forty', a heading 'IV.' -> 'Four'.

Only where the word before says so: a regnal name or title (Henry, Pope, King James) makes an
ordinal; a counting word (Chapter, Part, War, Act, Volume) a number. 'I' is the pronoun unless
a counting word is before it ('World War I') or a regnal name with nothing after it in the
clause ('James I of England', 'Elizabeth I.'); 'Malcolm X' and 'Sam and I' are left alone.
"""

from __future__ import annotations

import re

from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import REGNAL_NAMES, REGNAL_TITLES, ROMAN_NUMBER_LEADS
from narrate.text.readings.framework import Classifier, Context

_VALID = re.compile(r"M{0,4}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman_value(numeral: str) -> int | None:
    """'XIV' -> 14; None when it is not a well-formed numeral."""
    upper = numeral.upper()
    if not upper or not _VALID.fullmatch(upper):
        return None
    total = 0
    for index, letter in enumerate(upper):
        value = _VALUES[letter]
        following = _VALUES[upper[index + 1]] if index + 1 < len(upper) else 0
        total += -value if value < following else value
    return total


# A heading that is only a numeral ("IV.") is a chapter number, up to this; some capitals
# that happen to be numerals are words or initialisms ("CV", "MIX", "DC").
MAX_ALONE = 150
_WORDS_ALONE = frozenset({"CV", "CI", "CD", "DC", "MC", "MD", "MI", "MIX", "CLI", "DIV", "CIV", "LI", "DI", "DIX"})
_NAMES_WITH_LETTERS = frozenset({("Malcolm", "X"), ("Louis", "C"), ("Henry", "V.")})
# A numeral after an ordinary name is at most this ("Sam II"); "Washington DC" is no 600th.
MAX_AFTER_A_NAME = 39


def _title(words: str) -> str:
    return words.title()


def _regnal(lead: str, context: Context) -> bool:
    if lead in REGNAL_NAMES:
        return True
    before = context.words_before(2, context.start - len(lead) - 1)
    return any(word.rstrip(".,") in REGNAL_TITLES or word in REGNAL_TITLES for word in before)


def roman(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("alone"):
            value = roman_value(match.group("alone"))
            if value is None or value > MAX_ALONE or match.group("alone") in _WORDS_ALONE:
                return None
            return f"{match.group('junk')}{_title(speech.cardinal(value))}{match.group('after')}"
        lead = match.group("lead") or match.group("counting")
        numeral = match.group("numeral") or match.group("lower")
        value = roman_value(numeral)
        if value is None or value > 4999:
            return None
        possessive = match.group("possessive") or ""
        counting = lead.lower().rstrip(".") in ROMAN_NUMBER_LEADS
        following = context.word_after()
        if numeral == "I" and counting and not lead[:1].isupper():
            return None  # "for my part I have": the pronoun
        if numeral == "I" and not counting:
            clause_goes_on = following[:1].islower() and following.strip(",.;:") not in {"of"}
            if clause_goes_on or not _regnal(lead, context):
                return None  # "told Henry I would": the pronoun
        if len(numeral) == 1 and numeral.upper() not in "IVX":
            return None  # "Type C", "Part D", "Vitamin D": letters
        if counting:
            number = speech.cardinal(value)
            return f"{lead} {number if lead.isupper() and len(lead) > 1 else _title(number)}{possessive}"
        if len(numeral) == 1 and (not _regnal(lead, context) or (lead, numeral) in _NAMES_WITH_LETTERS):
            return None  # "Malcolm X", "Vitamin C", "Type A"
        if not lead[:1].isupper() or (value > MAX_AFTER_A_NAME and not _regnal(lead, context)):
            return None
        return f"{lead} the {_title(speech.ordinal(value))}{possessive}"

    return Classifier(
        "roman numeral",
        r"(?:^(?P<junk>[^\w%]*)(?P<alone>[IVXLCDM]{2,8}|[VX])\.?(?P<after>[^\w]*)$"
        r"|(?<![\w.])(?:(?P<lead>[A-Za-z][A-Za-z]+\.?)\s(?P<numeral>[IVXLCDM]+)"
        r"|(?P<counting>(?i:chapter|part|act|scene|book|volume|vol\.|canto|psalm|appendix))\s(?P<lower>[ivxlcdm]+))"
        r"(?P<possessive>['\u2019]s)?(?![\w'\u2019\-]))",
        say,
    )
