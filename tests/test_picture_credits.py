"""A picture's caption is read, its credit is not: 'The house where Adolf Hitler was born in
Braunau am Inn, Austria.' and not '...Austria.Leonhard Foeger / Reuters file.' (the shapes are
those of saved pages of NBC, The New York Times, Space.com, The Telegraph, Business Insider,
The Real Deal and Getty-credited galleries)."""

from __future__ import annotations

import pytest

from narrate.text.readers.htmlarticle import site_line
from narrate.text.readers.htmlblocks import Block, page_blocks
from narrate.text.readers.htmlprep import prepare_tree
from narrate.text.readers.picture_credits import is_picture_credit, without_picture_credit


def block_texts(body: str) -> list[str]:
    root, _ = prepare_tree(f"<html><body><article>{body}</article></body></html>")
    return [block.text for block in page_blocks(root.find("body"))]


@pytest.mark.parametrize(("text", "credit"), [
    ("Credit Harry Campbell", True),
    ("CreditKim Raff for The New York Times", True),
    ("Credit...Doug Mills/The New York Times", True),
    ("Credit.", True),
    ("Credit: DESMOND KWANDE/ AFP", True),
    ("Photo by Ricardo Gomez Angel", True),
    ("Photograph: Jeenah Moon/Bloomberg/Getty Images", True),
    ("(Image credit: All About Space)", True),
    ("Main image credit: Getty", True),
    ("Getty Images", True),
    ("Paul Morigi/Getty Images", True),
    ("Oli Scarff | Getty Images", True),
    ("ChinaFotoPress/ChinaFotoPress via Getty Images", True),
    ("J. Scott Applewhite / AP file", True),
    ("Anthony Wallace / AFP - Getty Images", True),
    ("Credit Suisse headquarters in Zurich", False),
    ("Credit cards are costly", False),
    ("A reader waits for The New York Times", False),
    ("The Moulin Rouge cabaret in Paris", False),
    ("AC/DC on stage in Sydney", False),
    ("Reuters journalists at work in the Canary Wharf newsroom on a long winter evening, photo by the desk", False),
    ("(AP Photo/Seth Wenig, File)", True),
    ("Photo by ALAIN JOCARD/AFP via Getty Images", True),
    ("Photographer: Michael Nagle/Bloomberg", True),
    ("Composite: Getty Images/PA", True),
    ("Image source, Getty Images", True),
    ("Foto: Kay Nietfeld / dpa", True),
    ("\u00a9 Chris Ratcliffe/Bloomberg", True),
    ("Credit", True),
    ("CreditEase founder Tang Ning in Beijing", False),
    ("CREDITS ROLL AT THE END OF THE FILM", False),
    ("Credit. The bank's lending rose in May", False),
    ("Credit Agricole", False),
    ("(c) Costs.", False),
    ("Copyright law is a maze.", False),
    ("Julie Pace - AP executive editor", False),
])
def test_the_shapes_of_a_credit(text, credit):
    assert is_picture_credit(text) is credit


def test_a_credit_after_the_captions_words_is_cut():
    assert without_picture_credit("A man walks past a carrier on Thursday Credit: STR/AFP") \
        == "A man walks past a carrier on Thursday"
    assert without_picture_credit("More than 4,000 people will be told (Credit: iStock)") \
        == "More than 4,000 people will be told"
    assert without_picture_credit("The bridge.Photo: AP") == "The bridge."
    assert without_picture_credit("Photo: the new bridge") == "Photo: the new bridge"
    assert without_picture_credit("The credit: what the bank lends") == "The credit: what the bank lends"


def test_a_captions_credit_part_is_not_read_and_its_words_keep_their_space():
    texts = block_texts(
        "<figure><img src='a.jpg'><figcaption><span class='mr3'>The house where Adolf Hitler was born"
        " in Braunau am Inn, Austria.</span><span class='f2 gray-80'>Leonhard Foeger / Reuters file</span>"
        "</figcaption></figure>")
    assert texts == ["The house where Adolf Hitler was born in Braunau am Inn, Austria."]


