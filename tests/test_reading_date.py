"""Dates: ordinals in dates; US month-first and British day-first order for numeric dates."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'I may 5 times'}  # left alone, or another class's
CASES = [
    ('July 25 2012', 'July twenty-fifth, twenty twelve'),
    ('July 25, 2012', 'July twenty-fifth, twenty twelve'),
    ('16 July 1943', 'the sixteenth of July nineteen forty-three'),
    ('on the 26th May in the evening', 'on the twenty-sixth of May in the evening'),
    ('2016/07/03', 'July third, twenty sixteen'),
    ('2016-11-03', 'November third, twenty sixteen'),
    ('10/06/2005', 'October sixth, two thousand five'),
    ('11/17/05', 'November seventeenth, oh five'),
    ('01.10.2010', 'January tenth, twenty ten'),
    ('15.01.2020', 'the fifteenth of January twenty twenty'),
    ('Jan. 15, 2020', 'January fifteenth, twenty twenty'),
    ('SEPT. 15', 'September fifteenth'),
    ('june 30', 'June thirtieth'),
    ('I may 5 times', 'I may five times'),
    ('May 5', 'May fifth'),
    ('in March 2020', 'in March twenty twenty'),
    ('Monday, July 5', 'Monday, July fifth'),
    ('2Q22', 'the second quarter of twenty-two'),
    ('Q3 2024', 'the third quarter of twenty twenty-four'),
    ('July 4th', 'July fourth'),
    ('25 sept.', 'the twenty-fifth of September'),
    ('Jan-15-2020', 'January fifteenth, twenty twenty'),
    ('on 3 May. Results follow.', 'on the third of May. Results follow.'),  # the sentence's full stop stays
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_date(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_date_class_reads_them(written):
    assert "date" in classes(written)


# British English (a document or voice in en-GB)
BRITISH = [
    ('10/06/2005', 'the tenth of June two thousand and five'),
    ('2016-11-03', 'the third of November twenty sixteen'),
    ('July 25 2012', 'July the twenty-fifth, twenty twelve'),
    ('16 July 1943', 'the sixteenth of July nineteen forty-three'),
]


@pytest.mark.parametrize(("written", "spoken"), BRITISH)
def test_date_in_british_english(written, spoken):
    assert said(written, "en-GB") == spoken


def test_the_voice_says_which_english_when_the_document_does_not():
    from narrate.model import Document, Section
    from narrate.text.script import build_script

    document = Document(title="Dates", sections=(Section(heading=None, paragraphs=("On 10/06/2005.",)),),
                        title_spoken=False)
    british = build_script(document, voice_language="en-GB").chunks[0].text
    american = build_script(document, voice_language="en-US").chunks[0].text
    assert british == "On the tenth of June two thousand and five."
    assert american == "On October sixth, two thousand five."
    declared = build_script(Document(**{**document.__dict__, "language": "en-US"}), voice_language="en-GB")
    assert declared.chunks[0].text == american  # the document's own region wins
