"""French: '1er janvier' -> 'premier janvier', '24/07/2013' -> 'vingt-quatre juillet deux mille
treize', '14h30' -> 'quatorze heures trente', '12,50 €' -> 'douze euros cinquante', '1,5 km' ->
'un virgule cinq kilomètre' (the noun is plural from two), 'vingt et une heures', 'XIXe siècle'
-> 'dix-neuvième siècle', 'Louis XIV' -> 'Louis quatorze', 'François Ier' -> 'François premier',
'M. Dupont' -> 'monsieur Dupont', telephone numbers in pairs ('01 23 45 67 89')."""

from __future__ import annotations

import re

from narrate.text.readings.fr.words import WORDS
from narrate.text.readings.framework import Classifier, Context, Grammar
from narrate.text.readings.shared import grammar as shared_grammar
from narrate.text.readings.shared.language import Language, Noun
from narrate.text.readings.shared.numbers import ordinal as ordinal_classifier

_FRACTIONS = {2: ("demi", "demis"), 3: ("tiers", "tiers"), 4: ("quart", "quarts")}


class French(Language):
    code = "fr"
    hour_words = ("h", "heures", "heure")
    time_leads = frozenset({"à", "vers", "dès", "depuis", "jusqu'à", "avant", "après", "de"})
    range_leads = frozenset({"pages", "de", "entre", "années", "nos"})
    score_words = frozenset({"gagné", "gagne", "victoire", "défaite", "battu", "bat", "perdu", "perd", "match",
                             "score", "nul", "mène", "menait", "l'emporte", "remporte", "remporté"})
    not_names = frozenset({"le", "la", "les", "et", "ou", "de", "du", "des", "en", "un", "une", "au", "aux", "à",
                           "par", "pour", "sur", "dans", "avec", "est", "il", "elle"})
    leading_words = frozenset({"monsieur", "madame", "mademoiselle", "messieurs", "mesdames", "docteur",
                               "professeur", "saint", "sainte", "par exemple", "c'est-à-dire", "confer", "environ",
                               "numéro", "page", "avenue", "boulevard", "contre"})

    decimal_singular = True

    def feminine(self, words: str) -> str:
        return re.sub(r"\bun$", "une", words)

    def count(self, value: int, noun: Noun | None = None) -> str:
        return self.cardinal(value, feminine=bool(noun and noun.feminine))

    def singular(self, value: float) -> bool:
        return abs(value) < 2

    def feminine_ordinal(self, words: str) -> str:
        return re.sub(r"premier$", "première", re.sub(r"second$", "seconde", words))

    def date(self, day: int | None, month: int, year: str | None, context: Context, joiner: str = "") -> str:
        name = self.words.months[month - 1]
        spoken = name if day is None else f"{'premier' if day == 1 else self.cardinal(day)} {name}"
        return f"{spoken} {self.year(int(year))}" if year else spoken

    def time(self, hour: int, minute: int, second: int | None, marker: str | None, context: Context) -> str:
        if marker == "pm" and hour < 12:
            hour += 12
        hours = "zéro heure" if hour == 0 else f"{self.cardinal(hour, feminine=True)} {'heure' if hour == 1 else 'heures'}"
        if second is not None:
            return f"{hours} {self.count(minute, Noun('minute', 'minutes', True))} " \
                   f"{'minute' if minute < 2 else 'minutes'} {self.cardinal(second, True)} {'seconde' if second < 2 else 'secondes'}"
        return f"{hours} {self.cardinal(minute)}" if minute else hours

    def phone_group(self, group: str) -> str:
        """French numbers are said in pairs: '01' -> 'zéro un', '23' -> 'vingt-trois'."""
        if group.startswith("+"):
            return f"{self.say['plus']} {self.cardinal(int(group[1:]))}"
        if len(group) == 2:
            return f"zéro {self.cardinal(int(group[1]))}" if group[0] == "0" else self.cardinal(int(group))
        return self.digits(group)

    def roman_ordinal(self, value: int, suffix: str, following: str) -> str:
        if value == 1:
            return "première" if suffix in {"re", "ère"} else "premier"
        return self.ordinal(value)

    def century(self, value: int, before: bool) -> str:
        return self.ordinal(value)

    def regnal(self, lead: str, value: int, feminine: bool, context: Context) -> str:
        """'Louis XIV' -> 'Louis quatorze', 'François I' -> 'François premier'."""
        if value == 1:
            return f"{lead} {'première' if feminine else 'premier'}"
        return f"{lead} {self.cardinal(value)}"

    def mixed(self, whole: int, numerator: int, denominator: int) -> str:
        if (numerator, denominator) == (1, 2):
            return f"{self.cardinal(whole)} et demi"
        return f"{self.cardinal(whole)} et {fraction_words(self, numerator, denominator)}"

    def money_join(self, major: str, minor: str, cents: int) -> str:
        return f"{major} {self.cardinal(cents)}"  # "deux euros vingt"


def fraction_words(language: French, numerator: int, denominator: int) -> str:
    """'1/2' -> 'un demi', '3/4' -> 'trois quarts', '2/9' -> 'deux neuvièmes', '5/1' -> 'cinq sur un'."""
    if denominator == 1:
        return f"{language.cardinal(numerator)} sur un"
    if denominator in _FRACTIONS:
        one, many = _FRACTIONS[denominator]
    else:
        one = language.ordinal(denominator)
        many = one + "s"
    return f"{language.cardinal(numerator)} {one if numerator == 1 else many}"


def ordinal(language: French) -> Classifier:
    """'1er', '1re', '1ère', '3e', '8ème', '21e', '2nd', '2nde', '1ers'."""
    def say(value: int, suffix: str, _: Context) -> str | None:
        feminine = suffix.startswith(("re", "ère", "nde"))
        plural = suffix.endswith("s") and suffix not in {"es"} or suffix in {"es", "èmes"}
        if suffix.startswith("nd"):
            return ("seconde" if feminine else "second") + ("s" if plural else "")
        if value == 1 and not suffix.startswith(("er", "re", "ère")):
            return None
        if value != 1 and suffix.startswith(("er", "re", "ère")):
            return None  # "3er" is not French
        return language.ordinal(value, feminine=feminine, plural=plural)

    return ordinal_classifier(language, r"(?:ères|ère|ers|er|res|re|èmes|ème|es|e|ndes|nde|nds|nd)", say)


def decade(language: French) -> Classifier:
    """'les 80s', "les '80" -> 'les années quatre-vingt'."""
    def say(match: re.Match[str], _: Context) -> str:
        return f"{match.group('the')} années {language.cardinal(int(match.group('tens'))).removesuffix('s')}"

    return Classifier("decade", r"(?P<the>\b[Ll]es)\s['\u2019]?(?P<tens>[1-9]0)['\u2019]?s(?![\w])", say)


def grammar(tag: str) -> Grammar:
    language = French(tag, WORDS)

    def fraction_of(whole: int | None, numerator: int, denominator: int, unit: Noun) -> str:
        if whole is not None and (numerator, denominator) == (1, 2):
            half = "demie" if unit.feminine else "demi"
            return f"{language.count(whole, unit)} {unit.of(whole == 1)} et {half}"  # "une heure et demie"
        if whole is not None:
            return f"{language.mixed(whole, numerator, denominator)} {unit.many}"
        return f"{fraction_words(language, numerator, denominator)} {language.of(unit.one)}"

    return shared_grammar(language, ordinal(language), lambda n, d: fraction_words(language, n, d), fraction_of,
                          early=(decade(language),))
