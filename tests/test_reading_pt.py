"""Portuguese (pt-BR): one table per semiotic class, (written, what narrate says), each said by
the whole normalisation as narrate runs it before the engine. See also
tests/test_reading_languages.py (properties, every language)."""

import pytest

from tests.reading_table import said

LANGUAGE = "pt-BR"

CARDINAL = [
    ('1.234', 'mil duzentos e trinta e quatro'),
    ('-25', 'menos vinte e cinco'),
    ('21 pessoas', 'vinte e uma pessoas'),
    ('21 casas', 'vinte e uma casas'),
    ('200 pessoas', 'duzentas pessoas'),
    ('1001000', 'um milhão e mil'),
    ('1.000.000', 'um milhão'),
]


@pytest.mark.parametrize(("written", "spoken"), CARDINAL)
def test_cardinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


DECIMAL = [
    ('3,14', 'três vírgula um quatro'),
    ('0,5', 'zero vírgula cinco'),
    ('-1,26', 'menos um vírgula dois seis'),
]


@pytest.mark.parametrize(("written", "spoken"), DECIMAL)
def test_decimal(written, spoken):
    assert said(written, LANGUAGE) == spoken


ORDINAL = [
    ('1º', 'primeiro'),
    ('2ª', 'segunda'),
    ('11ª casa', 'décima primeira casa'),
    ('1.º', 'primeiro'),
]


@pytest.mark.parametrize(("written", "spoken"), ORDINAL)
def test_ordinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


FRACTION = [
    ('1/2', 'um meio'),
    ('2/3', 'dois terços'),
    ('3/11', 'três onze avos'),
    ('1 1/2', 'um e meio'),
    ('1/100', 'um centésimo'),
]


@pytest.mark.parametrize(("written", "spoken"), FRACTION)
def test_fraction(written, spoken):
    assert said(written, LANGUAGE) == spoken


PERCENT = [
    ('12 %', 'doze por cento'),
    ('12%', 'doze por cento'),
    ('-3,5 %', 'menos três vírgula cinco por cento'),
]


@pytest.mark.parametrize(("written", "spoken"), PERCENT)
def test_percent(written, spoken):
    assert said(written, LANGUAGE) == spoken


DATE = [
    ('15 de março de 2024', 'quinze de março de dois mil e vinte e quatro'),
    ('1 de janeiro', 'primeiro de janeiro'),
    ('15/03/2024', 'quinze de março de dois mil e vinte e quatro'),
    ('2024-03-15', 'quinze de março de dois mil e vinte e quatro'),
    ('março de 2024', 'março de dois mil e vinte e quatro'),
    ('sexta-feira, 3 de maio', 'sexta-feira, três de maio'),
    ('Em 1º de Maio. Depois', 'Em primeiro de maio. Depois'),  # the sentence's full stop stays
]


@pytest.mark.parametrize(("written", "spoken"), DATE)
def test_date(written, spoken):
    assert said(written, LANGUAGE) == spoken


TIME = [
    ('14:30', 'catorze horas e trinta'),
    ('14h30', 'catorze horas e trinta'),
    ('14h', 'catorze horas'),
    ('1h', 'uma hora'),
    ('2h', 'duas horas'),
    ('21:18', 'vinte e uma horas e dezoito'),
    ('15h da tarde', 'três horas da tarde'),
    ('às 9.30', 'às nove horas e trinta'),
]


@pytest.mark.parametrize(("written", "spoken"), TIME)
def test_time(written, spoken):
    assert said(written, LANGUAGE) == spoken


MONEY = [
    ('R$ 12,05', 'doze reais e cinco centavos'),
    ('R$ 1', 'um real'),
    ('R$ 1.000.000', 'um milhão de reais'),
    ('€ 12,05', 'doze euros e cinco centavos'),
    ('US$ 5', 'cinco dólares americanos'),
    ('R$ 0,50', 'cinquenta centavos'),
    ('R$ 50 mil por mês', 'cinquenta mil reais por mês'),  # thousands, without 'de'
]


