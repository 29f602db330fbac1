"""Percentages."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'40-50%'}  # left alone, or another class's
CASES = [
    ('50%', 'fifty percent'),
    ('5.5%', 'five point five percent'),
    ('-0.5 %', 'minus zero point five percent'),
    ('40-50%', 'forty to fifty percent'),
    ('up 0.35%.', 'up zero point three five percent.'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_percent(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_percent_class_reads_them(written):
    assert "percent" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('50%', 'fifty percent'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_percent_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
