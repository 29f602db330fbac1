"""Every output format, read back as a player would: decoded length, tags, cover, chapters."""

import base64

import mutagen
import pytest
from click.testing import CliRunner
from mutagen.flac import FLAC, Picture
from mutagen.id3 import ID3
from mutagen.mp4 import MP4
from mutagen.wave import WAVE

from narrate.cli.commands import cli
from narrate.episode.pipeline import narrate_file
from tests.audio_check import decode, ffmetadata_chapters, loudness

TITLE = "Why Your Next Podcast Should Be an Article"


@pytest.fixture(scope="module", params=["m4b", "opus", "ogg", "wav", "flac"])
def episode(request, sample_path, tmp_path_factory):
    out = tmp_path_factory.mktemp(request.param) / f"welcome.{request.param}"
    return narrate_file(sample_path, out)


def test_decodes_to_the_full_length_at_target_loudness(episode):
    assert abs(len(decode(episode.path)) / 1000 - episode.duration) < 0.1
    measured = loudness(episode.path)
    assert abs(measured.integrated + 16) <= 1.0 and measured.peak <= -1.0


def test_chapters_read_back_by_ffmpeg(episode):
    chapters = sorted(ffmetadata_chapters(episode.path))
    assert len(episode.chapters) == 2
    assert [title for _, title in chapters] == [c.title for c in episode.chapters]
    assert all(abs(start - c.start) < 0.002 for (start, _), c in zip(chapters, episode.chapters))


def test_tags_cover_and_transcript_in_the_container(episode):
    suffix = episode.path.suffix
    if suffix == ".m4b":
        tags = MP4(episode.path)
        assert tags["\xa9nam"] == [TITLE] and tags["stik"] == [2]
        assert tags["covr"][0].imageformat == tags["covr"][0].FORMAT_PNG
        assert "Dr. Smith" in tags["\xa9lyr"][0]
        assert [c.title for c in tags.chapters] == [c.title for c in episode.chapters]
        assert all(abs(a.start - b.start) < 0.002 for a, b in zip(tags.chapters, episode.chapters))
    elif suffix == ".wav":
        tags = WAVE(episode.path).tags
        assert str(tags["TIT2"]) == TITLE
        assert tags.getall("APIC")[0].type == 3
        assert len(tags.getall("CHAP")) == 2 and tags.getall("USLT")
    else:
        audio = mutagen.File(episode.path)
        assert audio["TITLE"] == [TITLE]
        assert audio["CHAPTER001"] == ["00:00:00.000"] and audio["CHAPTER001NAME"] == [TITLE]
        assert audio["CHAPTER002NAME"] == [episode.chapters[1].title]
        assert "Dr. Smith" in audio["LYRICS"][0]
        if isinstance(audio, FLAC):
            picture = audio.pictures[0]
        else:
            picture = Picture(base64.b64decode(audio["METADATA_BLOCK_PICTURE"][0]))
        assert (picture.type, picture.mime, picture.width) == (3, "image/png", 1400)


def test_unknown_extension_is_one_line_before_synthesis(tmp_path, sample_path):
    result = CliRunner().invoke(cli, [str(sample_path), "-o", str(tmp_path / "a.aiff")])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: cannot write " + str(tmp_path / "a.aiff") +
        ": unknown audio format '.aiff'; use one of .mp3, .m4b, .m4a, .opus, .ogg, .wav, .flac"]
    assert list(tmp_path.iterdir()) == []


def test_sample_rate_and_bitrate_apply(tmp_path, sample_path):
    out = tmp_path / "a.mp3"
    result = CliRunner().invoke(cli, [str(sample_path), "-o", str(out), "--sample-rate", "44100",
                                      "--bitrate", "96k", "-q"])
    assert result.exit_code == 0, result.output
    info = mutagen.File(out).info
    assert (info.sample_rate, info.bitrate) == (44100, 96000)
    assert ID3(out).getall("APIC")


def test_opus_refuses_a_rate_it_cannot_encode(tmp_path, sample_path):
    result = CliRunner().invoke(cli, [str(sample_path), "-o", str(tmp_path / "a.opus"),
                                      "--sample-rate", "44100"])
    assert result.exit_code == 1
    assert "Opus does not support 44100 Hz" in result.output


def test_the_page_reads_chapters_and_text_back_from_every_container(episode):
    """For an episode whose manifest has no timeline (made before it had one), the phone
    page takes the chapters and transcript from the tags, in every format."""
    from narrate.publish.embedded import embedded_chapters, embedded_transcript

    audio = mutagen.File(episode.path)
    chapters = embedded_chapters(audio)
    assert [title for _, title in chapters] == [c.title for c in episode.chapters]
    assert all(abs(start - c.start) < 0.002 for (start, _), c in zip(chapters, episode.chapters))
    assert "Dr. Smith" in (embedded_transcript(audio) or "")
