"""Roman numerals where the words around them say what they are: after a ruler's name
('Ludwig XIV.', 'Louis XIV', 'Felipe II', 'Elisabetta II'), after a counting word ('Kapitel
IV', 'tome III', 'capítulo IV'), with an ordinal suffix ('XIXe siècle', 'François Ier'), or
before or after a century's word ('siglo XIX', 'XX secolo'); the language says how
(`Language.regnal`, `Language.century`)."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Language

_VALID = re.compile(r"M{0,4}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
MAX_AFTER_A_NAME = 39


def roman_value(numeral: str) -> int | None:
    upper = numeral.upper()
    if not upper or not _VALID.fullmatch(upper):
        return None
    total = 0
    for index, letter in enumerate(upper):
        value = _VALUES[letter]
        following = _VALUES[upper[index + 1]] if index + 1 < len(upper) else 0
        total += -value if value < following else value
    return total


def roman(language: Language) -> Classifier:
    words = language.words

    def say(match: re.Match[str], context: Context) -> str | None:
        numeral = match.group("numeral")
        value = roman_value(numeral)
        if value is None or value == 0:
            return None
        suffix = match.group("suffix") or ""
        lead = match.group("lead") or ""
        bare_lead = lead.lower().rstrip(".")
        following = context.word_after().lower().strip(",.;:")
        if suffix:
            spoken = language.roman_ordinal(value, suffix, following)
            return f"{lead} {spoken}" if lead else spoken
        if bare_lead in words.ordinal_roman_words or following in words.ordinal_roman_words:
            spoken = language.century(value, before=bool(lead))
            return f"{lead} {spoken}" if lead else spoken
        if bare_lead in words.counting_words:
            return f"{lead} {language.cardinal(value)}"
        if bare_lead in language.articles and following[:1].islower() and len(numeral) > 1 or (
                bare_lead in language.articles and numeral in {"I", "V", "X"} and following[:1].islower()):
            return f"{lead} {language.ordinal(value, feminine=language.articles[bare_lead])}"
        if lead and lead[:1].isupper() and lead.rstrip(".").isalpha() and value <= MAX_AFTER_A_NAME:
            if len(numeral) == 1 and numeral not in "IVX":
                return None  # "Vitamin C", "Typ D"
            if context.sentence_start(context.start) and bare_lead in language.not_names:
                return None
            if bare_lead in language.not_names:
                return None
            if language.capitalises_nouns and not (match.group("stop") or context.char_after() == "."):
                return None  # German writes a ruler's numeral with its stop ("Ludwig XIV."); "Cent I" is no ruler
            return language.regnal(lead, value, lead.rstrip(".") in words.feminine_names, context)
        return None

    return Classifier(
        "roman numeral",
        r"(?<![\w.])(?:(?P<lead>[^\W\d_][^\W\d_]+\.?)\s)?(?P<numeral>[IVXLCDM]+)"
        r"(?P<suffix>(?:(?<=[IVX])|(?<=[IVXLCDM]{2}))(?:er|e|ème|re|ère)(?![\w]))?(?P<stop>\.(?=\s[a-zäöüß]))?(?![\w'\u2019\-])",
        say,
    )
