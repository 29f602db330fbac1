"""German: numbers, ordinals with the ending their article asks for ('am 24. Juli' ->
'am vierundzwanzigsten Juli', '24. Juli 2013' -> 'vierundzwanzigster Juli
zweitausenddreizehn'), years ('1994' -> 'neunzehnhundertvierundneunzig' where the context
says year), decades ('80er Jahre'), times ('14:30 Uhr' -> 'vierzehn Uhr dreißig'), money
('12,50 €' -> 'zwölf Euro fünfzig Cent'), units, fractions ('1 1/2' -> 'eineinhalb').
"""

from __future__ import annotations

import re

from narrate.text.readings.de.words import (
    ENDING_E,
    ENDING_N,
    ENDING_R,
    ORDINAL_NOUNS,
    PREPOSITIONS,
    QUANTITY_LEADS,
    WORDS,
    YEAR_LEADS,
)
from narrate.text.readings.framework import Classifier, Context, Grammar
from narrate.text.readings.shared import grammar as shared_grammar
from narrate.text.readings.shared.language import Language, Noun
from narrate.text.readings.shared.patterns import NUMBER_START

_FRACTIONS = {2: "halb", 3: "Drittel", 4: "Viertel", 5: "Fünftel", 6: "Sechstel", 7: "Siebtel", 8: "Achtel",
              9: "Neuntel", 10: "Zehntel", 11: "Elftel", 12: "Zwölftel", 13: "Dreizehntel", 14: "Vierzehntel",
              15: "Fünfzehntel", 16: "Sechzehntel", 17: "Siebzehntel", 18: "Achtzehntel", 19: "Neunzehntel"}
_LOWER = re.compile(r"[a-zäöüß]")
_JOINING = frozenset({"und", "oder", "bis", "bzw.", "sowie", "-", "\u2013", "/"})


