"""The phonemes Kokoro is handed for a chunk: eSpeak NG's IPA, with US English heteronyms set
right by their context (narrate.voice.heteronyms), kept to Kokoro's vocabulary."""

from __future__ import annotations

from narrate.voice.heteronyms import set_right
from narrate.voice.ipa import Phonemizer
from narrate.voice.kokoro_tokens import VOCAB

HETERONYMS_VERSION = "heteronyms 1"  # part of the engine's version: a change here changes the sound


def kokoro_phonemes(phonemizer: Phonemizer, text: str, language: str, heteronyms: bool = True) -> str:
    phonemes = phonemizer.phonemize(text, language)
    if heteronyms and language == "en-us":
        phonemes = set_right(text, phonemes)
    return "".join(s for s in phonemes if s in VOCAB)
