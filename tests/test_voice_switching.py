"""A paragraph in another language is read by a voice of that language, within the episode:
each paragraph's language and voice in `narrate inspect --json`, and heard so in the file
(the stretch of the decoded audio where the paragraph is heard has the shape of that voice's
reading of it, not of the document voice's), in MP3 blocks with and without workers and in
one stream; the cache files each chunk under the voice that read it."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from narrate.cli.commands import cli
from narrate.episode.pipeline import narrate_file
from narrate.voice.engines import get_engine
from narrate.voice.for_language import with_voices_for
from narrate.voice.presets import resolve_voice
from tests.audio_check import decode

ENGLISH_WITH_FRENCH = """# A letter from Paris

The museum opened its doors on 3 May 2021, and more than 2,000 visitors came on the first day.

« Nous avons attendu ce moment pendant des années, et nous sommes très heureux de pouvoir enfin \
accueillir le public le 3 mai 2021 », a déclaré la directrice du musée.

The director said that the museum would stay open until 9 pm every Friday.
"""
FRENCH_WITH_ENGLISH = """---
lang: fr
---
# Notes de version

Cette version corrige plusieurs problèmes signalés par les utilisateurs depuis le 1er janvier 2024.

The following paragraph was not translated yet: please see the English documentation for the full \
list of changes in version 2.4.

Nous remercions toutes les personnes qui ont participé à cette version, et en particulier les traducteurs.
"""
RATE = 22050


def _inspect(path) -> dict:
    result = CliRunner().invoke(cli, ["inspect", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture
def english_page(tmp_path):
    path = tmp_path / "letter.md"
    path.write_text(ENGLISH_WITH_FRENCH, encoding="utf-8")
    return path


@pytest.fixture
def french_page(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text(FRENCH_WITH_ENGLISH, encoding="utf-8")
    return path


def test_inspect_shows_each_paragraphs_language_and_voice(english_page, french_page, tmp_path, monkeypatch):
    # eSpeak NG's voices, whatever neural voices earlier tests installed (with Kokoro's
    # ff_siwis in the data folder, the French quote is rightly Kokoro's)
    monkeypatch.setenv("NARRATE_DATA_DIR", str(tmp_path / "no-voices"))
    info = _inspect(english_page)
    by_text = {chunk["display"][:12]: chunk for chunk in info["chunks"]}
    quote = by_text["« Nous avons"]
    assert (quote["language"], quote["voice"]) == ("fr", "roa/fr")
    assert "trois mai deux mille vingt-et-un" in quote["text"]  # said in French words
    for start in ("The museum o", "The director"):
        assert by_text[start]["voice"] == info["voice"]["name"] and by_text[start]["language"] is None
    assert {"name": "roa/fr", "engine": "espeak", "voice": "roa/fr", "language": "fr-FR", "reads": "fr"} in info["voices"]

    info = _inspect(french_page)
    assert info["language"] == "fr" and info["voice"]["voice"] == "roa/fr"
    by_text = {chunk["display"][:12]: chunk for chunk in info["chunks"]}
    untranslated = by_text["The followin"]
    assert (untranslated["language"], untranslated["voice"]) == ("en", "gmw/en-us")
    assert "version two point four" in untranslated["text"]  # English rules for English
    assert by_text["Cette versio"]["voice"] == "roa/fr" and "premier janvier" in by_text["Cette versio"]["text"]


def test_a_language_option_reads_every_paragraph_in_it(english_page):
    result = CliRunner().invoke(cli, ["inspect", str(english_page), "--json", "--language", "en"])
    info = json.loads(result.output)
    assert {chunk["voice"] for chunk in info["chunks"]} == {info["voice"]["name"]}


def _envelope(pcm: np.ndarray, rate: int) -> np.ndarray:
    frame = rate // 50  # 20 ms
    usable = len(pcm) // frame * frame
    return np.sqrt(np.mean(pcm[:usable].reshape(-1, frame).astype(float) ** 2, axis=1))


def _likeness(heard: np.ndarray, reference: np.ndarray, rate: int) -> float:
    """How alike two readings sound in their loudness over time (1: the same shape)."""
    first, second = _envelope(heard, rate), _envelope(reference, rate)
    length = min(len(first), len(second))
    return float(np.corrcoef(first[:length], second[:length])[0, 1])


def _heard_as(path, text_start: str, spoken: str) -> tuple[float, float]:
    """The likeness of the stretch where a paragraph is heard to the French voice's reading of
    its words, and to the document voice's."""
    manifest = json.loads(path.with_name(path.stem + ".narrate.json").read_text())
    cue = next(cue for cue in manifest["timeline"]["cues"] if cue["text"].startswith(text_start))
    audio = decode(path, RATE)
    samples = np.frombuffer(audio.raw_data, dtype="<i2")
    heard = samples[int(cue["start"] * RATE):int(cue["end"] * RATE) + RATE // 10]
    main = resolve_voice("default")
    french = with_voices_for(main, ["fr"]).for_language("fr")
    engine = get_engine("espeak")
    readings = [np.frombuffer(engine.synthesize(spoken, voice).pcm, dtype="<i2") for voice in (french, main)]
    return _likeness(heard, readings[0], RATE), _likeness(heard, readings[1], RATE)


@pytest.mark.parametrize("name, jobs", [("blocks.mp3", 1), ("workers.mp3", 2), ("stream.ogg", 1)])
def test_the_french_paragraph_is_heard_in_the_french_voice(english_page, tmp_path, name, jobs):
    out = tmp_path / name
    episode = narrate_file(english_page, out, jobs=jobs, cache=False)
    assert episode.loudness is not None and abs(episode.loudness + 16.0) <= 1.0  # the plan still holds
    quote = next(chunk for chunk in _inspect(english_page)["chunks"] if chunk["language"] == "fr")
    french, english = _heard_as(out, "« Nous avons", quote["text"])
    assert french > 0.8 and french > english + 0.2, (french, english)
    # the English paragraphs around it are the document voice's
    info = _inspect(english_page)
    first = info["chunks"][1]
    manifest = json.loads(out.with_name(out.stem + ".narrate.json").read_text())
    cue = next(cue for cue in manifest["timeline"]["cues"] if cue["text"].startswith("The museum"))
    samples = np.frombuffer(decode(out, RATE).raw_data, dtype="<i2")
    heard = samples[int(cue["start"] * RATE):int(cue["end"] * RATE)]
    own = np.frombuffer(get_engine("espeak").synthesize(first["text"], resolve_voice("default")).pcm, dtype="<i2")
    assert _likeness(heard, own, RATE) > 0.8


def test_each_chunk_is_cached_under_the_voice_that_read_it(english_page):
    from narrate.episode.pipeline import prepare
    from narrate.episode.options import NarrateOptions
    from narrate.synthesis.cache import segment_key
    from narrate.synthesis.synthesizer import Synthesizer

    script, voice = prepare(str(english_page), NarrateOptions())
    with Synthesizer(jobs=1) as synthesizer:
        keys = synthesizer.segment_keys(script.chunks, voice)
        version = synthesizer.engine_version("espeak")
    for chunk, key in zip(script.chunks, keys):
        speaker = voice.for_language(chunk.language)
        assert key == segment_key("espeak", version, speaker, chunk.text)
    french = [key for chunk, key in zip(script.chunks, keys) if chunk.language == "fr"]
    assert french and french[0] != segment_key("espeak", version, resolve_voice("default"), script.chunks[2].text)


def test_a_chunk_brought_to_the_episodes_rate_keeps_its_words_at_the_same_times():
    """Another voice's chunk is resampled to the episode's rate: its word marks are counted
    in the new samples, so the transcript still times the words where they are heard."""
    from narrate.model import Segment, WordMark
    from narrate.synthesis.synthesizer import at_rate

    tone = bytes(2 * 24000)  # one second at 24 kHz
    marks = (WordMark(0, 5, 0, 12000), WordMark(6, 5, 12000, 24000))
    moved = at_rate(Segment(index=0, pcm=tone, sample_rate=24000, marks=marks), 22050)
    assert moved.sample_rate == 22050 and len(moved.pcm) == 2 * 22050
    assert [(m.start, m.end) for m in moved.marks] == [(0, 11025), (11025, 22050)]
    assert [(m.offset, m.length) for m in moved.marks] == [(0, 5), (6, 5)]
