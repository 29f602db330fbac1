"""Properties of the semiotic-class stage: a number of any size and format is said in words (no
digit reaches the engine), and normalising twice changes nothing."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from narrate.text.normalize import normalize, normalizers_for

_DIGIT = re.compile(r"\d")


def _grouped(value: int) -> str:
    return f"{value:,}"


_INTEGERS = st.integers(min_value=-(10**40), max_value=10**40)
_WRITTEN_NUMBERS = st.one_of(
    _INTEGERS.map(str),
    _INTEGERS.map(_grouped),
    st.tuples(_INTEGERS, st.integers(min_value=0, max_value=10**12)).map(lambda pair: f"{pair[0]}.{pair[1]}"),
    st.integers(min_value=0, max_value=10**6).map(lambda value: f".{value}"),
    st.integers(min_value=0, max_value=99999).map(lambda value: f"{value:05}"),
)
_AFFIXES = st.sampled_from([
    ("", ""), ("$", ""), ("\u00a3", "m"), ("\u20ac", "bn"), ("", "%"), ("", "th"), ("", "st"), ("", "km"),
    ("", "\u00b0C"), ("", "s"), ("#", ""), ("~", ""), ("", " kg/m2"), ("v", ""), ("", "x"), ("(", ")"),
    ("No. ", ""), ("", "/mo"), ("", "-"), ("-", ""), ("", "am"), ("US$", " million"), ("", "/"),
])
_JOINERS = st.sampled_from([" ", ", ", "-", "/", ":", ".", " to ", "x", "^", "*", "=", " - ", "\u2013", "", " and "])


@settings(max_examples=400)
@given(st.lists(st.tuples(_AFFIXES, _WRITTEN_NUMBERS, _JOINERS), min_size=1, max_size=5),
       st.sampled_from(["en-US", "en-GB"]))
@example([(("", ""), "1234567890123456789012345678901234567890", " ")], "en-US")
@example([(("", ""), "0" * 60, "")], "en-US")
@example([(("", ""), "12", ":"), (("", ""), "60", ":"), (("", ""), "99", "")], "en-GB")
@example([(("", "st"), "1", "/"), (("", ""), "4", "")], "en-US")
def test_numbers_of_any_size_and_format_are_said_in_words(pieces, language):
    text = "".join(f"{before}{number}{after}{joiner}" for (before, after), number, joiner in pieces)
    spoken = normalize(f"In the report {text} was given.", normalizers_for(language))
    assert not _DIGIT.search(spoken), (text, spoken)


_SEMIOTIC = st.sampled_from([
    "$5.2bn", "\u20ac300m", "\u00a31,200", "2015-2018", "10-12", "3:05", "12:00", "1950s", "'90s", "in 1950",
    "20\u00b0C", "5km", "1/2", "\u00bd", "his/her", "#1", "Gov.", "Jan. 5", "July 25 2012", "16 July 1943",
    "Henry VIII", "World War II", "Chapter IV", "St.", "Dr.", "No.", "I", "CO2", "x^2", "2*8", "v2.0",
    "Python 3.12.1", "555-1234", "a@b.com", "example.com/a", "/etc/fstab", "e.g.", "etc.", "(1936)",
    "Baker", "Mr.", "Mrs.", "UAE", "PhDs", "<", "=", "-", "\u2014", "...", "*", "~", "'", "\"", "(", ")",
])


@settings(max_examples=400)
@given(st.lists(st.one_of(_SEMIOTIC, st.text(max_size=3)), max_size=10), st.sampled_from(["en-US", "en-GB"]))
@example(["Henry", "*", "VIII"], "en-US")
@example(["L", "*"], "en-US")
@example(["I", "*"], "en-US")
def test_normalising_twice_changes_nothing(pieces, language):
    rules = normalizers_for(language)
    once = normalize(" ".join(pieces), rules)
    assert normalize(once, rules) == once
