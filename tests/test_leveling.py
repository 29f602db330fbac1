"""The in-process gain, limiter, meter and MP3 encoder that MP3 blocks go through, checked
against ffmpeg (its ebur128 meter, its decoder) on real eSpeak NG speech."""

from __future__ import annotations

import array
import math

import pytest

from narrate.audio.mp3encoder import Mp3Encoder
from narrate.errors import EncodeError
from narrate.audio.ffmpeg import run
from narrate.audio.leveling import Leveling, LoudnessMeter, integrated_loudness, level, measure
from narrate.audio.loudness import measure_pcm
from narrate.audio.mp3join import BLOCK_DELAY_SAMPLES, count_frames


@pytest.fixture(scope="module")
def speech():
    from narrate.voice.engines import get_engine
    from narrate.voice.presets import VoicePreset

    engine = get_engine("espeak")
    text = ("Pack my box with five dozen liquor jugs. How vexingly quick daft zebras jump! "
            "The five boxing wizards jump quickly, and a wizard's job is to vex chumps quickly in fog.")
    speech = engine.synthesize(text, VoicePreset())
    return speech.pcm + bytes(2 * 11025) + speech.pcm, speech.sample_rate


def samples(pcm: bytes) -> array.array:
    return array.array("h", pcm)


def test_the_meter_agrees_with_ffmpegs_ebur128(speech):
    pcm, rate = speech
    for gain in (0.0, 6.0):
        levelled = level(pcm, Leveling(gain), rate)
        ours, _ = measure(levelled, rate)
        theirs = measure_pcm(levelled, rate).integrated
        assert abs(ours - theirs) <= 0.1, (gain, ours, theirs)


def test_the_meter_gives_the_same_windows_fed_in_uneven_pieces(speech):
    pcm, rate = speech
    whole = LoudnessMeter(rate)
    whole.add(pcm)
    pieces = LoudnessMeter(rate)
    cuts = [0, 1001, 1002, 40000, 40001, len(pcm) // 2 * 2 - 882, len(pcm)]
    for start, end in zip(cuts, cuts[1:]):
        pieces.add(pcm[start:end])
    assert len(pieces.windows) == len(whole.windows) > 20
    assert all(math.isclose(a, b, abs_tol=1e-3) for a, b in zip(pieces.windows, whole.windows))
    assert integrated_loudness([]) == -70.0


def test_silence_has_no_loudness():
    meter = LoudnessMeter(22050)
    meter.add_silence(22050 * 3)
    assert meter.windows == [] and integrated_loudness(meter.windows) == -70.0


def test_a_gain_alone_scales_every_sample():
    pcm = array.array("h", [0, 1000, -1000, 8000, -20000]).tobytes()
    assert samples(level(pcm, Leveling(20 * math.log10(1.5)), 22050)).tolist() == [0, 1500, -1500, 12000, -30000]
    assert samples(level(pcm, Leveling(12.0), 22050))[4] == -32768  # clipped, never wrapped around


def test_the_limiter_keeps_every_sample_under_the_ceiling_and_leaves_quiet_parts_alone(speech):
    pcm, rate = speech
    gain, ceiling = 12.0, -2.0
    out = samples(level(pcm, Leveling(gain, ceiling), rate))
    plain = [v * 10 ** (gain / 20) for v in samples(pcm)]  # the gain alone, unclipped
    limit = 32768 * 10 ** (ceiling / 20)
    assert len(out) == len(plain)
    assert max(abs(v) for v in out) <= limit + 0.5
    worst = max(abs(v) for v in plain) / limit
    assert worst > 1.5  # there was something to limit
    # the pause between the two sentences is far from any peak: untouched by the limiter
    middle = range(len(out) // 2 - 2000, len(out) // 2 + 2000)
    assert all(abs(out[n] - plain[n]) <= 0.5 for n in middle)
    # reduced where it must be, and nowhere by more than the loudest peak needs
    assert all(abs(o) >= abs(p) / worst - 1 for o, p in zip(out, plain))


def test_the_limiter_ramps_instead_of_jumping():
    rate = 22050
    tone = [round(8000 * math.sin(2 * math.pi * 220 * n / rate)) for n in range(rate)]
    tone[11025] = 32000  # one spike in a steady tone
    out = samples(level(array.array("h", tone).tobytes(), Leveling(0.0, -6.0), rate))
    assert abs(out[11025]) <= 32768 * 10 ** (-6 / 20) + 0.5
    ratios = [o / t for o, t in zip(out, tone) if abs(t) > 2000]
    steps = [abs(a - b) for a, b in zip(ratios, ratios[1:])]
    assert min(ratios) < 0.55 and max(steps) < 0.05  # gain moves down and up in small steps


def test_the_in_process_encoder_makes_mp3_that_ffmpeg_decodes_in_place(speech):
    pcm, rate = speech
    encoder = Mp3Encoder(rate, "64k")
    mp3 = encoder.encode(pcm[:50000]) + encoder.encode(pcm[50000:]) + encoder.flush()
    frames, header = count_frames(mp3)  # whole frames, no Xing frame
    assert (header.sample_rate, header.bitrate, header.mono) == (rate, 64000, True)
    decoded = samples(run(["-f", "mp3", "-i", "pipe:0", "-f", "s16le", "pipe:1"], input_bytes=mp3))
    assert len(decoded) == frames * 576
    original = samples(pcm)
    loudest = max(range(len(original)), key=lambda n: abs(original[n]))
    window = decoded[loudest + BLOCK_DELAY_SAMPLES - 40:loudest + BLOCK_DELAY_SAMPLES + 40]
    assert max(abs(v) for v in window) > 0.7 * abs(original[loudest])  # heard where the block says


def test_a_rate_lame_cannot_take_is_one_clear_error():
    with pytest.raises(EncodeError, match="cannot encode MP3"):
        Mp3Encoder(7000, "64k")


def test_pauses_meter_as_the_silence_they_are(speech):
    pcm, rate = speech
    plain, quick = LoudnessMeter(rate), LoudnessMeter(rate)
    for pause in (1, 2205, 5000, 30000, 0, 4410):
        plain.add(pcm[:33333 * 2])
        plain.add(bytes(2 * pause))
        quick.add(pcm[:33333 * 2])
        quick.add_silence(pause)
    assert len(quick.windows) == len(plain.windows) > 50
    assert all(math.isclose(a, b, abs_tol=1e-6) for a, b in zip(quick.windows, plain.windows))
