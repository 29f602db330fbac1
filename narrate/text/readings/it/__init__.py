"""Italian: '1º maggio' and '1° maggio' -> 'primo maggio', '2ª' -> 'seconda', '12:30' ->
'dodici e mezza', '23:45' -> 'ventitré e quarantacinque minuti', '3,23 €' -> 'tre euro
ventitré centesimi', '5 km/h' -> 'cinque chilometri orari', 'XX secolo' -> 'ventesimo secolo',
'Luigi XIV' -> 'Luigi quattordicesimo', 'Sig.ra Rossi' -> 'signora Rossi'."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context, Grammar
from narrate.text.readings.it.words import WORDS
from narrate.text.readings.shared import ORDINAL_INDICATORS
from narrate.text.readings.shared import grammar as shared_grammar
from narrate.text.readings.shared.language import Language, Noun
from narrate.text.readings.shared.numbers import ordinal as ordinal_classifier
from narrate.text.readings.shared.patterns import NUMBER_START

_ELIDED = re.compile(r"^una (?=[aeiouàèéìòù])")
# Words after '30°' that show it is degrees, not an ordinal before a noun ('30° all'ombra').
_NOT_A_NOUN = ("di", "e", "a", "in", "o", "al", "alla", "alle", "allo", "ai", "agli", "all'", "sul", "sulla",
               "sull'", "nel", "nella", "nell'", "sotto", "sopra", "circa", "da", "dal", "dall'", "per", "con")
_FRACTIONS = {2: ("mezzo", "mezzi"), 3: ("terzo", "terzi"), 4: ("quarto", "quarti")}


class Italian(Language):
    code = "it"
    dot_times = True
    hour_words = ("h", "ore")
    time_leads = frozenset({"alle", "ore", "dalle", "verso", "le", "l'", "entro", "fino"})
    ambiguous_months = frozenset({"mar", "set", "ago", "gen"})
    range_leads = frozenset({"pagine", "dal", "tra", "fra", "anni"})
    score_words = frozenset({"vinto", "vince", "battuto", "batte", "perso", "perde", "pareggio", "vittoria",
                             "sconfitta", "risultato", "partita", "finale"})
    not_names = frozenset({"il", "lo", "la", "i", "gli", "le", "e", "o", "di", "del", "della", "in", "un", "una",
                           "al", "a", "per", "con", "è", "che", "si"})
    leading_words = frozenset({"signor", "signora", "signorina", "dottor", "dottoressa", "professor",
                               "professoressa", "avvocato", "ingegner", "san", "piazza", "corso", "viale",
                               "per esempio", "ad esempio", "numero", "pagina"})
    articles = {"il": False, "la": True, "lo": False, "l'": False, "del": False, "della": True, "nel": False,
                "nella": True, "al": False, "alla": True}
    scale_nouns = frozenset({"milione", "milioni", "miliardo", "miliardi"})

    def feminine(self, words: str) -> str:
        return re.sub(r"\buno$", "una", words)

    def count(self, value: int, noun: Noun | None = None) -> str:
        if value == 1:
            return "una" if noun is not None and noun.feminine else "un"
        return self.cardinal(value)

    def quantity(self, written: str, noun: Noun, scale: Noun | None = None) -> str:
        return _ELIDED.sub("un'", super().quantity(written, noun, scale))  # "un'ora"

    def date(self, day: int | None, month: int, year: str | None, context: Context, joiner: str = "") -> str:
        name = self.words.months[month - 1]
        spoken = name if day is None else f"{'primo' if day == 1 else self.cardinal(day)} {name}"
        return f"{spoken} {self.year(int(year))}" if year else spoken

    def time(self, hour: int, minute: int, second: int | None, marker: str | None, context: Context) -> str:
        hours = "una" if hour == 1 else self.cardinal(hour)
        if second is not None:
            return f"{hours} e {self.cardinal(minute)} minuti e {self.cardinal(second)} secondi"
        if minute == 0:
            return hours
        if minute == 15:
            return f"{hours} e un quarto"
        if minute == 30:
            return f"{hours} e mezza"
        return f"{hours} e {'un minuto' if minute == 1 else self.cardinal(minute) + ' minuti'}"

    def century(self, value: int, before: bool) -> str:
        return self.ordinal(value)

    def mixed(self, whole: int, numerator: int, denominator: int) -> str:
        if (numerator, denominator) == (1, 2):
            return f"{self.cardinal(whole)} e mezzo"
        return f"{self.cardinal(whole)} e {fraction_words(self, numerator, denominator)}"


def fraction_words(language: Italian, numerator: int, denominator: int) -> str:
    """'1/2' -> 'un mezzo', '2/3' -> 'due terzi', '3/10' -> 'tre decimi'."""
    if denominator == 1:
        return f"{language.cardinal(numerator)} su uno"
    if denominator in _FRACTIONS:
        one, many = _FRACTIONS[denominator]
    else:
        one = language.ordinal(denominator)
        many = one[:-1] + "i"
    return f"{language.count(numerator)} {one if numerator == 1 else many}"


def ordinal(language: Italian) -> Classifier:
    """'1º', '2ª', '3.º', '10°' before a word ('il 10° posto'; '30°' alone are degrees)."""
    def say(value: int, suffix: str, context: Context) -> str | None:
        if suffix.endswith("\u00b0"):
            following = context.word_after()
            if not following[:1].islower() or following in _NOT_A_NOUN or following.startswith(
                    tuple(word for word in _NOT_A_NOUN if word.endswith("'"))):
                return None
        return language.ordinal(value, feminine=suffix.endswith("\u00aa"))

    return ordinal_classifier(language, r"(?:\.?[º\u00aa]|\u00b0(?=\s[a-zàèéìòù]))", say)


def degree_ordinal(language: Italian) -> Classifier:
    """'il 10° posto', 'il 1° maggio': an ordinal written with the degree sign (before measures)."""
    inner = ordinal(language)
    return Classifier("ordinal", rf"{NUMBER_START}(?P<number>\d+)(?P<suffix>\u00b0)(?=\s[a-zàèéìòù])",
                      inner.verbalise)


def grammar(tag: str) -> Grammar:
    language = Italian(tag, WORDS)

    def fraction_of(whole: int | None, numerator: int, denominator: int, unit: Noun) -> str:
        if whole is not None:
            return f"{language.mixed(whole, numerator, denominator)} {unit.many}"
        return f"{fraction_words(language, numerator, denominator)} {language.of(unit.one)}"

    return shared_grammar(language, ordinal(language), lambda n, d: fraction_words(language, n, d), fraction_of,
                          early=(degree_ordinal(language),), kept=ORDINAL_INDICATORS)
