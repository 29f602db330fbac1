"""French (fr-FR): one table per semiotic class, (written, what narrate says), each said by
the whole normalisation as narrate runs it before the engine. See also
tests/test_reading_languages.py (properties, every language)."""

import pytest

from tests.reading_table import said

LANGUAGE = "fr-FR"

CARDINAL = [
    ('1 234', 'mille deux cent trente-quatre'),
    ('1.234', 'mille deux cent trente-quatre'),
    ('-60', 'moins soixante'),
    ('71', 'soixante-et-onze'),
    ('80', 'quatre-vingts'),
    ('2 millions', 'deux millions'),
    ('21 personnes', 'vingt-et-un personnes'),
    ('007', 'zéro zéro sept'),
]


@pytest.mark.parametrize(("written", "spoken"), CARDINAL)
def test_cardinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


DECIMAL = [
    ('3,14', 'trois virgule quatorze'),
    ('0,5', 'zéro virgule cinq'),
    ('818,303', 'huit cent dix-huit virgule trois cent trois'),
]


@pytest.mark.parametrize(("written", "spoken"), DECIMAL)
def test_decimal(written, spoken):
    assert said(written, LANGUAGE) == spoken


ORDINAL = [
    ('1er', 'premier'),
    ('1re', 'première'),
    ('1ère', 'première'),
    ('2e', 'deuxième'),
    ('3ème', 'troisième'),
    ('21e', 'vingt-et-unième'),
    ('2nd', 'second'),
    ('les 1ers', 'les premiers'),
]


@pytest.mark.parametrize(("written", "spoken"), ORDINAL)
def test_ordinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


FRACTION = [
    ('1/2', 'un demi'),
    ('1/3', 'un tiers'),
    ('3/4', 'trois quarts'),
    ('2/9', 'deux neuvièmes'),
    ('1 1/2', 'un et demi'),
    ('4 2/4', 'quatre et deux quarts'),
]


@pytest.mark.parametrize(("written", "spoken"), FRACTION)
def test_fraction(written, spoken):
    assert said(written, LANGUAGE) == spoken


PERCENT = [
    ('18 %', 'dix-huit pour cent'),
    ('18%', 'dix-huit pour cent'),
    ('-8,5 %', 'moins huit virgule cinq pour cent'),
    ('une hausse de 23.1% cette année', 'une hausse de vingt-trois virgule un pour cent cette année'),  # a decimal point
]


@pytest.mark.parametrize(("written", "spoken"), PERCENT)
def test_percent(written, spoken):
    assert said(written, LANGUAGE) == spoken


DATE = [
    ('24 juillet 2013', 'vingt-quatre juillet deux mille treize'),
    ('le 1er janvier', 'le premier janvier'),
    ('24/07/2013', 'vingt-quatre juillet deux mille treize'),
    ('le 02.03.2003', 'le deux mars deux mille trois'),
    ('juillet 2013', 'juillet deux mille treize'),
    ('lundi 3 mai 2021', 'lundi trois mai deux mille vingt-et-un'),
    ('les 17/18 juin', 'les dix-sept dix-huit juin'),
    ('le 3 mai. Les résultats', 'le trois mai. Les résultats'),  # the sentence's full stop stays
]


@pytest.mark.parametrize(("written", "spoken"), DATE)
def test_date(written, spoken):
    assert said(written, LANGUAGE) == spoken


TIME = [
    ('14h30', 'quatorze heures trente'),
    ('14 h 30', 'quatorze heures trente'),
    ('à 8h', 'à huit heures'),
    ('1h', 'une heure'),
    ('21h', 'vingt-et-une heures'),
    ('0h30', 'zéro heure trente'),
    ('à 12.15', 'à douze heures quinze'),
]


@pytest.mark.parametrize(("written", "spoken"), TIME)
def test_time(written, spoken):
    assert said(written, LANGUAGE) == spoken


DECADE = [
    ('les années 80', 'les années quatre-vingts'),
    ('les 80s', 'les années quatre-vingt'),
]


@pytest.mark.parametrize(("written", "spoken"), DECADE)
def test_decade(written, spoken):
    assert said(written, LANGUAGE) == spoken


