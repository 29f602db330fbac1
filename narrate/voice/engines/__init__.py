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
    from narrate.voice.presets import VoicePreset


@dataclass(frozen=True)
class EngineVoice:
    id: str
    name: str
    languages: tuple[str, ...]
    gender: str | None = None


class Engine(Protocol):
    name: str
    sample_rate: int
    """Hz of the PCM `synthesize` returns. Per engine, and for Piper per voice model: read it
    after `synthesize` (eSpeak NG and en_US-joe-medium are both 22,050 Hz)."""

    def version(self) -> str:
        """Changes whenever the same text could sound different (used in cache keys)."""

    def voices(self) -> list[EngineVoice]:
        """The voices this engine can speak with."""

    def synthesize(self, text: str, voice: VoicePreset) -> bytes:
        """Speak `text`; return signed 16-bit little-endian mono PCM at `sample_rate`."""


@dataclass(frozen=True)
class EngineOptions:
    """How a process should run its engine (not what it says: that is the voice preset)."""

    device: str = "cpu"
    """'cpu' or 'cuda' (already resolved: see `engine_options`)."""
    threads: int = 0
    """Intra-op threads for engines that use them (Piper); 0 lets the engine decide."""


@dataclass(frozen=True)
class _Entry:
    module: str
    factory: str
    hint: str
    takes_options: bool = False


_ENGINES = {
    "espeak": _Entry("narrate.voice.engines.espeak", "EspeakEngine", "pip install narrate (pyttsx3 and espeakng-loader)"),
    "piper": _Entry("narrate.voice.engines.piper", "PiperEngine", 'pip install "narrate[piper]"', takes_options=True),
}
_instances: dict[tuple[str, EngineOptions], Engine] = {}


def engine_names() -> list[str]:
    return sorted(_ENGINES)


def get_engine(name: str, options: EngineOptions | None = None) -> Engine:
    """One engine instance per process and options (eSpeak NG keeps global state)."""
    entry = _ENGINES.get(name)
    if entry is None:
        raise EngineError(f"unknown engine {name!r}: choose one of {', '.join(engine_names())}")
    options = options if options is not None and entry.takes_options else EngineOptions()
    key = (name, options)
    if key in _instances:
        return _instances[key]
    try:
        module = importlib.import_module(entry.module)
    except ImportError as exc:
        raise EngineError(f"the {name} engine is not installed ({exc.name} missing): {entry.hint}") from exc
    factory = getattr(module, entry.factory)
    engine = factory(options.device, options.threads) if entry.takes_options else factory()
    _instances[key] = engine
    return engine


def resolve_device(name: str, requested: str) -> str:
    """'auto', 'cpu' or 'cuda' to the device this engine will really use (notes a fallback)."""
    if name == "piper":
        from narrate.voice.engines import piper

        return piper.resolve_device(requested)
    if requested == "cuda":
        import logging

        logging.getLogger(__name__).warning(f"note: the {name} engine runs on the CPU only")
    return "cpu"


def engine_options(name: str, device: str, jobs: int, cores: int) -> EngineOptions:
    """Options for each of `jobs` workers: the resolved device, and the cores shared out."""
    if name != "piper":
        return EngineOptions()
    from narrate.voice.engines import piper

    return EngineOptions(device, piper.threads_per_worker(cores, jobs))


def worker_defaults(name: str, cores: int, device: str = "cpu") -> tuple[int, int] | None:
    """(default workers, fewest chunks per worker worth a process) for engines with their
    own policy (Piper: memory and threads); None for the rest."""
    if name == "piper":
        from narrate.voice.engines import piper

        return piper.default_workers(cores, device), piper.MIN_CHUNKS_PER_WORKER
    return None


def preflight(name: str, voice: VoicePreset) -> None:
    """Fail in this process, with one clear line, before worker processes start: a worker that
    cannot load its engine would only report a broken pool."""
    if name == "piper":
        from narrate.voice.engines import piper

        piper.preflight(voice)
