"""The Kokoro engine with the real int8 model (from PyPI) and real voices (kokoro-js): end to
end to an MP3 with chapters and a transcript, heard back by an offline recogniser."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from mutagen.mp3 import MP3

from narrate.cli.commands import cli
from narrate.errors import EngineError, VoiceError
from narrate.voice.engines import get_engine, kokoro
from narrate.voice.presets import VoicePreset, resolve_voice
from tests.asr import transcribe, word_error_rate
from tests.audio_check import decode, ffmetadata_chapters, speech_regions

# Written for this project: two short chapters of plain US English.
ARTICLE = """# The river walk

## Morning

The river was quiet in the early morning. A heron stood in the shallow water and waited.

## Evening

By evening the path was full of people walking home from work.
"""
SCRIPT_WORDS = ("The river walk. Morning. The river was quiet in the early morning. A heron stood in "
                "the shallow water and waited. Evening. By evening the path was full of people "
                "walking home from work.")
# Measured on this text (pocketsphinx): heart 0.118 (the same audio every run), eSpeak NG's
# default voice 0.676. The limit leaves room for another onnxruntime build's rounding and
# stays far below eSpeak NG.
KOKORO_WER_LIMIT = 0.25


@pytest.fixture(scope="module")
def episode(kokoro_installed, tmp_path_factory):
    folder = tmp_path_factory.mktemp("kokoro")
    source = folder / "river.md"
    source.write_text(ARTICLE, encoding="utf-8")
    out = folder / "river.mp3"
    result = CliRunner().invoke(cli, [str(source), "-o", str(out), "--voice", "heart",
                                      "--transcript", "vtt", "-q"])
    assert result.exit_code == 0, result.output
    return out


def test_kokoro_episode_has_chapters_transcript_and_speech(episode):
    chapters = ffmetadata_chapters(episode)
    assert [title for _, title in chapters] == ["Morning", "Evening"]
    length = MP3(episode).info.length
    assert 8 < length < 30
    assert chapters[1][0] > 3.0
    audio = decode(episode)
    assert len(speech_regions(audio)) >= 3  # title, two headings and paragraphs with pauses
    vtt = episode.with_suffix(".vtt").read_text(encoding="utf-8")
    words = re.sub(r"<\d\d:\d\d:\d\d\.\d\d\d>", "", vtt)  # each word's time, in the karaoke form
    assert vtt.startswith("WEBVTT") and "heron stood in the shallow water" in words and words != vtt


def test_kokoro_is_understood(episode):
    heard = transcribe(episode)
    assert word_error_rate(SCRIPT_WORDS, heard) <= KOKORO_WER_LIMIT, heard


def test_any_kokoro_voice_by_id_speaks_its_language(kokoro_installed):
    emma = resolve_voice("bf_emma")
    assert (emma.engine, emma.voice, emma.language) == ("kokoro", "bf_emma", "en-GB")
    french = resolve_voice("ff_siwis")
    assert french.language == "fr-FR"
    speech = get_engine("kokoro").synthesize("Bonjour.", french)
    assert speech.sample_rate == kokoro.SAMPLE_RATE
    assert 0.3 < len(speech.pcm) / 2 / speech.sample_rate < 3


def test_volume_scales_the_samples(kokoro_installed):
    heart = resolve_voice("heart")
    engine = get_engine("kokoro")
    full = engine.synthesize("Hello.", heart).pcm
    half = engine.synthesize("Hello.", replace(heart, volume=0.5)).pcm
    peak = lambda pcm: max(abs(int.from_bytes(pcm[i:i + 2], "little", signed=True)) for i in range(0, len(pcm), 2))
    assert len(full) == len(half)
    assert 0.4 < peak(half) / peak(full) < 0.6


def test_a_voice_not_installed_is_one_clear_error(kokoro_installed):
    with pytest.raises(EngineError, match="Kokoro voice am_adam is not installed: run 'narrate voices get kokoro'"):
        kokoro.preflight(VoicePreset(engine="kokoro", voice="am_adam"))
    with pytest.raises(VoiceError, match="Kokoro has no voice 'zz_nobody'"):
        kokoro.preflight(VoicePreset(engine="kokoro", voice="zz_nobody"))


def test_long_sentences_are_cut_within_the_model_limit():
    sentence = "ðə wɜːdz ɡoʊ ˈɒn, " * 60 + "ænd ɒn."
    pieces = kokoro.split_phonemes(f"haɪ. {sentence} baɪ.")
    assert pieces[0] == "haɪ." and pieces[-1] == "baɪ."
    assert all(len(kokoro.tokens_of(p)) <= kokoro.MAX_TOKENS for p in pieces)
    assert "".join(pieces).replace(" ", "") == f"haɪ.{sentence}baɪ.".replace(" ", "")
    assert len(pieces) > 3


def test_rate_maps_to_speed():
    heart = resolve_voice("heart")
    assert heart.with_overrides(rate=kokoro.NATURAL_WPM).settings.speed == 1.0
    assert heart.with_overrides(rate=285).settings.speed == 1.5
    with pytest.raises(VoiceError, match="--rate 450 is out of reach for Kokoro voices: choose 95-380"):
        heart.with_overrides(rate=450)


@pytest.mark.parametrize("data, message", [
    ({"engine": "kokoro", "speed": 3}, "speed 3.0 is outside 0.5-2.0"),
    ({"engine": "kokoro", "rate": 170}, "rate does not apply to Kokoro voices; use speed"),
    ({"engine": "kokoro", "pitch": 40}, "pitch does not apply to Kokoro voices"),
    ({"engine": "kokoro", "volume": 1.5}, "volume 1.5 would clip"),
])
def test_kokoro_preset_mistakes_are_named(data, message):
    with pytest.raises(VoiceError, match=message):
        VoicePreset.from_dict(data, "mine")


def test_kokoro_presets_ship():
    for name, voice_id in (("heart", "af_heart"), ("michael", "am_michael"), ("emma", "bf_emma")):
        preset = resolve_voice(name)
        assert (preset.engine, preset.voice) == ("kokoro", voice_id)


def test_voices_lists_kokoro_voices(kokoro_installed):
    result = CliRunner().invoke(cli, ["voices", "--json"])
    assert result.exit_code == 0, result.output
    ids = {v["id"] for v in json.loads(result.output)["engines"]["kokoro"]}
    assert {"af_heart", "bf_emma", "ff_siwis"} <= ids


def test_kokoro_is_handed_heteronyms_as_their_context_reads_them(kokoro_installed, monkeypatch):
    engine = get_engine("kokoro")
    handed = []
    real_infer = engine._infer
    monkeypatch.setattr(engine, "_infer", lambda piece, *rest: handed.append(piece) or real_infer(piece, *rest))
    engine.synthesize("Please close the door.", resolve_voice("heart"), marks=False)
    assert any("klˈoʊz" in piece for piece in handed), handed
    assert "heteronyms" in engine.version()  # cached speech from before is not reused
