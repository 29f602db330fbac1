"""Ordinals: '21st' -> 'twenty-first'; a wrong suffix is read as written."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {}  # left alone, or another class's
CASES = [
    ('1st', 'first'),
    ('2nd', 'second'),
    ('3rd', 'third'),
    ('11th', 'eleventh'),
    ('12th', 'twelfth'),
    ('21st', 'twenty-first'),
    ('111th', 'one hundred eleventh'),
    ('1,000th', 'one thousandth'),
    ('4rd', 'four rd'),
    ('the 100th time', 'the one hundredth time'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_ordinal(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_ordinal_class_reads_them(written):
    assert "ordinal" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('21st', 'twenty-first'),
    ('101st', 'one hundred and first'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_ordinal_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
