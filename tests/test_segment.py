from narrate.model import ChunkKind, Document, Section
from narrate.text.readers.text import read_text
from narrate.text.script import Pauses, build_script

NEWS = (
    "GENEVA (Reuters) - The U.N. said on Tuesday that talks would resume. "
    + " ".join(f"Officials said point number {i} was discussed at length by the delegates." for i in range(40))
)


def test_long_single_line_article_is_split_into_several_chunks():
    script = build_script(read_text(NEWS, "news.txt"))
    text_chunks = [c for c in script.chunks if c.kind is ChunkKind.TEXT]
    assert len(text_chunks) >= 10
    assert all(len(c.display) <= 240 for c in text_chunks)
    assert text_chunks[0].display.startswith("GENEVA (Reuters) - The U.N. said on Tuesday")
    # every word is spoken, in order
    assert " ".join(c.display for c in text_chunks).split() == NEWS.split()


def test_pauses_title_paragraph_and_within_paragraph():
    doc = Document(title="T", sections=(Section(("One. Two.", "Three.")),))
    script = build_script(doc, Pauses(sentence=0.1, paragraph=0.7, title=1.5), chunk_chars=5)
    kinds_and_pauses = [(c.kind, c.display, c.pause_after, c.starts_paragraph) for c in script.chunks]
    assert kinds_and_pauses == [
        (ChunkKind.TITLE, "T", 1.5, True),
        (ChunkKind.TEXT, "One.", 0.1, True),
        (ChunkKind.TEXT, "Two.", 0.7, False),
        (ChunkKind.TEXT, "Three.", 0.7, True),
    ]


def test_headings_open_chapters():
    doc = Document(title="Doc", sections=(Section(("a.",), heading="Part one"), Section(("b.",), heading="Part two")))
    chapters = [c.chapter for c in build_script(doc).chunks if c.chapter]
    assert chapters == ["Doc", "Part one", "Part two"]


def test_a_first_heading_that_repeats_the_title_is_spoken_once():
    """A saved page's <title> and its own <h1> often say the same thing (an mdBook page:
    "What is rustdoc? - The rustdoc book" and "What is rustdoc?"): said once, not twice."""
    doc = Document(title="What is rustdoc?", sections=(
        Section(("a.",), heading="What Is Rustdoc"), Section(("b.",), heading="What is rustdoc?")))
    spoken = [(c.kind, c.display) for c in build_script(doc).chunks]
    assert spoken == [(ChunkKind.TITLE, "What is rustdoc?"), (ChunkKind.TEXT, "a."),
                      (ChunkKind.HEADING, "What is rustdoc?"), (ChunkKind.TEXT, "b.")]
    other = Document(title="Doc", sections=(Section(("a.",), heading="Doc two"),))
    assert [c.display for c in build_script(other).chunks] == ["Doc", "Doc two", "a."]


def test_skip_patterns_drop_whole_paragraphs_only():
    from narrate.model import Document, Section
    from narrate.text.script import drop_paragraphs, skip_patterns

    doc = Document("T", (Section(("Keep me.", "(Reporting by Ann)"), None),
                         Section(("Advertisement",), "Heading stays")))
    kept = drop_paragraphs(doc, skip_patterns([r"^\(Reporting by", "^Advertisement$"]))
    assert kept.paragraphs == ["Keep me."]
    assert [s.heading for s in kept.sections] == [None, "Heading stays"]
    assert drop_paragraphs(doc, []) is doc


def test_bad_skip_pattern_names_itself():
    import pytest

    from narrate.errors import OptionError
    from narrate.text.script import skip_patterns

    with pytest.raises(OptionError, match=r"--skip '\[a-' is not a valid regular expression"):
        skip_patterns(["[a-"])
