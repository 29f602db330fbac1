"""Mathematics: powers, products, equations and comparisons."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'A+B'}  # left alone, or another class's
CASES = [
    ('x^2', 'x squared'),
    ('2^48', 'two to the forty-eighth'),
    ('10^-3', 'ten to the minus third'),
    ('2*8', 'two times eight'),
    ('2x8', 'two by eight'),
    ('1-2=5', 'one minus two equals five'),
    ('y=x +1', 'y equals x plus one'),
    ('2+3', 'two plus three'),
    ('10x faster', 'ten times faster'),
    ('if n < 128', 'if n less than one hundred twenty-eight'),
    ('a >= b', 'a greater than or equal to b'),
    ('A+B', 'A+B'),
    ('2 × 3', 'two times three'),
    ('2x8 m2', 'two by eight square meters'),
    ('smaller than 2**30.', 'smaller than two to the thirtieth.'),
    ('x**2', 'x squared'),
    ('x ≈ 5', 'x is about five'),
    ('t1 = t2 - t3', 't one equals t two minus t three'),  # Python's datetime page
    ('date2 = date1 - timedelta', 'date two equals date one minus timedelta'),  # the same page, by ear
    ('n - 1 cut points', 'n minus one cut points'),
    ('n-1 degrees of freedom', 'n minus one degrees of freedom'),
    ('t2 * i', 't two times i'),
    ('x == (x // y) * y + x % y', 'x equals (x floor divided by y) times y + x modulo y'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_math(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_math_class_reads_them(written):
    assert "math" in classes(written)
