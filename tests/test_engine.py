"""The real eSpeak NG engine (espeakng-loader's library, driven through its C API)."""

import subprocess
import sys

import pytest

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


def test_a_chunk_sounds_the_same_whatever_was_spoken_before():
    """eSpeak NG's wave generator carries phase and pitch flutter from one utterance into
    the next: the same sentence came out up to 12 ms longer or shorter after other text. Each
    chunk now starts from the library's initial state, in this process and any other."""
    engine = get_engine("espeak")
    voice = VoicePreset()
    target = "The quick brown fox jumps over the lazy dog, twice."
    heard = []
    for before in ([], ["Hi."], ["Paragraph number 1 says something short and plain."] * 3,
                   ["A much longer sentence that goes on and on about the weather in the valley."]):
        for text in before:
            engine.synthesize(text, voice)
        heard.append(engine.synthesize(target, voice).pcm)
    assert all(pcm == heard[0] for pcm in heard), [len(pcm) for pcm in heard]
    code = ("import hashlib\nfrom narrate.voice.engines import get_engine\n"
            "from narrate.voice.presets import VoicePreset\n"
            f"print(hashlib.sha256(get_engine('espeak').synthesize({target!r}, VoicePreset()).pcm).hexdigest())\n")
    elsewhere = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    import hashlib

    assert elsewhere.stdout.strip() == hashlib.sha256(heard[0]).hexdigest()


def test_a_breathy_variant_sounds_the_same_a_second_later():
    """eSpeak NG seeds the breath noise of variants such as +f3 (the `female` preset) with the
    clock when it starts; each chunk starts it again, so the seed is fixed."""
    import time

    engine = get_engine("espeak")
    voice = VoicePreset(voice="gmw/en-us+f3")
    first = engine.synthesize("The quick brown fox jumps over the lazy dog.", voice).pcm
    time.sleep(1.1)  # into the next second of the clock
    assert engine.synthesize("The quick brown fox jumps over the lazy dog.", voice).pcm == first


def test_speaking_many_chunks_keeps_memory_flat():
    """Each chunk reloads the library, and eSpeak NG never frees the voice list it makes when
    a voice is selected (2 KB a chunk, 18 MB over a long book): the engine frees it itself.
    Measured as the C heap in use (glibc's mallinfo2), before and after."""
    import ctypes

    libc = ctypes.CDLL(None)
    if not hasattr(libc, "mallinfo2"):
        pytest.skip("glibc's mallinfo2 is needed to measure the C heap")

    class MallInfo(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                            "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

    libc.mallinfo2.restype = MallInfo

    def in_use() -> int:
        info = libc.mallinfo2()
        return info.uordblks + info.hblkhd

    engine = get_engine("espeak")
    voice = VoicePreset()
    for _ in range(20):
        engine.synthesize("A short sentence to speak.", voice)
    before = in_use()
    for _ in range(300):
        engine.synthesize("A short sentence to speak.", voice)
    assert in_use() - before < 300 * 300  # leaking, it grew by 300 x 1,968 bytes


def test_ctrl_c_during_a_chunk_is_not_lost_in_the_audio_callback(monkeypatch):
    """eSpeak NG hands audio to a Python callback; a KeyboardInterrupt raised there was printed
    ("Exception ignored on calling ctypes callback function") and lost, and the run went on
    to the end (exit 0 after Ctrl-C). It now reaches the caller."""
    import ctypes

    engine = get_engine("espeak")
    real = ctypes.string_at
    calls = []

    def interrupted(*args: object) -> bytes:
        calls.append(1)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(ctypes, "string_at", interrupted)
    with pytest.raises(KeyboardInterrupt):
        engine.synthesize("The quick brown fox jumps over the lazy dog, again and again.", VoicePreset())
    monkeypatch.setattr(ctypes, "string_at", real)
    assert len(engine.synthesize("And then it is fine again.", VoicePreset()).pcm) > RATE  # still usable


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
