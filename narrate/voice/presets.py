"""Voice presets: small TOML files users can read, copy and edit.

A preset names an engine, the engine's voice id, and how to speak (rate, pitch, volume,
pauses). `--voice` takes a preset name, a path to a preset file, or a raw engine voice id.
Presets are looked up in the user's voices folder first, then the ones shipped with narrate.
"""

from __future__ import annotations

import difflib
import os
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from narrate.errors import EngineError, VoiceError
from narrate.text.script import Pauses
from narrate.voice.engines import ENGINES, EngineSpec, coerce_settings, engine_names, engine_spec

from narrate.tomlfile import tomllib

DEFAULT_VOICE = "default"
VOICE_ENV = "NARRATE_VOICE"
RATE_RANGE = (80, 450)  # words per minute
VOLUME_RANGE = (0.1, 2.0)
PAUSE_RANGE = (0.0, 10.0)  # seconds


@dataclass(frozen=True)
class VoicePreset:
    """How to speak. Every field has a default, so a preset file may set only what it changes.

    The keys every engine understands are fields here; the keys of one engine only (eSpeak NG's
    pitch, Piper's length_scale, ...) are that engine's `settings` (see narrate.voice.engines).
    A preset file keeps them all at its top level.
    """

    name: str = DEFAULT_VOICE
    description: str = ""
    engine: str = "espeak"
    """Which engine synthesises (`narrate voices` lists them)."""
    voice: str = "gmw/en-us"
    """The engine's own voice id, as `narrate voices` lists it (variants: 'gmw/en-us+f3'); for
    Piper also a path to a .onnx model (relative to the preset file)."""
    language: str = "en-US"
    """BCP 47 language tag written into tags and feeds."""
    lexicon: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    """Pronunciation fixes for this voice: word = "respelling", as in a lexicon file."""
    rate: int = 175
    """Words per minute (80-450). For engines with a pace setting of their own, derived from it."""
    volume: float = 1.0
    """0.1-2.0, a multiplier on the engine's normal level."""
    pauses: Pauses = field(default_factory=Pauses)
    """Silence in seconds after titles, headings, paragraphs and sentence groups."""
    settings: Any = None
    """The engine's own settings (its SPEC.settings type); None: that type's defaults."""
    path: str | None = None
    """Where the preset was loaded from (not read from the file)."""
    others: tuple[tuple[str, VoicePreset], ...] = field(default=(), compare=False, repr=False)
    """The voices that read this episode's paragraphs in other languages, by primary language
    subtag ('fr'), chosen by narrate.voice.for_language (not read from the file)."""

    def __post_init__(self) -> None:
        spec = self.spec
        if self.settings is None:
            object.__setattr__(self, "settings", spec.settings())
        elif not isinstance(self.settings, spec.settings):
            raise VoiceError(f"voice {self.name!r}: settings of another engine for {self.engine}")
        if not RATE_RANGE[0] <= self.rate <= RATE_RANGE[1]:
            raise VoiceError(f"voice {self.name!r}: rate {self.rate} is outside 80-450 words per minute")
        if not 0.1 <= self.volume <= spec.max_volume:
            if self.volume > spec.max_volume and spec.max_volume < 2.0:
                raise VoiceError(f"voice {self.name!r}: volume {self.volume} would clip: {spec.display} "
                                 f"voices are already at full scale, so use 0.1-{spec.max_volume}")
            raise VoiceError(f"voice {self.name!r}: volume {self.volume} is outside 0.1-2.0")
        for pause in asdict(self.pauses).values():
            if not PAUSE_RANGE[0] <= pause <= PAUSE_RANGE[1]:
                raise VoiceError(f"voice {self.name!r}: pauses must be between 0 and 10 seconds")
        problem = self.settings.problem()
        if problem:
            raise VoiceError(f"voice {self.name!r}: {problem}")
        if spec.pace is not None:  # so estimates (narrate inspect) use the pace it will speak at
            object.__setattr__(self, "rate", spec.pace.rate_of(self.settings))

    def for_language(self, language: str | None) -> VoicePreset:
        """The voice that reads a chunk in `language` (None: the document's): one of `others`
        for a language it names, else this one."""
        if language and self.others:
            head = language.replace("_", "-").split("-", 1)[0].lower()
            for key, voice in self.others:
                if key == head:
                    return voice
        return self

    @property
    def spec(self) -> EngineSpec:
        try:
            return engine_spec(self.engine)
        except EngineError as exc:
            raise VoiceError(f"voice {self.name!r}: {exc}") from exc

    @classmethod
    def from_dict(cls, data: dict[str, Any], name: str, path: str | None = None) -> VoicePreset:
        """Validate a parsed TOML table: unknown keys and wrong types are errors, not ignored."""
        values: dict[str, Any] = dict(data)
        engine = values.get("engine", "espeak")
        if not isinstance(engine, str):
            raise VoiceError(f"voice {name!r}: engine must be a string")
        try:
            spec = engine_spec(engine)
        except EngineError as exc:
            raise VoiceError(f"voice {name!r}: {exc}") from exc
        own = {f.name for f in fields(spec.settings)}
        _check_keys(name, spec, set(values), own)
        try:
            settings = coerce_settings(spec.settings, {k: values.pop(k) for k in own & set(values)})
            if "pauses" in values:
                values["pauses"] = Pauses(**{k: float(v) for k, v in values["pauses"].items()})
            for key, kind in (("rate", int), ("volume", float)):
                if key in values:
                    if isinstance(values[key], bool) or not isinstance(values[key], (int, float)):
                        raise TypeError(f"{key} must be a number")
                    values[key] = kind(values[key])
            if "lexicon" in values:
                from narrate.text.lexicon import parse_table

                if not isinstance(values["lexicon"], dict):
                    raise TypeError("lexicon must be a table: [lexicon] then word = \"respelling\"")
                parse_table(values["lexicon"], f"in voice preset {name!r}")  # errors name the entry
            for key in ("description", "voice", "language"):
                if key in values and not isinstance(values[key], str):
                    raise TypeError(f"{key} must be a string")
        except (TypeError, AttributeError) as exc:
            raise VoiceError(f"voice {name!r}: {exc}") from exc
        return cls(name=name, path=path, settings=settings, **values)

    def to_dict(self) -> dict[str, Any]:
        """The preset as a file would say it: one flat table, the engine's settings included."""
        data = {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("name", "path", "settings", "others")}
        data["pauses"] = asdict(self.pauses)
        data.update(asdict(self.settings))
        return {k: v for k, v in data.items() if k not in self.spec.refused and v is not None}

    def with_overrides(self, rate: int | None = None, volume: float | None = None,
                       pitch: int | None = None, paragraph_pause: float | None = None) -> VoicePreset:
        """Command-line options win over the preset (for an engine with a pace of its own,
        `rate` sets that; `pitch` only where the engine has one)."""
        spec = self.spec
        changes: dict[str, Any] = {}
        settings = self.settings
        if pitch is not None:
            if not hasattr(settings, "pitch"):
                raise VoiceError(f"--pitch does not apply to {spec.display} voices such as {self.name!r}")
            settings = replace(settings, pitch=pitch)
        if rate is not None:
            if spec.pace is not None:
                settings = spec.pace.with_rate(settings, rate)
            else:
                changes["rate"] = rate
        if volume is not None:
            changes["volume"] = volume
        if paragraph_pause is not None:
            changes["pauses"] = replace(self.pauses, paragraph=paragraph_pause)
        return replace(self, settings=settings, **changes)


