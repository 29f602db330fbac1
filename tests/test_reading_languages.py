"""German, French, Spanish, Italian and Portuguese: properties of their semiotic-class stage (a
number of any size and format never reaches the engine as digits; normalising twice changes
nothing) and the engine's own reading (eSpeak NG's phonemes in the language's voice) of what
narrate says, against what a person says, where eSpeak NG alone reads the written form wrongly.
The tables of each class are in tests/test_reading_<language>.py."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from narrate.text.normalize import normalize, normalizers_for
from tests.espeak_phonemes import phonemes

LANGUAGES = ["de-DE", "fr-FR", "es-ES", "es-MX", "it-IT", "pt-BR", "pt-PT"]
VOICES = {"de": "gmw/de", "fr": "roa/fr", "es": "roa/es", "it": "roa/it", "pt-BR": "roa/pt-BR", "pt-PT": "roa/pt"}
_DIGIT = re.compile(r"\d")
_INTEGERS = st.integers(min_value=-(10**30), max_value=10**30)


def _grouped(value: int, separator: str) -> str:
    return f"{value:,}".replace(",", separator)


_WRITTEN_NUMBERS = st.one_of(
    _INTEGERS.map(str),
    _INTEGERS.map(lambda value: _grouped(value, ".")),
    _INTEGERS.map(lambda value: _grouped(value, " ")),
    st.tuples(_INTEGERS, st.integers(min_value=0, max_value=10**9)).map(lambda pair: f"{pair[0]},{pair[1]}"),
    st.tuples(_INTEGERS, st.integers(min_value=0, max_value=10**9)).map(lambda pair: f"{pair[0]}.{pair[1]}"),
    st.integers(min_value=0, max_value=99999).map(lambda value: f"{value:05}"),
)
_AFFIXES = st.sampled_from([
    ("", ""), ("€", ""), ("", " €"), ("$", ""), ("R$ ", ""), ("", " %"), ("", "."), ("", "º"), ("", "ª"),
    ("", "er"), ("", "e"), ("", " km"), ("", " °C"), ("", " h"), ("", "h"), ("#", ""), ("~", ""), ("", " km/h"),
    ("", " Uhr"), ("Nr. ", ""), ("n.º ", ""), ("", "-"), ("-", ""), ("", " Mio."), ("", " millones"),
    ("(", ")"), ("", "/"), ("", "x"), ("", " de julio de"), ("", ". Juli"), ("", " juillet"), ("", "s"),
])
_JOINERS = st.sampled_from([" ", ", ", "-", "/", ":", ".", " a ", " bis ", "x", "^", "*", "=", " - ", "\u2013",
                            "", " e ", " und "])


@settings(max_examples=150)
@given(st.lists(st.tuples(_AFFIXES, _WRITTEN_NUMBERS, _JOINERS), min_size=1, max_size=4), st.sampled_from(LANGUAGES))
@example([(("", ""), "1234567890123456789012345678901234567890", " ")], "de-DE")
@example([(("", ""), "0" * 60, "")], "fr-FR")
@example([(("", "º"), "1", "/"), (("", ""), "4", "")], "es-ES")
@example([(("", ""), "12", ":"), (("", ""), "60", ":"), (("", ""), "99", "")], "it-IT")
@example([(("R$ ", ""), "1.000.000,50", " ")], "pt-BR")
def test_numbers_of_any_size_and_format_are_said_in_words(pieces, language):
    text = "".join(f"{before}{number}{after}{joiner}" for (before, after), number, joiner in pieces)
    spoken = normalize(f"Im Bericht {text} stand.", normalizers_for(language))
    assert not _DIGIT.search(spoken), (text, spoken)


_SEMIOTIC = st.sampled_from([
    "12,50 €", "€2", "1.234", "3,5 Mio.", "24. Juli 2013", "1er janvier", "10/10/1989", "14:30 Uhr", "14h30",
    "1.º", "2ª", "11ª", "3e", "XIXe", "Ludwig XIV.", "siglo XIX", "z. B.", "p. ex.", "Sr.", "Sig.ra", "M.",
    "Mme", "n.º 5", "S. 12", "a/b", "und/oder", "A & B", "§ 5", "#1", "~5", "2 × 3", "10-20 %", "1914-1918",
    "3:2", "+49 30 1234567", "01 23 45 67 89", "a@b.de", "www.ex.fr", "/etc/fstab", "½", "1 1/2", "80er",
    "km/h", "°C", ".", ",", "-", "(", ")", "'", "\"", "*", "=", "I", "V", "de", "la", "der",
])


@settings(max_examples=150)
@given(st.lists(st.one_of(_SEMIOTIC, st.text(max_size=3)), max_size=8), st.sampled_from(LANGUAGES))
@example(["Ludwig", "*", "XIV."], "de-DE")
@example(["L", "e"], "fr-FR")
@example(["1", "º"], "es-ES")
def test_normalising_twice_changes_nothing(pieces, language):
    rules = normalizers_for(language)
    once = normalize(" ".join(pieces), rules)
    assert normalize(once, rules) == once


def sounds(text: str, language: str) -> str:
    """eSpeak NG's phonemes in the language's voice, without stress, pause and spacing marks."""
    voice = VOICES.get(language) or VOICES[language.split("-")[0]]
    return re.sub(r"[\s',;_!:%=#\-|]|\([a-z-]+\)", "", phonemes(text, voice))


# (language, as written, what a person says): narrate's words sound as the person's do, and
# unlike what eSpeak NG makes of the written form.
SAID_AS_A_PERSON_SAYS = [
    ("de", "am 24. Juli 2013", "am vierundzwanzigsten Juli zweitausenddreizehn"),
    ("de", "10/10/1989", "zehnter Oktober neunzehnhundertneunundachtzig"),
    ("de", "12,50 €", "zwölf Euro fünfzig Cent"),
    ("de", "200 km/h", "zweihundert Kilometer pro Stunde"),
    ("de", "z. B.", "zum Beispiel"),
    ("de", "Ludwig XIV. regierte", "Ludwig der Vierzehnte regierte"),
    ("de", "14.30 Uhr", "vierzehn Uhr dreißig"),
    ("fr", "2 millions €", "deux millions d'euros"),
    ("fr", "24/07/2013", "vingt-quatre juillet deux mille treize"),
    ("fr", "14h30", "quatorze heures trente"),
    ("fr", "12,50 €", "douze euros cinquante"),
    ("fr", "le XIXe siècle", "le dix-neuvième siècle"),
    ("fr", "M. Dupont", "monsieur Dupont"),
    ("fr", "01 23 45 67 89", "zéro un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf"),
    ("es", "3 h", "tres horas"),
    ("es", "10/10/1989", "diez de octubre de mil novecientos ochenta y nueve"),
    ("es", "$1,50", "un dólar cincuenta centavos"),
    ("es", "el 3.er día", "el tercer día"),
    ("es", "245 mph", "doscientas cuarenta y cinco millas por hora"),
    ("es", "A & B", "A y B"),
    ("it", "il 1° maggio", "il primo maggio"),
    ("it", "3,23 €", "tre euro ventitré centesimi"),
    ("it", "Sig.ra Bianchi", "signora Bianchi"),
    ("it", "5 km/h", "cinque chilometri orari"),
    ("pt-BR", "15/03/2024", "quinze de março de dois mil e vinte e quatro"),
    ("pt-BR", "R$ 12,05", "doze reais e cinco centavos"),
    ("pt-BR", "14h30", "catorze horas e trinta"),
    ("pt-BR", "2 h", "duas horas"),
    ("pt-BR", "R$ 1.000.000", "um milhão de reais"),
    ("pt-PT", "5 km", "cinco quilómetros"),
    ("pt-PT", "16 pessoas", "dezasseis pessoas"),
]


@pytest.mark.parametrize(("language", "text", "words"), SAID_AS_A_PERSON_SAYS)
def test_narrate_says_what_a_person_says(language, text, words):
    tag = language if "-" in language else f"{language}-{language.upper()}"
    said = normalize(text, normalizers_for(tag))
    assert sounds(said, language) == sounds(words, language), said
    assert sounds(text, language) != sounds(words, language)  # eSpeak NG alone reads it otherwise
