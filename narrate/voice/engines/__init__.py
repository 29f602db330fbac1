"""Engines: the only code that knows a TTS library, and the registry that names them.

Each engine is one module that declares an `EngineSpec` named `SPEC`: its settings type (the
preset keys only it reads), how to build it, where it runs (devices, workers), how to list its
voices, and which settings change its sound (the identity cached audio is filed under).
Adding an engine is that module plus one line in `ENGINES`. Engine modules import their
speech library lazily, so `narrate inspect` and `--help` never load one.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from narrate.errors import EngineError
from narrate.model import WordMark

if TYPE_CHECKING:
    from narrate.voice.presets import VoicePreset

log = logging.getLogger(__name__)

# onnxruntime (Piper's and Kokoro's runtime) records usage on Linux since 1.29: a device id and
# a database under ~/.cache/Microsoft/DeveloperTools, and uploads of usage events. narrate is
# offline: its documented opt-out is set before any engine can load onnxruntime (workers
# inherit it); a user who sets the variable decides.
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

ENGINES: dict[str, str] = {
    "kokoro": "narrate.voice.engines.kokoro",
    "piper": "narrate.voice.engines.piper",
    "espeak": "narrate.voice.engines.espeak",
}
"""Engine name -> the module that declares its SPEC. One line per engine. A `--voice` that is
no preset is looked up in this order, so engines that find voices without starting come first."""


@dataclass(frozen=True)
class EngineVoice:
    id: str
    name: str
    languages: tuple[str, ...]
    gender: str | None = None


@dataclass(frozen=True)
class Speech:
    """What an engine returns: signed 16-bit little-endian mono PCM and its sample rate, and
    where in it each word of the text is said (narrate.voice.wordmarks)."""

    pcm: bytes
    sample_rate: int
    marks: tuple[WordMark, ...] = ()


class Engine(Protocol):
    name: str

    def version(self) -> str:
        """Changes whenever the same text could sound different (part of cache keys)."""

    def voices(self) -> list[EngineVoice]:
        """The voices this engine can speak with."""

    def synthesize(self, text: str, voice: VoicePreset, marks: bool = True) -> Speech:
        """Speak `text` with `voice`; `marks`: say where each word is (False: only to measure
        what they cost)."""

    def sample_rate_for(self, voice: VoicePreset) -> int:
        """The sample rate `voice` speaks at (its Speech's), without speaking."""


@dataclass(frozen=True)
class EngineOptions:
    """How a process should run its engine (not what it says: that is the voice preset)."""

    device: str = "cpu"
    """'cpu' or 'cuda' (already resolved: see `resolve_device`)."""
    threads: int = 0
    """Intra-op threads for engines that use them; 0 lets the engine decide."""


@dataclass(frozen=True)
class WorkerPolicy:
    """How many processes an engine is worth: engines with big models share cores and memory."""

    default_workers: Callable[[int, str], int]
    """(cores, device) -> workers."""
    min_chunks_per_worker: int
    threads_per_worker: Callable[[int, int], int]
    """(cores, workers) -> intra-op threads for each worker."""
    chunks_before_blocks: bool = True
    """Synthesise every chunk (spread over the workers chunk by chunk) before the blocks are
    encoded: for engines whose synthesis dwarfs encoding, so no worker is left alone with a
    last block of 8-40 chunks (narrate.episode.concurrency.SynthesisAhead.finish)."""
    in_worker: bool = True
    """Speak in a worker process even with one job: a call into the model takes seconds and
    cannot be interrupted, so Ctrl-C would wait for it in this process (a whole Kokoro chunk
    under load: 20 s and more); a worker is stopped at once."""


@dataclass(frozen=True)
class Pace:
    """For engines whose speed is a setting of their own rather than words per minute."""

    rate_of: Callable[[Any], int]
    """settings -> the words per minute it speaks at (so estimates use the real pace)."""
    with_rate: Callable[[Any, int], Any]
    """(settings, words per minute) -> settings that speak at that pace (`--rate`)."""


def _no_preflight(voice: VoicePreset) -> None:
    return None


def _reads_in_its_language(voice: VoicePreset) -> str:
    return voice.language.lower()


@dataclass(frozen=True)
class EngineSpec:
    name: str
    display: str
    """The engine's name for people ('eSpeak NG')."""
    install_hint: str
    create: Callable[[EngineOptions], Engine]
    settings: type
    """A frozen dataclass of the preset keys only this engine reads; every one of them changes
    the sound. Its `problem()` method returns what is wrong with the values, or None."""
    voices: Callable[[], list[EngineVoice]]
    match_voice: Callable[[str], str | None]
    """A `--voice` value -> this engine's voice id for it, or None when it has no such voice."""
    sound: tuple[str, ...] = ("voice", "volume")
    """The common preset fields that change this engine's sound (with all of `settings`)."""
    devices: tuple[str, ...] = ("cpu",)
    cuda_available: Callable[[], bool] = lambda: False
    workers: WorkerPolicy | None = None
    """None: one chunk-level worker per core, as for eSpeak NG."""
    pace: Pace | None = None
    """None: `rate` (words per minute) is a setting the engine takes as it is."""
    refused: dict[str, str] = field(default_factory=dict)
    """Common preset keys that mean nothing to this engine, with what to use instead."""
    preflight: Callable[[VoicePreset], None] = _no_preflight
    """Fail in the main process, with one clear line, before worker processes start."""
    voice_note: str = ""
    """Said after the heading of its voices in `narrate voices` (how to add or vary them)."""
    no_voices_hint: Callable[[], str] | None = None
    """What to do when it lists no voices (the extra installed, but no voice yet); None:
    `install_hint`."""
    max_volume: float = 2.0
    """Above this the engine's full-scale output would clip."""
    sample_rate: int = 22050
    """The rate of its voices unless a voice says otherwise (for estimates only)."""
    reads_like: Callable[[VoicePreset], str] = _reads_in_its_language
    """The eSpeak NG voice (an id, or a language such as 'en-us') whose reading of a text is
    this voice's: `narrate check` listens through it. Piper and Kokoro phonemise with eSpeak
    NG in the voice's language."""

    def identity(self, voice: VoicePreset) -> dict[str, Any]:
        """Every setting that changes what this engine says: the cache files audio under it."""
        sound = {key: getattr(voice, key) for key in self.sound}
        sound.update(dataclasses.asdict(voice.settings))
        return sound

    def resolve_device(self, requested: str) -> str:
        """'auto', 'cpu' or 'cuda' to the device this engine will really use (notes a fallback)."""
        if requested == "cpu" or "cuda" not in self.devices:
            if requested == "cuda":
                log.warning(f"note: the {self.name} engine runs on the CPU only")
            return "cpu"
        if self.cuda_available():
            return "cuda"
        if requested == "cuda":
            log.warning("note: --device cuda needs onnxruntime-gpu and an NVIDIA GPU; using the CPU")
        return "cpu"

    def options(self, device: str, jobs: int, cores: int) -> EngineOptions:
        """Options for each of `jobs` workers: the resolved device, and the cores shared out."""
        if self.workers is None:
            return EngineOptions()
        return EngineOptions(device, self.workers.threads_per_worker(cores, jobs))


def engine_names() -> list[str]:
    return sorted(ENGINES)


def engine_spec(name: str) -> EngineSpec:
    """The declaration of engine `name` (cheap: the speech library is not loaded)."""
    module = ENGINES.get(name)
    if module is None:
        raise EngineError(f"unknown engine {name!r}: choose one of {', '.join(engine_names())}")
    return importlib.import_module(module).SPEC


def specs() -> list[EngineSpec]:
    return [engine_spec(name) for name in engine_names()]


_instances: dict[tuple[str, EngineOptions], Engine] = {}


def get_engine(name: str, options: EngineOptions | None = None) -> Engine:
    """One engine instance per process and options (eSpeak NG keeps global state)."""
    spec = engine_spec(name)
    options = options if options is not None and spec.workers is not None else EngineOptions()
    key = (name, options)
    if key not in _instances:
        try:
            _instances[key] = spec.create(options)
        except ImportError as exc:
            raise EngineError(f"the {name} engine is not installed ({exc.name} missing): "
                              f"{spec.install_hint}") from exc
    return _instances[key]


def installed_voices(name: str) -> list[EngineVoice]:
    """The voices of engine `name`, or none when the engine is not installed."""
    try:
        return engine_spec(name).voices()
    except EngineError:
        return []


def coerce_settings(settings_type: type, values: dict[str, Any]) -> Any:
    """Build an engine's settings from preset keys, checking each value's type."""
    hints = {f.name: str(f.type) for f in dataclasses.fields(settings_type)}
    coerced: dict[str, Any] = {}
    for key, value in values.items():
        kind = hints[key]
        if isinstance(value, bool) or (value is not None and not isinstance(value, (int, float))):
            if kind.startswith("str"):
                coerced[key] = str(value)
                continue
            raise TypeError(f"{key} must be {'a whole number' if kind.startswith('int') else 'a number'}")
        if kind.startswith("int") and isinstance(value, float):
            raise TypeError(f"{key} must be a whole number")
        coerced[key] = float(value) if kind.startswith("float") else value
    return settings_type(**coerced)
