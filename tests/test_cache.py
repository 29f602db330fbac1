"""The segment store on its own: keys, integrity checks, atomic writes, LRU eviction."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from narrate.model import WordMark
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
    assert cache.get("ab" * 32) == (22050, b"\x01\x02" * 500, ())
    marks = (WordMark(0, 5, 10, 400), WordMark(6, 3, 450, 990))  # the words' marks are kept with the audio
    cache.put("ef" * 32, 22050, b"\x01\x02" * 500, marks)
    assert cache.get("ef" * 32) == (22050, b"\x01\x02" * 500, marks)
    assert cache.get("cd" * 32) is None
    path = next(tmp_path.rglob("abab*.seg"))
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


# Eviction by document: the order on made-up entries, then real runs.

from narrate.synthesis.cacheusage import DocumentUse, Entry, Record, evictions, read_records  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def _entries(prefix: str, count: int, size: int, start: float) -> list[Entry]:
    return [Entry(key=f"{prefix}{n:03d}", path=f"/x/{prefix}{n:03d}.seg", size=size, mtime=start + n)
            for n in range(count)]


def _record(name: str, used: float, entries: list[Entry]) -> Record:
    return Record(path=Path(f"/x/documents/{name}.json"), title=name, source=name, used=used,
                  segments=frozenset(e.key for e in entries), blocks=frozenset())


def test_a_book_over_the_cap_keeps_its_share_and_evicts_no_article():
    articles = [_entries(f"a{n}", 5, 100, 10.0 * n) for n in range(3)]  # 1,500 bytes
    book = _entries("book", 60, 100, 100.0)  # 6,000 bytes, narrated last
    records = [_record(f"a{n}", 10.0 * n + 5, e) for n, e in enumerate(articles)] + [_record("book", 200, book)]
    gone = evictions([e for a in articles for e in a] + book, records, max_bytes=4000)
    assert {e.key[:4] for e in gone} == {"book"}  # every article stays
    assert len(gone) == 35 and gone == book[:35]  # the book's oldest, down to what fits
    # with a flat least-recently-used order the articles went first
    flat = sorted([e for a in articles for e in a] + book, key=lambda e: e.mtime)[:35]
    assert {e.key[:2] for e in flat} >= {"a0", "a1", "a2"}


def test_eviction_order_nobody_then_shares_then_whole_documents():
    orphans = _entries("old", 4, 100, 0.0)  # from an older narrate, recorded by nobody
    small = _entries("sml", 10, 100, 50.0)
    big = _entries("big", 30, 100, 60.0)
    records = [_record("sml", 55, small), _record("big", 90, big)]
    everything = orphans + small + big  # 4,400 bytes
    assert evictions(everything, records, 4400) == []
    assert evictions(everything, records, 4000) == orphans  # nobody's first, oldest first
    # then the big one, its oldest first, towards its share (half the cap) before anything
    # of the small one; then whole documents, least recently used first
    assert evictions(everything, records, 3000) == orphans + big[:10]
    assert evictions(everything, records, 2000) == orphans + big[:20]
    # a smaller cap: both are over their share (750), the less recently used trimmed first
    assert evictions(everything, records, 1500) == orphans + small[:3] + big[:22]
    # documents within their share: whole documents go, least recently used first
    docs = [_entries(f"d{n}", 10, 100, 10.0 * n) for n in range(3)]
    records = [_record(f"d{n}", 100 - n, entries) for n, entries in enumerate(docs)]
    assert evictions([e for d in docs for e in d], records, 2000) == docs[2]


def test_a_shared_entry_belongs_to_the_document_used_last():
    shared = Entry(key="same", path="/x/same.seg", size=100, mtime=1.0)
    first, second = _entries("one", 3, 100, 2.0), _entries("two", 3, 100, 3.0)
    records = [_record("one", 10, [*first, shared]), _record("two", 20, [*second, shared])]
    gone = evictions([shared, *first, *second], records, 400, share=1.0)
    assert gone == first[:3]  # the older document goes; the entry it shares stays with the newer


def test_a_record_is_kept_as_the_run_goes_and_read_back(tmp_path):
    use = DocumentUse(tmp_path, "/src/a.txt\na.mp3", "A title", "a.txt")
    use.add(segments=["s1", "s2"])
    use.add(segments=["s2", "s3"], blocks=["b1"])
    (record,) = read_records(tmp_path)
    assert (record.title, record.source) == ("A title", "a.txt")
    assert record.segments == {"s1", "s2", "s3"} and record.blocks == {"b1"}
    # the same document on the next run replaces its record; a damaged record is dropped
    DocumentUse(tmp_path, "/src/a.txt\na.mp3", "A title", "a.txt").add(segments=["s9"])
    assert [r.segments for r in read_records(tmp_path)] == [{"s9"}]
    record.path.write_text("{not json")
    assert read_records(tmp_path) == [] and not record.path.exists()


def test_trim_spares_a_document_still_being_narrated(tmp_path):
    """Another run's document is recorded before its audio is made: a trim elsewhere takes
    the entries nobody records first, and keeps the record though it holds nothing yet."""
    cache = AudioCache(tmp_path, max_bytes=2500)
    for key in ("aa" * 32, "bb" * 32):
        cache.put(key, 22050, bytes(1000))
        os.utime(next(tmp_path.rglob(key + ".seg")), (1000, 1000))
    running = cache.document("/src/book.txt\nbook.mp3", "Book", "book.txt")
    running.add(segments=["cc" * 32, "dd" * 32])
    cache.put("cc" * 32, 22050, bytes(1000))
    waiting = cache.document("/src/next.txt\nnext.mp3", "Next", "next.txt")
    waiting.add(segments=["ee" * 32])  # nothing of it made yet
    assert cache.trim() == 1
    assert cache.get("cc" * 32) is not None
    assert {r.title for r in read_records(tmp_path)} == {"Book", "Next"}


def test_cache_info_lists_documents(tmp_path):
    cache = AudioCache(tmp_path, max_bytes=10**6)
    cache.put("ff" * 32, 22050, bytes(500))  # nobody's
    use = cache.document("/src/a.txt\na.mp3", "An article", "a.txt")
    use.add(segments=["aa" * 32, "bb" * 32], blocks=["cc" * 32])
    cache.put("aa" * 32, 22050, bytes(1000))
    cache.put_block("cc" * 32, {"speech": []}, bytes(300))
    info = cache.info()
    (doc,) = info.documents
    assert (doc.title, doc.source, doc.chunks, doc.total_chunks, doc.blocks) == ("An article", "a.txt", 1, 2, 1)
    assert doc.size + info.unowned == info.size and info.entries == 3 and info.share == 500000


def _batch(sources: list[Path], out: Path, jobs: int = 1):  # type: ignore[no-untyped-def]
    from narrate.cli.progress import QuietProgress
    from narrate.episode.options import NarrateOptions
    from narrate.run.batch import gather, run_batch

    return run_batch(gather(sources, out), NarrateOptions(jobs=jobs), QuietProgress(), force=True)


def test_three_articles_come_back_from_the_cache_after_a_book_overfills_it(tmp_path, monkeypatch):
    """The issue's measure, scaled down: three articles, then a book bigger than the whole
    cache (by NARRATE_CACHE_SIZE), then the three articles again: none is synthesised."""
    from click.testing import CliRunner

    from narrate.cli.commands import cli

    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path / "cache"))
    articles = [REPO / "samples" / "welcome.txt", REPO / "samples" / "river.txt",
                REPO / "bench" / "corpus" / "essays" / "debian-social-contract.txt"]
    book = tmp_path / "northanger-abbey.txt"
    words = (REPO / "bench" / "corpus" / "books" / "northanger-abbey-5k.txt").read_text().split(" ")
    book.write_text(" ".join(words[:4000]))
    first = _batch(articles, tmp_path / "podcast")
    assert first.synthesised > 0 and first.reused == 0
    held = AudioCache(tmp_path / "cache").info().size
    monkeypatch.setenv("NARRATE_CACHE_SIZE", str(3 * held))  # the book alone is more than this
    narrated = _batch([book], tmp_path / "books", jobs=2)
    assert narrated.synthesised > 0 and narrated.results[0].status == "done"
    info = AudioCache(tmp_path / "cache").info()
    assert info.size <= 3 * held and len(info.documents) == 4
    (shelved,) = [d for d in info.documents if d.source == "northanger-abbey.txt"]
    assert 0 < shelved.chunks < shelved.total_chunks  # the book keeps only part of itself
    again = _batch(articles, tmp_path / "podcast")
    assert (again.synthesised, again.reused) == (0, first.synthesised)
    listing = CliRunner().invoke(cli, ["cache", "info"]).output
    assert "documents: 4" in listing and "(northanger-abbey.txt)" in listing and "(river.txt)" in listing


def test_two_runs_at_once_share_the_cache_safely(tmp_path, monkeypatch):
    """A book and three articles narrated by two processes at the same time into one small
    cache: both finish, the cache ends under its cap, every entry left reads back intact, and
    the articles are still all in it, whichever run trims last."""
    import subprocess
    import sys

    articles = [REPO / "samples" / "welcome.txt", REPO / "samples" / "river.txt",
                REPO / "bench" / "corpus" / "essays" / "debian-social-contract.txt"]
    book = tmp_path / "northanger-abbey.txt"
    words = (REPO / "bench" / "corpus" / "books" / "northanger-abbey-5k.txt").read_text().split(" ")
    book.write_text(" ".join(words[:4000]))
    cache_dir = tmp_path / "cache"
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(cache_dir))
    first = _batch(articles, tmp_path / "alone")
    held = AudioCache(cache_dir).info().size
    AudioCache(cache_dir).clear()
    env = {**os.environ, "NARRATE_CACHE_SIZE": str(3 * held)}
    for name in ("books", "podcast"):
        (tmp_path / name).mkdir()
    runs = [subprocess.Popen([sys.executable, "-m", "narrate", *map(str, sources), "-o", str(tmp_path / name), "-q"],
                             env=env, stderr=subprocess.PIPE, text=True)
            for name, sources in (("books", [book]), ("podcast", articles))]
    for run in runs:
        assert run.wait(timeout=600) == 0, run.stderr.read() if run.stderr else ""
    cache = AudioCache(cache_dir, max_bytes=3 * held)
    info = cache.info()
    assert info.size <= 3 * held and len(info.documents) == 4
    for entry in cache._stats():
        intact = cache.get(entry.key) if entry.path.endswith(".seg") else cache.get_block(entry.key)
        assert intact is not None, entry.path
    monkeypatch.setenv("NARRATE_CACHE_SIZE", str(3 * held))
    again = _batch(articles, tmp_path / "podcast")
    assert (again.synthesised, again.reused) == (0, first.synthesised + first.reused)
