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
from narrate.segment import Pauses

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
    """Which engine synthesises: 'espeak' (pyttsx3 over eSpeak NG)."""
    voice: str = "gmw/en-us"
    """The engine's own voice id, as `narrate voices` lists it (variants: 'gmw/en-us+f3')."""
    language: str = "en-US"
    """BCP 47 language tag written into tags and feeds."""
    lexicon: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    """Pronunciation fixes for this voice: word = "respelling", as in a lexicon file."""
    rate: int = 175
    """Words per minute (eSpeak accepts 80-450)."""
    pitch: int = 50
    """0-100; eSpeak's default is 50."""
    volume: float = 1.0
    """0.1-2.0, a multiplier on the engine's normal level."""
    pauses: Pauses = field(default_factory=Pauses)
    """Silence in seconds after titles, headings, paragraphs and sentence groups."""
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
                from narrate.lexicon import parse_table

                if not isinstance(values["lexicon"], dict):
                    raise TypeError("lexicon must be a table: [lexicon] then word = \"respelling\"")
                parse_table(values["lexicon"], f"in voice preset {name!r}")  # errors name the entry
            for key in ("description", "engine", "voice", "language"):
                if key in values and not isinstance(values[key], str):
                    raise TypeError(f"{key} must be a string")
        except (TypeError, AttributeError) as exc:
            raise VoiceError(f"voice {name!r}: {exc}") from exc
        return cls(name=name, path=path, **values)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("path")
        data.pop("name")
        return data

    def with_overrides(self, rate: int | None = None, volume: float | None = None,
                       pitch: int | None = None, paragraph_pause: float | None = None) -> VoicePreset:
        """Command-line options win over the preset."""
        pauses = self.pauses if paragraph_pause is None else replace(self.pauses, paragraph=paragraph_pause)
        return replace(
            self,
            rate=self.rate if rate is None else rate,
            volume=self.volume if volume is None else volume,
            pitch=self.pitch if pitch is None else pitch,
            pauses=pauses,
        )


def builtin_voices_dir() -> Path:
    """Presets shipped in the wheel (narrate/voices) or, from a checkout, the repo's voices/."""
    packaged = Path(__file__).parent / "voices"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "voices"


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
    base = load_preset_file(presets[DEFAULT_VOICE]) if DEFAULT_VOICE in presets else VoicePreset()
    ids = engine_voice_ids or []
    if _engine_has_voice(name, ids):
        return replace(base, name=name, voice=name, description=f"eSpeak NG voice {name}")
    suggestions = difflib.get_close_matches(name, list(presets) + ids, n=4, cutoff=0.5)
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    raise VoiceError(f"unknown voice {name!r}{hint} (run 'narrate voices' to list them)")


def _engine_has_voice(name: str, ids: list[str]) -> bool:
    """'gmw/en-us+f3' is the voice 'gmw/en-us' with the variant 'f3'."""
    base = name.split("+", 1)[0].lower()
    return bool(base) and base in {voice_id.lower() for voice_id in ids}
