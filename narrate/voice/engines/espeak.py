"""eSpeak NG, the library from espeakng-loader, driven through its C API in synchronous mode.

Synchronous mode: `espeak_Synth` returns only when every sample has reached our callback,
and settings apply to the very next utterance (pyttsx3's asynchronous event loop dropped the
first utterance after start-up and spoke the next one at the previous rate). Every result is
still checked for a plausible length, so a dropped chunk is an error, never silence.

Every chunk is spoken by a freshly loaded library (narrate.voice.engines.espeak_library):
eSpeak NG's wave generator carries its phase and pitch flutter from one utterance into the
next, so a chunk's samples and length depended on what the process had spoken before it,
and so on the number of workers and the machine's load. Reloaded, the same chunk with the
same voice is the same audio, bit for bit, in any process (about 2 ms a chunk).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from narrate.errors import EngineError
from narrate.voice.engines import EngineSpec, EngineVoice, Speech, get_engine
from narrate.voice.engines.espeak_library import PITCH, RATE, VOLUME, EspeakLibrary, languages_of
from narrate.voice.wordmarks import tighten

if TYPE_CHECKING:
    from narrate.voice.presets import VoicePreset

_RETRIES = 3
PITCH_RANGE = (0, 100)
_GENDERS = (None, "Male", "Female")
_MNEMONICS = 0  # espeak_TextToPhonemes: eSpeak's own phoneme names


def _shortest_plausible_bytes(text: str, rate: int, sample_rate: int) -> int:
    """Audio shorter than a quarter of the expected length means the engine dropped the text."""
    words = max(1, len(text.split()))
    return int(words * 60 / rate / 4 * sample_rate) * 2


class EspeakEngine:
    """One per process, with its own copy of the library."""

    name = "espeak"

    def __init__(self) -> None:
        self._library = EspeakLibrary()
        self.sample_rate = self._library.sample_rate

    def version(self) -> str:
        # "fresh state": a chunk no longer depends on what was spoken before it (cache keys)
        return f"eSpeak NG {self._library.version()}; fresh state per chunk"

    def voices(self) -> list[EngineVoice]:
        with self._library.lock:
            return [_engine_voice(voice) for voice in self._library.voices()]

    def sample_rate_for(self, voice: VoicePreset) -> int:
        return self.sample_rate  # the library's, for every voice

    def synthesize(self, text: str, voice: VoicePreset, marks: bool = True) -> Speech:
        """`marks`: with each word's place in the audio (from eSpeak NG's word events)."""
        shortest = _shortest_plausible_bytes(text, voice.rate, self.sample_rate)
        with self._library.lock:
            for _ in range(_RETRIES):
                self._configure(voice)
                words: list[tuple[int, int, int]] | None = [] if marks else None
                pcm = self._library.synthesize(text, words)
                if len(pcm) >= shortest:
                    return Speech(pcm, self.sample_rate, tighten(words, pcm, self.sample_rate) if words else ())
        raise EngineError(f"eSpeak NG produced no audio for: {text[:60]!r}")

    def _configure(self, voice: VoicePreset) -> None:
        library = self._library
        library.fresh()
        if not library.set_voice(voice.voice):
            raise EngineError(f"eSpeak NG has no voice {voice.voice!r} (run 'narrate voices')")
        library.set(RATE, voice.rate)
        library.set(PITCH, voice.settings.pitch)
        library.set(VOLUME, round(voice.volume * 100))


def _engine_voice(voice: object) -> EngineVoice:
    return EngineVoice(id=getattr(voice, "identifier").decode("utf-8").lower(),
                       name=getattr(voice, "name").decode("utf-8"),
                       languages=languages_of(voice),  # type: ignore[arg-type]
                       gender=_GENDERS[getattr(voice, "gender")] if getattr(voice, "gender") < 3 else None)


class _Reader:
    """A library of its own for phonemes, so reading never changes how the engine speaks."""

    _instance: EspeakLibrary | None = None
    _lock = threading.Lock()
    _voice: str | None = None

    @classmethod
    def phonemes(cls, text: str, voice: str) -> str:
        with cls._lock:
            if cls._instance is None:
                cls._instance = EspeakLibrary()
            library = cls._instance
            if voice != cls._voice:
                if not library.set_voice(voice):
                    raise EngineError(f"eSpeak NG has no voice or language {voice!r} to read with "
                                      "(run 'narrate voices')")
                cls._voice = voice
            out = []
            # eSpeak holds back a trailing number until it sees what follows; a final "." flushes it.
            for piece in (text, "."):
                out += [part.strip() for part in library.phonemes(piece, _MNEMONICS)]
            return " ".join(part for part in out if part)


def phonemes(text: str, voice: str = "gmw/en-us") -> str:
    """eSpeak NG's own phoneme mnemonics for `text` (clauses joined by spaces): how the engine
    will read it, without synthesising. `narrate check` listens with this. `voice`: an eSpeak
    NG voice id or a language ('en-gb'); one it does not know is an EngineError."""
    return _Reader.phonemes(text, voice)


@dataclass(frozen=True)
class EspeakSettings:
    """Preset keys only eSpeak NG reads."""

    pitch: int = 50
    """0-100 (PITCH_RANGE); eSpeak NG's default is 50."""

    def problem(self) -> str | None:
        low, high = PITCH_RANGE
        return None if low <= self.pitch <= high else f"pitch {self.pitch} is outside {low}-{high}"


def _match_voice(name: str) -> str | None:
    from narrate.voice.presets import espeak_match

    ids = [key for voice in get_engine("espeak").voices() for key in (voice.id, *voice.languages)]
    return espeak_match(name, ids)


SPEC = EngineSpec(
    name="espeak",
    display="eSpeak NG",
    install_hint="pip install narrate (espeakng-loader)",
    create=lambda options: EspeakEngine(),
    settings=EspeakSettings,
    voices=lambda: get_engine("espeak").voices(),
    match_voice=lambda name: _match_voice(name),
    sound=("voice", "rate", "volume"),
    voice_note="; add +f1..+f5 or +m1..+m7 for variants",
    reads_like=lambda voice: voice.voice,
)