@pytest.mark.parametrize(("written", "spoken"), MONEY)
def test_money(written, spoken):
    assert said(written, LANGUAGE) == spoken


MEASURE = [
    ('200 g', 'duzentos gramas'),
    ('1 kg', 'um quilo'),
    ('5 km', 'cinco quilômetros'),
    ('1 h', 'uma hora'),
    ('2 h', 'duas horas'),
    ('25°C', 'vinte e cinco graus Celsius'),
    ('10 m²', 'dez metros quadrados'),
    ('1/2 l', 'meio litro'),
]


@pytest.mark.parametrize(("written", "spoken"), MEASURE)
def test_measure(written, spoken):
    assert said(written, LANGUAGE) == spoken


RANGE = [
    ('10-20 páginas', 'dez a vinte páginas'),
    ('1914-1918', 'mil novecentos e catorze a mil novecentos e dezoito'),
]


@pytest.mark.parametrize(("written", "spoken"), RANGE)
def test_range(written, spoken):
    assert said(written, LANGUAGE) == spoken


SCORE = [
    ('venceu por 3-2', 'venceu por três a dois'),
]


@pytest.mark.parametrize(("written", "spoken"), SCORE)
def test_score(written, spoken):
    assert said(written, LANGUAGE) == spoken


ROMAN = [
    ('século XIX', 'século dezenove'),
    ('D. Pedro II', 'dom Pedro segundo'),
    ('Luís XIV', 'Luís catorze'),
    ('Isabel II', 'Isabel segunda'),
    ('capítulo IV', 'capítulo quatro'),
]


@pytest.mark.parametrize(("written", "spoken"), ROMAN)
def test_roman(written, spoken):
    assert said(written, LANGUAGE) == spoken


TELEPHONE = [
    ('(11) 99999-8888', 'um um, nove nove nove nove nove, oito oito oito oito'),
    ('+55 (11) 3333-4444', 'mais cinco cinco, um um, três três três três, quatro quatro quatro quatro'),
    ('555-1234', 'cinco cinco cinco, um dois três quatro'),
]


@pytest.mark.parametrize(("written", "spoken"), TELEPHONE)
def test_telephone(written, spoken):
    assert said(written, LANGUAGE) == spoken


ELECTRONIC = [
    ('test@gmail.com', 't e s t arroba gmail ponto com'),
    ('www.google.com.br/busca', 'w w w ponto google ponto com ponto b r barra busca'),
]


@pytest.mark.parametrize(("written", "spoken"), ELECTRONIC)
def test_electronic(written, spoken):
    assert said(written, LANGUAGE) == spoken


ABBREVIATION = [
    ('Sr. Silva', 'senhor Silva'),
    ('Sra. Souza', 'senhora Souza'),
    ('Dr. Lima', 'doutor Lima'),
    ('p. ex.', 'por exemplo'),
    ('etc.', 'etcétera.'),
    ('n.º 5', 'número cinco'),
    ('pág. 12', 'página doze'),
    ('Av. Paulista', 'avenida Paulista'),
    ('e/ou', 'e ou'),
]


@pytest.mark.parametrize(("written", "spoken"), ABBREVIATION)
def test_abbreviation(written, spoken):
    assert said(written, LANGUAGE) == spoken


SYMBOL = [
    ('A & B', 'A e B'),
    ('a/b', 'a barra b'),
    ('§ 5', 'parágrafo cinco'),
]


@pytest.mark.parametrize(("written", "spoken"), SYMBOL)
def test_symbol(written, spoken):
    assert said(written, LANGUAGE) == spoken


# European Portuguese: the same classes, its own words ('dezanove', 'quilómetros', 'cêntimos').
EUROPEAN = [
    ('€ 12,05', 'doze euros e cinco cêntimos'),
    ('5 km', 'cinco quilómetros'),
    ('século XIX', 'século dezanove'),
]


@pytest.mark.parametrize(("written", "spoken"), EUROPEAN)
def test_european_portuguese(written, spoken):
    assert said(written, "pt-PT") == spoken
