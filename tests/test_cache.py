"""The segment store on its own: keys, integrity checks, atomic writes, LRU eviction."""

from __future__ import annotations

import os

import pytest

from narrate.synthesis.cache import CacheError, AudioCache, parse_size, segment_key
from narrate.voice.engines.espeak import EspeakSettings
from narrate.voice.presets import VoicePreset


def test_key_changes_with_everything_that_changes_the_sound():
    base = segment_key("espeak", "1", VoicePreset(), "Hello there.")
    assert base == segment_key("espeak", "1", VoicePreset(), "Hello there.")
    others = [
        segment_key("espeak", "2", VoicePreset(), "Hello there."),
        segment_key("other", "1", VoicePreset(), "Hello there."),
        segment_key("espeak", "1", VoicePreset(rate=200), "Hello there."),
        segment_key("espeak", "1", VoicePreset(settings=EspeakSettings(pitch=60)), "Hello there."),
        segment_key("espeak", "1", VoicePreset(volume=0.5), "Hello there."),
        segment_key("espeak", "1", VoicePreset(voice="gmw/en"), "Hello there."),
        segment_key("espeak", "1", VoicePreset(), "Hello there!"),
    ]
    assert len({base, *others}) == 1 + len(others)
    # a preset's name or pauses do not change a chunk's audio (pauses are added afterwards)
    assert base == segment_key("espeak", "1", VoicePreset(name="mine", description="x"), "Hello there.")


def test_round_trip_and_damage(tmp_path):
    cache = AudioCache(tmp_path, max_bytes=10**6)
    cache.put("ab" * 32, 22050, b"\x01\x02" * 500)
    assert cache.get("ab" * 32) == (22050, b"\x01\x02" * 500)
    assert cache.get("cd" * 32) is None
    path = next(tmp_path.rglob("*.seg"))
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF  # one flipped bit in the samples
    path.write_bytes(bytes(data))
    assert cache.get("ab" * 32) is None and not path.exists()
    cache.put("ab" * 32, 22050, b"\x01\x02" * 500)
    path.write_bytes(path.read_bytes()[:10])  # a header cut short
    assert cache.get("ab" * 32) is None
    assert not list(tmp_path.rglob("*.partial"))


def test_lru_eviction_keeps_recently_used(tmp_path):
    cache = AudioCache(tmp_path, max_bytes=2500)
    for n, key in enumerate(("aa" * 32, "bb" * 32, "cc" * 32)):
        cache.put(key, 22050, bytes(1000))
        os.utime(next(tmp_path.rglob(key + ".seg")), (1000 + n, 1000 + n))
    assert cache.get("aa" * 32) is not None  # the oldest is used again: now the newest
    assert cache.trim() == 1
    assert cache.get("bb" * 32) is None
    assert cache.get("aa" * 32) is not None and cache.get("cc" * 32) is not None
    assert cache.info().entries == 2 and cache.info().size < 2500


def test_unwritable_cache_costs_speed_not_output(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    cache = AudioCache(blocker / "cache", max_bytes=100)
    cache.put("ab" * 32, 22050, b"\x00\x00")
    assert cache.get("ab" * 32) is None


@pytest.mark.parametrize(("text", "size"), [("500M", 500 * 1024**2), ("2G", 2 * 1024**3), ("1024", 1024),
                                            ("1.5g", int(1.5 * 1024**3)), ("64kb", 65536)])
def test_parse_size(text, size):
    assert parse_size(text) == size


def test_bad_size_is_a_clear_error():
    with pytest.raises(CacheError, match="not a size like 500M"):
        parse_size("lots")