class German(Language):
    code = "de"
    hour_words = ("Uhr", "h")
    o_clock_words = ("Uhr",)
    time_leads = frozenset({"um", "gegen", "ab", "bis", "von", "seit", "vor", "nach"})
    capitalises_months = True
    capitalises_nouns = True
    range_leads = frozenset({"seiten", "von", "zwischen", "jahre", "nr.", "nummern"})
    score_words = frozenset({"gewann", "gewinnt", "siegte", "siegt", "verlor", "verliert", "endete", "unentschieden",
                             "sieg", "niederlage", "remis", "stand", "führt", "führte", "spiel", "halbzeit",
                             "schlug", "besiegte", "torverhältnis", "ergebnis", "endstand"})
    not_names = frozenset({"der", "die", "das", "und", "oder", "aber", "in", "im", "am", "mit", "von", "für", "auf",
                           "ist", "war", "sind", "ein", "eine", "nach", "vor", "bei", "zu", "zum", "zur", "es"})
    leading_words = frozenset({"Doktor", "Professor", "Sankt", "Herr", "Frau", "Mister", "Misses", "Miss",
                               "Nummer", "zum Beispiel", "das heißt", "unter anderem", "circa", "vergleiche"})

    def count(self, value: int, noun: Noun | None = None) -> str:
        if value == 1:
            return "eine" if noun is not None and noun.feminine else "ein"
        return self.cardinal(value)

    def decimals(self, digits: str) -> str:
        return self.digits(digits)  # 'drei Komma eins vier'

    def year(self, value: int) -> str:
        if 1100 <= value <= 1999:
            return str(_year(value))
        return self.cardinal(value)

    def ordinal_with(self, value: int, ending: str) -> str:
        """'dritte' + 'n', 'r', 's' or '' (the ending the context asks for)."""
        return self.ordinal(value) + ending

    def ending(self, context: Context, noun: str | None = None) -> str:
        """The ending of an ordinal by the word before it ('am' -> 'n', 'der' -> 'e' or after a
        preposition 'n'), else by the gender of the noun after it, else 'r' (as a date is said)."""
        before = [word.lower().strip(",;:(\"'") for word in context.words_before(2)]
        last = before[-1] if before else ""
        if last in _JOINING and "ending" in context.memory:
            return str(context.memory["ending"])  # "am 3. und 4. Juni": the first one's ending
        context.memory["ending"] = ending = self._ending(before, last, noun)
        return ending

    def _ending(self, before: list[str], last: str, noun: str | None) -> str:
        if last in ENDING_N or " ".join(before) in ENDING_N:
            return "n"
        if last in ENDING_E:
            if len(before) == 2 and before[0] in PREPOSITIONS and last in {"der", "die", "den"}:
                return "n"
            return ""
        gender = ORDINAL_NOUNS.get(noun or "")
        if last in ENDING_R:
            return "s" if gender == "n" else "r"
        if gender == "f":
            return ""
        if gender == "n":
            return "s"
        return "r"

    def date(self, day: int | None, month: int, year: str | None, context: Context, joiner: str = "") -> str:
        name = self.words.months[month - 1]
        spoken = name if day is None else f"{self.ordinal_with(day, self.ending(context))} {name}"
        return f"{spoken} {self.year(int(year))}" if year else spoken

    def day_alone(self, day: int, context: Context) -> str:
        return self.ordinal_with(day, self.ending(context))

    def time(self, hour: int, minute: int, second: int | None, marker: str | None, context: Context) -> str:
        hour_words = "ein" if hour == 1 else self.cardinal(hour)
        if second is not None:
            minutes = f"{'eine' if minute == 1 else self.cardinal(minute)} {'Minute' if minute == 1 else 'Minuten'}"
            seconds = f"{'eine' if second == 1 else self.cardinal(second)} {'Sekunde' if second == 1 else 'Sekunden'}"
            return f"{hour_words} Uhr {minutes} {seconds}"
        return f"{hour_words} Uhr" + (f" {self.cardinal(minute)}" if minute else "")

    def regnal(self, lead: str, value: int, feminine: bool, context: Context) -> str:
        """'Ludwig XIV.' -> 'Ludwig der Vierzehnte'; 'unter Ludwig XIV.' -> 'unter Ludwig dem Vierzehnten'."""
        before = context.word_before(context.start).lower().strip(",;:(\"'")
        ordinal = self.ordinal(value).capitalize()
        if before in PREPOSITIONS or before in {"mit", "unter"}:
            return f"{lead} {'der' if feminine else 'dem'} {ordinal}n"
        return f"{lead} {'die' if feminine else 'der'} {ordinal}"

    def mixed(self, whole: int, numerator: int, denominator: int) -> str:
        return whole_and_fraction(self, whole, numerator, denominator)


def _year(value: int) -> str:
    from num2words2 import num2words

    return str(num2words(value, lang="de", to="year"))


def fraction_words(language: German, numerator: int, denominator: int) -> str:
    """'1/2' -> 'ein halb', '4/2' -> 'vier halbe', '2/9' -> 'zwei Neuntel', '1/22' -> 'ein
    Zweiundzwanzigstel'."""
    if denominator == 1:
        return f"{language.cardinal(numerator)} {language.say['over']} eins"
    if denominator == 2:
        return "ein halb" if numerator == 1 else f"{language.cardinal(numerator)} halbe"
    name = _FRACTIONS.get(denominator) or (language.cardinal(denominator) + "stel").capitalize()
    return f"{'ein' if numerator == 1 else language.cardinal(numerator)} {name}"


def whole_and_fraction(language: German, whole: int, numerator: int, denominator: int) -> str:
    """'1 1/2' -> 'eineinhalb', '2 3/4' -> 'zwei drei Viertel'."""
    if numerator == 1 and denominator == 2:
        return ("ein" if whole == 1 else language.cardinal(whole)) + "einhalb"
    return f"{language.cardinal(whole)} {fraction_words(language, numerator, denominator)}"


