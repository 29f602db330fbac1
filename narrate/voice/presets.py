"""Voice presets: small TOML files users can read, copy and edit.

A preset names an engine, the engine's voice id, and how to speak (rate, pitch, volume,
pauses). `--voice` takes a preset name, a path to a preset file, or a raw engine voice id.
Presets are looked up in the user's voices folder first, then the ones shipped with narrate.
"""

from __future__ import annotations

import difflib
import sys
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from narrate.errors import VoiceError
from narrate.text.script import Pauses

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib

DEFAULT_VOICE = "default"


@dataclass(frozen=True)
class VoicePreset:
    """How to speak. Every field has a default, so a preset file may set only what it changes."""

    name: str = DEFAULT_VOICE
    description: str = ""
    engine: str = "espeak"
    """Which engine synthesises: 'espeak' (pyttsx3 over eSpeak NG) or 'piper' (neural)."""
    voice: str = "gmw/en-us"
    """The engine's own voice id, as `narrate voices` lists it (variants: 'gmw/en-us+f3'); for
    Piper also a path to a .onnx model (relative to the preset file)."""
    language: str = "en-US"
    """BCP 47 language tag written into tags and feeds."""
    lexicon: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    """Pronunciation fixes for this voice: word = "respelling", as in a lexicon file."""
    rate: int = 175
    """Words per minute (eSpeak accepts 80-450). For Piper, derived from length_scale."""
    pitch: int = 50
    """0-100; eSpeak's default is 50."""
    volume: float = 1.0
    """0.1-2.0, a multiplier on the engine's normal level."""
    pauses: Pauses = field(default_factory=Pauses)
    """Silence in seconds after titles, headings, paragraphs and sentence groups."""
    length_scale: float | None = None
    """Piper: phoneme length, 0.5-2.0 (above 1 is slower); None: the voice's own (its .onnx.json)."""
    noise_scale: float | None = None
    """Piper: generator noise (expressiveness), 0-2; None: the voice's own."""
    noise_w_scale: float | None = None
    """Piper: phoneme width noise (rhythm variation), 0-2; None: the voice's own ('noise_w')."""
    sentence_silence: float = 0.0
    """Piper: seconds of silence between sentences inside one chunk."""
    speaker_id: int | None = None
    """Piper: which speaker of a multi-speaker voice; None: the voice's default."""
    path: str | None = None
    """Where the preset was loaded from (not read from the file)."""

    def __post_init__(self) -> None:
        if not 80 <= self.rate <= 450:
            raise VoiceError(f"voice {self.name!r}: rate {self.rate} is outside 80-450 words per minute")
        if not 0 <= self.pitch <= 100:
            raise VoiceError(f"voice {self.name!r}: pitch {self.pitch} is outside 0-100")
        if not 0.1 <= self.volume <= 2.0:
            raise VoiceError(f"voice {self.name!r}: volume {self.volume} is outside 0.1-2.0")
        for pause in asdict(self.pauses).values():
            if not 0 <= pause <= 10:
                raise VoiceError(f"voice {self.name!r}: pauses must be between 0 and 10 seconds")
        _check_piper_settings(self)
        if self.engine == PIPER:  # so estimates (narrate inspect) use the pace Piper will speak at
            from narrate.voice.engines.piper import rate_for_length_scale

            object.__setattr__(self, "rate", rate_for_length_scale(self.length_scale))

    @classmethod
    def from_dict(cls, data: dict[str, Any], name: str, path: str | None = None) -> VoicePreset:
        """Validate a parsed TOML table: unknown keys and wrong types are errors, not ignored."""
        known = {f.name for f in fields(cls)} - {"name", "path"}
        unknown = set(data) - known
        if unknown:
            raise VoiceError(f"voice {name!r}: unknown setting(s) {', '.join(sorted(unknown))}")
        values: dict[str, Any] = dict(data)
        try:
            if "pauses" in values:
                values["pauses"] = Pauses(**{k: float(v) for k, v in values["pauses"].items()})
            for key, kind in (("rate", int), ("pitch", int), ("volume", float)):
                if key in values:
                    if isinstance(values[key], bool) or not isinstance(values[key], (int, float)):
                        raise TypeError(f"{key} must be a number")
                    values[key] = kind(values[key])
            if "lexicon" in values:
                from narrate.text.lexicon import parse_table

                if not isinstance(values["lexicon"], dict):
                    raise TypeError("lexicon must be a table: [lexicon] then word = \"respelling\"")
                parse_table(values["lexicon"], f"in voice preset {name!r}")  # errors name the entry
            for key in ("description", "engine", "voice", "language"):
                if key in values and not isinstance(values[key], str):
                    raise TypeError(f"{key} must be a string")
            _coerce_piper_settings(values)
        except (TypeError, AttributeError) as exc:
            raise VoiceError(f"voice {name!r}: {exc}") from exc
        _check_engine_keys(name, values)
        return cls(name=name, path=path, **values)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("path")
        data.pop("name")
        ignored = _ESPEAK_ONLY_KEYS if self.engine == PIPER else _PIPER_KEYS
        return {k: v for k, v in data.items() if k not in ignored and v is not None}

    def with_overrides(self, rate: int | None = None, volume: float | None = None,
                       pitch: int | None = None, paragraph_pause: float | None = None) -> VoicePreset:
        """Command-line options win over the preset (for Piper, `rate` sets length_scale)."""
        if self.engine == PIPER:
            return _piper_overrides(self, rate, volume, pitch, paragraph_pause)
        pauses = self.pauses if paragraph_pause is None else replace(self.pauses, paragraph=paragraph_pause)
        return replace(
            self,
            rate=self.rate if rate is None else rate,
            volume=self.volume if volume is None else volume,
            pitch=self.pitch if pitch is None else pitch,
            pauses=pauses,
        )


