import pytest

from narrate.text.sentences import chunk_sentences, split_long_sentence, split_sentences


@pytest.mark.parametrize(("text", "expected"), [
    ("One. Two! Three? Four.", ["One.", "Two!", "Three?", "Four."]),
    ("Mr. Smith met Dr. Jones. They talked.", ["Mr. Smith met Dr. Jones.", "They talked."]),
    ("The U.N. Security Council met. It voted.", ["The U.N. Security Council met.", "It voted."]),
    ("He moved to the U.S. The move was hard.", ["He moved to the U.S.", "The move was hard."]),
    ("On Jan. 5 the vote was held. Results came later.",
     ["On Jan. 5 the vote was held.", "Results came later."]),
    ("J. R. R. Tolkien wrote it. Fans loved it.", ["J. R. R. Tolkien wrote it.", "Fans loved it."]),
    ("Prices rose 3.5 percent. Wages did not.", ["Prices rose 3.5 percent.", "Wages did not."]),
    ('"Stop!" she said. He stopped.', ['"Stop!" she said.', "He stopped."]),
    ('He said "go." Then he left.', ['He said "go."', "Then he left."]),
    ("Wait... What happened?", ["Wait...", "What happened?"]),
    ("e.g. this one stays. Yes.", ["e.g. this one stays.", "Yes."]),
    ("no final punctuation", ["no final punctuation"]),
    # Chinese and Japanese: a full-width mark ends a sentence with no space after it, except
    # inside a quotation that the sentence goes on after ('「はい！」と言った。')
    ("法律ができました。最近、事件が続いています。", ["法律ができました。", "最近、事件が続いています。"]),
    ("「はい！」と言った。「次に。」彼は言う。", ["「はい！」と言った。", "「次に。」", "彼は言う。"]),
    ("我们走吧！他说。好的？", ["我们走吧！", "他说。", "好的？"]),
])
def test_split_sentences(text, expected):
    assert split_sentences(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a day's ordinal before a month's name, in any language; German abbreviations
    ("Das Konzert findet am 1. Juli 2022 statt. Es regnet.", ["Das Konzert findet am 1. Juli 2022 statt.", "Es regnet."]),
    ("Gemäß § 176 Abs. 2 Satz 2 gilt das.", ["Gemäß § 176 Abs. 2 Satz 2 gilt das."]),
    ("Beschluss v. 9.8.2021 ist gültig.", ["Beschluss v. 9.8.2021 ist gültig."]),
    # in German, a number with a full stop before a noun is an ordinal; before 'Dann' it ends
    ("Das Spiel endete in der 52. Minute.", ["Das Spiel endete in der 52. Minute."]),
    ("Er ist 25. Dann ging er.", ["Er ist 25.", "Dann ging er."]),
])
def test_german_ordinals_and_abbreviations_end_no_sentence(text, expected):
    assert split_sentences(text, "de-DE") == expected


def test_in_english_a_number_ends_a_sentence_before_a_capital():
    assert split_sentences("He was 25. Then he left.", "en") == ["He was 25.", "Then he left."]
    assert split_sentences("The score was 3. Fans left.") == ["The score was 3.", "Fans left."]


def test_long_sentence_is_cut_at_clauses_then_spaces():
    sentence = ", ".join(["a clause of several words"] * 30) + "."
    pieces = split_long_sentence(sentence, limit=100)
    assert len(pieces) > 5
    assert all(len(p) <= 100 for p in pieces)
    assert " ".join(pieces).split() == sentence.split()


def test_chunks_hold_whole_sentences_under_the_limit():
    sentences = [f"Sentence number {i} has a few words in it." for i in range(40)]
    chunks = chunk_sentences(sentences, limit=120)
    assert all(len(c) <= 120 for c in chunks)
    assert " ".join(chunks) == " ".join(sentences)
    assert all(c.endswith(".") for c in chunks)
    assert 1 < len(chunks) < len(sentences)  # a few sentences each


# Characters whose spoken form is far longer than the written one: NFKC's longest expansion
# (U+FDFA, 18 letters), a roman numeral and units without spaces, ligatures, fractions,
# full-width digits, and numbers that become words.
EXPANDING = "\ufdfa\ufdfb\u2177\u217b\u33af\u33ac\ufb03\ufb04\u00bd\u2153\uff19\u2474\u3250"


def _spoken_limits_hold(document) -> None:  # type: ignore[no-untyped-def]
    from narrate.limits import MAX_WORD_CHARS
    from narrate.text.script import build_script
    from narrate.text.sentences import MAX_SPOKEN_CHARS

    script = build_script(document)
    for chunk in script.chunks:
        assert len(chunk.text) <= MAX_SPOKEN_CHARS, (len(chunk.text), chunk.display[:40])
        assert all(len(word) <= MAX_WORD_CHARS for word in chunk.text.split()), chunk.text[:80]
    return script


def test_nfkc_expansion_after_the_cut_makes_no_overlong_chunk():
    from narrate.model import Document, Section

    paragraph = "\ufdfa" * 100 + " " + "\u2177" * 100 + " " + "\u33af " * 80
    document = Document(title="Expanding", sections=(Section(heading=None, paragraphs=(
        "Intro words here.", paragraph)),))
    script = _spoken_limits_hold(document)
    text = [c for c in script.chunks if c.paragraph == 1]
    assert len(text) > 4 and text[0].starts_paragraph and not any(c.starts_paragraph for c in text[1:])
    assert text[-1].pause_after > 0 and all(c.pause_after == 0 for c in text[:-1])
    # nothing written is lost: the pieces' written text is the paragraph's, in order
    assert "".join("".join(c.display.split()) for c in text) == "".join(paragraph.split())


def test_an_expanding_title_and_heading_are_cut_too():
    from narrate.model import Document, Section

    document = Document(title="\ufdfa" * 60, sections=(Section(heading="\u2177" * 200, paragraphs=("Body.",)),))
    script = _spoken_limits_hold(document)
    assert sum(c.chapter is not None for c in script.chunks) == 2


from hypothesis import given, settings, strategies as st  # noqa: E402

_hostile_words = st.text(st.sampled_from(EXPANDING + "0123456789abc .,;-$%"), min_size=1, max_size=300)


@settings(max_examples=150, deadline=None)
@given(st.lists(_hostile_words, min_size=1, max_size=4), st.text(st.sampled_from(EXPANDING + "a "), max_size=120))
def test_no_spoken_chunk_breaks_the_limits_whatever_the_text(paragraphs: list[str], title: str):
    from narrate.model import Document, Section

    _spoken_limits_hold(Document(title=title or "T", sections=(Section(heading=title or None,
                                                                       paragraphs=tuple(paragraphs)),)))
