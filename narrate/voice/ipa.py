"""IPA phonemes from eSpeak NG, for neural voices that read phonemes rather than letters.

Kokoro-82M reads IPA. eSpeak NG (the espeakng-loader wheel's library and data) writes it, in
every language it knows. A private copy of the library is loaded with RTLD_DEEPBIND: the
eSpeak NG engine in the same process keeps global state (voice, callback) in the shared copy,
and a phonemiser changing that voice would change how that engine speaks.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import tempfile
import threading
from pathlib import Path

from narrate.errors import EngineError

_MODE_IPA = 0x02
_UNDERSCORE_TIES = ord("_") << 8
_CHARS_UTF8 = 1
_AUDIO_SYNCHRONOUS = 0x02

# Marks the model reads as prosody: kept as they are, with the spaces around them.
PUNCTUATION = ';:,.!?¡¿—…"«»“”()'
# A run of marks with its spaces; '.' and ',' between digits are part of a number (3.5, 1,000).
_MARKS = re.compile(r"(\s*(?:(?<!\d)[.,](?!\d)|[;:!?¡¿—…\"«»“”()])+\s*)")


class _VoiceSpec(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("languages", ctypes.c_char_p),
                ("identifier", ctypes.c_char_p), ("gender", ctypes.c_ubyte), ("age", ctypes.c_ubyte),
                ("variant", ctypes.c_ubyte), ("xx1", ctypes.c_ubyte), ("score", ctypes.c_int),
                ("spare", ctypes.c_void_p)]


class Phonemizer:
    """Text -> IPA with punctuation kept, one language at a time (thread-safe, one per process)."""

    _lock = threading.Lock()

    def __init__(self) -> None:
        try:
            import espeakng_loader
        except ImportError as exc:
            raise EngineError("eSpeak NG phonemes need espeakng-loader: pip install espeakng-loader") from exc
        library = Path(espeakng_loader.get_library_path())
        data = espeakng_loader.get_data_path()
        self._folder = tempfile.mkdtemp(prefix="narrate-espeak-")
        copy = Path(self._folder) / library.name
        shutil.copy(library, copy)
        mode = getattr(os, "RTLD_DEEPBIND", 0) | getattr(os, "RTLD_LOCAL", 0)
        self._lib = ctypes.CDLL(str(copy), mode=mode)
        self._lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
        self._lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        self._lib.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_int]
        self._lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
        if self._lib.espeak_Initialize(_AUDIO_SYNCHRONOUS, 0, str(data).encode(), 0) <= 0:
            raise EngineError(f"eSpeak NG could not start for phonemes (data {data})")
        shutil.rmtree(self._folder, ignore_errors=True)  # mapped already; nothing left behind
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
        if self._lib.espeak_SetVoiceByName(language.encode()) != 0:
            spec = _VoiceSpec(languages=language.encode())
            if self._lib.espeak_SetVoiceByProperties(ctypes.byref(spec)) != 0:
                raise EngineError(f"eSpeak NG has no voice for language {language!r}")
        self._language = language

    def _ipa(self, text: str) -> str:
        buffer = ctypes.create_string_buffer(text.encode("utf-8"))
        pointer = ctypes.c_char_p(ctypes.addressof(buffer))
        out = []
        while pointer.value:
            result = self._lib.espeak_TextToPhonemes(ctypes.byref(pointer), _CHARS_UTF8,
                                                     _UNDERSCORE_TIES | _MODE_IPA)
            if result:
                out.append(result.decode("utf-8"))
        line = " ".join(out).replace("\n", " ")
        line = re.sub(r"_+", "_", line).replace("_ ", " ").replace("_", "")
        return " ".join(line.split())