PIPER = "piper"
_PIPER_FLOATS = ("length_scale", "noise_scale", "noise_w_scale", "sentence_silence")
_PIPER_KEYS = (*_PIPER_FLOATS, "speaker_id")
_ESPEAK_ONLY_KEYS = {"rate": "use length_scale (1.0 = the voice's own pace, above 1 is slower)",
                     "pitch": "Piper voices have no pitch setting"}


def _coerce_piper_settings(values: dict[str, Any]) -> None:
    for key in _PIPER_FLOATS:
        if key in values:
            if isinstance(values[key], bool) or not isinstance(values[key], (int, float)):
                raise TypeError(f"{key} must be a number")
            values[key] = float(values[key])
    if "speaker_id" in values and (isinstance(values["speaker_id"], bool)
                                   or not isinstance(values["speaker_id"], int)):
        raise TypeError("speaker_id must be a whole number")


def _check_engine_keys(name: str, values: dict[str, Any]) -> None:
    """A setting the preset's engine ignores is a mistake worth saying, not silently dropping."""
    if values.get("engine", "espeak") == PIPER:
        for key, why in _ESPEAK_ONLY_KEYS.items():
            if key in values:
                raise VoiceError(f"voice {name!r}: {key} is an eSpeak setting; {why}")
    else:
        given = sorted(set(values) & set(_PIPER_KEYS))
        if given:
            raise VoiceError(f"voice {name!r}: {', '.join(given)} only apply to engine = \"piper\"")


def _check_piper_settings(preset: VoicePreset) -> None:
    checks = (("length_scale", 0.5, 2.0), ("noise_scale", 0.0, 2.0), ("noise_w_scale", 0.0, 2.0),
              ("sentence_silence", 0.0, 10.0))
    for key, low, high in checks:
        value = getattr(preset, key)
        if value is not None and not low <= value <= high:
            raise VoiceError(f"voice {preset.name!r}: {key} {value} is outside {low}-{high}")
    if preset.speaker_id is not None and preset.speaker_id < 0:
        raise VoiceError(f"voice {preset.name!r}: speaker_id must be 0 or more")
    if preset.engine == PIPER and preset.volume > 1.0:
        raise VoiceError(f"voice {preset.name!r}: volume {preset.volume} would clip: Piper voices are "
                         "already at full scale, so use 0.1-1.0")


