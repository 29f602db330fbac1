"""German (de-DE): one table per semiotic class, (written, what narrate says), each said by
the whole normalisation as narrate runs it before the engine. See also
tests/test_reading_languages.py (properties, every language)."""

import pytest

from tests.reading_table import said

LANGUAGE = "de-DE"

CARDINAL = [
    ('1.234', 'eintausendzweihundertvierunddreißig'),
    ('1 234 567', 'eine Million zweihundertvierunddreißigtausendfünfhundertsiebenundsechzig'),
    ('-25', 'minus fünfundzwanzig'),
    ('2 Mio.', 'zwei Millionen'),
    ('3,5 Mrd.', 'drei Komma fünf Milliarden'),
    ('007', 'null null sieben'),
    ('21 Menschen', 'einundzwanzig Menschen'),
    ('1234567890123', 'eins zwei drei vier fünf sechs sieben acht neun null eins zwei drei'),
]


@pytest.mark.parametrize(("written", "spoken"), CARDINAL)
def test_cardinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


DECIMAL = [
    ('3,14', 'drei Komma eins vier'),
    ('0,5', 'null Komma fünf'),
    ('-60,24', 'minus sechzig Komma zwei vier'),
    ('Version 3.5', 'Version drei Punkt fünf'),
]


@pytest.mark.parametrize(("written", "spoken"), DECIMAL)
def test_decimal(written, spoken):
    assert said(written, LANGUAGE) == spoken


ORDINAL = [
    ('am 3. Mai', 'am dritten Mai'),
    ('der 2. Weltkrieg', 'der zweite Weltkrieg'),
    ('zum 100. Geburtstag', 'zum hundertsten Geburtstag'),
    ('im 19. Jahrhundert', 'im neunzehnten Jahrhundert'),
    ('3. Auflage', 'dritte Auflage'),
    ('Er wurde 30. Danach', 'Er wurde dreißig. Danach'),
    ('121ten', 'einhunderteinundzwanzigsten'),
    ('am 3. und 4. Juni', 'am dritten und vierten Juni'),
    ('4. autopkgtest: Automatische Tests', 'vier. autopkgtest: Automatische Tests'),
]


@pytest.mark.parametrize(("written", "spoken"), ORDINAL)
def test_ordinal(written, spoken):
    assert said(written, LANGUAGE) == spoken


FRACTION = [
    ('1/2', 'ein halb'),
    ('3/4', 'drei Viertel'),
    ('2/9', 'zwei Neuntel'),
    ('1 1/2', 'eineinhalb'),
    ('½ Liter', 'ein halb Liter'),
    ('1/22', 'ein Zweiundzwanzigstel'),
    ('ObOWi 860/21', 'ObOWi achthundertsechzig Schrägstrich einundzwanzig'),  # a file's number, not a fraction
    ('am Ende 3/4 der Stimmen', 'am Ende drei Viertel der Stimmen'),
]


@pytest.mark.parametrize(("written", "spoken"), FRACTION)
def test_fraction(written, spoken):
    assert said(written, LANGUAGE) == spoken


PERCENT = [
    ('12 %', 'zwölf Prozent'),
    ('-8,5 %', 'minus acht Komma fünf Prozent'),
    ('10-20 %', 'zehn bis zwanzig Prozent'),
]


@pytest.mark.parametrize(("written", "spoken"), PERCENT)
def test_percent(written, spoken):
    assert said(written, LANGUAGE) == spoken


DATE = [
    ('24. Juli 2013', 'vierundzwanzigster Juli zweitausenddreizehn'),
    ('am 24.07.2013', 'am vierundzwanzigsten Juli zweitausenddreizehn'),
    ('2003-03-02', 'zweiter März zweitausenddrei'),
    ('02.03.', 'zweiter März'),
    ('Juli 2013', 'Juli zweitausenddreizehn'),
    ('Montag, 3. Mai 2021', 'Montag, dritter Mai zweitausendeinundzwanzig'),
    ('17./18. Juni', 'siebzehnter achtzehnter Juni'),
]


@pytest.mark.parametrize(("written", "spoken"), DATE)
def test_date(written, spoken):
    assert said(written, LANGUAGE) == spoken


TIME = [
    ('14:30 Uhr', 'vierzehn Uhr dreißig'),
    ('um 8.15 Uhr', 'um acht Uhr fünfzehn'),
    ('1 Uhr', 'ein Uhr'),
    ('00:15', 'null Uhr fünfzehn'),
    ('02:02:23 Uhr', 'zwei Uhr zwei Minuten dreiundzwanzig Sekunden'),
    ('Er lief 3:41 Minuten.', 'Er lief drei Minuten einundvierzig.'),  # a race's time, not a clock's
]


@pytest.mark.parametrize(("written", "spoken"), TIME)
def test_time(written, spoken):
    assert said(written, LANGUAGE) == spoken


YEAR = [
    ('Seit 1994 lebt er hier', 'Seit neunzehnhundertvierundneunzig lebt er hier'),
    ('im Jahr 1500 Menschen', 'im Jahr fünfzehnhundert Menschen'),
    ('1500 Menschen', 'eintausendfünfhundert Menschen'),
    ('rund 1990 Euro', 'rund eintausendneunhundertneunzig Euro'),
    ('1914-1918', 'neunzehnhundertvierzehn bis neunzehnhundertachtzehn'),
]


