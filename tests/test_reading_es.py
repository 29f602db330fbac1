"""Spanish (es-ES): one table per semiotic class, (written, what narrate says), each said by
the whole normalisation as narrate runs it before the engine. See also
tests/test_reading_languages.py (properties, every language)."""

import pytest

from tests.reading_table import said

LANGUAGE = "es-ES"

CARDINAL = [
    ('1.234', 'mil doscientos treinta y cuatro'),
    ('1 234', 'mil doscientos treinta y cuatro'),
    ('-25', 'menos veinticinco'),
    ('21 personas', 'veintiuna personas'),
    ('21 casas', 'veintiuna casas'),
    ('200 personas', 'doscientas personas'),
    ('3 millones', 'tres millones'),
    ('1 millón', 'un millón'),
]


@pytest.mark.parametrize(("written", "spoken"), CARDINAL)
def test_cardinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


DECIMAL = [
    ('3,14', 'tres coma catorce'),
    ('0,5', 'cero coma cinco'),
    ('3,1415', 'tres coma catorce quince'),
]


@pytest.mark.parametrize(("written", "spoken"), DECIMAL)
def test_decimal(written, spoken):
    assert said(written, LANGUAGE) == spoken


ORDINAL = [
    ('1.º', 'primero'),
    ('1.ª', 'primera'),
    ('3.er', 'tercer'),
    ('2do', 'segundo'),
    ('4ta', 'cuarta'),
    ('11.º', 'undécimo'),
    ('21.ª', 'vigesimoprimera'),
    ('100.º', 'centésimo'),
]


@pytest.mark.parametrize(("written", "spoken"), ORDINAL)
def test_ordinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


FRACTION = [
    ('1/2', 'un medio'),
    ('1/3', 'un tercio'),
    ('2/3', 'dos tercios'),
    ('1/11', 'un onceavo'),
    ('3 2/100', 'tres y dos centésimos'),
    ('1/101', 'uno sobre ciento uno'),
    ('según el Decreto 34/11 del gobierno', 'según el Decreto treinta y cuatro barra once del gobierno'),
]


@pytest.mark.parametrize(("written", "spoken"), FRACTION)
def test_fraction(written, spoken):
    assert said(written, LANGUAGE) == spoken


PERCENT = [
    ('8,52 %', 'ocho coma cincuenta y dos por ciento'),
    ('1 %', 'uno por ciento'),
    ('-8,52 %', 'menos ocho coma cincuenta y dos por ciento'),
]


@pytest.mark.parametrize(("written", "spoken"), PERCENT)
def test_percent(written, spoken):
    assert said(written, LANGUAGE) == spoken


DATE = [
    ('24 de julio de 2013', 'veinticuatro de julio de dos mil trece'),
    ('1 de enero', 'primero de enero'),
    ('10/10/1989', 'diez de octubre de mil novecientos ochenta y nueve'),
    ('30 julio del 2020', 'treinta de julio del dos mil veinte'),
    ('abril 30', 'treinta de abril'),
    ('julio de 2013', 'julio de dos mil trece'),
    ('vier. 10 de mayo', 'viernes diez de mayo'),
    ('Hasta el 13 de mayo. Luego', 'Hasta el trece de mayo. Luego'),  # the sentence's full stop stays
]


@pytest.mark.parametrize(("written", "spoken"), DATE)
def test_date(written, spoken):
    assert said(written, LANGUAGE) == spoken


TIME = [
    ('a las 13.30', 'a las trece y media'),
    ('14:05', 'catorce y cinco'),
    ('5:02 p.m.', 'cinco y dos de la tarde'),
    ('1:00', 'una'),
    ('3:02:32', 'tres horas dos minutos y treinta y dos segundos'),
    ('01 h', 'una'),
    ('corrió 3:41 minutos', 'corrió tres minutos cuarenta y uno'),  # a race's time, not a clock's
]


@pytest.mark.parametrize(("written", "spoken"), TIME)
def test_time(written, spoken):
    assert said(written, LANGUAGE) == spoken


MONEY = [
    ('$1,50', 'un dólar cincuenta centavos'),
    ('5,50 €', 'cinco euros cincuenta céntimos'),
    ('€2 billones', 'dos billones de euros'),
    ('1 £', 'una libra'),
    ('0,55 $', 'cincuenta y cinco centavos'),
    ('US$ 5', 'cinco dólares estadounidenses'),
    ('1.000.000 €', 'un millón de euros'),
    ('US$ 3 millones de dólares', 'tres millones de dólares'),  # the text names the currency after it
]


