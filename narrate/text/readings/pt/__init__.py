"""Portuguese, European ('pt', 'pt-PT') and Brazilian ('pt-BR'): '1º' -> 'primeiro', '11ª' ->
'décima primeira', '15 de março de 2024' -> 'quinze de março de dois mil e vinte e quatro',
'14h30' -> 'catorze horas e trinta', '2 h' -> 'duas horas', 'R$ 12,05' -> 'doze reais e cinco
centavos', 'R$ 1.000.000' -> 'um milhão de reais', '3,14' -> 'três vírgula um quatro' (the
decimals digit by digit), 'século XIX' -> 'século dezenove', 'D. Pedro II' -> 'dom Pedro
segundo'. Brazil says 'dezesseis', 'bilhão', 'quilômetro', 'centavos'; Portugal 'dezasseis',
'mil milhões', 'quilómetro', 'cêntimos'."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context, Grammar
from narrate.text.readings.pt.words import words
from narrate.text.readings.shared import ORDINAL_INDICATORS
from narrate.text.readings.shared import grammar as shared_grammar
from narrate.text.readings.shared.language import Language, Noun
from narrate.text.readings.shared.numbers import ordinal as ordinal_classifier

_SCALE = re.compile(r"\b(?:milhão|milhões|bilhão|bilhões|bilião|biliões|trilhão|trilhões)\b")
_FRACTIONS = {2: "meio", 3: "terço", 4: "quarto", 5: "quinto", 6: "sexto", 7: "sétimo", 8: "oitavo", 9: "nono",
              10: "décimo"}
# the last scale word, and what follows it when that is not already joined by "e"
_SCALE_BEFORE_REST = re.compile(r"\b(milhão|milhões|bilhão|bilhões|trilhão|trilhões) (?!e )(\w[^,]*)$")
_PT_MASCULINE = frozenset("dia dias mapa mapas problema problemas programa programas sistema sistemas tema temas "
                          "idioma idiomas clima planeta planetas poeta poetas artista artistas dilema dilemas "
                          "esquema esquemas drama dramas teorema teoremas sofá sofás".split())
_AFTERNOON = re.compile(r"\s+d[ae]\s+(?:tarde|noite)\b")


class Portuguese(Language):
    dot_times = True
    hour_words = ("h", "horas")
    time_leads = frozenset({"às", "as", "a", "desde", "até", "pelas", "das"})
    ambiguous_months = frozenset({"mar", "set", "out", "dez", "mai"})
    range_leads = frozenset({"páginas", "de", "entre", "anos", "do"})
    score_words = frozenset({"venceu", "vence", "ganhou", "ganha", "perdeu", "perde", "empate", "empatou",
                             "vitória", "derrota", "placar", "resultado", "goleou", "jogo", "final"})
    not_names = frozenset({"o", "a", "os", "as", "e", "ou", "de", "do", "da", "em", "no", "na", "um", "uma", "ao",
                           "por", "para", "com", "é", "que", "se"})
    leading_words = frozenset({"senhor", "senhora", "senhorita", "doutor", "doutora", "professor", "professora",
                               "dom", "São", "santo", "santa", "avenida", "rua", "por exemplo", "número", "página"})
    articles = {"o": False, "a": True, "do": False, "da": True, "no": False, "na": True, "ao": False}
    scale_nouns = frozenset({"milhão", "milhões", "bilhão", "bilhões", "bilião", "biliões", "trilhão", "trilhões"})

    def __init__(self, tag: str) -> None:
        self.brazilian = tag.partition("-")[2].upper() == "BR"
        self.code = "pt_BR" if self.brazilian else "pt"
        super().__init__(tag, words(self.brazilian))

    def cardinal(self, value: int, feminine: bool = False) -> str:
        words = super().cardinal(value, feminine)
        if self.brazilian and value >= 10**6:
            rest = value % 10**6
            lowest = next(power for power in (10**6, 10**9, 10**12, 10**15) if value % (power * 1000) >= power
                          or power == 10**15)
            rest = value % lowest
            round_group = (rest % 1000 == 0 and (rest // 1000 < 100 or (rest // 1000) % 100 == 0)) or (
                rest < 1000 and (rest < 100 or rest % 100 == 0))
            if rest and round_group:
                words = _SCALE_BEFORE_REST.sub(r"\1 e \2", words, count=1)  # "um milhão e mil"
        return words

    def feminine(self, text: str) -> str:
        """'um' -> 'uma', 'dois' -> 'duas', 'duzentos' -> 'duzentas' (not before 'milhões')."""
        found = list(_SCALE.finditer(text))
        head, tail = (text[:found[-1].end()], text[found[-1].end():]) if found else ("", text)
        tail = re.sub(r"\bum\b", "uma", tail)
        tail = re.sub(r"\bdois\b", "duas", tail)
        tail = re.sub(r"entos\b", "entas", tail)
        return head + tail

    def feminine_noun(self, word: str) -> bool | None:
        if len(word) < 3:
            return None
        if word in _PT_MASCULINE:
            return False
        return word.endswith(("a", "as", "ção", "ções", "são", "sões", "dade", "dades", "agem", "agens"))

    def phone_group(self, group: str) -> str:
        """Every digit, the country code's too ('+55': 'mais cinco cinco')."""
        if group.startswith("+"):
            return f"{self.say['plus']} {self.digits(group[1:])}"
        return self.digits(group)

    def decimals(self, digits: str) -> str:
        return self.digits(digits)  # "três vírgula um quatro"

    def date(self, day: int | None, month: int, year: str | None, context: Context, joiner: str = "") -> str:
        name = self.words.months[month - 1]
        spoken = name if day is None else f"{'primeiro' if day == 1 else self.cardinal(day)} de {name}"
        return f"{spoken} de {self.year(int(year))}" if year else spoken

    def time(self, hour: int, minute: int, second: int | None, marker: str | None, context: Context) -> str:
        if (marker == "pm" and hour < 12) or False:
            hour += 12
        if _AFTERNOON.match(context.after(20)) and 13 <= hour <= 18:
            hour -= 12  # "15h da tarde": "três horas da tarde"
        hours = "zero horas" if hour == 0 else f"{self.cardinal(hour, feminine=True)} {'hora' if hour == 1 else 'horas'}"
        if second is not None:
            return (f"{hours} e {self.cardinal(minute)} {'minuto' if minute == 1 else 'minutos'} e "
                    f"{self.cardinal(second)} {'segundo' if second == 1 else 'segundos'}")
        return f"{hours} e {self.cardinal(minute)}" if minute else hours

    def regnal(self, lead: str, value: int, feminine: bool, context: Context) -> str:
        """'D. Pedro II' -> 'dom Pedro segundo', 'Luís XIV' -> 'Luís catorze'."""
        return f"{lead} {self.ordinal(value, feminine) if value <= 10 else self.cardinal(value)}"

    def mixed(self, whole: int, numerator: int, denominator: int) -> str:
        if (numerator, denominator) == (1, 2):
            return f"{self.cardinal(whole)} e meio"
        return f"{self.cardinal(whole)} e {fraction_words(self, numerator, denominator)}"

    def money_join(self, major: str, minor: str, cents: int) -> str:
        return f"{major} e {minor}"