def _piper_overrides(preset: VoicePreset, rate: int | None, volume: float | None, pitch: int | None,
                     paragraph_pause: float | None) -> VoicePreset:
    """`--rate` becomes a length scale; `--pitch` has nothing to set on a neural voice."""
    if pitch is not None:
        raise VoiceError(f"--pitch does not apply to Piper voices such as {preset.name!r}")
    changes: dict[str, Any] = {}
    if rate is not None:
        from narrate.voice.engines.piper import length_scale_for_rate

        changes["length_scale"] = length_scale_for_rate(rate)
    if volume is not None:
        changes["volume"] = volume
    if paragraph_pause is not None:
        changes["pauses"] = replace(preset.pauses, paragraph=paragraph_pause)
    return replace(preset, **changes)


def builtin_voices_dir() -> Path:
    """Presets shipped in the wheel (narrate/voices) or, from a checkout, the repo's voices/."""
    packaged = Path(__file__).parent.parent / "voices"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "voices"


def user_voices_dir() -> Path:
    from platformdirs import user_config_path

    return user_config_path("narrate") / "voices"


def preset_paths() -> dict[str, Path]:
    """Every preset by name; the user's folder shadows the built-in one."""
    found: dict[str, Path] = {}
    for folder in (builtin_voices_dir(), user_voices_dir()):
        if folder.is_dir():
            for path in sorted(folder.glob("*.toml")):
                found[path.stem] = path
    return found


def load_preset_file(path: Path, name: str | None = None) -> VoicePreset:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise VoiceError(f"cannot read voice preset {path}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise VoiceError(f"voice preset {path} is not valid TOML: {exc}") from exc
    return VoicePreset.from_dict(data, name or path.stem, str(path))


def list_presets() -> list[VoicePreset]:
    return [load_preset_file(path, name) for name, path in preset_paths().items()]


def resolve_voice(name: str | None, engine_voice_ids: list[str] | None = None) -> VoicePreset:
    """Find a voice by preset name, preset path or engine voice id; suggest close matches.

    `engine_voice_ids` is the engine's list of ids (and languages); it is only consulted when
    no preset matches, so the common case never starts the engine.
    """
    name = name or DEFAULT_VOICE
    presets = preset_paths()
    if name in presets:
        return load_preset_file(presets[name], name)
    if name.endswith(".toml"):
        path = Path(name)
        if not path.is_file():
            raise VoiceError(f"voice preset file {name} not found")
        return load_preset_file(path)
    piper = _piper_voice(name)
    if piper is not None:
        return piper
    base = load_preset_file(presets[DEFAULT_VOICE]) if DEFAULT_VOICE in presets else VoicePreset()
    ids = engine_voice_ids or []
    if _engine_has_voice(name, ids):
        return replace(base, name=name, voice=name, description=f"eSpeak NG voice {name}")
    suggestions = difflib.get_close_matches(name, list(presets) + ids, n=4, cutoff=0.5)
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    raise VoiceError(f"unknown voice {name!r}{hint} (run 'narrate voices' to list them)")


def _piper_voice(name: str) -> VoicePreset | None:
    """`--voice PATH.onnx` or the id of an installed Piper voice (see `narrate voices`)."""
    from narrate.voice.engines import piper

    if name.endswith(".onnx"):
        model = Path(name).expanduser()
        if not model.is_file():
            raise VoiceError(f"Piper model {name} not found")
        return VoicePreset(name=model.stem, engine=PIPER, voice=str(model.resolve()),
                           description=f"Piper voice {model.name}")
    if any(found.id == name for found in piper.find_voices()):
        return VoicePreset(name=name, engine=PIPER, voice=name, description=f"Piper voice {name}")
    return None


def _engine_has_voice(name: str, ids: list[str]) -> bool:
    """'gmw/en-us+f3' is the voice 'gmw/en-us' with the variant 'f3'."""
    base = name.split("+", 1)[0].lower()
    return bool(base) and base in {voice_id.lower() for voice_id in ids}
