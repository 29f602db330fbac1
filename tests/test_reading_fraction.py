"""Fractions: '½ cup' -> 'half a cup', '72-5/8' -> 'seventy-two and five eighths'."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'case 860/21', 'extlinux for ext2/3/4 and btrfs', 'in 1/2/3 order', '50/50', '24/7', 'PCEngines ALIX 2/3 boards', 'It runs on Windows 10/11 only.'}  # left alone, or another class's
CASES = [
    ('1/2', 'one half'),
    ('½ cup', 'half a cup'),
    ('3 1/2 cups', 'three and a half cups'),
    ('2 3/4 miles', 'two and three quarters miles'),
    ('1/4th', 'a quarter'),
    ('72-5/8, up 4-1/8', 'seventy-two and five eighths, up four and one eighth'),
    ('3/4 of the vote', 'three quarters of the vote'),
    ('31/32', 'thirty-one thirty-seconds'),
    ('5/1', 'five over one'),
    ('½', 'one half'),
    ('¼ cup', 'one quarter cup'),
    ('50/50', 'fifty-fifty'),
    ('24/7', 'twenty-four seven'),
    ('3 ½', 'three and a half'),
    ('PCEngines ALIX 2/3 boards', 'PCEngines ALIX two slash three boards'),
    ('3/4 inches', 'three quarters inches'),
    ('It runs on Windows 10/11 only.', 'It runs on Windows ten slash eleven only.'),
    ('He ate 3/4 of it', 'He ate three quarters of it'),
    ('extlinux for ext2/3/4 and btrfs', 'extlinux for ext two slash three slash four and btrfs'),  # a chain
    ('in 1/2/3 order', 'in one slash two slash three order'),
    ('case 860/21', 'case eight hundred sixty slash twenty-one'),  # a file's number, not a fraction
    ('It took 4½ years.', 'It took four and a half years.'),  # not '41⁄2', as NFKC writes it
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_fraction(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_fraction_class_reads_them(written):
    assert "fraction" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('3 1/2 cups', 'three and a half cups'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_fraction_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
