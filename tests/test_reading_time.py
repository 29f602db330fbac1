"""Times of day: 'three oh five', 'one fifty-nine p.m. EST'."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {}  # left alone, or another class's
CASES = [
    ('3:05', 'three oh five'),
    ('12:00', "twelve o'clock"),
    ('15:00', 'fifteen hundred'),
    ('3:30 pm', 'three thirty p.m.'),
    ('1:59 p.m. EST', 'one fifty-nine p.m. EST'),
    ('5pm', 'five p.m.'),
    ('1 a.m.', 'one a.m.'),
    ('14:10:30', 'fourteen hours ten minutes and thirty seconds'),
    ('at 9am.', 'at nine a.m.'),
    ('John 3:16', 'John three sixteen'),
    ('01:00 a.m.', 'one a.m.'),
    ('1.59 p.m.', 'one fifty-nine p.m.'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_time(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_time_class_reads_them(written):
    assert "time" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('3:05', 'three oh five'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_time_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
