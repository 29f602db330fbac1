"""What reaches the ear is the article: titles, wire credits, permalink marks, footnotes and
chapters, checked on the script and, end to end, on the files a player and a feed reader see."""

from __future__ import annotations

import json
import re
from pathlib import Path

import podcastparser
import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3

from narrate.cli.commands import cli
from narrate.episode.pipeline import NarrateOptions, narrate_file, prepare
from narrate.episode.timeline import plan_chapters, start_times
from narrate.model import ChunkKind, Document, Section
from narrate.text.credits import drop_credits, is_credit, without_credit
from narrate.text.script import build_script

STORY = ("BEIRUT/MOSCOW (Reuters) \u2013 Russia and Lebanon agreed on Monday to extend talks on the "
         "border for another week, officials from both sides said.\n\n"
         "The talks began in March and have made slow progress, diplomats said.\n\n"
         "(Reporting by Ann Writer in Beirut; Additional reporting by Bo Lee in Moscow; "
         "Editing by Cy Dee)\n")
LEDE_TITLE = "Russia and Lebanon agreed on Monday to extend talks on the border for another\u2026"


@pytest.mark.parametrize(("paragraph", "credit"), [
    ("(Reporting by Ann Writer; Editing by Cy Dee)", True),
    ("Reporting by Ann Writer in Beirut; Writing by Bo Lee; Editing by Cy Dee", True),
    ("(Additional reporting by Bo Lee in Moscow (Russia); editing by Cy Dee).", True),
    ("Reuter", True),
    ("Reporting by the ministry showed a rise in prices over the whole of last year, and the "
     "minister said so in a long speech that went on and on. " * 4, False),
    ("The editing by hand took a week.", False),
])
def test_wire_credit_paragraphs(paragraph, credit):
    assert is_credit(paragraph) is credit


def test_a_bracketed_credit_closing_a_paragraph_is_cut():
    text = "Prices rose, the minister said. (Reporting by Ann Writer; Editing by Cy Dee)"
    assert without_credit(text) == "Prices rose, the minister said."
    assert without_credit("He said (reporting by phone) it rose.") == "He said (reporting by phone) it rose."


def test_credits_are_left_out_unless_kept(tmp_path: Path):
    source = tmp_path / "story.txt"
    source.write_text(STORY)
    spoken = " ".join(c.text for c in prepare(str(source), NarrateOptions())[0].chunks)
    assert "Reporting" not in spoken and "Editing" not in spoken
    kept = " ".join(c.text for c in prepare(str(source), NarrateOptions(keep_credits=True))[0].chunks)
    assert "Reporting by Ann Writer" in kept
    only_credit = Document("t", (Section(("(Reporting by A; Editing by B)",)),))
    assert drop_credits(only_credit) == only_credit  # nothing else: kept, not an empty episode


def test_a_heading_straight_after_a_heading_opens_no_empty_chapter():
    document = Document("Guide", (Section((), "Part One"), Section(("Text of the first part.",), "Getting started"),
                                  Section(("More text.",), "Next steps")))
    script = build_script(document)
    speech = [len(c.text.split()) * 0.3 for c in script.chunks]
    starts = start_times(speech, [c.pause_after for c in script.chunks])
    chapters = plan_chapters(script.chunks, starts, sum(speech) + 10)
    assert [c.title for c in chapters] == ["Getting started", "Next steps"]
    assert [c.text for c in script.chunks if c.kind is ChunkKind.HEADING][0] == "Part One"  # still spoken


