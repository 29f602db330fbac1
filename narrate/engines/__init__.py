"""Engines: the only code that knows a TTS library.

An engine turns text into signed 16-bit mono PCM for a voice preset. Engines are imported
lazily, so `narrate inspect` and `--help` never load a speech library.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from narrate.errors import EngineError

if TYPE_CHECKING:
    from narrate.voices import VoicePreset


@dataclass(frozen=True)
class EngineVoice:
    id: str
    name: str
    languages: tuple[str, ...]
    gender: str | None = None


class Engine(Protocol):
    name: str
    sample_rate: int

    def version(self) -> str:
        """Changes whenever the same text could sound different (used in cache keys)."""

    def voices(self) -> list[EngineVoice]:
        """The voices this engine can speak with."""

    def synthesize(self, text: str, voice: VoicePreset) -> bytes:
        """Speak `text`; return signed 16-bit little-endian mono PCM at `sample_rate`."""


# engine name -> (module, factory, what to install when it is missing)
_ENGINES = {
    "espeak": ("narrate.engines.espeak", "EspeakEngine", "pip install narrate (pyttsx3 and espeakng-loader)"),
}
_instances: dict[str, Engine] = {}


def engine_names() -> list[str]:
    return sorted(_ENGINES)


def get_engine(name: str) -> Engine:
    """One engine instance per process (eSpeak NG keeps global state)."""
    if name in _instances:
        return _instances[name]
    if name not in _ENGINES:
        raise EngineError(f"unknown engine {name!r}: choose one of {', '.join(engine_names())}")
    module_name, factory, hint = _ENGINES[name]
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise EngineError(f"the {name} engine is not installed ({exc.name} missing): {hint}") from exc
    engine = getattr(module, factory)()
    _instances[name] = engine
    return engine
