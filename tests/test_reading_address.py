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
    # every GPL notice ends so: 'M.A. zero two one one zero-one thousand three hundred one' before
    ('Fifth Floor, Boston, MA 02110-1301 USA', 'Fifth Floor, Boston, Massachusetts zero two one one zero, one three zero one USA'),
    ('in Boston, MA  02111-1307  USA', 'in Boston, Massachusetts zero two one one one, one three zero seven USA'),
    ('Send it to Springfield, IL 62704 by Friday.', 'Send it to Springfield, Illinois six two seven zero four by Friday.'),
    ('2788 San Tomas Expy, Santa Clara, CA 95051-1234', 'twenty-seven eighty-eight San Tomas Expressway, Santa Clara, California nine five zero five one, one two three four'),
]
# not a place's state and ZIP code: no capitalised place and comma before it
NOT_AN_ADDRESS = [
    ('He scored MA 12345 points', 'He scored M.A. twelve thousand three hundred forty-five points'),
    ('the IN 12345 code', 'the IN twelve thousand three hundred forty-five code'),
    ('Contact Jane Smith, ID 40213, for access.', 'Contact Jane Smith, ID forty thousand two hundred thirteen, for access.'),
    # a template that left the city out, before a state or a news-style one: no crash
    (', MA 02110 is the code.', 'M.A. zero two one one zero is the code.'),
    (', Ill. is near.', 'Ill. is near.'),
]


@pytest.mark.parametrize(("written", "spoken"), NOT_AN_ADDRESS)
def test_not_an_address(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_address(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_address_class_reads_them(written):
    assert "address" in classes(written)
