"""Ranges and scores: 'to' between the ends; not after a name, not in a chain of hyphens."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'a Boeing 737-800', 'the Boeing 747 jumbo', 'COVID-19', '1-2-3', 'serving at 5-4'}  # left alone, or another class's
CASES = [
    ('1980-1986', 'nineteen eighty to nineteen eighty-six'),
    ('2015–18', 'twenty fifteen to eighteen'),
    ('10-12 people', 'ten to twelve people'),
    ('pages 4-9', 'pages four to nine'),
    ('a Boeing 737-800', 'a Boeing seven thirty-seven-eight hundred'),
    ('the Fall-Winter 2015-2016 collection', 'the Fall-Winter twenty fifteen to twenty sixteen collection'),
    ('the Boeing 747 jumbo', 'the Boeing seven forty-seven jumbo'),
    ('COVID-19', 'COVID nineteen'),
    ('1-2-3', 'one-two-three'),
    ('9am-5pm', 'nine a.m. to five p.m.'),
    ('$50.00-$100.00', 'fifty dollars to one hundred dollars'),
    ('1960s-80s', 'nineteen sixties to eighties'),
    ('won 3-2', 'won three two'),
    ('a 2-0 win', 'a two nothing win'),
    ('1980-1970 kg', 'one thousand nine hundred eighty to one thousand nine hundred seventy kilograms'),
    ('2-5lb', 'two to five pounds'),
    ('24-48 hours', 'twenty-four to forty-eight hours'),
    ('serving at 5-4', 'serving at five four'),
    ('between 1939-45', 'between nineteen thirty-nine and forty-five'),
    ('between 10-12 people', 'between ten and twelve people'),
    ('a priority of 1..99', 'a priority of one to ninety-nine'),  # two dots: Debian's handbook
    ('500....989', 'five hundred to nine hundred eighty-nine'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_range(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_range_class_reads_them(written):
    assert "range" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('won 3-2', 'won three two'),
    ('a 2-0 win', 'a two nil win'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_range_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
