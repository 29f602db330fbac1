import pytest

from narrate.errors import VoiceError
from narrate.voice.presets import VoicePreset, builtin_voices_dir, list_presets, load_preset_file, resolve_voice


def test_shipped_presets_load_and_are_useful():
    presets = {p.name: p for p in list_presets()}
    assert {"default", "british", "clear", "skim"} <= set(presets)
    assert presets["clear"].rate < presets["default"].rate < presets["skim"].rate
    assert presets["british"].language == "en-GB"


def test_resolve_by_name_and_by_file(tmp_path):
    assert resolve_voice("skim").name == "skim"
    custom = tmp_path / "mine.toml"
    custom.write_text('voice = "gmw/en"\nrate = 150\n[pauses]\nparagraph = 2.0\n')
    preset = resolve_voice(str(custom))
    assert (preset.name, preset.voice, preset.rate, preset.pauses.paragraph) == ("mine", "gmw/en", 150, 2.0)


def test_raw_engine_voice_id_is_accepted_when_the_engine_has_it():
    preset = resolve_voice("gmw/en-us+f3", ["gmw/en-us", "gmw/de"])
    assert preset.voice == "gmw/en-us+f3"


def test_unknown_voice_names_the_closest_matches():
    with pytest.raises(VoiceError, match=r"unknown voice 'britsh'; did you mean british"):
        resolve_voice("britsh", ["gmw/en-us"])


@pytest.mark.parametrize(("content", "message"), [
    ("rate = 1000", "rate 1000 is outside"),
    ("tempo = 3", "unknown setting"),
    ('rate = "fast"', "rate must be a number"),
    ("rate = ", "not valid TOML"),
])
def test_bad_presets_are_refused_with_a_reason(tmp_path, content, message):
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(VoiceError, match=message):
        load_preset_file(path)


def test_overrides_win():
    preset = VoicePreset().with_overrides(rate=220, volume=0.5, paragraph_pause=1.5)
    assert (preset.rate, preset.volume, preset.pauses.paragraph) == (220, 0.5, 1.5)


def test_round_trip():
    preset = load_preset_file(builtin_voices_dir() / "clear.toml")
    assert VoicePreset.from_dict(preset.to_dict(), "clear", preset.path) == preset


def test_every_language_an_espeak_voice_lists_is_read():
    """espeak_VOICE.languages holds several names; read as one C string it gave the first only,
    so Mandarin ('cmn', then 'zh') and Norwegian ('nb', then 'no') had no voice for the codes
    language detection gives."""
    from narrate.voice.engines import installed_voices
    from narrate.voice.for_language import voice_for_language

    voices = {voice.id: voice.languages for voice in installed_voices("espeak")}
    assert voices["sit/cmn"] == ("cmn", "zh-cmn", "zh") and "no" in voices["gmq/nb"]
    mandarin = voice_for_language("zh", engine="espeak")
    assert (mandarin.voice, mandarin.language) == ("sit/cmn", "zh")
    assert voice_for_language("no", engine="espeak").voice == "gmq/nb"
    assert voice_for_language("fr", engine="espeak").language == "fr-FR"  # as before