def _check_keys(name: str, spec: EngineSpec, given: set[str], own: set[str]) -> None:
    """A setting the preset's engine ignores is a mistake worth saying, not silently dropping."""
    for key in sorted(given & set(spec.refused)):
        raise VoiceError(f"voice {name!r}: {key} does not apply to {spec.display} voices; {spec.refused[key]}")
    common = {f.name for f in fields(VoicePreset)} - {"name", "path", "settings", "others"}
    stray = given - common - own
    if not stray:
        return
    for other in engine_names():
        theirs = {f.name for f in fields(engine_spec(other).settings)}
        if stray & theirs:
            keys = ", ".join(sorted(stray & theirs))
            raise VoiceError(f"voice {name!r}: {keys} only apply to engine = \"{other}\"")
    raise VoiceError(f"voice {name!r}: unknown setting(s) {', '.join(sorted(stray))}")


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
    """A preset file: a regular file of at most NARRATE_MAX_OPTION_FILE_MB, UTF-8 TOML."""
    from narrate.fileio import read_regular_text
    from narrate.limits import MAX_OPTION_FILE_BYTES

    text = read_regular_text(path, "voice preset file", MAX_OPTION_FILE_BYTES, VoiceError)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VoiceError(f"voice preset {path} is not valid TOML: {exc}") from exc
    return VoicePreset.from_dict(data, name or path.stem, str(path))


