import pytest
from hypothesis import given
from hypothesis import strategies as st

from narrate.normalize import (
    collapse_whitespace,
    dashes_and_ellipses,
    normalize,
    plain_quotes,
    tidy_punctuation,
    unicode_compatibility,
)


@pytest.mark.parametrize(("function", "text", "expected"), [
    (unicode_compatibility, "\ufb01ne caf\u00e9\u00a0bar", "fine caf\u00e9 bar"),
    (plain_quotes, "\u201cHi,\u201d she said. It\u2019s", "\"Hi,\" she said. It's"),
    (dashes_and_ellipses, "word\u2014word", "word, word"),
    (dashes_and_ellipses, "word -- word", "word, word"),
    (dashes_and_ellipses, "well-known", "well-known"),
    (dashes_and_ellipses, "wait\u2026 now", "wait...  now"),
    (collapse_whitespace, "  a\t b\n\nc\x07 ", "a b c"),
    (tidy_punctuation, "a , b ,, c", "a, b, c"),
])
def test_each_normaliser(function, text, expected):
    assert function(text) == expected


def test_pipeline_in_order():
    assert normalize("  \u201cWait\u201d\u2014she said\u2026  ") == '"Wait", she said...'


@given(st.text())
def test_never_crashes_and_is_idempotent(text):
    once = normalize(text)
    assert normalize(once) == once


@given(st.lists(st.sampled_from(["the", "cat", "sat", "on", "a", "mat", "quietly"]), min_size=1))
def test_keeps_every_word_of_plain_prose(words):
    text = " ".join(words) + "."
    assert normalize(text).rstrip(".").split() == words
