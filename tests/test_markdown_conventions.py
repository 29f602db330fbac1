"""Markdown as READMEs write it (the shapes of READMEs shipped in Debian packages: Bootstrap's,
Node.js', iso-codes', nss-mdns'): what is read, with which label, and what is not read."""

import pytest

from narrate.text.readers.markdown import read_markdown
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE
from narrate.text.script import build_script


def paragraphs(markdown: str) -> list[str]:
    return read_markdown(markdown, "README.md").paragraphs


def spoken(markdown: str) -> str:
    return " ".join(chunk.text for chunk in build_script(read_markdown(markdown, "README.md")).chunks)


@pytest.mark.parametrize(("markdown", "read"), [
    # GitHub's alerts: the label, then the text; the marker is not read
    ("> [!NOTE]\n> Useful information.", ["Note.", "Useful information."]),
    ("> [!TIP]\n> Helpful advice.", ["Tip.", "Helpful advice."]),
    ("> [!IMPORTANT]\n> Key information.", ["Important.", "Key information."]),
    ("> [!WARNING]\n> Urgent info.", ["Warning.", "Urgent info."]),
    ("> [!CAUTION]\n> Risks ahead.", ["Caution.", "Risks ahead."]),
    # the older bold label
    ("> **Note**\n> An old-style note.", ["Note.", "An old-style note."]),
    ("> **Warning:** Do not run this as root.", ["Warning.", "Do not run this as root."]),
    # MkDocs (and Python-Markdown) admonitions: the title when there is one, else the kind
    ('!!! note "Before you start"\n    Install the tools first.', ["Before you start.", "Install the tools first."]),
    ("!!! warning\n\n    Back up your data.", ["Warning.", "Back up your data."]),
    ("??? tip\n    Folded away.", ["Tip.", "Folded away."]),
    # ':::' containers (Docusaurus, VuePress)
    (":::danger\nThis deletes everything.\n:::", ["Danger.", "This deletes everything."]),
    ("::: tip Pro tip\nUse the cache.\n:::", ["Pro tip.", "Use the cache."]),
    # a plain quotation is read as it is, with no label
    ("> Simple things should be simple.\n> Complex things should be possible.",
     ["Simple things should be simple. Complex things should be possible."]),
    ("> Noted authors agree.", ["Noted authors agree."]),
    # definition lists: the term, then its definition
    ("Live system\n: An operating system that boots without installation.\n\nHost\n: The machine that builds it.",
     ["Live system. An operating system that boots without installation.", "Host. The machine that builds it."]),
    # tables and code are announced
    ("| a | b |\n|---|---|\n| 1 | 2 |", [TABLE_NOTE]),
    ("```sh\nmake install\n```", [CODE_NOTE]),
])
def test_boxes_quotes_definitions_tables(markdown, read):
    assert paragraphs(markdown) == read


@pytest.mark.parametrize(("markdown", "read"), [
    ('<p align="center">\n  Sleek, intuitive, and powerful.\n  <br>\n  <a href="https://x.org/docs"><strong>Explore '
     "the docs</strong></a>\n</p>", ["Sleek, intuitive, and powerful. Explore the docs"]),
    ("<details>\n<summary>Other keys used to sign releases</summary>\n\n* Key one\n* Key two\n\n</details>",
     ["Other keys used to sign releases", "Key one. Key two."]),
    ("<!-- a comment that must not be read -->\n\nText.", ["Text."]),
    ('<div align="center"><img src="logo.png" alt="Project logo"></div>\n\nText.', ["Text."]),
    ("Like this:\n\n<pre># /etc/nsswitch.conf\nhosts: files mdns4_minimal\n</pre>\n\nDone.",
     ["Like this:", CODE_NOTE, "Done."]),
    ("<table><tr><td>20.20.2<br>20.20.1</td></tr></table>\n\nDone.", [TABLE_NOTE, "Done."]),
])
def test_html_blocks_inside_markdown_are_read_as_text(markdown, read):
    assert paragraphs(markdown) == read


def test_a_heading_in_html_is_a_heading_and_may_be_the_title():
    doc = read_markdown('<h1 align="center">Bootstrap</h1>\n\nThe framework.\n\n<h2>Status</h2>\n\nGood.', "README.md")
    assert doc.title == "Bootstrap"
    assert [(s.heading, s.paragraphs) for s in doc.sections] == [(None, ("The framework.",)), ("Status", ("Good.",))]


@pytest.mark.parametrize("markdown", [
    "[![Build Status](https://travis-ci.org/x/y.svg)](https://travis-ci.org/x/y) "
    "[![codecov](https://codecov.io/gh/x/y/branch/main/graph/badge.svg)](https://codecov.io/gh/x/y)",
    "![npm version](https://img.shields.io/npm/v/x.svg)",
    "[![Coverage Status](https://coveralls.io/repos/x/badge.svg)](https://coveralls.io/r/x)\n"
    "[![Maven Central](https://maven-badges.herokuapp.com/maven-central/x/badge.svg)](https://x)",
])
def test_status_badges_are_not_read(markdown):
    assert paragraphs(markdown + "\n\nThe project.") == ["The project."]


def test_a_badge_inside_a_sentence_says_nothing_but_a_picture_is_described():
    assert paragraphs("ISO 3166-1 (countries): ![Translation status](https://hosted.weblate.org/widgets/iso/287x66.png)"
                      "\n\n![A burr grinder on a counter](grinder.jpg)") == [
        "ISO 3166-1 (countries):", "A burr grinder on a counter"]


README = """\
# Sample project

[![Build Status](https://travis-ci.org/x/y.svg)](https://travis-ci.org/x/y)

> [!NOTE]
> Read **this** first, and see [the guide](https://example.com/guide).

!!! warning "Mind the gap"
    Between the *train* and the platform.

Term
: Its `definition`.

<details><summary>More</summary>Hidden text.</details>

<!-- nothing -->
"""


def test_nothing_of_the_markup_is_read():
    said = spoken(README)
    for markup in ("[!", "!!!", ":::", "**", "](", "<", ">", "summary", "details", "travis", "Build Status",
                   "nothing", "`"):
        assert markup not in said
    for words in ("Note.", "Read this first, and see the guide.", "Mind the gap.", "Between the train and the platform.",
                  "Term. Its definition.", "More", "Hidden text."):
        assert words in said


def test_a_name_with_its_address_is_read_as_the_name():
    assert paragraphs("* **Antoine du Hamel** <<duhamel@example.com>>\n* Beth Griggs <<beth@example.com>>") == [
        "Antoine du Hamel. Beth Griggs."]
