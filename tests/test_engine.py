"""The real eSpeak NG engine through pyttsx3."""

import subprocess
import sys

from narrate.voice.engines import get_engine
from narrate.voice.presets import VoicePreset

RATE = 22050


def test_speaks_pcm_of_plausible_length():
    engine = get_engine("espeak")
    speech = engine.synthesize("This sentence has exactly eight words in it.", VoicePreset(rate=175))
    seconds = len(speech.pcm) / 2 / speech.sample_rate
    assert 2.0 < seconds < 5.0  # 8 words at 175 wpm is about 2.7 s plus the end pause


def test_rate_changes_duration():
    engine = get_engine("espeak")
    text = "The quick brown fox jumps over the lazy dog, again and again and again."
    slow = len(engine.synthesize(text, VoicePreset(rate=120)).pcm)
    fast = len(engine.synthesize(text, VoicePreset(rate=300)).pcm)
    assert slow > 1.8 * fast


def test_voices_include_english():
    ids = {v.id for v in get_engine("espeak").voices()}
    assert {"gmw/en-us", "gmw/en"} <= ids


def test_first_chunk_after_start_is_never_dropped():
    """In a fresh process, the very first utterances all produce audio (pyttsx3 2.99's race)."""
    code = (
        "from narrate.voice.engines import get_engine\n"
        "from narrate.voice.presets import VoicePreset\n"
        "e = get_engine('espeak')\n"
        "print([len(e.synthesize(t, VoicePreset()).pcm) for t in ['First.', 'Second one.', 'Third.']])\n"
    )
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        lengths = eval(out.stdout.strip().splitlines()[-1])
        assert all(n > 0.3 * RATE * 2 for n in lengths), lengths
        assert out.stdout.strip().count("\n") == 0, "engine printed to stdout"


def test_engine_that_cannot_start_says_what_to_install(tmp_path):
    code = "from narrate.voice.engines import get_engine\nget_engine('espeak')\n"
    env = {"ESPEAK_DATA_PATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode != 0
    assert "eSpeak NG could not start" in out.stderr
    assert "espeakng-loader" in out.stderr
