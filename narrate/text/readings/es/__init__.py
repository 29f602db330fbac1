"""Spanish: '1.º' -> 'primero', '1.ª' -> 'primera', '3.er' -> 'tercer', '24 de julio de 2013' ->
'veinticuatro de julio de dos mil trece', '10/10/1989', '13.30' after 'las' -> 'trece y media',
'5:02 p.m.' -> 'cinco y dos de la tarde', '$1,50' -> 'un dólar cincuenta centavos', '245 mph'
-> 'doscientas cuarenta y cinco millas por hora' (numbers agree with feminine nouns), 'siglo
XIX' -> 'siglo diecinueve', 'Felipe II' -> 'Felipe segundo', 'Alfonso XIII' -> 'Alfonso trece'.
Mexican and Central American Spanish ('es-MX') write a decimal point."""

from __future__ import annotations

import re
import unicodedata

from narrate.text.readings.es.words import WORDS
from narrate.text.readings.framework import Classifier, Context, Grammar
from narrate.text.readings.shared import ORDINAL_INDICATORS
from narrate.text.readings.shared import grammar as shared_grammar
from narrate.text.readings.shared.language import Language, Noun
from narrate.text.readings.shared.numbers import ordinal as ordinal_classifier

DECIMAL_POINT_REGIONS = frozenset({"MX", "US", "GT", "HN", "SV", "NI", "PA", "DO", "PR", "CU"})
_SCALE = re.compile(r"\b(?:millón|millones|billón|billones|trillón|trillones)\b")
# num2words spells three of the hundredths wrongly ('cuadrigentésimo')
_HUNDREDTHS_FIXED = {"cuadrigent": "cuadringent", "septigent": "septingent", "octigent": "octingent"}
_HUNDREDTHS = re.compile("|".join(_HUNDREDTHS_FIXED))
_FRACTIONS = {2: "medio", 3: "tercio", 4: "cuarto", 5: "quinto", 6: "sexto", 7: "séptimo", 8: "octavo",
              9: "noveno", 10: "décimo"}
# Suffixes a number takes as an ordinal, and which numbers (by their last digit) take them.
_SUFFIX_DIGITS = {"er": "13", "ro": "13", "ra": "13", "do": "2", "da": "2", "to": "456", "ta": "456",
                  "mo": "70", "ma": "70", "vo": "8", "va": "8", "no": "9", "na": "9"}


