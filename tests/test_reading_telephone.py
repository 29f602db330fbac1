"""Telephone numbers and IP addresses, digit by digit in their groups."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'8.5.1.1. Dates', }  # left alone, or another class's
CASES = [
    ('8.5.1.1. Dates', 'eight point five point one point one. Dates'),  # a heading's number (PostgreSQL)
    ('10.0.0.1 Gateway is up', 'one zero dot zero dot zero dot one Gateway is up'),  # an address opening a line
    ('555-1234', 'five five five, one two three four'),
    ('+1 123-123-5678', 'plus one, one two three, one two three, five six seven eight'),
    ('(555) 555-5555', 'five five five, five five five, five five five five'),
    ('+44 20 7946 0958', 'plus four four, two zero, seven nine four six, zero nine five eight'),
    ('+44 (0)20 7946 0958', 'plus four four, zero, two zero, seven nine four six, zero nine five eight'),
    ('+49 (0)40 890 85-433', 'plus four nine, zero, four zero, eight nine zero, eight five, four three three'),
    ('Tel. +49 40 89085433', 'Tel. plus four nine, four zero, eight nine zero eight five four three three'),
    ('123.123.0.40', 'one two three dot one two three dot zero dot four zero'),
    ('111-11-1111', 'one one one, one one, one one one one'),
    ('1-800-555-1234', 'one, eight hundred, five five five, one two three four'),
    ('call me at 123-123-5678', 'call me at one two three, one two three, five six seven eight'),
    ('Call 0800 123 4567 now', 'Call zero eight zero zero, one two three, four five six seven now'),
    ('in the range 192.168.0.128 to 192.168.0.254.', 'in the range one nine two dot one six eight dot zero dot one two eight to one nine two dot one six eight dot zero dot two five four.'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_telephone(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_telephone_class_reads_them(written):
    assert "telephone" in classes(written)
