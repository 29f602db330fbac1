"""Roman numerals: regnal names take ordinals, counting words numbers; 'I' stays a pronoun."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'For my part I have seen it', 'Sam and I', 'Malcolm X', 'Vitamin C', 'told Henry I would', 'Washington DC', 'CV', 'I*'}  # left alone, or another class's
CASES = [
    ('Henry VIII', 'Henry the Eighth'),
    ('World War II', 'World War Two'),
    ('World War I was', 'World War One was'),
    ('Chapter IV', 'Chapter Four'),
    ('PART XL', 'PART forty'),
    ('Sam and I', 'Sam and I'),
    ("Elizabeth II's reign", "Elizabeth the Second's reign"),
    ('Louis XIV', 'Louis the Fourteenth'),
    ('Malcolm X', 'Malcolm X'),
    ('Vitamin C', 'Vitamin C'),
    ('Type II diabetes', 'Type Two diabetes'),
    ('Super Bowl LV', 'Super Bowl Fifty-Five'),
    ('King James I of England', 'King James the First of England'),
    ('told Henry I would', 'told Henry I would'),
    ('Washington DC', 'Washington DC'),
    ('IV', 'Four'),
    ('CV', 'CV'),
    ('Act iii', 'Act Three'),
    ('Pope John Paul II', 'Pope John Paul the Second'),
    ('Sam II', 'Sam the Second'),
    ('I*', 'I'),
    ('II.', 'Two'),
    ('For my part I have seen it', 'For my part I have seen it'),
    ('Part I is short', 'Part One is short'),

]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_roman(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_roman_class_reads_them(written):
    assert "roman numeral" in classes(written)