class Spanish(Language):
    code = "es"
    dot_times = True
    hour_words = ("h", "hs", "hrs", "horas")
    time_leads = frozenset({"las", "la", "a", "desde", "hasta", "sobre", "hacia", "entre"})
    ambiguous_months = frozenset({"mar", "set", "may"})
    range_leads = frozenset({"páginas", "de", "entre", "años", "del"})
    score_words = frozenset({"ganó", "gana", "venció", "vence", "perdió", "pierde", "empate", "empató", "victoria",
                             "derrota", "marcador", "resultado", "goleó", "partido", "final"})
    not_names = frozenset({"el", "la", "los", "las", "y", "o", "de", "del", "en", "un", "una", "al", "a", "por",
                           "para", "con", "es", "que", "se", "su"})
    leading_words = frozenset({"señor", "señora", "señorita", "señores", "doctor", "doctora", "don", "doña",
                               "licenciado", "ingeniero", "profesor", "santo", "santa", "san", "calle", "avenida",
                               "por ejemplo", "número", "página", "usted", "ustedes", "contra"})
    articles = {"el": False, "la": True, "los": False, "las": True, "del": False, "al": False}
    scale_nouns = frozenset({"millón", "millones", "billón", "billones", "trillón", "trillones"})

    def __init__(self, tag: str, words: object) -> None:
        super().__init__(tag, words)  # type: ignore[arg-type]
        self.decimal_comma = tag.partition("-")[2].upper() not in DECIMAL_POINT_REGIONS

    def feminine(self, words: str) -> str:
        """'veintiuno' -> 'veintiuna', 'doscientos' -> 'doscientas' (not before 'millones')."""
        found = list(_SCALE.finditer(words))
        head, tail = (words[:found[-1].end()], words[found[-1].end():]) if found else ("", words)
        tail = re.sub(r"\buno\b", "una", tail)
        tail = re.sub(r"\bun\b", "una", tail)
        tail = re.sub(r"iuno\b|iún\b", "iuna", tail)
        tail = re.sub(r"ientos\b", "ientas", tail)
        tail = re.sub(r"\bquinientos\b", "quinientas", tail)
        return head + tail

    def feminine_noun(self, word: str) -> bool | None:
        return _feminine_by_ending(word, _ES_FEMININE, _ES_MASCULINE)

    def count(self, value: int, noun: Noun | None = None) -> str:
        if noun is not None and noun.feminine:
            return self.cardinal(value, feminine=True)
        words = self.cardinal(value)
        return re.sub(r"iuno$", "iún", re.sub(r"\buno$", "un", words))  # "un dólar", "veintiún euros"

    def ordinal(self, value: int, feminine: bool = False, plural: bool = False) -> str:
        if value in {11, 12}:  # "undécimo", "duodécimo" rather than "decimoprimero"
            words = {11: "undécimo", 12: "duodécimo"}[value]
            words = self.feminine_ordinal(words) if feminine else words
            return words + "s" if plural else words
        words = super().ordinal(value, feminine, plural)
        return _HUNDREDTHS.sub(lambda m: _HUNDREDTHS_FIXED[m.group(0)], words)

    def short_ordinal(self, value: int) -> str:
        """'primer', 'tercer', 'vigesimoprimer', 'decimoprimer': before a masculine noun."""
        return re.sub(r"(prim|terc)ero$", r"\1er", super().ordinal(value))

    def date(self, day: int | None, month: int, year: str | None, context: Context, joiner: str = "") -> str:
        name = self.words.months[month - 1]
        spoken = name if day is None else f"{'primero' if day == 1 else self.cardinal(day)} de {name}"
        return f"{spoken} {'del' if joiner == 'del' else 'de'} {self.year(int(year))}" if year else spoken

    def time(self, hour: int, minute: int, second: int | None, marker: str | None, context: Context) -> str:
        hours = self.cardinal(hour, feminine=True)
        if second is not None:
            return (f"{hours} {'hora' if hour == 1 else 'horas'} {self.cardinal(minute)} "
                    f"{'minuto' if minute == 1 else 'minutos'} y {self.cardinal(second)} "
                    f"{'segundo' if second == 1 else 'segundos'}")
        spoken = hours
        if minute == 15:
            spoken += " y cuarto"
        elif minute == 30:
            spoken += " y media"
        elif minute:
            spoken += f" y {self.cardinal(minute)}"
        if marker == "am":
            spoken += " de la noche" if hour == 12 else " de la mañana"
        elif marker == "pm":
            spoken += " del mediodía" if hour == 12 else (" de la noche" if hour >= 9 else " de la tarde")
        return spoken

    def regnal(self, lead: str, value: int, feminine: bool, context: Context) -> str:
        """'Felipe II' -> 'Felipe segundo', 'Alfonso XIII' -> 'Alfonso trece'."""
        return f"{lead} {self.ordinal(value, feminine) if value <= 10 else self.cardinal(value)}"

    def mixed(self, whole: int, numerator: int, denominator: int) -> str:
        return f"{self.cardinal(whole)} y {fraction_words(self, numerator, denominator)}"


# Endings that make a noun feminine, and nouns with them that are not ('días', 'problemas').
_ES_FEMININE = ("a", "as", "ción", "ciones", "sión", "siones", "dad", "dades", "tud", "tudes", "umbre", "umbres")
_ES_MASCULINE = frozenset("día días mapa mapas problema problemas programa programas sistema sistemas tema temas "
                          "idioma idiomas clima planeta planetas poeta poetas artista artistas dilema dilemas "
                          "esquema esquemas drama dramas teorema teoremas telegrama pijama sofá sofás".split())