def test_a_credit_marked_by_its_class_is_not_read():
    texts = block_texts(
        "<figure><figcaption><span class='caption-text'>The violent simulated birth of a galaxy"
        " cluster.</span> <span class='credit'>(Image credit: TNG Collaboration)</span></figcaption></figure>"
        "<figure><figcaption>Hotels are not always cleaned as often as they should be"
        " <span class='copyright'>Getty Images</span> </figcaption></figure>")
    assert texts == ["The violent simulated birth of a galaxy cluster.",
                     "Hotels are not always cleaned as often as they should be"]


def test_a_caption_that_is_only_a_credit_is_no_block():
    assert block_texts("<figure><figcaption><span>Paul Morigi/Getty Images</span></figcaption></figure>"
                       "<figure><figcaption>CreditEllen Surrey</figcaption></figure><p>Text.</p>") == ["Text."]


def test_a_caption_set_in_a_paragraph_loses_its_credit():
    texts = block_texts(
        "<p class='wp-caption-text'>More than 4,000 people are expected to receive notice (Credit: iStock)</p>"
        "<p><span class='caption'>The road to retiring early isn't easy.</span>"
        "<span class='source'><span>Kathrin Ziegler/Getty</span></span></p>"
        "<p><span class='caption-source'><span class='caption'>The road is long.</span>"
        "<span class='source'><span>Kathrin Ziegler/Getty</span></span></span></p>")
    assert texts == ["More than 4,000 people are expected to receive notice",
                     "The road to retiring early isn't easy.", "The road is long."]


@pytest.mark.parametrize("sentence", [
    "He worked for Reuters for ten years.", "Smith left to work for Getty Images in 2019.",
    "She now writes for AP.", "Photographs by the artist are on show until May.",
    "Images by the dozen were lost in the fire.", "Illustration: how the new ferry will dock at the pier.",
])
def test_a_sentence_about_an_agency_or_photographs_is_no_credit(sentence):
    assert not is_picture_credit(sentence)
    assert not site_line(Block("text", sentence, prepare_tree("<p>x</p>")[0]))


@pytest.mark.parametrize(("caption", "said"), [
    ("Protesters outside the council on Tuesday. John Smith/Reuters", "Protesters outside the council on Tuesday."),
    ("Fans celebrate the win in Madrid. Photograph: Juan Medina/Reuters", "Fans celebrate the win in Madrid."),
    ("Fans in Madrid. Getty Images", "Fans in Madrid."),
    ("The president speaks in the Rose Garden (AP Photo/Evan Vucci)", "The president speaks in the Rose Garden"),
    ("Rain in Paris. AC/DC played on.", "Rain in Paris. AC/DC played on."),
    ("Senators at the Capitol. Photograph: J. Scott Applewhite/AP", "Senators at the Capitol."),
    ("A rally in Manhattan (AP Photo/Seth Wenig, File)", "A rally in Manhattan"),
    ("The president at the White House (Jabin Botsford/The Washington Post)", "The president at the White House"),
    ("Gaza City at night [Mohammed Salem/Reuters]", "Gaza City at night"),
    ("Shares fell in London. \u00a9 Bloomberg", "Shares fell in London."),
    ("Fans at the game in St. Louis/Kansas City", "Fans at the game in St. Louis/Kansas City"),
    ("A poster for Dr. Jekyll/Mr. Hyde", "A poster for Dr. Jekyll/Mr. Hyde"),
    ("The U.S./Mexico Border", "The U.S./Mexico Border"),
    ("Michael Regan, head of the Environmental Protection Agency (EPA)",
     "Michael Regan, head of the Environmental Protection Agency (EPA)"),
    ("The Week in Pictures: Storm Ciaran Hits Britain", "The Week in Pictures: Storm Ciaran Hits Britain"),
    ("The cover of Consumer Credit: A Guide to Borrowing", "The cover of Consumer Credit: A Guide to Borrowing"),
    ("Two views of the site. Photo: the bridge at night, and the river by day",
     "Two views of the site. Photo: the bridge at night, and the river by day"),
    ("The band on stage in 1980. AC/DC", "The band on stage in 1980. AC/DC"),
    ("The route of the train. London/Paris", "The route of the train. London/Paris"),
])
def test_the_credit_that_closes_a_caption_is_cut(caption, said):
    assert block_texts(f"<figure><figcaption>{caption}</figcaption></figure>") == [said]


