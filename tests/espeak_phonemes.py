"""eSpeak NG's own phoneme transcription of a text: how the engine will read it.

Used by tests (and by hand) to check which texts the engine already reads well, so the
normalisers only rewrite what it gets wrong. The function lives with the engine
(narrate.voice.engines.espeak.phonemes), since `narrate check` listens with it too.
"""

from __future__ import annotations

from narrate.voice.engines.espeak import phonemes

__all__ = ["phonemes"]

if __name__ == "__main__":
    import sys

    for line in sys.argv[1:]:
        print(f"{line!r:40} {phonemes(line)}")
