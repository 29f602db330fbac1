"""US English heteronyms in Kokoro's phonemes: the reading the word before calls for, through
the engine's own path (real eSpeak NG IPA, then narrate.voice.heteronyms)."""

from __future__ import annotations

import pytest

from narrate.voice.heteronyms import READINGS, readings, set_right
from narrate.voice.ipa import Phonemizer
from narrate.voice.kokoro_phonemes import kokoro_phonemes

# (sentence, the reading Kokoro must be handed): eSpeak NG alone reads each the other way.
SET_RIGHT = [
    ("Please close the door behind you.", "klˈoʊz"),
    ("I object to the plan.", "əbdʒˈɛkt"),
    ("The does and their fawns grazed in the field.", "dˈoʊz"),
    ("The actors took a bow at the end.", "bˈaʊ"),
    ("Please excuse the noise.", "ɛkskjˈuːz"),
    ("He wound the rope around the post.", "wˈaʊnd"),
    ("He dove into the pool.", "dˈoʊv"),
    ("The sow fed her piglets.", "sˈaʊ"),
    ("Let us not desert one another; we are an injured body.", "dᵻzˈɜːt"),
    ('"If they do not object, as I dare say they will."', "əbdʒˈɛkt"),
]
# Contexts that say nothing (or that eSpeak NG already reads right): the same IPA as eSpeak NG.
LEFT_ALONE = [
    "It was a close race.",
    "She tied the ribbon in a bow.",
    "The banks close at four.",
    "Migrants crossed in record numbers.",
    "The wind was cold and strong.",
    "I have read that book twice.",
    "Remember to wind the clock every Sunday.",
    "The refuse is collected on Mondays.",
]


@pytest.fixture(scope="module")
def phonemizer():
    return Phonemizer()


@pytest.mark.parametrize("sentence, reading", SET_RIGHT)
def test_the_context_sets_the_reading(phonemizer, sentence, reading):
    plain = kokoro_phonemes(phonemizer, sentence, "en-us", heteronyms=False)
    assert reading not in plain  # eSpeak NG alone gets it wrong
    assert reading in kokoro_phonemes(phonemizer, sentence, "en-us")


@pytest.mark.parametrize("sentence", LEFT_ALONE)
def test_other_contexts_are_left_to_espeak(phonemizer, sentence):
    assert kokoro_phonemes(phonemizer, sentence, "en-us") == kokoro_phonemes(
        phonemizer, sentence, "en-us", heteronyms=False)


def test_only_us_english_is_changed(phonemizer):
    sentence = "Please close the door."
    assert kokoro_phonemes(phonemizer, sentence, "en-gb") == kokoro_phonemes(
        phonemizer, sentence, "en-gb", heteronyms=False)


@pytest.mark.parametrize("text, calls", [
    ("I will record it, then play the record.", [("record", READINGS["record"][0]), ("record", READINGS["record"][1])]),
    ("It was a close race.", [("close", None)]),
    ("They took a bow.", [("bow", READINGS["bow"][0])]),
    ("She wore a bow.", [("bow", None)]),
    ("No heteronym here.", []),
    ("We DON’T Use it.", [("use", READINGS["use"][0])]),
])
def test_readings_by_the_word_before(text, calls):
    assert readings(text) == calls


def test_ipa_that_does_not_match_the_text_is_left_as_it_is():
    # Two heteronyms in the text, one word of either reading in the IPA: no guessing which.
    assert set_right("Please close it and close it.", "pliːz klˈoʊs ɪt") == "pliːz klˈoʊs ɪt"
    assert set_right("Please close it.", "pliːz ɡˈoʊ ɪt") == "pliːz ɡˈoʊ ɪt"
