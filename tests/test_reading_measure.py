"""Measures: a quantity and its unit, 'per' between a quantity and a unit."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'5 in the box', 'bus 40C leaves', 'John 3:16'}  # left alone, or another class's
CASES = [
    ('5km', 'five kilometers'),
    ('100mph', 'one hundred miles per hour'),
    ('1°C', 'one degree Celsius'),
    ('20°C and 98.6 °F', 'twenty degrees Celsius and ninety-eight point six degrees Fahrenheit'),
    ('12kg', 'twelve kilograms'),
    ('a 100m sprint', 'a one hundred meter sprint'),
    ('5 km/h', 'five kilometers per hour'),
    ('41,459.00 km³', 'forty-one thousand four hundred fifty-nine point zero zero cubic kilometers'),
    ('2 m²', 'two square meters'),
    ('12/kg', 'twelve per kilogram'),
    ('3 GB of RAM', 'three gigabytes of RAM'),
    ('5 in the box', 'five in the box'),
    ('5in', 'five inches'),
    ('90°', 'ninety degrees'),
    ('after 80 s.', 'after eighty seconds.'),
    ('1.5 L', 'one point five liters'),
    ('10 mg', 'ten milligrams'),
    ('250 ml', 'two hundred fifty milliliters'),
    ('60 Hz', 'sixty hertz'),
    ('-5°C', 'minus five degrees Celsius'),
    ('100 million kg', 'one hundred million kilograms'),
    ('12kg/kg', 'twelve kilograms per kilogram'),
    ('the surrounding 2 km circumference', 'the surrounding two kilometer circumference'),
    ('the 5 km north of town', 'the five kilometers north of town'),
    ('the 5 km, then', 'the five kilometers, then'),
    ('for a ≈60 MiB file', 'for a roughly sixty mebibyte file'),
    ('over 1m people', 'over one million people'),
    ('Temperatures hit 40C on Monday.', 'Temperatures hit forty degrees Celsius on Monday.'),
    ('highs of 35C and lows of -2C', 'highs of thirty-five degrees Celsius and lows of minus two degrees Celsius'),
    ('bus 40C leaves', 'bus forty C leaves'),
    ('a 1:1 ratio', 'a one to one ratio'),
    ('16:9 screens', 'sixteen to nine screens'),
    ('John 3:16', 'John three sixteen'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_measure(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_measure_class_reads_them(written):
    assert "measure" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('5km', 'five kilometres'),
    ('1.5 L', 'one point five litres'),
    ('12kg/kg', 'twelve kilograms per kilogram'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_measure_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
