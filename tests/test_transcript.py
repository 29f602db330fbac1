"""Transcripts, chapters JSON, cover art and intro/outro, read back from real output."""

import io
import json
import re

import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3
from PIL import Image

from narrate.cli.commands import cli
from narrate.audio.ffmpeg import run as ffmpeg
from narrate.episode.manifest import read_manifest
from narrate.model import Chapter, Chunk, ChunkKind, Cue
from narrate.episode.pipeline import NarrateOptions, narrate_file, prepare
from narrate.episode.transcript import chapters_json, plain_text, to_srt, to_vtt
from tests.audio_check import decode, loudness, speech_regions

INTRO_TONE, INTRO_SILENCE = 1.0, 1.0


def test_srt_and_vtt_format():
    cues = [Cue(0.0, 1.5, "Hello."), Cue(3661.25, 3662.0, "A <b> & c --> d")]
    assert to_srt(cues) == ("1\n00:00:00,000 --> 00:00:01,500\nHello.\n\n"
                            "2\n01:01:01,250 --> 01:01:02,000\nA <b> & c --> d\n")
    assert to_vtt(cues).startswith("WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\nHello.\n")
    assert "A &lt;b> &amp; c \u2192 d" in to_vtt(cues)


def test_plain_text_keeps_paragraphs():
    def chunk(text, starts):
        return Chunk(text, text, ChunkKind.TEXT, 0.5, 0, starts)

    chunks = [chunk("Title", True), chunk("One.", True), chunk("Two.", False), chunk("Three.", True)]
    assert plain_text(chunks) == "Title\n\nOne. Two.\n\nThree.\n"


def test_chapters_json_is_podcasting_2():
    data = json.loads(chapters_json([Chapter("A", 0.0, 31.5), Chapter("B", 31.5, 60.0)], "T"))
    assert data["version"] == "1.2.0"
    assert data["chapters"] == [{"startTime": 0.0, "endTime": 31.5, "title": "A"},
                                {"startTime": 31.5, "endTime": 60.0, "title": "B"}]


def parse_srt(text):
    def seconds(stamp):
        h, m, s = stamp.replace(",", ".").split(":")
        return int(h) * 3600 + int(m) * 60 + float(s)

    cues = []
    for block in text.strip().split("\n\n"):
        lines = block.splitlines()
        start, end = re.fullmatch(r"(\S+) --> (\S+)", lines[1]).groups()
        cues.append((seconds(start), seconds(end), "\n".join(lines[2:])))
    return cues


