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
])
def test_split_sentences(text, expected):
    assert split_sentences(text) == expected


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