MONEY = [
    ('12,50 €', 'douze euros cinquante'),
    ('€12,50', 'douze euros cinquante'),
    ("2 millions d'euros", "deux millions d'euros"),
    ('2 millions €', "deux millions d'euros"),
    ('1 €', 'un euro'),
    ('0,50 €', 'cinquante centimes'),
    ('$3', 'trois dollars'),
    ('5 CHF', 'cinq francs suisses'),
    ("€ 3 milliards d'euros", "trois milliards d'euros"),  # the text names the currency after it
]


@pytest.mark.parametrize(("written", "spoken"), MONEY)
def test_money(written, spoken):
    assert said(written, LANGUAGE) == spoken


MEASURE = [
    ('200 km/h', 'deux cents kilomètres par heure'),
    ('1,5 km', 'un virgule cinq kilomètre'),
    ('2 h', 'deux heures'),
    ('1 h', 'une heure'),
    ('-5 °C', 'moins cinq degrés Celsius'),
    ('3 m²', 'trois mètres carrés'),
    ('1 1/2 h', 'une heure et demie'),
]


@pytest.mark.parametrize(("written", "spoken"), MEASURE)
def test_measure(written, spoken):
    assert said(written, LANGUAGE) == spoken


RANGE = [
    ('10-20 pages', 'dix à vingt pages'),
    ('1914-1918', 'mille neuf cent quatorze à mille neuf cent dix-huit'),
    ('5-10 km', 'cinq à dix kilomètres'),
]


@pytest.mark.parametrize(("written", "spoken"), RANGE)
def test_range(written, spoken):
    assert said(written, LANGUAGE) == spoken


SCORE = [
    ('Il a gagné 3-2', 'Il a gagné trois à deux'),
    ('victoire 2:1', 'victoire deux à un'),
]


@pytest.mark.parametrize(("written", "spoken"), SCORE)
def test_score(written, spoken):
    assert said(written, LANGUAGE) == spoken


ROMAN = [
    ('Louis XIV', 'Louis quatorze'),
    ('François Ier', 'François premier'),
    ('le XIXe siècle', 'le dix-neuvième siècle'),
    ('au XXIe siècle', 'au vingt-et-unième siècle'),
    ('chapitre IV', 'chapitre quatre'),
    ('Élisabeth II', 'Élisabeth deux'),
]


@pytest.mark.parametrize(("written", "spoken"), ROMAN)
def test_roman(written, spoken):
    assert said(written, LANGUAGE) == spoken


TELEPHONE = [
    ('01 23 45 67 89', 'zéro un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf'),
    ('+33 1 23 45 67 89', 'plus trente-trois, un, vingt-trois, quarante-cinq, soixante-sept, quatre-vingt-neuf'),
]


@pytest.mark.parametrize(("written", "spoken"), TELEPHONE)
def test_telephone(written, spoken):
    assert said(written, LANGUAGE) == spoken


ELECTRONIC = [
    ('jean@exemple.fr', 'jean arobase exemple point f r'),
    ('www.exemple.fr/contact', 'w w w point exemple point f r slash contact'),
]


@pytest.mark.parametrize(("written", "spoken"), ELECTRONIC)
def test_electronic(written, spoken):
    assert said(written, LANGUAGE) == spoken


ABBREVIATION = [
    ('M. Dupont', 'monsieur Dupont'),
    ('Mme Curie', 'madame Curie'),
    ('Mlle Martin', 'mademoiselle Martin'),
    ('Dr House', 'docteur House'),
    ('p. ex.', 'par exemple'),
    ('c.-à-d.', "c'est-à-dire"),
    ('etc.', 'et cetera.'),
    ('n° 5', 'numéro cinq'),
    ('p. 12', 'page douze'),
    ('et/ou', 'et ou'),
    ('le décret n°2019-1130 du', 'le décret numéro deux mille dix-neuf, mille cent trente du'),  # a document's number
    ('Lyon vs. Marseille ce soir', 'Lyon contre Marseille ce soir'),  # no full stop, no pause
]


@pytest.mark.parametrize(("written", "spoken"), ABBREVIATION)
def test_abbreviation(written, spoken):
    assert said(written, LANGUAGE) == spoken


SYMBOL = [
    ('A & B', 'A et B'),
    ('a/b', 'a slash b'),
    ('§ 5', 'paragraphe cinq'),
    ('~5', 'environ cinq'),
]


@pytest.mark.parametrize(("written", "spoken"), SYMBOL)
def test_symbol(written, spoken):
    assert said(written, LANGUAGE) == spoken