@pytest.mark.parametrize(("written", "spoken"), YEAR)
def test_year(written, spoken):
    assert said(written, LANGUAGE) == spoken


DECADE = [
    ('die 80er Jahre', 'die achtziger Jahre'),
    ('in den 1980er-Jahren', 'in den neunzehnhundertachtziger Jahren'),
]


@pytest.mark.parametrize(("written", "spoken"), DECADE)
def test_decade(written, spoken):
    assert said(written, LANGUAGE) == spoken


MONEY = [
    ('12,50 €', 'zwölf Euro fünfzig Cent'),
    ('€12,50', 'zwölf Euro fünfzig Cent'),
    ('3 Mio. €', 'drei Millionen Euro'),
    ('$2', 'zwei Dollar'),
    ('£2,01', 'zwei Pfund ein Penny'),
    ('0,99 €', 'neunundneunzig Cent'),
    ('12,50 Euro', 'zwölf Euro fünfzig Cent'),
    ('CHF 20', 'zwanzig Franken'),
]


@pytest.mark.parametrize(("written", "spoken"), MONEY)
def test_money(written, spoken):
    assert said(written, LANGUAGE) == spoken


MEASURE = [
    ('200 km/h', 'zweihundert Kilometer pro Stunde'),
    ('3 h', 'drei Stunden'),
    ('1 h', 'eine Stunde'),
    ('56,3 /km²', 'sechsundfünfzig Komma drei pro Quadratkilometer'),
    ('-5 °C', 'minus fünf Grad Celsius'),
    ('2 kWh', 'zwei Kilowattstunden'),
    ('1,5 l', 'eins Komma fünf Liter'),
    ('1 1/2 Fuß', 'eineinhalb Fuß'),
]


@pytest.mark.parametrize(("written", "spoken"), MEASURE)
def test_measure(written, spoken):
    assert said(written, LANGUAGE) == spoken


RANGE = [
    ('10-20 Seiten', 'zehn bis zwanzig Seiten'),
    ('1990–1995', 'neunzehnhundertneunzig bis neunzehnhundertfünfundneunzig'),
    ('5-10 km', 'fünf bis zehn Kilometer'),
]


@pytest.mark.parametrize(("written", "spoken"), RANGE)
def test_range(written, spoken):
    assert said(written, LANGUAGE) == spoken


SCORE = [
    ('Er gewann 3:2', 'Er gewann drei zu zwei'),
    ('der 2:1-Sieg', 'der zwei zu eins-Sieg'),
]


@pytest.mark.parametrize(("written", "spoken"), SCORE)
def test_score(written, spoken):
    assert said(written, LANGUAGE) == spoken


ROMAN = [
    ('Ludwig XIV. regierte', 'Ludwig der Vierzehnte regierte'),
    ('unter Ludwig XIV.', 'unter Ludwig dem Vierzehnten.'),
    ('Elisabeth II.', 'Elisabeth die Zweite.'),
    ('Kapitel IV', 'Kapitel vier'),
]


@pytest.mark.parametrize(("written", "spoken"), ROMAN)
def test_roman(written, spoken):
    assert said(written, LANGUAGE) == spoken


TELEPHONE = [
    ('+49 30 1234567', 'plus neunundvierzig, drei null, eins zwei drei vier fünf sechs sieben'),
    ('(0411) 1234-1234', 'null vier eins eins, eins zwei drei vier, eins zwei drei vier'),
    ('030/1234567', 'null drei null, eins zwei drei vier fünf sechs sieben'),
]


@pytest.mark.parametrize(("written", "spoken"), TELEPHONE)
def test_telephone(written, spoken):
    assert said(written, LANGUAGE) == spoken


ELECTRONIC = [
    ('info@beispiel.de', 'info at beispiel Punkt d e'),
    ('www.beispiel.de/kontakt', 'w w w Punkt beispiel Punkt d e Schrägstrich kontakt'),
    ('Zum Angebot: https://amzn.to/2hWxAKk', 'Zum Angebot: ein Link zu a m z n Punkt t o'),  # a short link's id is not spelled
    ('/etc/fstab', 'Schrägstrich e t c Schrägstrich fstab'),
]


@pytest.mark.parametrize(("written", "spoken"), ELECTRONIC)
def test_electronic(written, spoken):
    assert said(written, LANGUAGE) == spoken


ABBREVIATION = [
    ('z. B.', 'zum Beispiel'),
    ('d. h.', 'das heißt'),
    ('usw.', 'und so weiter.'),
    ('Nr. 5', 'Nummer fünf'),
    ('S. 12', 'Seite zwölf'),
    ('Dr. Müller', 'Doktor Müller'),
    ('Hr. Meier', 'Herr Meier'),
    ('ca. 20', 'circa zwanzig'),
    ('Mr. Smith', 'Mister Smith'),
]


@pytest.mark.parametrize(("written", "spoken"), ABBREVIATION)
def test_abbreviation(written, spoken):
    assert said(written, LANGUAGE) == spoken


SYMBOL = [
    ('und/oder', 'und oder'),
    ('A & B', 'A und B'),
    ('§ 5', 'Paragraf fünf'),
    ('a/b', 'a Schrägstrich b'),
    ('~5', 'etwa fünf'),
    ('2 × 3', 'zwei mal drei'),
]


@pytest.mark.parametrize(("written", "spoken"), SYMBOL)
def test_symbol(written, spoken):
    assert said(written, LANGUAGE) == spoken