SPHINX_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Unicode HOWTO &#8212; Python 3.11 documentation</title></head><body>
<div class="related"><ul><li><a href="index.html">index</a></li><li><a href="genindex.html">modules</a></li></ul></div>
<div class="document"><div class="body" role="main">
<section id="unicode-howto"><h1>Unicode HOWTO<a class="headerlink" href="#unicode-howto" title="Permalink to this headline">\u00b6</a></h1>
<div class="topic"><p class="topic-title">Abstract</p><p>This HOWTO discusses the support for the Unicode specification for representing textual data.</p></div>
<section id="intro"><h2>Introduction to Unicode<a class="headerlink" href="#intro" title="Permalink to this headline">\u00b6</a></h2>
<section id="defs"><h3>Definitions<a class="headerlink" href="#defs" title="Permalink to this headline">\u00b6</a></h3>
<p>Programs need to handle a wide variety of characters. If the code point is &lt; 128, it is one byte.<sup><a href="#fn1" role="doc-noteref" class="footnote-reference">1</a></sup> More text follows for the reader.</p>
<div class="admonition note"><p class="admonition-title">Note</p><p>The note box explains that strings are sequences of code points.</p></div>
<div class="highlight-pycon notranslate"><div class="highlight"><pre><span class="gp">&gt;&gt;&gt; </span>data = [('red', 1)]</pre></div></div>
<p>Another paragraph about encodings and how they map code points to bytes.</p>
</section>
<section id="enc"><h2>Encodings<a class="headerlink" href="#enc" title="Permalink to this headline">\u00b6</a></h2>
<p>An encoding maps code points to bytes, and there are many of them in use today.</p>
</section></section>
<aside class="footnote brackets" id="fn1" role="doc-footnote"><span class="label"><span class="fn-bracket">[</span>1<span class="fn-bracket">]</span></span><p>A footnote about single bytes.</p></aside>
</section></div></div><div class="footer">&#169; Copyright 2001-2023, Python Software Foundation.</div></body></html>
"""


def test_sphinx_page_no_pilcrow_abstract_and_note_read_footnote_apart(tmp_path: Path):
    page = tmp_path / "unicode.html"
    page.write_text(SPHINX_PAGE, encoding="utf-8")
    script, _ = prepare(str(page), NarrateOptions())
    speech = [len(c.text.split()) * 0.4 for c in script.chunks]
    starts = start_times(speech, [c.pause_after for c in script.chunks])
    titles = [c.title for c in plan_chapters(script.chunks, starts, sum(speech) + 5)]
    assert titles == ["Unicode HOWTO", "Definitions", "Encodings"]  # no empty "Introduction" chapter
    for chunk in script.chunks:
        assert "\u00b6" not in chunk.text + chunk.display + (chunk.chapter or "")
        assert "Permalink" not in chunk.text
    spoken = " ".join(c.text for c in script.chunks)
    assert "This HOWTO discusses the support" in spoken
    assert "strings are sequences of code points" in spoken
    assert "if the code point is less than one hundred twenty-eight, it is one byte. more text" in spoken.lower()
    assert "A code example is skipped here." in spoken and "red" not in re.findall(r"\w+", spoken)
    assert "footnote about single bytes" not in spoken
    with_notes = " ".join(c.text for c in prepare(str(page), NarrateOptions(footnotes=True))[0].chunks)
    assert with_notes.endswith("Notes. A footnote about single bytes.")


def test_sphinx_7_footnote_list_and_its_rubric(tmp_path: Path):
    """Sphinx 7 (Python 3.11's documentation) sets its notes as asides in an aside.footnote-list
    under a '<p class="rubric">Footnotes</p>': the label was read at the end of every page, and
    with --footnotes all the notes as one sentence."""
    page = tmp_path / "datetime.html"
    page.write_text(
        '<html><body><div role="main" class="body"><section><h1>datetime</h1>'
        "<p>A naive object is easy to understand and to work with, as the text says here. "
        '<a class="footnote-reference brackets" href="#id5" id="id1" role="doc-noteref">'
        '<span class="fn-bracket">[</span>1<span class="fn-bracket">]</span></a></p>'
        "<p>Aware objects carry their offset from UTC with them wherever they are used.</p>"
        '<p class="rubric">Footnotes</p><aside class="footnote-list brackets">'
        '<aside class="footnote brackets" id="id5" role="note"><span class="label">1</span>'
        "<p>If, that is, we ignore the effects of Relativity</p></aside>"
        '<aside class="footnote brackets" id="id6" role="note"><span class="label">2</span>'
        "<p>This matches the proleptic Gregorian calendar.</p></aside></aside></section></div></body></html>",
        encoding="utf-8")
    spoken = [c.text for c in prepare(str(page), NarrateOptions())[0].chunks]
    assert spoken[-1] == "Aware objects carry their offset from U T C with them wherever they are used."
    with_notes = [c.text for c in prepare(str(page), NarrateOptions(footnotes=True))[0].chunks]
    assert with_notes[-3:] == ["Notes.", "If, that is, we ignore the effects of Relativity",
                               "This matches the proleptic Gregorian calendar."]


def test_a_heading_the_document_ends_on_is_not_spoken(tmp_path: Path):
    source = tmp_path / "post.md"
    source.write_text("# Post\n\nIt happened on Tuesday.\n\n## Further reading\n")
    assert [c.text for c in prepare(str(source), NarrateOptions())[0].chunks] == ["Post", "It happened on Tuesday."]


def test_markdown_footnotes_are_not_read_inline(tmp_path: Path):
    source = tmp_path / "post.md"
    source.write_text("# Post\n\nIt happened on Tuesday.[^1] Then it rained.\n\n"
                      "[^1]: Or perhaps on Wednesday.\n")
    spoken = [c.text for c in prepare(str(source), NarrateOptions())[0].chunks]
    assert spoken == ["Post", "It happened on Tuesday. Then it rained."]
    spoken = [c.text for c in prepare(str(source), NarrateOptions(footnotes=True))[0].chunks]
    assert spoken[-2:] == ["Notes.", "Or perhaps on Wednesday."]


def test_epub_notes_and_asides_are_kept_apart(tmp_path: Path):
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("notes")
    book.set_title("Notes book")
    book.set_language("en")
    chapter = epub.EpubHtml(title="One", file_name="one.xhtml", lang="en")
    chapter.content = (
        "<html xmlns:epub=\"http://www.idpf.org/2007/ops\"><body><h1>One</h1>"
        "<p>She counted the steps<a epub:type=\"noteref\" href=\"#n1\">1</a> every night.</p>"
        "<p>The lamp was lit<a role=\"doc-noteref\" href=\"#n2\">2</a> at dusk.</p>"
        "<aside epub:type=\"footnote\" id=\"n1\"><p>There were 112 steps.</p></aside>"
        "<section epub:type=\"endnotes\" role=\"doc-endnotes\"><ol><li id=\"n2\"><p>With a match.</p></li></ol></section>"
        "</body></html>")
    book.add_item(chapter)
    book.toc = (epub.Link("one.xhtml", "One", "one"),)
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = [chapter]
    path = tmp_path / "notes.epub"
    epub.write_epub(str(path), book)
    spoken = [c.text for c in prepare(str(path), NarrateOptions())[0].chunks]
    assert spoken == ["Notes book", "One", "She counted the steps every night.", "The lamp was lit at dusk."]
    spoken = [c.text for c in prepare(str(path), NarrateOptions(footnotes=True))[0].chunks]
    assert spoken[-3:] == ["Notes.", "There were one hundred twelve steps.", "With a match."]


def test_a_story_under_an_id_like_name_is_titled_by_its_lede_everywhere(tmp_path: Path):
    """Nothing is spoken before the lede; ID3, transcript, chapters, feed and inspect all carry
    the lede's title, never '002 897a837f814b329f'."""
    from narrate.publish.feed import update_feed

    source = tmp_path / "002_897a837f814b329f.txt"
    source.write_text(STORY)
    out = tmp_path / "pod" / "002_897a837f814b329f.mp3"
    out.parent.mkdir()
    episode = narrate_file(source, out, jobs=1, transcript="txt", chapters_json=True)
    assert episode.title == LEDE_TITLE
    assert str(ID3(out)["TIT2"]) == LEDE_TITLE
    # the first thing heard (after the encoder's few milliseconds of lead-in) is the lede
    assert episode.cues[0].start < 0.1 and episode.cues[0].text.startswith("BEIRUT/MOSCOW (Reuters)")
    assert [c.title for c in episode.chapters] == [LEDE_TITLE]
    chap = ID3(out).getall("CHAP")[0]
    assert chap.start_time == 0 and str(chap.sub_frames["TIT2"]) == LEDE_TITLE
    transcript = out.with_name(out.stem + ".transcript.txt").read_text(encoding="utf-8")
    assert transcript.startswith("BEIRUT/MOSCOW (Reuters)") and "897a" not in transcript
    assert json.loads(out.with_name(out.stem + ".chapters.json").read_text())["title"] == LEDE_TITLE
    feed = update_feed(out.parent, base_url="http://127.0.0.1:8000/").path
    with feed.open("rb") as stream:
        parsed = podcastparser.parse("http://127.0.0.1:8000/feed.xml", stream)
    assert [e["title"] for e in parsed["episodes"]] == [LEDE_TITLE]
    inspected = CliRunner().invoke(cli, ["inspect", str(source), "--json"])
    info = json.loads(inspected.output)
    assert info["title"] == LEDE_TITLE and info["chunks"][0]["kind"] == "text"
    assert info["chapters"][0] == {"title": LEDE_TITLE, "start": 0.0} and info["times"] == "estimated"


def test_inspect_counts_and_says_its_times_are_estimates(tmp_path: Path):
    source = tmp_path / "note.txt"
    source.write_text("A note\n\nOne short paragraph.\n")
    result = CliRunner().invoke(cli, ["inspect", str(source)])
    assert result.exit_code == 0, result.output
    assert "(2 chunks, 1 chapter)" in result.output
    assert "Chapters (times estimated at 175 words a minute" in result.output


def test_keep_credits_and_footnotes_options_on_the_command_line(tmp_path: Path):
    source = tmp_path / "story.txt"
    source.write_text(STORY)
    default = CliRunner().invoke(cli, ["inspect", str(source), "--json"])
    kept = CliRunner().invoke(cli, ["inspect", str(source), "--json", "--keep-credits"])
    assert "Reporting by" not in default.output and "Reporting by" in kept.output
    post = tmp_path / "post.md"
    post.write_text("# Post\n\nOn Tuesday.[^1]\n\n[^1]: Or Wednesday.\n")
    with_notes = json.loads(CliRunner().invoke(cli, ["inspect", str(post), "--json", "--footnotes"]).output)
    assert [c["text"] for c in with_notes["chunks"]][-1] == "Or Wednesday."


def _headings_said(*headings: str) -> list[tuple[str, str]]:
    document = Document("Manual", tuple(Section(("Some text of the section.",), heading) for heading in headings))
    return [(chunk.display, chunk.text) for chunk in build_script(document).chunks if chunk.kind is ChunkKind.HEADING]


def test_a_manuals_section_numbers_are_followed_by_a_pause():
    # texinfo's libffi manual: 'two dot three dot four dot one Arrays', 'two Using libffi'
    assert _headings_said("2 Using libffi", "2.1 The Basics", "2.3.4.1 Arrays") == [
        ("2 Using libffi", "two. Using libffi"), ("2.1 The Basics", "two point one. The Basics"),
        ("2.3.4.1 Arrays", "two point three point four point one. Arrays")]  # as its parents, not an IP address
    # three levels are a section's number wherever they stand
    assert _headings_said("2.3.4 Arrays, Unions, and Enumerations") == [
        ("2.3.4 Arrays, Unions, and Enumerations", "two point three point four. Arrays, Unions, and Enumerations")]


@pytest.mark.parametrize(("headings", "first"), [
    (("1.5 Million Flee the Coast",), "one point five Million Flee the Coast"),  # a quantity, one level
    (("10 Best Laptops", "5 Ways to Save"), "ten Best Laptops"),  # numbers, none of several levels
    (("2. The Basics", "2.1. Arrays"), "two. The Basics"),  # the page's own full stop, said once
])
def test_a_headline_that_opens_with_a_quantity_is_said_as_written(headings, first):
    assert _headings_said(*headings)[0] == (headings[0], first)


@pytest.mark.parametrize("headings", [
    ("1.5 Million Flee the Coast", "2 Dead in Highway Crash"),  # two headlines of a news page
    ("3.5 Magnitude Quake Hits", "10 Best Laptops"),
    ("9.00 Welcome", "9.30 Talks", "10.30 Keynote"),  # a day's schedule
    ("1.5 kg Bags", "2.5 GHz Chips", "2.3.4 mm Screws"),
])
def test_numbers_that_do_not_follow_one_another_are_no_sections(headings):
    from narrate.text.normalize import normalizers_for
    from narrate.text.script import spoken_pieces

    rules = normalizers_for("en")
    assert [spoken for _, spoken in _headings_said(*headings)] == [
        spoken_pieces(heading, rules)[0][1] for heading in headings]
