"""Years: a four-digit number is a year only where the context says so."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'Copyright (C) 2006-2015 Foo', '1500 / 2000 people', 'a total of 1950.', '1950 people', 'about 1500 people'}  # left alone, or another class's
CASES = [
    ('in 1950', 'in nineteen fifty'),
    ('since 1905', 'since nineteen oh five'),
    ('(1936)', '(nineteen thirty-six)'),
    ('1950 people', 'one thousand nine hundred fifty people'),
    ('in 1900', 'in nineteen hundred'),
    ('between 1939 and 1945', 'between nineteen thirty-nine and nineteen forty-five'),
    ('the 2012 Olympics', 'the twenty twelve Olympics'),
    ('about 1500 people', 'about one thousand five hundred people'),
    ('2006', 'two thousand six'),
    ('in 2015', 'in twenty fifteen'),
    ('by 2050', 'by twenty fifty'),
    ('a crewed 2024 moon mission', 'a crewed twenty twenty-four moon mission'),
    ('into 2020', 'into twenty twenty'),
    ('1795 / 1805', 'seventeen ninety-five slash eighteen oh five'),
    ('1500 / 2000 people', 'one thousand five hundred slash two thousand people'),
    ('Flash-forward to 2017, when', 'Flash-forward to twenty seventeen, when'),
    ('until at least 2021.', 'until at least twenty twenty-one.'),
    ('a total of 1950.', 'a total of one thousand nine hundred fifty.'),
    ('the primary of 2020, he', 'the primary of twenty twenty, he'),
    ("'2018 Welcome Festival'", "'twenty eighteen Welcome Festival'"),
    ('for fiscal 2019', 'for fiscal twenty nineteen'),
    # a table's row read as a sentence: the year cell between the title and the description
    ('Repeat Performance, 1947, A woman who', 'Repeat Performance, nineteen forty-seven, A woman who'),
    ('Source Code, 2011, U.S. Army pilot', 'Source Code, twenty eleven, U.S. Army pilot'),
    ('by the end of 2025.', 'by the end of twenty twenty-five.'),
    ('he said, "2020 will be better"', 'he said, "twenty twenty will be better"'),
    ('340 A.D.', 'three forty A.D.'),
    ('44 BC', 'forty-four B.C.'),
    ('1155', 'eleven fifty-five'),
    ('1990 for the team', 'nineteen ninety for the team'),
    ('the first 63 days of 1970 will be', 'the first sixty-three days of nineteen seventy will be'),  # SQLite
    ('in about 2030 we', 'in about twenty thirty we'),
    ('the 2022/23 season', 'the twenty twenty-two twenty-three season'),
    ('Copyright (C) 2006-2015 Foo', 'Copyright (C) two thousand six to twenty fifteen Foo'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_year(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_year_class_reads_them(written):
    assert "year" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('2006', 'two thousand and six'),
    ('in 1905', 'in nineteen oh five'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_year_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
