"""Markdown, HTML and EPUB readers on realistic documents written for the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate.errors import InputError
from narrate.text.readers import format_for, read_document, sniff_format
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE
from narrate.text.readers.html import read_html
from narrate.text.readers.markdown import read_markdown
from tests.epub_builder import build_epub, cover_png

DATA = Path(__file__).parent / "data"
POST = DATA / "post.md"
NEWS = DATA / "news-page.html"

NEWS_BOILERPLATE = [
    "cookies", "Subscribe", "Refinance", "Holiday cottages", "Related stories", "Bus fares rise",
    "morning briefing", "harbourfan77", "grandmother", "vanity project", "Most read",
    "Storm warning", "Hearing aids", "Privacy policy", "All rights reserved", "TRACKING",
    "ANALYTICS", "Share on", "Search the Ledger", "Advertisement", "Transport correspondent",
    "Topics", "Home", "dataLayer",
]


def all_text(document) -> str:
    return " ".join([document.title] + [s.heading or "" for s in document.sections] + document.paragraphs)


@pytest.fixture(scope="module")
def epub_path(tmp_path_factory) -> Path:
    return build_epub(tmp_path_factory.mktemp("epub") / "lighthouse.epub")


# --- Markdown -------------------------------------------------------------------------

def test_markdown_post_front_matter_and_headings():
    doc = read_document(str(POST))
    assert (doc.title, doc.author, doc.date) == ("Brewing better coffee at home", "Sam Rivera", "2024-02-10")
    # The top heading repeats the title: it is not spoken twice or made a chapter.
    assert [s.heading for s in doc.sections] == [None, "Choosing beans", "Grinding and brewing", "Keeping it fresh"]


def test_markdown_reads_words_not_markup():
    doc = read_document(str(POST))
    text = all_text(doc)
    assert doc.paragraphs[0].startswith("Good coffee needs only three things: fresh beans, the right grind")
    assert "links to the tools I use and no gadgets" in doc.paragraphs[0]
    for markup in ("*", "**", "](", "https://", "example.com", "draft note", "<!--", "images/", "def ratio", "```"):
        assert markup not in text
    assert "A burr grinder on a kitchen counter" in doc.paragraphs  # alt text is read


def test_markdown_lists_are_sentences_and_code_is_a_note():
    doc = read_document(str(POST))
    beans, brewing = doc.sections[1], doc.sections[2]
    assert beans.paragraphs[-1] == ("Light roasts taste bright and fruity. Medium roasts are the easiest "
                                    "to brew. Dark roasts suit milk drinks.")
    assert brewing.paragraphs[1] == CODE_NOTE
    assert brewing.paragraphs[-1] == ("Rinse the paper filter. Add the coffee and a splash of water. "
                                      "Pour the rest slowly, in circles.")
    assert "the Specialty Coffee Association publishes a brewing chart." in brewing.paragraphs[2]


def test_markdown_without_front_matter_takes_the_top_heading_as_title():
    doc = read_markdown("# A Title\n\nBody text.\n\n## Part two\n\nMore.\n\n#### Small heading\n\nEnd.\n\n"
                        "| a | b |\n|---|---|\n| 1 | 2 |\n", "x.md")
    assert doc.title == "A Title"
    assert [s.heading for s in doc.sections] == [None, "Part two"]
    assert doc.sections[1].paragraphs == ("More.", "Small heading.", "End.", TABLE_NOTE)


def test_markdown_bad_front_matter_is_a_clear_error():
    with pytest.raises(InputError, match=r"x.md: the YAML front matter is not valid"):
        read_markdown("---\ntitle: [unclosed\n---\n\nBody.\n", "x.md")


# --- HTML -----------------------------------------------------------------------------

def test_html_extracts_the_article_and_its_metadata():
    doc = read_document(str(NEWS))
    assert doc.title == "Harbour city votes to rebuild its tram line"
    assert (doc.author, doc.date, doc.language) == ("Maria Okafor", "2024-03-14", "en-GB")
    assert [s.heading for s in doc.sections] == [None, "How the line will be paid for", "What happens next"]
    assert [p[:24] for p in doc.paragraphs] == [  # the figure's caption belongs to the article
        "Councillors in Port Elle", "The first line will run ", "Trams last ran in Port E",
        "Most of the money comes ",
        "Opponents argued that bu", "A public consultation on", "The mayor said the vote ",
    ]


def test_html_speaks_none_of_the_boilerplate():
    text = all_text(read_document(str(NEWS))).lower()
    leaked = [phrase for phrase in NEWS_BOILERPLATE if phrase.lower() in text]
    assert leaked == []


def test_html_fragment_and_small_page():
    assert read_html("<p>Just one line of text here.</p>", "x.html").paragraphs == ["Just one line of text here."]
    doc = read_html("<html><head><title>T</title></head><body><h1>T</h1><p>Short page.</p>"
                    "<ul><li>one</li><li>two</li></ul></body></html>", "x.html")
    assert doc.title == "T"
    assert doc.paragraphs == ["Short page.", "one. two."]


# --- EPUB -----------------------------------------------------------------------------

@pytest.mark.parametrize(("head", "title"), [
    # og:title with the site's name (og:site_name) after a dash or a bar: TechCrunch, Al Bawaba
    ('<meta property="og:title" content="Attorney General investigating WeWork \u2013 TechCrunch">'
     '<meta property="og:site_name" content="TechCrunch">', "Attorney General investigating WeWork"),
    ('<meta property="og:site_name" content="Al Bawaba"><meta property="og:title" '
     'content="Sweden Drops Its Investigation  | Al Bawaba">', "Sweden Drops Its Investigation"),
    # a <title> with two separators loses only its last part (Python's documentation)
    ("<title>datetime \u2014 Basic date and time types \u2014 Python 3.11.2 documentation</title>",
     "datetime \u2014 Basic date and time types"),
    # control: a site's name that is not at either end stays
    ('<meta property="og:title" content="How TechCrunch Began"><meta property="og:site_name" '
     'content="TechCrunch">', "How TechCrunch Began"),
])
def test_html_titles_without_the_sites_name(head, title):
    body = "<p>" + "A paragraph of the article that says enough to be its body text here. " * 4 + "</p>"
    assert read_html(f"<html><head>{head}</head><body><article>{body}</article></body></html>").title == title


def test_html_superscripts_are_powers_ordinals_or_note_marks():
    """'2<sup>64</sup>' was read "two hundred sixty-four" (Debian's handbook, IPv6 subnets) and
    'here<sup>1</sup>' as "here one"."""
    doc = read_html("<html><body><article><h1>Subnets</h1><p>A subnet holds 2<sup>64</sup> addresses, "
                    "x<sup>2</sup> grows, the 1<sup>st</sup> one is free, as noted here<sup>1</sup> before."
                    "</p></article></body></html>")
    assert doc.sections[0].paragraphs == (
        "A subnet holds 2^64 addresses, x^2 grows, the 1st one is free, as noted here before.",)


def test_epub_chapters_in_spine_order_with_metadata_and_cover(epub_path):
    doc = read_document(str(epub_path))
    assert (doc.title, doc.author, doc.date, doc.language) == ("The Lighthouse", "Iris Calloway", "2021-06-01", "en")
    assert [s.heading for s in doc.sections] == ["The Lighthouse Keeper", "A Ship in the Fog", "Morning"]
    assert doc.cover == cover_png()
    assert doc.sections[0].paragraphs[1] == "She counted them aloud, as her father had done before her."
    assert doc.sections[1].paragraphs[1] == "The bell rang twice. then stopped."
    assert "Table of contents" not in all_text(doc)  # the nav document is not read


def test_epub_from_stdin_bytes_by_sniffing(epub_path):
    data = epub_path.read_bytes()
    assert sniff_format(data) == "epub"
    assert read_document("-", data=data).title == "The Lighthouse"


def test_broken_epub_is_a_clear_error(tmp_path):
    path = tmp_path / "broken.epub"
    path.write_bytes(b"PK\x03\x04 this is not really a zip file")
    with pytest.raises(InputError, match="broken.epub is not a readable EPUB"):
        read_document(str(path))


# --- choosing a reader ----------------------------------------------------------------

@pytest.mark.parametrize(("path", "forced", "data", "expected"), [
    ("a.md", None, b"", "md"), ("a.MARKDOWN", None, b"", "md"), ("a.htm", None, b"", "html"),
    ("a.epub", None, b"", "epub"), ("a.txt", None, b"<html>", "txt"), ("-", "markdown", b"", "md"),
    ("-", None, b"<!DOCTYPE html><html>", "html"), ("notes", None, b"plain words", "txt"),
    ("a.txt", "HTML", b"", "html"),
])
def test_format_for(path, forced, data, expected):
    assert format_for(path, forced, data) == expected


def test_unknown_format_is_refused():
    with pytest.raises(InputError, match="unknown format 'pdf'"):
        format_for("a.txt", "pdf")


@pytest.mark.parametrize(("page", "extracted", "expected"), [
    ('<meta property="og:title" content="Tram line &amp; budget">', "Other", "Tram line & budget"),
    ("<title>What is rustdoc? - The rustdoc book</title>", "Keyboard shortcuts", "What is rustdoc?"),
    ("<title>Votes on trams | The Ledger</title>", "Votes on trams", "Votes on trams"),
    ("<title>Home</title>", None, "Home"),
    ("<p>no title at all</p>", "Guessed", "Guessed"),
])
def test_page_title_prefers_the_pages_own(page, extracted, expected):
    from narrate.text.readers.html import page_title

    assert page_title(f"<html><head>{page}</head><body></body></html>", extracted) == expected


STALE_OG = ('<meta property="og:title" content="How to Install Solar Panels in 2025">'
            '<meta property="og:site_name" content="EnergySage">'
            "<title>How to Install Solar Panels in 2026 | EnergySage</title>")


@pytest.mark.parametrize(("head", "headline", "expected"), [
    # the <title> and the <h1> agree, og:title is stale: the two win (the site's name cut)
    (STALE_OG, "How to install solar panels in 2026", "How to Install Solar Panels in 2026"),
    # the <h1> says what og:title says: og:title, as before
    (STALE_OG, "How to Install Solar Panels in 2025", "How to Install Solar Panels in 2025"),
    # an <h1> of its own (the site's logo, a shorter headline): og:title
    (STALE_OG, "EnergySage", "How to Install Solar Panels in 2025"),
    (STALE_OG, None, "How to Install Solar Panels in 2025"),
    # a social title over the printed one ('What do you guys think will be the trend in the watch...')
    ('<meta property="og:title" content="Trams return to the high street...">'
     "<title>Trams return to the high street next spring - The Ledger</title>",
     "Trams return to the high street next spring", "Trams return to the high street next spring"),
])
def test_page_title_takes_the_headline_where_the_title_agrees(head, headline, expected):
    from narrate.text.readers.html import page_title

    assert page_title(f"<html><head>{head}</head><body></body></html>", None, headline) == expected


def test_a_stale_og_title_is_not_the_episodes_title():
    page = (f"<html><head>{STALE_OG}</head><body><article><h1>How to install solar panels in 2026</h1>"
            + "<p>Installing solar panels can cut or end your monthly electric bills for decades.</p>" * 3
            + "</article></body></html>")
    document = read_html(page)
    assert document.title == "How to Install Solar Panels in 2026"
    spoken = " ".join(p for section in document.sections for p in section.paragraphs)
    assert "solar panels in 2026" not in spoken.lower()  # the headline is the title, not said twice


@pytest.mark.parametrize(("head", "body", "expected"), [
    # a logo's <h1> in the header, and a <title> that names the site first
    ('<title>Acme Gazette \u2014 Council votes to close the old bridge</title>'
     '<meta property="og:title" content="Council votes to close the old bridge">',
     "<header><h1 class='logo'>Acme Gazette</h1></header>", "Council votes to close the old bridge"),
    # a one-page app's <title>, the site's name, and its logo as the <h1>
    ('<title>Acme Gazette</title><meta property="og:title" content="Council votes to close the old bridge">'
     '<meta property="og:site_name" content="Acme Gazette">', "<h1>Acme Gazette</h1>",
     "Council votes to close the old bridge"),
    # a section's name as the <h1>, before the <title>'s headline
    ('<title>Opinion | Why we should plant trees | The Paper</title>'
     '<meta property="og:title" content="Why we must plant trees"><meta property="og:site_name" content="The Paper">',
     "<h1>Opinion</h1>", "Why we must plant trees"),
])
def test_a_site_or_section_name_never_takes_the_title(head, body, expected):
    story = "<p>The council voted on Tuesday to close the old bridge to traffic from the spring onwards.</p>" * 3
    page = f"<html><head>{head}</head><body>{body}<article><h2>{expected}</h2>{story}</article></body></html>"
    assert read_html(page).title == expected
