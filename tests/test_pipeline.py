"""End to end with the real engine and ffmpeg; results read back like a player would."""

from mutagen.id3 import ID3
from mutagen.mp3 import MP3

from narrate.model import ChunkKind
from narrate.episode.pipeline import NarrateOptions, prepare
from tests.audio_check import decode, speech_regions


def test_duration_matches_words_and_rate(narrated_sample, sample_path):
    audio = decode(narrated_sample.path)
    seconds = len(audio) / 1000
    words = len(sample_path.read_text().split())
    predicted = words / 175 * 60
    assert 0.75 * predicted < seconds < 1.35 * predicted
    assert abs(seconds - narrated_sample.duration) < 0.1
    header = MP3(narrated_sample.path).info
    assert abs(header.length - seconds) < 0.15  # the Xing header gives players the right length
    assert (header.channels, header.bitrate) == (1, 64000)


def test_every_paragraph_is_heard_first_included(narrated_sample, sample_path):
    script, _ = prepare(str(sample_path), NarrateOptions())
    headings = sum(1 for section in script.document.sections if section.heading)
    paragraphs = 1 + headings + len(script.document.paragraphs)  # the title, each heading and paragraph
    regions = speech_regions(decode(narrated_sample.path))
    assert len(regions) == paragraphs
    assert regions[0][0] < 300  # speech starts at once: the title was not dropped
    assert script.chunks[0].kind is ChunkKind.TITLE


def test_tags_and_chapters_read_back(narrated_sample):
    tags = ID3(narrated_sample.path)
    assert tags.version[:2] == (2, 3)
    assert str(tags["TIT2"]) == "Why Your Next Podcast Should Be an Article"
    assert str(tags["TCON"]) == "Podcast"
    assert "welcome.txt" in str(tags["COMM::eng"])
    chapters = sorted(tags.getall("CHAP"), key=lambda c: c.start_time)
    toc = tags.getall("CTOC")[0]
    assert list(toc.child_element_ids) == [c.element_id for c in chapters]
    duration_ms = MP3(narrated_sample.path).info.length * 1000
    assert len(chapters) >= 2
    assert chapters[0].start_time == 0
    for a, b in zip(chapters, chapters[1:]):
        assert a.start_time < b.start_time and a.end_time == b.start_time
        assert b.start_time - a.start_time >= 29_000
    assert chapters[-1].end_time <= duration_ms + 50
    assert str(chapters[0].sub_frames["TIT2"]) == "Why Your Next Podcast Should Be an Article"
