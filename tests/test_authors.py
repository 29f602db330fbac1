"""The author a page's metadata names, without the page's furniture around the names."""

from __future__ import annotations

import pytest

from narrate.text.readers.authors import clean_author
from narrate.text.readers.html import read_html


@pytest.mark.parametrize(("written", "shown"), [
    ("Www Haufe De; Copyright Haufe-Lexware GmbH; Co KG", None),  # a site's address and its copyright
    ("Facebook Com; Vegolosi", "Vegolosi"),
    ("View all posts by Daniel Lemire", "Daniel Lemire"),
    ("Autor www koffergepackt com", None),
    ("Name", None),
    ("Lars Fischer; Alina Schadwinkel", "Lars Fischer; Alina Schadwinkel"),
    ("Reuters", "Reuters"),
    ("Dr Sebastian Brüggemann", "Dr Sebastian Brüggemann"),
])
def test_an_authors_furniture_is_dropped_and_the_names_kept(written, shown):
    assert clean_author(written) == shown


def test_a_pages_author_is_shown_without_a_link_label():
    story = "".join(f"<p>Paragraph {n} of the story goes on about the ferry and the island for a while.</p>"
                    for n in range(6))
    page = (f"<html><head><title>Ferry</title><meta name='author' content='View all posts by Jane Roe'></head>"
            f"<body><article><h1>Ferry kept</h1>{story}</article></body></html>")
    assert read_html(page).author == "Jane Roe"
