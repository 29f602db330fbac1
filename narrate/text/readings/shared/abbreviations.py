"""Abbreviations, from the language's tables: those said in full wherever they stand ('z. B.',
'usw.', 'p. ex.', 'EE. UU.'), titles said in full only before a name ('M. Dupont' monsieur,
'S. Pietro' San, 'Dr. Müller' Doktor), and words said in full only before a number ('S. 12'
Seite, 'Nr. 5' Nummer, 'n.º 3' número). Written with or without the spaces after their full
stops ('z.B.', 'p.ex.'). An abbreviation that ends a sentence keeps its full stop."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Language
from narrate.text.readings.shared.patterns import alternatives


def variants(written: str) -> set[str]:
    """'z. B.' -> {'z. B.', 'z.B.'}; 'c.-à-d.' stays as it is."""
    found = {written, written.replace(". ", ".")}
    return {form for form in found if form}


def _ends_sentence(context: Context) -> bool:
    rest = context.after()
    stripped = rest.lstrip()
    if not stripped:
        return context.closes_text()
    return rest[:1].isspace() and (stripped[0].isupper() or stripped[0] in "\"'(")


def _table(table: dict[str, str]) -> dict[str, str]:
    forms: dict[str, str] = {}
    for written, spoken in table.items():
        for form in variants(written):
            forms.setdefault(form, spoken)
    return forms


def _boundary(forms: dict[str, str]) -> str:
    return rf"(?<![\w.])(?P<abbreviation>{alternatives(forms)})(?:(?<=[.\u00b0\u00ba])|(?![\w]))"  # ('n°2019')


def abbreviation(language: Language) -> Classifier:
    forms = _table(language.words.abbreviations)

    def say(match: re.Match[str], context: Context) -> str:
        written = match.group("abbreviation")
        spoken = forms[written]
        if written.endswith(".") and _ends_sentence(context) and not language.before_something(spoken):
            return spoken + "."
        return spoken

    return Classifier("abbreviation", _boundary(forms), say, trigger=alternatives(forms))


def title(language: Language) -> Classifier:
    """A title before a capitalised name ('M. Dupont', 'Sr. García', 'Dott.ssa Rossi')."""
    forms = _table(language.words.titles)

    def say(match: re.Match[str], context: Context) -> str | None:
        following = context.word_after()
        if not following[:1].isupper():
            return None
        return forms[match.group("abbreviation")]

    return Classifier("abbreviation", _boundary(forms) + r"(?=\s)", say, trigger=alternatives(forms))


def before_number(language: Language) -> Classifier:
    """'S. 12', 'Nr. 5', 'p. 3', 'n.º 7', 'Art. 3': the word, said in full before a number."""
    forms = _table(language.words.before_number)

    def say(match: re.Match[str], _: Context) -> str:
        return forms[match.group("abbreviation")]

    return Classifier("abbreviation", _boundary(forms) + r"(?=\s?\d)", say, trigger=alternatives(forms))
