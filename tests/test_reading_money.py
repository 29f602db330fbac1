"""Money: the currency after the amount, cents only when there are some, a rate after it ('/mo')."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'$5-10 each'}  # left alone, or another class's
CASES = [
    ('$20/mo', 'twenty dollars per month'),
    ('£10/wk', 'ten pounds per week'),
    ('$0.23/W', 'twenty-three cents per watt'),  # a solar panel's price (pv-magazine, by ear)
    ('€1,100/kW', 'one thousand one hundred euros per kilowatt'),
    ('$2.00', 'two dollars'),
    ('$20.5', 'twenty dollars fifty cents'),
    ('$5.2bn', 'five point two billion dollars'),
    ('€300m', 'three hundred million euros'),
    ('£1,200', 'one thousand two hundred pounds'),
    ('$4.50', 'four dollars fifty cents'),
    ('$0.99', 'ninety-nine cents'),
    ('US$12', 'twelve US dollars'),
    ('¥100', 'one hundred yen'),
    ('$5-10 each', 'five to ten dollars each'),
    ('$5 T-shirts', 'five dollar T-shirts'),
    ('$3.2B and $40M', 'three point two billion dollars and forty million dollars'),
    ('5€', 'five euros'),
    ('20 EUR', 'twenty euros'),
    ('£1.20', 'one pound twenty pence'),
    ('$1', 'one dollar'),
    ('$1 million', 'one million dollars'),
    ('-$5', 'minus five dollars'),
    ('Rs. 500', 'five hundred rupees'),
    ('$250,000 fines', 'two hundred fifty thousand dollar fines'),
    ('The city has $1.4 billion budgeted.', 'The city has one point four billion dollars budgeted.'),
    ('for every $1,000 invested', 'for every one thousand dollars invested'),
    ('a $3 billion combined company', 'a three billion dollar combined company'),
    ('$500 speed cameras', 'five hundred dollar speed cameras'),
    ('a $53 million figure', 'a fifty-three million dollar figure'),
    ('$0.5/hr', 'fifty cents per hour'),
    ('$.01', 'one cent'),
    ('the $20 reportedly demanded', 'the twenty dollars reportedly demanded'),  # an adverb follows, not a noun
    ('a $5 monthly fee', 'a five dollar monthly fee'),
    ('it costs $5 now', 'it costs five dollars now'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_money(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_money_class_reads_them(written):
    assert "money" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('£1.20', 'one pound twenty pence'),
    ('$250,000 fines', 'two hundred and fifty thousand dollar fines'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_money_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken
