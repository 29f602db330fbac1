"""Tag writing details that need no engine: long chapter lists."""

from mutagen.id3 import ID3, CTOCFlags

from narrate.model import Chapter
from narrate.episode.tags import EpisodeTags, write_mp3_tags


def test_more_chapters_than_one_ctoc_can_list(tmp_path):
    path = tmp_path / "book.mp3"
    path.write_bytes(b"")
    chapters = [Chapter(f"Part {i}", i * 30.0, (i + 1) * 30.0) for i in range(600)]
    write_mp3_tags(path, EpisodeTags("Book", "A", "B", "c"), chapters)
    tags = ID3(path)
    tocs = {toc.element_id: toc for toc in tags.getall("CTOC")}
    top = [toc for toc in tocs.values() if toc.flags & CTOCFlags.TOP_LEVEL]
    assert len(top) == 1
    listed = [child for sub in top[0].child_element_ids for child in tocs[sub].child_element_ids]
    assert len(tags.getall("CHAP")) == 600
    assert listed == [f"chp{i}" for i in range(600)]


def test_chap_frames_are_stored_in_time_order(tmp_path):
    """mutagen writes frames by size; players reading CHAP frames in file order need them by time."""
    import subprocess

    import imageio_ffmpeg

    path = tmp_path / "talk.mp3"
    subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-v", "error", "-f", "lavfi", "-i",
                    "anullsrc=r=22050:cl=mono", "-t", "130", "-b:a", "32k", str(path)], check=True)
    titles = ["A much longer chapter title than the others", "B", "Middle length one", "C"] * 3
    chapters = [Chapter(title, i * 10.0, (i + 1) * 10.0) for i, title in enumerate(titles)]
    write_mp3_tags(path, EpisodeTags("Talk", "A", "B", "c"), chapters)
    in_file_order = [frame for frame in ID3(path).values() if frame.FrameID == "CHAP"]
    assert len(in_file_order) == 12
    starts = [frame.start_time for frame in in_file_order]
    assert starts == sorted(starts) == [i * 10000 for i in range(12)]
    probe = subprocess.run([imageio_ffmpeg.get_ffmpeg_exe(), "-i", str(path)], capture_output=True, text=True)
    listed = [float(line.split("start ")[1].split(",")[0]) for line in probe.stderr.splitlines()
              if line.strip().startswith("Chapter #")]
    assert listed == [i * 10.0 for i in range(12)]
