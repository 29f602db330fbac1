"""Abbreviations: 'St.' Street or Saint, 'Dr.' Doctor or Drive, 'No.' number before one."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {"No. I won't", 'Mrs. Smith', 'The Mr Men books', 'The word Mr is short.'}  # left alone, or another class's
CASES = [
    ('Gov. Smith', 'Governor Smith'),
    ('Dr. Evil', 'Doctor Evil'),
    ('Mulholland Dr.', 'Mulholland Drive.'),
    ('Baker St.', 'Baker Street.'),
    ('St. Paul', 'Saint Paul'),
    ('Mount St. Helens', 'Mount Saint Helens'),
    ('No. 162', 'Number one hundred sixty-two'),
    ("No. I won't", "No. I won't"),
    ('i.e. this', 'that is this'),
    ('e.g. that', 'for example that'),
    ('Apple Inc. said', 'Apple Incorporated said'),
    ('Apple Inc. The company', 'Apple Incorporated. The company'),
    ('apples, etc. Then', 'apples, et cetera. Then'),
    ('Mr. Smith', 'Mister Smith'),
    ('Mrs. Smith', 'Mrs. Smith'),
    ('Mr Mugabe and Ms Ardern met.', 'Mister Mugabe and Miz Ardern met.'),
    ('Mr and Mrs Smith', 'Mister and Mrs Smith'),
    ('The Mr Men books', 'The Mr Men books'),
    ('The word Mr is short.', 'The word Mr is short.'),
    ('Roe v. Wade', 'Roe versus Wade'),
    ('12.4 mln bpd, 37 pct, 2.25 dlrs a bbl', 'twelve point four million barrels per day, thirty-seven percent, two point two five dollars a barrel'),
    ('p. 5', 'page five'),
    ('pp. 5-9', 'pages five to nine'),
    ('Fig. 3', 'Figure three'),
    ('Dr Smith', 'Doctor Smith'),
    ('on Tues., Sept. 5.', 'on Tuesday, September fifth.'),
    ('Wed. night', 'Wednesday night'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_abbreviation(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_abbreviation_class_reads_them(written):
    assert "abbreviation" in classes(written)