def _feminine_by_ending(word: str, endings: tuple[str, ...], masculine: frozenset[str]) -> bool | None:
    if len(word) < 3 or word in masculine:
        return False if word in masculine else None
    return True if word.endswith(endings) else False


def _plain_letters(words: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", words) if unicodedata.category(ch) != "Mn")


def _avo(language: Spanish, denominator: int) -> str:
    """11 -> 'onceavo', 30 -> 'treintavo', 21 -> 'veintiunavo', 31 -> 'treintaiunavo'."""
    words = _plain_letters(language.cardinal(denominator)).replace("a y ", "ai").replace(" ", "")
    if words.endswith("uno"):
        words = words[:-1]
    elif words.endswith("a"):
        words = words[:-1]
    return words + "avo"


def _compound(language: Spanish, count: int, unit: str) -> str:
    return ("" if count == 1 else _plain_letters(language.cardinal(count)).replace(" ", "")) + unit


def fraction_words(language: Spanish, numerator: int, denominator: int) -> str:
    """'1/3' -> 'un tercio', '2/3' -> 'dos tercios', '1/11' -> 'un onceavo', '1/101' -> 'uno
    sobre ciento uno', '1/100' -> 'un centésimo'."""
    if denominator in _FRACTIONS:
        one = _FRACTIONS[denominator]
    elif denominator < 100:
        one = _avo(language, denominator)
    elif denominator < 1000 and denominator % 100 == 0:
        one = language.ordinal(denominator)
    elif denominator % 1000 == 0 and denominator < 10**6:
        one = _compound(language, denominator // 1000, "milésimo")  # "dosmilésimo", "cienmilésimo"
    elif denominator % 10**6 == 0 and denominator < 10**12:
        one = _compound(language, denominator // 10**6, "millonésimo")  # "mildoscientosmillonésimo"
    else:
        return f"{language.cardinal(numerator)} {language.say['over']} {language.cardinal(denominator)}"
    return f"{language.count(numerator)} {one if numerator == 1 else one + 's'}"


def ordinal(language: Spanish) -> Classifier:
    """'1.º', '1.ª', '1.er', '1er', '3er', '2do', '4ta', '1º', '21.ª', '1.000.º'."""
    def say(value: int, suffix: str, _: Context) -> str | None:
        bare = suffix.lstrip(".")
        if bare in _SUFFIX_DIGITS and str(value)[-1] not in _SUFFIX_DIGITS[bare] and not (
                bare in {"mo", "ma"} and value % 10 in {0, 7}):
            return None
        if bare == "er":
            return language.short_ordinal(value)
        feminine = bare in {"ª", "a", "ra", "da", "ta", "ma", "va", "na"}
        return language.ordinal(value, feminine=feminine)

    return ordinal_classifier(language, r"(?:\.?[ºª]|\.[oa]|\.?er|ro|ra|do|da|to|ta|mo|ma|vo|va|no|na)", say)


def grammar(tag: str) -> Grammar:
    language = Spanish(tag, WORDS)

    def fraction_of(whole: int | None, numerator: int, denominator: int, unit: Noun) -> str:
        half = "media" if unit.feminine else "medio"
        if (numerator, denominator) == (1, 2):
            if whole is None:
                return f"{half} {unit.one}"
            return f"{language.cardinal(whole, unit.feminine)} y {half} {unit.one}"
        spoken = fraction_words(language, numerator, denominator)
        if whole is not None:
            spoken = f"{language.cardinal(whole, unit.feminine)} y {spoken}"
        return f"{spoken} de {unit.one}"

    return shared_grammar(language, ordinal(language), lambda n, d: fraction_words(language, n, d), fraction_of,
                          kept=ORDINAL_INDICATORS)
