"""Chemical formulas: element letters named, counts said."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'NaCl', 'MP3'}  # left alone, or another class's
CASES = [
    ('CO2', 'C O two'),
    ('H2SO4', 'H two S O four'),
    ('H2O', 'H two O'),
    ('Na2CO3', 'N.A. two C O three'),
    ('C6H12O6', 'C six H twelve O six'),
    ('U2', 'U two'),
    ('NaCl', 'NaCl'),
    ('MP3', 'MP three'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_chemical(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_chemical_class_reads_them(written):
    assert "chemical formula" in classes(written)
