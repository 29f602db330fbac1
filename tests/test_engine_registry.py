"""The engine registry: every engine declares itself the same way, and cached audio is filed
under everything that changes an engine's sound."""

from __future__ import annotations

import dataclasses

import pytest

from narrate.errors import EngineError, VoiceError
from narrate.synthesis.cache import segment_key
from narrate.voice.engines import ENGINES, EngineSpec, engine_spec, specs
from narrate.voice.presets import VoicePreset


def _changed(value: object) -> object:
    """A different value of the same kind, inside every engine's allowed range."""
    if value is None:
        return 1 if False else 0.7
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return round(value + 0.3, 3)


def _preset(spec: EngineSpec, **settings: object) -> VoicePreset:
    base = spec.settings(**settings)
    return VoicePreset(engine=spec.name, voice="some-voice", settings=base,
                       volume=1.0 if spec.max_volume >= 1.0 else spec.max_volume)


def test_every_engine_declares_a_complete_spec():
    assert set(ENGINES) == {spec.name for spec in specs()}
    for spec in specs():
        assert dataclasses.is_dataclass(spec.settings), spec.name
        assert spec.settings().problem() is None  # its defaults are valid
        assert set(spec.devices) <= {"cpu", "cuda"} and "cpu" in spec.devices
        assert spec.install_hint and spec.display
        assert {"voice", "volume"} <= set(spec.sound)


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_presets_differing_in_one_sound_setting_never_share_cached_audio(engine):
    """The cache key changes with every setting of the engine's settings type and with every
    common field the engine declares sound-changing (a Piper preset with another noise_scale
    once got the old preset's audio back)."""
    spec = engine_spec(engine)
    base = _preset(spec)
    key = segment_key(engine, "1", base, "Hello there.")
    for field in dataclasses.fields(spec.settings):
        value = getattr(base.settings, field.name)
        if field.name == "speaker_id":
            other = 1
        elif field.name == "sentence_silence":
            other = 0.5
        else:
            other = _changed(value)
        changed = dataclasses.replace(base, settings=dataclasses.replace(base.settings, **{field.name: other}))
        assert segment_key(engine, "1", changed, "Hello there.") != key, field.name
    for name in spec.sound:
        value = getattr(base, name)
        other = "another-voice" if name == "voice" else (value - 0.2 if name == "volume" else 200)
        changed = dataclasses.replace(base, **{name: other})
        if spec.pace is not None and name == "rate":
            continue  # derived from the engine's own pace setting
        assert segment_key(engine, "1", changed, "Hello there.") != key, name
    renamed = dataclasses.replace(base, name="mine", description="another name, same sound")
    assert segment_key(engine, "1", renamed, "Hello there.") == key


def test_a_real_piper_preset_change_reaches_the_cache_key():
    """The bug this registry fixed, on the shipped joe preset: noise_scale was not in the key."""
    pytest.importorskip("piper")
    from narrate.voice.presets import resolve_voice

    joe = resolve_voice("joe")
    livelier = dataclasses.replace(joe, settings=dataclasses.replace(joe.settings, noise_scale=0.9))
    assert segment_key("piper", "1", joe, "Hi.") != segment_key("piper", "1", livelier, "Hi.")


def test_unknown_engine_is_one_clear_error():
    with pytest.raises(EngineError, match="unknown engine 'festival': choose one of"):
        engine_spec("festival")
    with pytest.raises(VoiceError, match="unknown engine 'festival'"):
        VoicePreset.from_dict({"engine": "festival"}, "mine")


def test_engine_settings_live_with_their_engine():
    with pytest.raises(VoiceError, match='length_scale only apply to engine = "piper"'):
        VoicePreset.from_dict({"length_scale": 1.2}, "mine")
    with pytest.raises(VoiceError, match="pitch 120 is outside 0-100"):
        VoicePreset.from_dict({"pitch": 120}, "mine")
    with pytest.raises(VoiceError, match="unknown setting.*loudness"):
        VoicePreset.from_dict({"loudness": 3}, "mine")
