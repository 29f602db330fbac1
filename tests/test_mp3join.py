"""Blocks encoded apart and joined frame by frame play as one file, with exact timings."""

from __future__ import annotations

import io

import pytest
from mutagen.mp3 import MP3

from narrate.synthesis.blocks import MAX_BLOCK_CHUNKS, plan_blocks
from narrate.errors import EncodeError
from narrate.audio.mp3join import Mp3Joiner, count_frames, info_frame, parse_header
from narrate.episode.pipeline import NarrateOptions, narrate_file, prepare
from tests.audio_check import decode, loudness, speech_regions

HEADER = bytes.fromhex("fff380c4")  # MPEG-2 Layer III, 64 kb/s, 22,050 Hz, mono


def test_header_and_info_frame():
    header = parse_header(HEADER)
    assert (header.version, header.bitrate, header.sample_rate, header.mono) == ("2", 64000, 22050, True)
    assert (header.samples, header.length, header.side_info) == (576, 208, 9)
    frame = info_frame(header, 1234, 99999)
    assert len(frame) == 208 and frame[4 + 9:4 + 9 + 4] == b"Info"
    assert int.from_bytes(frame[4 + 9 + 8:4 + 9 + 12], "big") == 1234
    assert count_frames(frame * 3)[0] == 3


def test_garbage_is_refused():
    with pytest.raises(EncodeError, match="not an MP3"):
        parse_header(b"ID3\x03")
    with pytest.raises(EncodeError, match="ends inside a frame"):
        count_frames(info_frame(parse_header(HEADER), 1, 1)[:-5])
    with pytest.raises(EncodeError, match="nothing was encoded"):
        Mp3Joiner(io.BytesIO()).finish()


def test_blocks_end_at_paragraphs_and_survive_edits(tmp_path):
    paragraphs = [f"Paragraph {n} is here. It has a second sentence too." for n in range(120)]
    src = tmp_path / "a.txt"
    src.write_text("\n\n".join(["Title", *paragraphs]))
    script, _ = prepare(str(src), NarrateOptions())
    keys = [c.text for c in script.chunks]
    import hashlib

    keys = [hashlib.sha256(k.encode()).hexdigest() for k in keys]
    blocks = plan_blocks(list(script.chunks), keys)
    assert [i for b in blocks for i in b] == list(range(len(script.chunks)))
    assert all(len(b) <= MAX_BLOCK_CHUNKS for b in blocks) and len(blocks) > 2
    for block in blocks[1:]:
        assert script.chunks[block.start].starts_paragraph
    # change one chunk's text: every block boundary away from it stays where it was
    edited = list(keys)
    middle = blocks[len(blocks) // 2]
    edited[middle.start + 1] = hashlib.sha256(b"changed").hexdigest()
    after = plan_blocks(list(script.chunks), edited)
    assert blocks[:len(blocks) // 2] == after[:len(blocks) // 2]
    assert blocks[-1] == after[-1]


def test_multi_block_episode_has_exact_length_and_cues(tmp_path):
    paragraphs = [f"Paragraph number {n} says something short and plain." for n in range(40)]
    src = tmp_path / "long.txt"
    src.write_text("\n\n".join(["A Longer Story", *paragraphs]) + "\n")
    episode = narrate_file(src, tmp_path / "long.mp3", jobs=1, cache=False)
    audio = decode(episode.path)
    assert abs(len(audio) / 1000 - episode.duration) < 0.002  # the Info frame is not audio
    assert abs(MP3(episode.path).info.length - episode.duration) < 0.03
    regions = speech_regions(audio)
    assert len(regions) == len(episode.cues) == 41 > MAX_BLOCK_CHUNKS  # so at least two blocks
    # eSpeak NG's speech rises above the threshold a little after its samples start: the lag
    # is the same for every chunk, whether it opens a block or not (the first region starts
    # at 0: there is no long silence before it to detect)
    lags = [start / 1000 - cue.start for (start, _), cue in zip(regions[1:], episode.cues[1:])]
    assert 0 <= min(lags) and max(lags) < 0.1 and max(lags) - min(lags) < 0.015
    ends = [end / 1000 - cue.end for (_, end), cue in zip(regions, episode.cues)]
    assert max(ends) - min(ends) < 0.03
    # the planned gain and limiter are applied in every block, and the blocks' meters,
    # gated together, tell the whole's loudness (what narrate reports is what a player gets)
    measured = loudness(episode.path)
    assert abs(measured.integrated + 16.0) <= 1.0 and measured.peak <= -1.0
    assert abs(episode.loudness - measured.integrated) <= 0.3
