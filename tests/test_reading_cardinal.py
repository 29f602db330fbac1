"""Cardinal numbers: every written number is said in words (num2words), never left to the engine."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'004', '1980 - 1986 was', 'page 5 -6'}  # left alone, or another class's
CASES = [
    ('1,200', 'one thousand two hundred'),
    ('-2 degrees below', 'minus two degrees below'),
    ('13,000 people', 'thirteen thousand people'),
    ('123,123,000', 'one hundred twenty-three million one hundred twenty-three thousand'),
    ('124,444,234,854,823,834,553', 'one hundred twenty-four quintillion four hundred forty-four quadrillion two hundred thirty-four trillion eight hundred fifty-four billion eight hundred twenty-three million eight hundred thirty-four thousand five hundred fifty-three'),
    ('004', 'zero zero four'),
    ('There were 1234567890123 of them', 'There were one two three four five six seven eight nine zero one two three of them'),
    ('2bn people', 'two billion people'),
    ('3tn', 'three trillion'),
    ('100K hits', 'one hundred thousand hits'),
    ('i can use your card ending in 8876', 'i can use your card ending in eight eight seven six'),
    ('It cost (-3) points', 'It cost (minus three) points'),
    ('the bytes read, or -1 on error', 'the bytes read, or minus one on error'),  # SDL's manual
    ('values from -128 to 127', 'values from minus one hundred twenty-eight to one hundred twenty-seven'),  # the Rust book
    ('the -64 suffix, a -32 suffix.', 'the dash sixty-four suffix, a dash thirty-two suffix.'),  # names, not values
    ('run kill -9 or tail -20, from 5 kg -10 kg', 'run kill dash nine or tail dash twenty, from five kilograms dash ten kilograms'),  # options, a range
    ('+5', 'plus five'),
    ('0', 'zero'),
    ('and called 911.', 'and called nine one one.'),
    ('the popular 737 Max jet', 'the popular seven thirty-seven Max jet'),
    ("thirty of Boeing's 787 jets", "thirty of Boeing's seven eighty-seven jets"),
    ('the 112 Democrats voted', 'the one hundred twelve Democrats voted'),
    ('1980 - 1986 was', 'nineteen eighty to nineteen eighty-six was'),
    ('page 5 -6', 'page five to six'),
    ('over 345 Muslim pilgrims', 'over three hundred forty-five Muslim pilgrims'),
    ('a 4K TV', 'a four K TV'),
    ('100K hits', 'one hundred thousand hits'),
    ('made 911 calls', 'made nine one one calls'),  # the emergency number
    ('a 404 page', 'a four oh four page'),
    ('404 people came', 'four hundred four people came'),
    ('very long lines (1077)', 'very long lines (one thousand seventy-seven)'),  # a count, not a year
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_cardinal(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_cardinal_class_reads_them(written):
    assert "cardinal" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('105', 'one hundred and five'),
    ('1,234', 'one thousand two hundred and thirty-four'),
    ('2bn people', 'two billion people'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_cardinal_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