def ordinal(language: German) -> Classifier:
    """'3.' before a noun or a lower-case word ('am 3. und 4.'), after an article, or alone
    ('2.'); '3te', '121tem'. 'Er wurde 30. Danach' is a number at the end of a sentence."""
    def say(match: re.Match[str], context: Context) -> str | None:
        value = int(language.plain(match.group("number")))
        if match.group("suffix"):
            return language.ordinal_with(value, match.group("suffix")[-1] if match.group("suffix")[-1] in "nmrs" else "")
        following = context.word_after()
        before = context.word_before().lower().strip(",;:(\"'")
        by_article = before in ENDING_N or before in ENDING_E or before in ENDING_R
        if not following:  # "2." alone, "dem 1000." at the end
            return language.ordinal_with(value, language.ending(context)) if context.opens_text() or by_article else None
        bare = following.strip(",;:\"'()")
        if context.opens_text() and bare not in ORDINAL_NOUNS:
            return None  # "4. autopkgtest: ...": the number of a heading or a list item
        if bare in {"und", "oder", "bis", "-", "\u2013", "bzw."} or _LOWER.match(following):
            return language.ordinal_with(value, language.ending(context))  # "am 3. und 4. Mai"
        if bare[:1].isupper() and (by_article or bare in ORDINAL_NOUNS):
            return language.ordinal_with(value, language.ending(context, bare))
        return None  # "Er wurde 30. Danach ...": a number that ends a sentence

    return Classifier(
        "ordinal",
        rf"{NUMBER_START}(?P<number>\d{{1,3}}(?:\.\d{{3}})+|\d+)(?:\.(?=\s|$)|(?P<suffix>s?te[nmrs]?)(?![\w]))",
        say,
    )


def year(language: German) -> Classifier:
    """'1994' -> 'neunzehnhundertvierundneunzig' where it is a year: not after 'rund',
    'über', ... and not before a capitalised noun ('1500 Menschen'), unless a word like
    'Jahr', 'seit' or 'im' comes before it."""
    def say(match: re.Match[str], context: Context) -> str | None:
        value = int(match.group("year"))
        before = context.word_before().lower().strip("(,;:\"'")
        if before in QUANTITY_LEADS:
            return None
        following = context.word_after().strip(",.;:!?)\"'")
        noun_after = following[:1].isupper() and following.isalpha() and following not in WORDS.month_forms \
            and not context.after(2).startswith((". ", "."))
        if noun_after and before not in YEAR_LEADS:
            return None
        if following in WORDS.units or following in WORDS.currencies:
            return None
        return language.year(value)

    return Classifier(
        "year",
        r"(?<![\w.,$\u20ac\u00a3#/\-])(?P<year>1[1-9]\d{2}|20\d{2})(?![\w%\u00b0/]|[.,]\d|\s?[-\u2013]\s?\d)",
        say,
    )


def decade(language: German) -> Classifier:
    """'80er' -> 'achtziger', '1980er-Jahre' -> 'neunzehnhundertachtziger Jahre'."""
    def say(match: re.Match[str], _: Context) -> str:
        number = int(match.group("number"))
        words = (language.year(number) if number >= 100 else language.cardinal(number)) + "er"
        return words + (f" {match.group('years')}" if match.group("years") else "")

    return Classifier(
        "decade",
        r"(?<![\w.,])['\u2019]?(?P<number>(?:1\d|20)?\d0)er(?:-?(?P<years>Jahre[n]?))?(?![\w])",
        say,
    )


def grammar(tag: str) -> Grammar:
    language = German(tag, WORDS)

    def fraction_of(whole: int | None, numerator: int, denominator: int, unit: Noun) -> str:
        if whole is not None:
            return f"{whole_and_fraction(language, whole, numerator, denominator)} {unit.many}"
        return f"{fraction_words(language, numerator, denominator)} {unit.one}"

    def fraction_at(numerator: int, denominator: int) -> str:
        return fraction_words(language, numerator, denominator)

    return shared_grammar(language, ordinal(language), fraction_at, fraction_of,
                          own=(year(language), decade(language)))
