"""Decades."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {}  # left alone, or another class's
CASES = [
    ('the 1950s', 'the nineteen fifties'),
    ('the 2000s', 'the two thousands'),
    ("the '90s and 80s", 'the nineties and eighties'),
    ('mid-1980s', 'mid nineteen eighties'),
    ('1910s', 'nineteen tens'),
    ('100s of people', 'hundreds of people'),
    ('the 1900s', 'the nineteen hundreds'),
    ('in the 1300s.', 'in the thirteen hundreds.'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_decade(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_decade_class_reads_them(written):
    assert "decade" in classes(written)