@pytest.fixture(scope="module")
def with_intro(sample_path, tmp_path_factory):
    """The sample with an intro (a tone, then silence), an outro, SRT and chapters JSON."""
    folder = tmp_path_factory.mktemp("intro")
    intro, outro = folder / "intro.wav", folder / "outro.ogg"
    ffmpeg(["-f", "lavfi", "-i", f"sine=frequency=440:duration={INTRO_TONE}",
            "-af", f"apad=pad_dur={INTRO_SILENCE}", "-ar", "44100", "-ac", "2", "-y", str(intro)])
    ffmpeg(["-f", "lavfi", "-i", "sine=frequency=660:duration=1.5", "-c:a", "libvorbis", "-y", str(outro)])
    out = folder / "episode.mp3"
    result = CliRunner().invoke(cli, [str(sample_path), "-o", str(out), "--intro", str(intro),
                                      "--outro", str(outro), "--transcript", "srt",
                                      "--chapters-json", "-q"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    script, _ = prepare(str(sample_path), NarrateOptions())
    return out, script


def test_cues_are_ordered_and_cover_the_speech(with_intro):
    out, script = with_intro
    cues = parse_srt(out.with_suffix(".srt").read_text())
    assert [c[2] for c in cues] == [chunk.display for chunk in script.chunks]
    assert all(a[1] <= b[0] for a, b in zip(cues, cues[1:]))
    assert all(start < end for start, end, _ in cues)
    duration = len(decode(out)) / 1000
    assert abs(cues[0][0] - (INTRO_TONE + INTRO_SILENCE)) < 0.03  # after the intro, exactly
    assert duration - 1.5 - 1.0 < cues[-1][1] < duration - 1.5  # before the outro


def test_each_paragraph_cue_starts_where_its_speech_starts(with_intro):
    out, script = with_intro
    cues = parse_srt(out.with_suffix(".srt").read_text())
    onsets = [start / 1000 for start, _ in speech_regions(decode(out))]
    firsts = [cue[0] for cue, chunk in zip(cues, script.chunks) if chunk.starts_paragraph]
    # Regions: the intro tone, one per paragraph (the title is one), then the outro.
    assert len(onsets) == 1 + len(firsts) + 1
    for onset, first in zip(onsets[1:], firsts):
        # measured: -3 to +16 ms (eSpeak NG's lead-in; the detector works in 5 ms steps)
        assert -0.01 <= onset - first < 0.04


def test_chapters_json_and_id3_agree(with_intro):
    out, _ = with_intro
    data = json.loads(out.with_name("episode.chapters.json").read_text())
    assert data["version"] == "1.2.0"
    starts = [c["startTime"] for c in data["chapters"]]
    assert starts[0] == 0 and starts == sorted(starts)
    assert data["chapters"][0]["title"] == "Intro"
    assert abs(starts[1] - (INTRO_TONE + INTRO_SILENCE)) < 0.03
    chaps = sorted(ID3(out).getall("CHAP"), key=lambda c: c.start_time)
    assert [str(c.sub_frames["TIT2"]) for c in chaps] == [c["title"] for c in data["chapters"]]
    assert [c.start_time for c in chaps] == [round(s * 1000) for s in starts]


def test_intro_and_outro_do_not_spoil_the_loudness(with_intro):
    measured = loudness(with_intro[0])
    assert abs(measured.integrated + 16) <= 1.0 and measured.peak <= -1.0


def test_transcript_and_generated_cover_embedded(narrated_sample, sample_path):
    tags = ID3(narrated_sample.path)
    lyrics = tags.getall("USLT")[0]
    script, _ = prepare(str(sample_path), NarrateOptions())
    assert lyrics.text == plain_text(script.chunks)
    cover = tags.getall("APIC")[0]
    assert (cover.type, cover.mime) == (3, "image/png")
    assert Image.open(io.BytesIO(cover.data)).size == (1400, 1400)


def test_manifest_beside_the_audio(narrated_sample, sample_path):
    manifest = read_manifest(narrated_sample.path)
    assert manifest["title"] == narrated_sample.title
    assert manifest["description"].startswith("Most of us save more articles")
    assert abs(manifest["duration"] - narrated_sample.duration) < 0.01
    assert manifest["source"] == str(sample_path.resolve()) and len(manifest["source_sha256"]) == 64


def test_own_cover_and_no_cover(tmp_path, sample_path):
    jpeg = io.BytesIO()
    Image.new("RGB", (1500, 1500), (10, 120, 200)).save(jpeg, "JPEG")
    cover = tmp_path / "cover.jpg"
    cover.write_bytes(jpeg.getvalue())
    src = tmp_path / "a.txt"
    src.write_text("Short\n\nJust a line.\n")
    mine = narrate_file(src, tmp_path / "mine.mp3", cover=str(cover))
    apic = ID3(mine.path).getall("APIC")[0]
    assert (apic.type, apic.mime, apic.data) == (3, "image/jpeg", jpeg.getvalue())
    bare = narrate_file(src, tmp_path / "bare.mp3", no_cover=True)
    assert ID3(bare.path).getall("APIC") == []


def test_a_cover_that_is_not_an_image_is_one_line(tmp_path, sample_path):
    fake = tmp_path / "cover.png"
    fake.write_text("not an image")
    result = CliRunner().invoke(cli, [str(sample_path), "-o", str(tmp_path / "a.mp3"), "--cover", str(fake)])
    assert result.exit_code == 1
    assert result.output == f"Error: cover {fake} is not a PNG or JPEG image\n"
    assert not (tmp_path / "a.mp3").exists()


def test_an_intro_ffmpeg_cannot_read_is_one_line(tmp_path, sample_path):
    bad = tmp_path / "intro.mp3"
    bad.write_text("no audio here")
    result = CliRunner().invoke(cli, [str(sample_path), "-o", str(tmp_path / "a.mp3"), "--intro", str(bad)])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: cannot use {bad} as the intro: ffmpeg failed")
    assert len(result.output.splitlines()) == 1


def test_sidecar_names_share_the_stem():
    from pathlib import Path

    from narrate.episode.transcript import CHAPTERS_SUFFIX, SIDECAR_SUFFIX, sidecar_path

    audio = Path("pod/ep.mp3")
    assert [sidecar_path(audio, SIDECAR_SUFFIX[k]) for k in ("srt", "vtt", "txt")] == [
        Path("pod/ep.srt"), Path("pod/ep.vtt"), Path("pod/ep.transcript.txt")]
    assert sidecar_path(audio, CHAPTERS_SUFFIX) == Path("pod/ep.chapters.json")


def test_the_manifest_timeline_round_trips_and_ignores_what_it_did_not_write():
    from narrate.episode.manifest import TimedLine, timeline, timeline_chapters, timeline_lines
    from narrate.model import Chapter, Cue

    chapters = [Chapter("Title", 0.0, 4.5), Chapter("Part two", 4.5, 9.25)]
    cues = [Cue(0.05, 1.2, "Title"), Cue(1.9, 4.0, "First sentence."), Cue(4.5, 9.0, "Second & <last>.")]
    data = {"timeline": timeline(chapters, cues, [True, True, False])}
    assert timeline_chapters(data) == chapters
    assert timeline_lines(data) == [TimedLine(0.05, 1.2, "Title", True), TimedLine(1.9, 4.0, "First sentence.", True),
                                    TimedLine(4.5, 9.0, "Second & <last>.", False)]
    # a manifest from before the timeline, or one edited by hand: nothing, or what is sound
    for old in ({}, {"chapters": 2}, {"timeline": None}, {"timeline": {"chapters": "x", "cues": 3}}):
        assert timeline_chapters(old) == [] and timeline_lines(old) == []
    odd = {"timeline": {"chapters": [{"start": -1, "title": "x"}, {"start": float("nan"), "title": "y"},
                                     {"start": True, "title": "z"}, {"start": 2, "title": 5}, "x",
                                     {"start": 3, "title": "kept"}],
                        "cues": [{"start": 1, "text": None}, {"start": 2, "end": "3", "text": "kept"}]}}
    assert timeline_chapters(odd) == [Chapter("kept", 3.0, 3.0)]
    assert timeline_lines(odd) == [TimedLine(2.0, 2.0, "kept")]


def test_the_manifest_timeline_keeps_each_cues_words_and_drops_damaged_ones():
    from narrate.episode.manifest import TimedLine, timeline, timeline_lines
    from narrate.model import Cue, Word

    words = (Word(1.9, 2.3, "First"), Word(2.3, 4.0, "sentence."))
    data = {"timeline": timeline([], [Cue(0.05, 1.2, "Title"), Cue(1.9, 4.0, "First sentence.", words)], [True, True])}
    assert data["timeline"]["cues"][1]["words"] == [[1.9, 2.3, "First"], [2.3, 4.0, "sentence."]]
    assert "words" not in data["timeline"]["cues"][0]  # none known: none written
    assert timeline_lines(data) == [TimedLine(0.05, 1.2, "Title", True), TimedLine(1.9, 4.0, "First sentence.", True, words)]
    # words not as written here, or going back in time: the cue is kept, sentence by sentence
    for damaged in ("x", [[1, 2]], [[1, 2, 3]], [[2, 1, "a"]], [[2, 3, "a"], [1, 2, "b"]], [[-1, 2, "a"]],
                    [[True, 2, "a"]], [[1, float("inf"), "a"]]):
        cue = {"start": 1, "end": 4, "text": "a b", "words": damaged}
        assert timeline_lines({"timeline": {"cues": [cue]}}) == [TimedLine(1.0, 4.0, "a b")], damaged


def test_the_page_hands_out_each_cues_words(tmp_path):
    import json

    from narrate.episode.manifest import timeline
    from narrate.model import Cue, Word
    from narrate.publish.feed import update_feed
    from narrate.publish.webpage import transcript_json
    from tests.podcast_folder import narrate_text

    audio = narrate_text(tmp_path, "ep.mp3", "A title\n\nSome words here.\n")
    manifest = json.loads(audio.with_name("ep.narrate.json").read_text(encoding="utf-8"))
    served = json.loads(transcript_json(update_feed(tmp_path, default_base_url="http://127.0.0.1:1/"), "ep.mp3"))
    assert served["cues"] == [{k: v for k, v in cue.items()} for cue in manifest["timeline"]["cues"]]
    assert [w[2] for cue in served["cues"] for w in cue["words"]] == ["A", "title", "Some", "words", "here."]
    # a control character in a word is not sent to the page
    manifest["timeline"] = timeline([], [Cue(0, 1, "a\x07b", (Word(0, 1, "a\x07b"),))], [True])
    audio.with_name("ep.narrate.json").write_text(json.dumps(manifest), encoding="utf-8")
    served = json.loads(transcript_json(update_feed(tmp_path, default_base_url="http://127.0.0.1:1/"), "ep.mp3"))
    assert "\x07" not in json.dumps(served) and served["cues"][0]["words"][0][0] == 0
