"""The parts of a narrated EPUB that need no audio: where the reader's words lie in a page,
finding the script's words in the book, wrapping runs of text in spans, clips and the
navigation document."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from lxml import etree

from narrate.episode.epub.align import align
from narrate.episode.epub.smil import clock, contiguous
from narrate.episode.epub.wrap import Ids, wrap
from narrate.episode.epub.xhtml import nav_page
from narrate.text.readers.epubtext import tree_words

XHTML = "http://www.w3.org/1999/xhtml"


def page(body: str):  # type: ignore[no-untyped-def]
    return etree.fromstring(f'<html xmlns="{XHTML}" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title>'
                            f"</head><body>{body}</body></html>")


def body_text(root) -> str:  # type: ignore[no-untyped-def]
    return "".join(root.find(f"{{{XHTML}}}body").itertext())


def test_the_words_of_a_page_are_those_the_reader_reads_with_their_pieces():
    root = page('<h1>The <i>Nor</i>thanger Abbey</h1><p>She read<sup><a epub:type="noteref" href="#n">1</a></sup>, '
                'then slept.</p><aside epub:type="footnote" id="n"><p>A note.</p></aside><pre>code here</pre>'
                "<ul><li>one</li><li>two</li></ul><table><tr><td>cell</td></tr></table>"
                '<div class="related">Next page</div><p>end<br/>line</p>')
    words = tree_words(root)
    assert [w.text for w in words] == ["The", "Northanger", "Abbey", "She", "read,", "then", "slept.", "one", "two",
                                       "endline"]
    northanger = words[1]
    assert [(p.slot.text[p.start:p.end]) for p in northanger.pieces] == ["Nor", "thanger"]
    # blocks never share a word, list items included
    assert len({w.run for w in words[:3]}) == 1 and words[3].run != words[2].run and words[7].run != words[8].run


def test_the_script_is_found_in_the_book_word_by_word():
    book = "the lighthouse keeper every evening at dusk ada climbed the steps".split()
    # a title no page prints does not take the heading's first words
    written = "the lighthouse the lighthouse keeper every evening at dusk ada climbed the steps".split()
    assert align(written, book) == [None, None, *range(11)]
    # what narrate says that the book does not (a note) is skipped; a differing word too
    written = "every evening at dusk a code example ada climbed the steps".split()
    assert align(written, book) == [3, 4, 5, 6, None, None, None, 7, 8, 9, 10]
    # punctuation is never matched, and words are compared as the alignment's comparable forms
    assert align(["", "ada", "climbed", "the"], book) == [None, 7, 8, 9]


def test_a_common_phrase_far_ahead_is_no_reason_to_jump():
    filler = [f"w{i}" for i in range(1000)]
    book = ["a", "b", "c", "d", *filler, "it", "is", "the", "end"]
    # 'it is the' (something narrate says before the chapter) is in the book only far ahead
    written = ["it", "is", "the", "a", "b", "c", "d"]
    assert align(written, book) == [None, None, None, 0, 1, 2, 3]
    # a jump far ahead needs many words in a row
    book = [*filler, "a", "b", "c", "d", "e", "f", "g", "h", "i"]
    assert align(list("abcxyzqr"), book) == [None] * 8
    assert align(list("abcdefghi"), book) == list(range(1000, 1009))


def test_the_alignment_is_linear_in_the_length_of_the_book():
    import time

    book = [f"w{i % 5000}" for i in range(200_000)]
    started = time.process_time()
    found = align(book[:100_000], book)
    assert found[:5] == [0, 1, 2, 3, 4] and found[-1] == 99_999
    assert time.process_time() - started < 30  # a generous bound: quadratic would take hours


def _wrap_words(root, indexes: list[int]) -> list[str | None]:  # type: ignore[no-untyped-def]
    words = tree_words(root)
    ids = Ids(root)
    made = []
    for index in reversed(indexes):
        made.append(wrap(words[index].pieces, ids))
    return made[::-1]


def test_words_are_wrapped_where_they_lie_keeping_the_markup():
    root = page('<p id="w1">The <em>old</em> harbour, <a href="x">waited</a> <i>Nor</i>thanger '
                '<b>light house</b> now.</p>')
    before = body_text(root)
    made = _wrap_words(root, list(range(len(tree_words(root)))))
    assert all(made) and len(set(made)) == len(made)
    assert not any(ident.startswith("w") for ident in made)  # a prefix no id of the page has
    assert body_text(root) == before
    spans = {"".join(n.itertext()): n for n in root.iter(f"{{{XHTML}}}span")}
    assert set(spans) == {"The", "old", "harbour,", "waited", "Northanger", "light", "house", "now."}
    assert etree.QName(spans["old"].getparent()).localname == "em"
    assert etree.QName(spans["waited"].getparent()).localname == "a"
    assert spans["Northanger"].find(f"{{{XHTML}}}i").text == "Nor"  # the <i> inside the word's span
    assert etree.QName(spans["house"].getparent()).localname == "b"


def test_a_run_that_would_take_a_block_or_other_text_is_not_wrapped():
    root = page("<p>alpha <i>beta gamma</i> delta</p>")
    words = tree_words(root)
    ids = Ids(root)
    # 'gamma delta': would take the <i> (which holds 'beta' too) into the span
    assert wrap([*words[2].pieces, *words[3].pieces], ids) is None
    # a sentence inside one parent, across the inline element: one span
    root = page("<p>alpha <i>beta gamma</i> delta</p>")
    words = tree_words(root)
    ident = wrap([p for w in words for p in w.pieces], Ids(root))
    assert ident and etree.tostring(root, encoding="unicode").count("<span") == 1
    assert "".join(next(n for n in root.iter() if n.get("id") == ident).itertext()) == "alpha beta gamma delta"


_INLINE = st.sampled_from(["em", "b", "i", "span", "a"])
_WORD = st.text(alphabet="abcxyz", min_size=1, max_size=4)


@st.composite
def paragraphs(draw):  # type: ignore[no-untyped-def]
    parts = []
    for _ in range(draw(st.integers(1, 8))):
        words = " ".join(draw(st.lists(_WORD, min_size=1, max_size=3)))
        if draw(st.booleans()):
            tag = draw(_INLINE)
            parts.append(f"<{tag}>{words}</{tag}>")
        else:
            parts.append(words)
        parts.append(draw(st.sampled_from([" ", "", ", "])))
    return "<p>" + "".join(parts) + "</p>"


@given(paragraphs(), st.data())
def test_wrapping_never_changes_the_text_and_each_span_holds_its_run(body, data):  # type: ignore[no-untyped-def]
    root = page(body)
    before = body_text(root)
    words = tree_words(root)
    # runs of consecutive words, disjoint, wrapped last first
    cuts = sorted(set(data.draw(st.lists(st.integers(0, len(words)), max_size=6)) + [0, len(words)]))
    runs = [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]
    ids = Ids(root)
    made = []
    for first, end in reversed(runs):
        expected = " ".join(w.text for w in words[first:end])
        ident = wrap([p for w in words[first:end] for p in w.pieces], ids)
        made.append((ident, expected))
    assert body_text(root) == before
    etree.fromstring(etree.tostring(root))  # still well-formed
    for ident, expected in made:
        if ident is not None:
            span = next(n for n in root.iter() if n.get("id") == ident)
            assert " ".join("".join(span.itertext()).split()) == expected
            assert all(etree.QName(n).localname in ("span", "em", "b", "i", "a") for n in span.iter())


def test_clips_follow_each_other_from_the_start_to_the_end_of_the_audio():
    clips = contiguous([("a", 0.2), ("b", 1.0), ("c", 1.0), ("d", 2.5)], 3.0)
    assert [(c.fragment, c.begin, c.end) for c in clips] == [("a", 0, 1000), ("c", 1000, 2500), ("d", 2500, 3000)]
    assert clock(3_723_045) == "1:02:03.045" and clock(0) == "0:00:00.000"


def test_the_navigation_document_nests_entries_by_depth():
    root = nav_page([("a.xhtml", "One", 0), ("a.xhtml#x", "One point one", 1), ("a.xhtml#y", "Deep", 3),
                     ("b.xhtml", "Two", 0)], "Book", "en")
    lists = root.findall(f".//{{{XHTML}}}ol")
    assert len(lists) == 3
    top = lists[0]
    assert [li.find(f"{{{XHTML}}}a").text for li in top.findall(f"{{{XHTML}}}li")] == ["One", "Two"]
    assert nav_page([], "Book", "en").find(f".//{{{XHTML}}}li") is not None  # never an empty list


def test_a_page_is_called_by_its_first_heading_else_its_title_else_its_name():
    from narrate.episode.epub.pages import page_title

    assert page_title(page("<p>x</p><h2>The <i>Second</i>\n Chapter</h2><h1>Later</h1>"), "OEBPS/ch2.xhtml") \
        == "The Second Chapter"
    assert page_title(page("<p>No heading</p>"), "OEBPS/ch2.xhtml") == "t"
    untitled = etree.fromstring(f'<html xmlns="{XHTML}"><head/><body><p>x</p></body></html>')
    assert page_title(untitled, "OEBPS/ch2.xhtml") == "ch2"


def test_a_page_heard_as_a_whole_keeps_the_books_own_ids():
    """A page with no word to mark is heard as its first block; that block's own id (a link
    target of the book's table of contents) is never renamed."""
    from pathlib import Path

    from narrate.episode.epub.book import Narration, mark_page
    from narrate.episode.epub.pages import Layout, Page

    root = page('<section id="chapter-1"><img src="plate.png" alt=""/></section>')
    layout = Layout([Page("p.xhtml", root, [], "Plate")], None, [0], [[]])
    narration = Narration(0, 0, 1, Path("p.mp3"), 2.0, [], -16.0)
    clips = mark_page(layout, narration, "word")
    assert [(c.fragment, c.begin, c.end) for c in clips] == [("chapter-1", 0, 2000)]
    assert root.find(f".//{{{XHTML}}}section").get("id") == "chapter-1"
