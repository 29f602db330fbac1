"""eSpeak NG through pyttsx3's eSpeak driver bindings, with eSpeak NG from espeakng-loader.

pyttsx3 2.99's eSpeak driver is used for what it does well (loading libespeak-ng, its ctypes
bindings, listing voices), but not its event loop: that loop initialises eSpeak NG in its
asynchronous "retrieval" mode, queues property changes, and returns from `runAndWait()` on
its own schedule. Measured here: right after `init()` the first utterance can be dropped,
and after a voice change the next utterance was spoken at the previous rate. Instead eSpeak
NG is initialised in synchronous mode: `Synth` returns only when every sample has reached our
callback, and settings apply to the very next utterance. Every result is still checked for
a plausible length, so a dropped chunk is an error, never silence.

Other things handled here: the driver loads `libespeak-ng.so.1` by name, so the wheel's copy
is loaded first (glibc then resolves the name to it) and ESPEAK_DATA_PATH points at its data;
and eSpeak NG calls exit() when its data is missing, so the data folder is checked first.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from narrate.version import package_version
from narrate.errors import EngineError
from narrate.voice.engines import EngineSpec, EngineVoice, Speech, get_engine

if TYPE_CHECKING:
    from narrate.voice.presets import VoicePreset

_RETRIES = 3
PITCH_RANGE = (0, 100)
_BUFFER_MS = 500


def _load_espeak_library() -> str:
    """Make libespeak-ng loadable; prefer the wheel's copy, else a system one. Returns its origin."""
    try:
        import espeakng_loader

        ctypes.CDLL(espeakng_loader.get_library_path(), mode=ctypes.RTLD_GLOBAL)
        os.environ.setdefault("ESPEAK_DATA_PATH", espeakng_loader.get_data_path())
        return "espeakng-loader " + package_version("espeakng-loader")
    except (ImportError, OSError, RuntimeError):
        return "system"



def _check_data_path() -> None:
    """eSpeak NG exits the whole process when its data is missing, so look before it does."""
    data = os.environ.get("ESPEAK_DATA_PATH")
    if data and not (Path(data) / "phontab").is_file():
        raise EngineError(
            f"eSpeak NG could not start (no voice data in {data}): pip install espeakng-loader, "
            "or unset ESPEAK_DATA_PATH"
        )


def _shortest_plausible_bytes(text: str, rate: int, sample_rate: int) -> int:
    """Audio shorter than a quarter of the expected length means the engine dropped the text."""
    words = max(1, len(text.split()))
    return int(words * 60 / rate / 4 * sample_rate) * 2


class EspeakEngine:
    """One per process: eSpeak NG keeps global state."""

    name = "espeak"

    def __init__(self) -> None:
        self._library = _load_espeak_library()
        _check_data_path()
        try:
            from pyttsx3.drivers import _espeak
        except (ImportError, RuntimeError, OSError) as exc:
            raise EngineError(
                f"eSpeak NG could not start ({exc}): pip install pyttsx3 espeakng-loader, "
                "or install eSpeak NG (apt-get install libespeak-ng1)"
            ) from exc
        self._espeak: Any = _espeak
        self.sample_rate = _espeak.Initialize(_espeak.AUDIO_OUTPUT_SYNCHRONOUS, _BUFFER_MS, None, 0)
        if self.sample_rate <= 0:
            raise EngineError("eSpeak NG could not start: reinstall espeakng-loader")
        self._pieces: list[bytes] = []
        _espeak.SetSynthCallback(self._collect)
        self._current: tuple[str, int, int, float] | None = None

    def version(self) -> str:
        return f"pyttsx3 {package_version('pyttsx3')}; eSpeak NG {self._library}"

    def voices(self) -> list[EngineVoice]:
        from pyttsx3.drivers.espeak import EspeakDriver

        return [
            EngineVoice(id=v.id, name=v.name, languages=tuple(v.languages or ()), gender=v.gender)
            for v in EspeakDriver.getProperty("voices")
        ]

    def synthesize(self, text: str, voice: VoicePreset) -> Speech:
        self._configure(voice)
        shortest = _shortest_plausible_bytes(text, voice.rate, self.sample_rate)
        for _ in range(_RETRIES):
            pcm = self._render(text)
            if len(pcm) >= shortest:
                return Speech(pcm, self.sample_rate)
        raise EngineError(f"eSpeak NG produced no audio for: {text[:60]!r}")

    def _configure(self, voice: VoicePreset) -> None:
        pitch = voice.settings.pitch
        wanted = (voice.voice, voice.rate, pitch, voice.volume)
        if wanted == self._current:
            return
        espeak = self._espeak
        if espeak.SetVoiceByName(voice.voice.encode("utf-8")) != espeak.EE_OK:
            raise EngineError(f"eSpeak NG has no voice {voice.voice!r} (run 'narrate voices')")
        espeak.SetParameter(espeak.RATE, voice.rate, 0)
        espeak.SetParameter(espeak.PITCH, pitch, 0)
        espeak.SetParameter(espeak.VOLUME, round(voice.volume * 100), 0)
        self._current = wanted

    def _collect(self, wav: Any, samples: int, events: Any) -> int:
        if samples > 0:
            self._pieces.append(ctypes.string_at(wav, samples * 2))
        return 0

    def _render(self, text: str) -> bytes:
        self._pieces = []
        self._espeak.Synth(text.encode("utf-8"), flags=self._espeak.ENDPAUSE | self._espeak.CHARS_UTF8)
        pcm = b"".join(self._pieces)
        self._pieces = []
        return pcm


def phonemes(text: str, voice: str = "gmw/en-us") -> str:
    """eSpeak NG's own phoneme mnemonics for `text` (clauses joined by spaces): how the engine
    will read it, without synthesising. `narrate check` listens with this.

    Uses espeak_TextToPhonemes on the library the process's engine loaded (a second engine
    would take over its callback)."""
    from narrate.voice.engines import get_engine

    engine = get_engine("espeak")
    espeak = engine._espeak  # type: ignore[attr-defined]
    espeak.SetVoiceByName(voice.encode())
    engine._current = None  # type: ignore[attr-defined]  # the next synthesis sets its voice again
    function = espeak.dll.espeak_TextToPhonemes
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
    install_hint="pip install narrate (pyttsx3 and espeakng-loader)",
    create=lambda options: EspeakEngine(),
    settings=EspeakSettings,
    voices=lambda: get_engine("espeak").voices(),
    match_voice=lambda name: _match_voice(name),
    sound=("voice", "rate", "volume"),
    voice_note="; add +f1..+f5 or +m1..+m7 for variants",
)
