"""eSpeak NG's own phoneme transcription of a text: how the engine will read it.

Used by tests (and by hand) to check which texts the engine already reads well, so the
normalisers only rewrite what it gets wrong. Uses espeak_TextToPhonemes through ctypes on
the library the engine loaded.
"""

from __future__ import annotations

import ctypes

from narrate.voice.engines import get_engine


def phonemes(text: str, voice: str = "gmw/en-us") -> str:
    """eSpeak's phoneme mnemonics for `text`, clauses joined by spaces."""
    engine = get_engine("espeak")  # the process's one engine: a second would steal its callback
    from pyttsx3.drivers import _espeak

    _espeak.SetVoiceByName(voice.encode())
    engine._current = None  # type: ignore[attr-defined]  # make the next synthesis set its voice again
    function = _espeak.dll.espeak_TextToPhonemes
    function.restype = ctypes.c_char_p
    function.argtypes = [ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_int]
    out = []
    # eSpeak holds back a trailing number until it sees what follows; a final "." flushes it.
    for piece in (text, "."):
        buffer = ctypes.create_string_buffer(piece.encode("utf-8"))
        pointer = ctypes.c_char_p(ctypes.addressof(buffer))
        while pointer.value:
            result = function(ctypes.byref(pointer), 1, 0)  # espeakCHARS_UTF8, mnemonics
            if result:
                out.append(result.decode("utf-8").strip())
    return " ".join(part for part in out if part)


if __name__ == "__main__":
    import sys

    for line in sys.argv[1:]:
        print(f"{line!r:40} {phonemes(line)}")
