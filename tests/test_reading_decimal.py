"""Decimals: the digits after the point one by one."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'2.00 m'}  # left alone, or another class's
CASES = [
    ('3.14', 'three point one four'),
    ('.5', 'point five'),
    ('0.004', 'zero point zero zero four'),
    ('-0.1', 'minus zero point one'),
    ('2.0', 'two point zero'),
    ('2.00 m', 'two point zero zero meters'),
    ('0.1 billion', 'zero point one billion'),
    ('5.4, or 5.5', 'five point four, or five point five'),
    ('1.845e+19', 'one point eight four five times ten to the power of nineteen'),  # SQLite's floating point page
    ('4.9407e-324', 'four point nine four zero seven times ten to the power of minus three hundred twenty-four'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_decimal(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_decimal_class_reads_them(written):
    assert "cardinal" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('3.14', 'three point one four'),
    ('101.5', 'one hundred and one point five'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_decimal_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
