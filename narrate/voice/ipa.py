"""IPA phonemes from eSpeak NG, for neural voices that read phonemes rather than letters.

Kokoro-82M reads IPA. eSpeak NG (the espeakng-loader wheel's library and data) writes it, in
every language it knows. The phonemiser has a private copy of the library
(narrate.voice.engines.espeak_library): the eSpeak NG engine in the same process has its own,
and a phonemiser changing the voice must not change how that engine speaks.
"""

from __future__ import annotations

import re

from narrate.errors import EngineError
from narrate.voice.engines.espeak_library import EspeakLibrary

_MODE_IPA = 0x02
_UNDERSCORE_TIES = ord("_") << 8

# Marks the model reads as prosody: kept as they are, with the spaces around them.
PUNCTUATION = ';:,.!?¡¿—…"«»“”()'
# A run of marks with its spaces; '.' and ',' between digits are part of a number (3.5, 1,000).
_MARKS = re.compile(r"(\s*(?:(?<!\d)[.,](?!\d)|[;:!?¡¿—…\"«»“”()])+\s*)")


class Phonemizer:
    """Text -> IPA with punctuation kept, one language at a time (thread-safe, one per process)."""

    def __init__(self) -> None:
        self._library = EspeakLibrary()
        self._lock = self._library.lock
        self._language: str | None = None

    def phonemize(self, text: str, language: str) -> str:
        """IPA for `text` in `language` (an eSpeak NG voice or language code: 'en-us', 'fr-fr')."""
        text = " ".join(text.split())
        with self._lock:
            self._set_language(language)
            parts: list[str] = []
            for piece in _MARKS.split(text):
                if not piece:
                    continue
                if _MARKS.fullmatch(piece):
                    lead = " " if piece[:1].isspace() and parts else ""
                    trail = " " if piece[-1:].isspace() else ""
                    parts.append(lead + "".join(piece.split()) + trail)
                elif piece.strip():
                    parts.append(self._ipa(piece))
        return "".join(parts).strip()

    def _set_language(self, language: str) -> None:
        if self._language == language:
            return
        if not self._library.set_voice(language):
            raise EngineError(f"eSpeak NG has no voice for language {language!r}")
        self._language = language

    def _ipa(self, text: str) -> str:
        out = self._library.phonemes(text, _UNDERSCORE_TIES | _MODE_IPA)
        line = " ".join(out).replace("\n", " ")
        line = re.sub(r"_+", "_", line).replace("_ ", " ").replace("_", "")
        return " ".join(line.split())