def fraction_words(language: Portuguese, numerator: int, denominator: int) -> str:
    """'1/2' -> 'um meio', '2/3' -> 'dois terços', '3/11' -> 'três onze avos', '1/100' -> 'um centésimo'."""
    if denominator == 1:
        return f"{language.cardinal(numerator)} {language.say['over']} um"
    if denominator in _FRACTIONS:
        one = _FRACTIONS[denominator]
        return f"{language.cardinal(numerator)} {one if numerator == 1 else one + 's'}"
    if denominator % 10 == 0 and denominator >= 100 and denominator % 100 == 0:
        one = language.ordinal(denominator)
        return f"{language.cardinal(numerator)} {one if numerator == 1 else one + 's'}"
    return f"{language.cardinal(numerator)} {language.cardinal(denominator)} {'avo' if numerator == 1 else 'avos'}"


def ordinal(language: Portuguese) -> Classifier:
    """'1º', '1.º', '2ª', '11ª casa' -> 'décima primeira casa'."""
    def say(value: int, suffix: str, _: Context) -> str:
        return language.ordinal(value, feminine=suffix.endswith("\u00aa"))

    return ordinal_classifier(language, r"\.?[º\u00aa]", say)


def grammar(tag: str) -> Grammar:
    language = Portuguese(tag)

    def fraction_of(whole: int | None, numerator: int, denominator: int, unit: Noun) -> str:
        if whole is None and (numerator, denominator) == (1, 2):
            return f"{'meia' if unit.feminine else 'meio'} {unit.one}"
        if whole is not None:
            return f"{language.mixed(whole, numerator, denominator)} {unit.many}"
        return f"{fraction_words(language, numerator, denominator)} {language.of(unit.one)}"

    return shared_grammar(language, ordinal(language), lambda n, d: fraction_words(language, n, d), fraction_of,
                          kept=ORDINAL_INDICATORS)
