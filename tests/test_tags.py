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