@pytest.mark.parametrize(("written", "spoken"), MONEY)
def test_money(written, spoken):
    assert said(written, LANGUAGE) == spoken


MEASURE = [
    ('200 m', 'doscientos metros'),
    ('3 h', 'tres horas'),
    ('1 h', 'una hora'),
    ('245 mph', 'doscientas cuarenta y cinco millas por hora'),
    ('-8 °C', 'menos ocho grados centígrados'),
    ('9 m³', 'nueve metros cúbicos'),
    ('1/2 mm', 'medio milímetro'),
    ('3 3/5 m', 'tres y tres quintos de metro'),
]


@pytest.mark.parametrize(("written", "spoken"), MEASURE)
def test_measure(written, spoken):
    assert said(written, LANGUAGE) == spoken


RANGE = [
    ('10-20 páginas', 'diez a veinte páginas'),
    ('1914-1918', 'mil novecientos catorce a mil novecientos dieciocho'),
    ('5-10 km', 'cinco a diez kilómetros'),
]


@pytest.mark.parametrize(("written", "spoken"), RANGE)
def test_range(written, spoken):
    assert said(written, LANGUAGE) == spoken


SCORE = [
    ('ganó 3-2', 'ganó tres a dos'),
    ('empate 1-1', 'empate uno a uno'),
]


@pytest.mark.parametrize(("written", "spoken"), SCORE)
def test_score(written, spoken):
    assert said(written, LANGUAGE) == spoken


ROMAN = [
    ('siglo XIX', 'siglo diecinueve'),
    ('Felipe II', 'Felipe segundo'),
    ('Alfonso XIII', 'Alfonso trece'),
    ('Isabel II', 'Isabel segunda'),
    ('capítulo IV', 'capítulo cuatro'),
    ('el XI apóstol', 'el undécimo apóstol'),
]


@pytest.mark.parametrize(("written", "spoken"), ROMAN)
def test_roman(written, spoken):
    assert said(written, LANGUAGE) == spoken


TELEPHONE = [
    ('123-123-5678', 'uno dos tres, uno dos tres, cinco seis siete ocho'),
    ('+34 91 123 45 67', 'más treinta y cuatro, nueve uno, uno dos tres, cuatro cinco, seis siete'),
    ('+1 123-123-5678', 'más uno, uno dos tres, uno dos tres, cinco seis siete ocho'),
    ('la Resolución N° 464-2021 del', 'la Resolución número cuatrocientos sesenta y cuatro, dos mil veintiuno del'),  # a document's number, not a telephone's
]


@pytest.mark.parametrize(("written", "spoken"), TELEPHONE)
def test_telephone(written, spoken):
    assert said(written, LANGUAGE) == spoken


ELECTRONIC = [
    ('abc@abc.com', 'a b c arroba a b c punto com'),
    ('www.abc.es/efg', 'w w w punto a b c punto e s barra e f g'),
]


@pytest.mark.parametrize(("written", "spoken"), ELECTRONIC)
def test_electronic(written, spoken):
    assert said(written, LANGUAGE) == spoken


ABBREVIATION = [
    ('el Sr. García', 'el señor García'),
    ('la Sra. López', 'la señora López'),
    ('Dr. Pérez', 'doctor Pérez'),
    ('p. ej.', 'por ejemplo'),
    ('EE. UU.', 'Estados Unidos.'),
    ('etc.', 'etcétera.'),
    ('pág. 12', 'página doce'),
    ('n.º 5', 'número cinco'),
    ('y/o', 'y o'),
    ('D. Quijote', 'don Quijote'),
    ('Real Madrid vs. Barcelona hoy', 'Real Madrid contra Barcelona hoy'),  # no full stop, no pause
]


@pytest.mark.parametrize(("written", "spoken"), ABBREVIATION)
def test_abbreviation(written, spoken):
    assert said(written, LANGUAGE) == spoken


SYMBOL = [
    ('A & B', 'A y B'),
    ('a/b', 'a barra b'),
    ('2 + 2 = 4', 'dos más dos es igual a cuatro'),
]


@pytest.mark.parametrize(("written", "spoken"), SYMBOL)
def test_symbol(written, spoken):
    assert said(written, LANGUAGE) == spoken
