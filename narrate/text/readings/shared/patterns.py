"""Regular-expression pieces the shared classifiers build from a language's tables."""

from __future__ import annotations

from collections.abc import Iterable

from narrate.text.readings.framework import literal_alternatives
from narrate.text.readings.shared.language import Language

# Groups of three digits after a dot, a space or a narrow space ('1.234.567', '1 234 567'),
# each number with one kind of separator throughout.
_GROUPED_DOT = r"\d{1,3}(?:\.\d{3})+(?![\d]|\.\d)"
_GROUPED_SPACE = r"\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d]|\.\d)"
_GROUPED_COMMA = r"\d{1,3}(?:,\d{3})+(?![\d]|,\d)"
NUMBER_START = r"(?<![\w.,])"
END = r"(?![\w])"


def alternatives(words: Iterable[str]) -> str:
    """A regex for any of `words` (longest first); one that never matches for none."""
    found = [word for word in words if word]
    return literal_alternatives(found) if found else "(?!)"


def number(language: Language) -> str:
    """A written number of the language: '1.234,56', '1 234', '12', '0,5' (a decimal comma);
    '1,234.56' where the language writes a decimal point (es-MX)."""
    if language.decimal_comma:
        return rf"(?:{_GROUPED_DOT}|{_GROUPED_SPACE}|\d+)(?:,\d+)?"
    return rf"(?:{_GROUPED_COMMA}|{_GROUPED_SPACE}|\d+)(?:\.\d+)?"


def currency(language: Language) -> str:
    return rf"(?:{alternatives(language.words.currencies)})"


def unit(language: Language) -> str:
    return rf"(?:{alternatives(language.words.units)})"


def scale(language: Language) -> str:
    return rf"(?:{alternatives(language.words.scales)})"


def month(language: Language) -> str:
    """A month's name or abbreviation in any capitalisation ('Juli', 'juli', 'JULI', 'févr.')."""
    forms = language.words.month_forms
    return (rf"(?:{alternatives(forms)}|{alternatives(f.capitalize() for f in forms)}"
            rf"|{alternatives(f.upper() for f in forms)})")


def weekday(language: Language) -> str:
    forms = language.words.weekdays
    return rf"(?:{alternatives(forms)}|{alternatives(f.capitalize() for f in forms)})"