@pytest.mark.parametrize("caption", [
    "The London headquarters of <a>Getty Images</a>", "The newsroom of <b>Reuters</b>",
    "Fans at a concert by <b>AC/DC</b>", "The layers of <code>TCP/IP</code>", "The route <span>Paris/Berlin</span>",
])
def test_a_name_the_captions_words_go_on_to_is_read(caption):
    texts = block_texts(f"<figure><img src='a.jpg'><figcaption>{caption}</figcaption></figure>")
    assert texts[0].endswith(("Getty Images", "Reuters", "AC/DC", "TCP/IP", "Paris/Berlin"))


def test_a_story_whose_class_names_captions_is_no_caption():
    assert block_texts("<div class='entry-content has-captions'>The museum sold its photographs to"
                       " <a href='/g'>Getty Images</a></div>") == ["The museum sold its photographs to Getty Images"]


def test_a_control_after_the_credit_is_not_read_and_does_not_keep_the_credit():
    texts = block_texts("<figure><figcaption>Rescuers search the rubble.<span class='credit'>Jane Roe/Getty Images"
                        "</span><span class='toggle-caption'>hide caption</span></figcaption></figure>")
    assert texts == ["Rescuers search the rubble."]


def test_a_name_that_only_looks_like_a_credit_is_read():
    texts = block_texts(
        "<p>The ferry's owner sold its photographs to <a href='/g'>Getty Images</a></p>"
        "<p>The paper was founded in 1851. <a href='/t'>The New York Times</a> and its rivals.</p>"
        "<figure><figcaption>Shares of <b>Credit Suisse</b> fell.</figcaption></figure>")
    assert texts == ["The ferry's owner sold its photographs to Getty Images",
                     "The paper was founded in 1851. The New York Times and its rivals.",
                     "Shares of Credit Suisse fell."]


def test_sentences_in_two_elements_are_not_run_together():
    assert block_texts("<p><span>The vote was close.</span><span>Nine members abstained.</span></p>") \
        == ["The vote was close. Nine members abstained."]
    assert block_texts("<p><span>Yes.</span><span>No.</span> <span>It ended\u2026</span><span>Nobody came.</span>"
                       "<span>Sales rose by 5%.</span><span>\u201cNever again,\u201d he said.</span></p>") \
        == ["Yes. No. It ended\u2026 Nobody came. Sales rose by 5%. \u201cNever again,\u201d he said."]
    assert block_texts("<p>Version <b>3.</b><b>1</b> and e.g.<i>this</i></p>") == ["Version 3.1 and e.g.this"]
    assert block_texts("<dl><dt>class <span class='sig-prename descclassname'>asyncio.</span>"
                       "<span class='sig-name descname'>Lock</span></dt><dd>A lock.</dd></dl>")[0] == "class asyncio.Lock"


def test_a_line_that_is_only_a_credit_is_a_site_line_but_a_list_of_agencies_is_not():
    element = prepare_tree("<p>x</p>")[0]
    assert site_line(Block("text", "Main image credit: Getty", element))
    assert not site_line(Block("item", "Reuters", element))
    assert not site_line(Block("text", "Reuters", element))


def test_a_galleries_credit_line_marked_by_its_class_is_a_site_line():
    root, _ = prepare_tree("<ul><li><p>Shriti Vadera has become chairman.</p>"
                           "<p class='credits'>Paul Morigi/Getty Images</p></li></ul>")
    blocks = page_blocks(root.find("body"))
    assert [site_line(block) for block in blocks] == [False, True]