def list_presets() -> list[VoicePreset]:
    return [load_preset_file(path, name) for name, path in preset_paths().items()]


def resolve_voice(name: str | None, engine_voice_ids: list[str] | None = None) -> VoicePreset:
    """Find a voice by preset name, preset path or an engine's voice id; suggest close matches.

    Engines are asked in the registry's order, cheap look-ups first, so the common case (a
    preset) never starts an engine. `engine_voice_ids`, when given, stands in for eSpeak NG's
    list of voice ids and languages (so a caller that has it need not start the engine).
    """
    name = name or default_voice_name()
    presets = preset_paths()
    if name in presets:
        return load_preset_file(presets[name], name)
    if name.endswith(".toml"):
        return load_preset_file(Path(name))
    base = load_preset_file(presets[DEFAULT_VOICE]) if DEFAULT_VOICE in presets else VoicePreset()
    known: list[str] = list(presets)
    for engine in ENGINES:
        spec = engine_spec(engine)
        if engine == "espeak" and engine_voice_ids is not None:
            match = espeak_match(name, engine_voice_ids)
            ids = engine_voice_ids
        else:
            match = spec.match_voice(name)
            ids = []
        if match is not None:
            if engine == base.engine:
                return replace(base, name=name, voice=match, description=f"{spec.display} voice {name}")
            return VoicePreset(name=Path(name).stem if name.endswith(".onnx") else name, engine=engine,
                               voice=match, description=f"{spec.display} voice {Path(name).name}",
                               language=_language_of(spec, match))
        known += ids
    suggestions = difflib.get_close_matches(name, known, n=4, cutoff=0.5)
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    raise VoiceError(f"unknown voice {name!r}{hint} (run 'narrate voices' to list them)")


def _language_of(spec: EngineSpec, voice_id: str) -> str:
    """The BCP 47 tag of an engine voice ('fr-fr' -> 'fr-FR'), for tags and feeds."""
    for voice in spec.voices():
        if voice.id == voice_id and voice.languages:
            head, _, region = voice.languages[0].partition("-")
            return f"{head}-{region.upper()}" if len(region) == 2 else head
    return VoicePreset.language


def default_voice_name() -> str:
    """The voice used when none is asked for: NARRATE_VOICE, else the user's own `default`
    preset, else the most natural voice installed (Kokoro heart, Piper joe), else eSpeak NG."""
    from narrate.voice.best import best_installed

    chosen = os.environ.get(VOICE_ENV)
    if chosen:
        return chosen
    if (user_voices_dir() / f"{DEFAULT_VOICE}.toml").is_file():
        return DEFAULT_VOICE
    return best_installed()


def espeak_match(name: str, ids: list[str]) -> str | None:
    """'gmw/en-us+f3' is the voice 'gmw/en-us' with the variant 'f3'; a language works too."""
    base = name.split("+", 1)[0].lower()
    return name if base and base in {voice_id.lower() for voice_id in ids} else None
