"""Italian (it-IT): one table per semiotic class, (written, what narrate says), each said by
the whole normalisation as narrate runs it before the engine. See also
tests/test_reading_languages.py (properties, every language)."""

import pytest

from tests.reading_table import said

LANGUAGE = "it-IT"

CARDINAL = [
    ('1.234', 'milleduecentotrentaquattro'),
    ('-25', 'meno venticinque'),
    ('21 persone', 'ventuno persone'),
    ('1 milione', 'un milione'),
    ('3 milioni', 'tre milioni'),
    ('155', 'centocinquantacinque'),
]


@pytest.mark.parametrize(("written", "spoken"), CARDINAL)
def test_cardinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


DECIMAL = [
    ('3,14', 'tre virgola quattordici'),
    ('0,5', 'zero virgola cinque'),
    ('5,342', 'cinque virgola trecentoquarantadue'),
]


@pytest.mark.parametrize(("written", "spoken"), DECIMAL)
def test_decimal(written, spoken):
    assert said(written, LANGUAGE) == spoken


ORDINAL = [
    ('1º', 'primo'),
    ('2ª', 'seconda'),
    ('il 10° posto', 'il decimo posto'),
    ('3.º', 'terzo'),
]


@pytest.mark.parametrize(("written", "spoken"), ORDINAL)
def test_ordinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


FRACTION = [
    ('1/2', 'un mezzo'),
    ('1/3', 'un terzo'),
    ('2/3', 'due terzi'),
    ('3/10', 'tre decimi'),
    ('1 1/2', 'uno e mezzo'),
]


@pytest.mark.parametrize(("written", "spoken"), FRACTION)
def test_fraction(written, spoken):
    assert said(written, LANGUAGE) == spoken


PERCENT = [
    ('il 18%', 'il diciotto per cento'),
    ('18 %', 'diciotto per cento'),
    ('-2,5 %', 'meno due virgola cinque per cento'),
]


@pytest.mark.parametrize(("written", "spoken"), PERCENT)
def test_percent(written, spoken):
    assert said(written, LANGUAGE) == spoken


DATE = [
    ('24 luglio 2013', 'ventiquattro luglio duemilatredici'),
    ('1° maggio', 'primo maggio'),
    ('il 1º maggio 2020', 'il primo maggio duemilaventi'),
    ('24/07/2013', 'ventiquattro luglio duemilatredici'),
    ('luglio 2013', 'luglio duemilatredici'),
    ('lunedì 3 maggio', 'lunedì tre maggio'),
]


@pytest.mark.parametrize(("written", "spoken"), DATE)
def test_date(written, spoken):
    assert said(written, LANGUAGE) == spoken


TIME = [
    ('12:30', 'dodici e mezza'),
    ('05:15', 'cinque e un quarto'),
    ('23:45', 'ventitré e quarantacinque minuti'),
    ('alle 16:00', 'alle sedici'),
    ('ore 14.30', 'ore quattordici e mezza'),
    ('17:15:26', 'diciassette e quindici minuti e ventisei secondi'),
]


@pytest.mark.parametrize(("written", "spoken"), TIME)
def test_time(written, spoken):
    assert said(written, LANGUAGE) == spoken


MONEY = [
    ('3,23 €', 'tre euro ventitré centesimi'),
    ('€ 12,50', 'dodici euro cinquanta centesimi'),
    ('2 milioni di euro', 'due milioni di euro'),
    ('1 €', 'un euro'),
    ('$5', 'cinque dollari'),
    ('4,20 £', 'quattro sterline venti penny'),
]


@pytest.mark.parametrize(("written", "spoken"), MONEY)
def test_money(written, spoken):
    assert said(written, LANGUAGE) == spoken


MEASURE = [
    ('1 m', 'un metro'),
    ('2 m', 'due metri'),
    ('4,3 l', 'quattro virgola tre litri'),
    ('5 km/s', 'cinque chilometri per secondo'),
    ('5 km/h', 'cinque chilometri orari'),
    ('1 h', "un'ora"),
    ('2 h', 'due ore'),
    ('-5 °C', 'meno cinque gradi Celsius'),
    ("30° all'ombra", "trenta gradi all'ombra"),
]


@pytest.mark.parametrize(("written", "spoken"), MEASURE)
def test_measure(written, spoken):
    assert said(written, LANGUAGE) == spoken


RANGE = [
    ('10-20 pagine', 'dieci a venti pagine'),
    ('1914-1918', 'millenovecentoquattordici a millenovecentodiciotto'),
]


@pytest.mark.parametrize(("written", "spoken"), RANGE)
def test_range(written, spoken):
    assert said(written, LANGUAGE) == spoken


SCORE = [
    ('ha vinto 3-2', 'ha vinto tre a due'),
]


@pytest.mark.parametrize(("written", "spoken"), SCORE)
def test_score(written, spoken):
    assert said(written, LANGUAGE) == spoken


ROMAN = [
    ('Luigi XIV', 'Luigi quattordicesimo'),
    ('il XX secolo', 'il ventesimo secolo'),
    ('XX secolo', 'ventesimo secolo'),
    ('papa Giovanni Paolo II', 'papa Giovanni Paolo secondo'),
    ('Elisabetta II', 'Elisabetta seconda'),
    ('capitolo IV', 'capitolo quattro'),
]


@pytest.mark.parametrize(("written", "spoken"), ROMAN)
def test_roman(written, spoken):
    assert said(written, LANGUAGE) == spoken


TELEPHONE = [
    ('06 1234 5678', 'zero sei, uno due tre quattro, cinque sei sette otto'),
    ('+39 06 1234 5678', 'più trentanove, zero sei, uno due tre quattro, cinque sei sette otto'),
]


@pytest.mark.parametrize(("written", "spoken"), TELEPHONE)
def test_telephone(written, spoken):
    assert said(written, LANGUAGE) == spoken


ELECTRONIC = [
    ('abc@abc.it', 'a b c chiocciola a b c punto i t'),
    ('www.esempio.it/contatti', 'w w w punto esempio punto i t slash contatti'),
]


@pytest.mark.parametrize(("written", "spoken"), ELECTRONIC)
def test_electronic(written, spoken):
    assert said(written, LANGUAGE) == spoken


ABBREVIATION = [
    ('Sig. Rossi', 'signor Rossi'),
    ('Sig.ra Bianchi', 'signora Bianchi'),
    ('Dott.ssa Verdi', 'dottoressa Verdi'),
    ('Avv. Neri', 'avvocato Neri'),
    ('ecc.', 'eccetera.'),
    ('p. es.', 'per esempio'),
    ('pag. 12', 'pagina dodici'),
    ('n. 5', 'numero cinque'),
    ('p.za Garibaldi', 'piazza Garibaldi'),
    ('e/o', 'e o'),
]


@pytest.mark.parametrize(("written", "spoken"), ABBREVIATION)
def test_abbreviation(written, spoken):
    assert said(written, LANGUAGE) == spoken


SYMBOL = [
    ('A & B', 'A e B'),
    ('a/b', 'a slash b'),
    ('§ 5', 'paragrafo cinque'),
]


@pytest.mark.parametrize(("written", "spoken"), SYMBOL)
def test_symbol(written, spoken):
    assert said(written, LANGUAGE) == spoken
