"""Loudness: the decoded output, measured per BS.1770, meets the target for any voice level."""

import pytest

from narrate.audio.loudness import Loudness, parse_summary
from narrate.episode.pipeline import narrate_file
from tests.audio_check import decode, loudness, speech_regions

TEXT = ("Loudness Check\n\n"
        "The quick brown fox jumps over the lazy dog, and then it runs away across the field.\n\n"
        "Pack my box with five dozen liquor jugs. How vexingly quick daft zebras jump!\n\n"
        "A third paragraph, spoken at the same level as the two before it.\n")

SUMMARY = """[Parsed_ebur128_0 @ 0x1] Summary:

  Integrated loudness:
    I:         -21.2 LUFS
    Threshold: -31.7 LUFS

  True peak:
    Peak:       -0.4 dBFS
"""


def test_summary_parsing():
    assert parse_summary(SUMMARY) == Loudness(integrated=-21.2, peak=-0.4)
    assert parse_summary(SUMMARY.replace("-21.2", "-inf")).integrated == -70.0


@pytest.fixture(scope="module")
def text_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("loud") / "check.txt"
    path.write_text(TEXT)
    return path


@pytest.mark.parametrize("volume", [0.3, None, 2.0], ids=["quiet", "default", "loud"])
def test_any_voice_level_lands_on_target(text_file, tmp_path, volume):
    episode = narrate_file(text_file, tmp_path / "out.mp3", volume=volume)
    measured = loudness(episode.path)
    assert abs(measured.integrated - (-16.0)) <= 1.0
    assert measured.peak <= -1.0
    assert abs(episode.loudness - measured.integrated) <= 0.5  # what narrate reports is true


def test_other_target_and_format(text_file, tmp_path):
    episode = narrate_file(text_file, tmp_path / "out.opus", loudness=-20.0)
    measured = loudness(episode.path)
    assert abs(measured.integrated - (-20.0)) <= 1.0
    assert measured.peak <= -1.0


def test_paragraphs_keep_an_even_level(text_file, tmp_path):
    from narrate.audio.loudness import measure_pcm

    episode = narrate_file(text_file, tmp_path / "out.wav")
    audio = decode(episode.path)
    levels = [measure_pcm(audio[start:end].raw_data, audio.frame_rate).integrated
              for start, end in speech_regions(audio)[1:]]  # the paragraphs after the title
    assert len(levels) == 3
    assert max(levels) - min(levels) < 3.0


@pytest.mark.parametrize("name", ["out.mp3", "out.m4a"], ids=["mp3-blocks", "stream"])
def test_a_plan_that_misses_is_corrected(text_file, tmp_path, monkeypatch, caplog, name):
    """The opening minute predicts the whole closely; if it did not, the measurement of the
    whole (the blocks' meters for MP3, the encoder's for one stream) triggers one exact
    re-encode (from the cache or the spool). Force a 4 dB planning error to see it work."""
    import dataclasses
    import logging

    import narrate.episode.planning as planning

    planner = "plan_block_loudness" if name.endswith(".mp3") else "plan_loudness"
    real = getattr(planning, planner)
    monkeypatch.setattr(planning, planner, lambda *a, **k: dataclasses.replace(
        real(*a, **k), gain_db=real(*a, **k).gain_db - 4.0))
    with caplog.at_level(logging.INFO, logger="narrate.episode.rendering"):
        episode = narrate_file(text_file, tmp_path / name)
    assert "encoding again" in caplog.text
    measured = loudness(episode.path)
    assert abs(measured.integrated + 16) <= 1.0 and measured.peak <= -1.0


def test_a_codec_check_that_changes_the_plan_re_encodes_the_blocks(text_file, tmp_path, monkeypatch, caplog):
    """Short texts encode their blocks while the sample's codec check runs; a check that
    changes the plan (here: a codec offset guessed 2.6 LU wrong) means encoding again."""
    import logging

    import narrate.episode.planning as planning

    monkeypatch.setattr(planning, "CODEC_OFFSET_GUESS", {"MP3": -3.0})
    with caplog.at_level(logging.INFO, logger="narrate.episode.rendering"):
        episode = narrate_file(text_file, tmp_path / "out.mp3")
    assert "the codec check changed the plan" in caplog.text
    measured = loudness(episode.path)
    assert abs(measured.integrated + 16) <= 1.0 and measured.peak <= -1.0
    assert abs(episode.loudness - measured.integrated) <= 0.5


@pytest.fixture(scope="module")
def speech():
    from narrate.voice.engines import get_engine
    from narrate.voice.presets import VoicePreset

    engine = get_engine("espeak")
    speech = engine.synthesize("Pack my box with five dozen liquor jugs. How vexingly quick daft zebras jump!",
                               VoicePreset())
    return speech.pcm + b"\x00" * 22050 + speech.pcm, speech.sample_rate


def test_one_pass_over_several_gains_measures_each(speech):
    """Planning measures a grid of gains in one ffmpeg pass: each branch as a pass of its own."""
    from narrate.audio.loudness import gain_filters, measure_gains, measure_pcm

    pcm, rate = speech
    gains = [2.0, 5.0, 8.0]
    together = measure_gains(pcm, rate, gains, -2.0)
    alone = [measure_pcm(pcm, rate, gain_filters(g, -2.0)).integrated for g in gains]
    assert together == alone and together[0] < together[1] < together[2]


def test_a_re_run_keeps_the_plan_and_every_encoded_block(text_file, tmp_path, monkeypatch):
    """The plan is recorded in the manifest with what it was planned on; a forced re-run of
    the same text from the cache plans nothing and encodes nothing: the same block files,
    untouched, and the same gain."""
    import json

    import narrate.episode.planning as planning

    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "out.mp3"
    narrate_file(text_file, out)
    first = json.loads(out.with_suffix(".narrate.json").read_text())["leveling"]
    blocks = {p: p.stat().st_ino for p in (tmp_path / "cache").rglob("*.blk")}  # rewritten: a new inode
    assert blocks and first["limit_db"] == -2.0 and 0 < first["gain_db"] < 20

    def no_planning(*args, **kwargs):
        raise AssertionError("planned again")

    monkeypatch.setattr(planning, "plan_block_loudness", no_planning)
    episode = narrate_file(text_file, out)
    assert json.loads(out.with_suffix(".narrate.json").read_text())["leveling"] == first
    assert {p: p.stat().st_ino for p in (tmp_path / "cache").rglob("*.blk")} == blocks
    assert abs(loudness(episode.path).integrated + 16) <= 0.5


def test_a_plan_close_to_the_last_one_keeps_its_gain():
    from narrate.audio.loudness import GainPlan
    from narrate.episode.planning import steady_plan

    last = GainPlan(7.60, -2.0, -0.4)
    assert steady_plan(GainPlan(7.70, -2.0, -0.45), last) == GainPlan(7.60, -2.0, -0.45)
    assert steady_plan(GainPlan(8.00, -2.0, -0.45), last) == GainPlan(8.00, -2.0, -0.45)
    assert steady_plan(GainPlan(7.65, -2.8, -0.45), last) == GainPlan(7.65, -2.8, -0.45)
    assert steady_plan(GainPlan(7.65, -2.0, -0.45), None) == GainPlan(7.65, -2.0, -0.45)
