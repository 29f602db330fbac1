"""Street addresses: house numbers in pairs, street types and states in full."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {}  # left alone, or another class's
CASES = [
    ('Nancy lived on 1428 Elm St. It was a strange place.', 'Nancy lived on fourteen twenty-eight Elm Street. It was a strange place.'),
    ('2788 San Tomas Expy, Santa Clara, CA 95051', 'twenty-seven eighty-eight San Tomas Expressway, Santa Clara, California nine five zero five one'),
    ('123 Smth St, City, NY', 'one twenty-three Smth Street, City, New York'),
    ('1211 E Arques Ave', 'twelve eleven East Arques Avenue'),
    ('708 N 1st St, San City', 'seven oh eight North first Street, San City'),
    ('12 S 1st st', 'twelve South first Street'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_address(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_address_class_reads_them(written):
    assert "address" in classes(written)
