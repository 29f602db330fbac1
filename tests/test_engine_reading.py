"""What eSpeak NG itself reads well is left alone; what it misreads is rewritten.

Checked with the engine's own phoneme transcription (tests/espeak_phonemes.py), so these
choices are measured, not guessed, and stay true if the engine changes.
"""

from __future__ import annotations

import re

import pytest

from narrate.text.lexicon import DEFAULT_LEXICON, load_file
from narrate.text.normalize import normalize
from tests.espeak_phonemes import phonemes


def sounds(text: str) -> str:
    """Phonemes without stress, pause and spacing marks: two texts that sound alike match."""
    return re.sub(r"[\s',;_!:%=#-]", "", phonemes(text))


# (as written, the same said in words): the engine reads both alike, so narrate keeps the first.
LEFT_ALONE = [
    ("1,200", "one thousand two hundred"),
    ("3.5", "three point five"),
    ("50%", "fifty percent"),
    ("1st", "first"),
    ("2nd", "second"),
    ("11th", "eleventh"),
    ("3:30 pm", "three thirty p m"),
    ("Mr. Smith", "Mister Smith"),
    ("Dr. Smith", "Doctor Smith"),
    ("e.g. this", "for example this"),
    ("the U.S. army", "the US army"),
    ("the U.N. said", "the UN said"),
    ("Tom & Jerry", "Tom and Jerry"),
    ("A+B", "A plus B"),
    ("news@example.com", "news at example dot com"),
    ("example.com", "example dot com"),
]


@pytest.mark.parametrize(("text", "words"), LEFT_ALONE)
def test_engine_reads_these_well_so_they_are_left_alone(text, words):
    assert normalize(text) == text
    assert sounds(text) == sounds(words)


# Rewritten because the engine's own reading is wrong ("dollar five", "two thousand fifteen
# dash...", "I E", "nineteen hundred fifty z", letter-by-letter URLs).
REWRITTEN = [
    "$5", "$5.2bn", "\u20ac300m", "\u00a31,200", "2015-2018", "10-12 people", "the 1950s", "at 3:05",
    "at 12:00", "i.e. this", "Gov. Smith", "20\u00b0C", "5km", "and/or", "1/2", "#1",
    "https://www.example.com/news/story", "in 1950", "BEIRUT (AP) - Talks", "on 2024-01-05",
    "BEIRUT/MOSCOW (Reuters) \u2013 Talks", "is < 128", "is > 128", "a >= b", "a <= b", "a == b",
    "a != b", "f -> g", "C# code", "2^10",
]


# Written out by narrate although the engine happens to say the same: the symbol is decided
# here, so the listening check never has to trust the engine with it.
@pytest.mark.parametrize("text", ["x = 5", "use \\d here", "snake_case"])
def test_symbols_said_as_words_sound_as_the_engine_would_say_them(text):
    assert normalize(text) != text
    assert sounds(normalize(text)) == sounds(text)


# Symbols the engine names ("pilcrow", "tilde", "dollar", "hash") or drops without a sound ('<',
# '|', '^', bullets): after normalising, each is either said as words or gone, never left to it.
ENGINE_NAMES_OR_DROPS = ["<", ">", "|", "^", "~", "$", "#", "\u00b6", "\u2022", "\u00b7", "`", "[", "{", "_", "/"]


@pytest.mark.parametrize("symbol", ENGINE_NAMES_OR_DROPS)
def test_symbols_the_engine_names_or_drops_never_reach_it(symbol):
    plain = sounds("one two")
    assert sounds(f"one {symbol} two") != plain or symbol in "<>|^\u2022\u00b7`[{_"  # named, or dropped
    assert symbol not in normalize(f"one {symbol} two")
    assert symbol not in normalize(f"one{symbol}two")


@pytest.mark.parametrize(("text", "words"), [
    ("if the code point is < 128", "if the code point is less than 128"),
    ("x >= 5", "x greater than or equal to 5"),
    ("-*- coding -*-", "coding"),
    ("Installation\u00b6", "Installation"),
    ("('', 80)", "(empty string, 80)"),
    ("##MeToo", "hashtag MeToo"),
])
def test_rewritten_symbols_sound_as_the_words(text, words):
    assert sounds(normalize(text)) == sounds(words)


@pytest.mark.parametrize("text", REWRITTEN)
def test_rewrites_change_what_the_engine_says(text):
    assert normalize(text) != text
    assert sounds(normalize(text)) != sounds(text)


def test_urls_are_never_spelled_out():
    spoken = sounds(normalize("See https://www.example.com/a/b?id=7 today."))
    assert spoken == sounds("See a link to example dot com today.")


def test_every_default_lexicon_entry_changes_the_engine_reading():
    for entry in load_file(DEFAULT_LEXICON).words:
        assert sounds(entry.key) != sounds(entry.respelling), entry.key
