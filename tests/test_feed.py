"""The feed, read back the way a podcast app reads it: podcastparser (gPodder's parser) and lxml."""

from __future__ import annotations

import io
from pathlib import Path
from urllib.parse import unquote

import mutagen
import podcastparser
import pytest
from click.testing import CliRunner
from lxml import etree
from PIL import Image

from narrate.cli.commands import cli
from narrate.errors import FeedError
from narrate.publish.feed import update_feed, url_for
from narrate.publish.feedsettings import tomllib
from tests.podcast_folder import FIRST, FIRST_TEXT, SECOND, copy_podcast, make_podcast, narrate_text

BASE = "http://podcast.test:8000/my pod/".replace(" ", "%20")
ITUNES = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
PODCAST = "{https://podcastindex.org/namespace/1.0}"


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_podcast(tmp_path_factory.mktemp("template") / "podcast")


@pytest.fixture
def podcast(template: Path, tmp_path: Path) -> Path:
    return copy_podcast(template, tmp_path / "podcast")


def parse(feed: Path, url: str = BASE + "feed.xml") -> dict:
    with feed.open("rb") as stream:
        return podcastparser.parse(url, stream)


def file_for(folder: Path, url: str, base: str = BASE) -> Path:
    assert url.startswith(base), url
    return folder / unquote(url[len(base):])


def test_every_enclosure_matches_its_file(podcast: Path):
    result = update_feed(podcast, base_url=BASE, title="Morning reads", author="Jane Doe")
    parsed = parse(result.path)
    assert parsed["title"] == "Morning reads" and len(parsed["episodes"]) == 2
    for episode in parsed["episodes"]:
        (enclosure,) = episode["enclosures"]
        audio = file_for(podcast, enclosure["url"])
        assert audio.is_file(), enclosure["url"]
        assert enclosure["file_size"] == audio.stat().st_size
        assert enclosure["mime_type"] == "audio/mpeg"
        assert episode["total_time"] == round(mutagen.File(audio).info.length)
        assert episode["total_time"] > 0
    urls = sorted(e["enclosures"][0]["url"] for e in parsed["episodes"])
    assert urls == sorted(url_for(BASE, rel) for rel in (FIRST, SECOND))
    assert "%C3%9Cn%C3%AFcode%20caf%C3%A9%20article.mp3" in urls[1] + urls[0]
    assert any("sub%20dir/Second%20%232.mp3" in url for url in urls)


def test_sidecars_manifest_and_artwork(podcast: Path):
    parsed = parse(update_feed(podcast, base_url=BASE).path)
    by_title = {e["title"]: e for e in parsed["episodes"]}
    first = by_title["Coffee in the morning"]
    assert first["description"] == "The first paragraph talks about coffee."
    assert first["published"] == 1714550400  # the manifest's 2024-05-01T08:00:00Z
    cover = file_for(podcast, first["episode_art_url"])
    assert cover.name == Path(FIRST).stem + ".cover.jpg"
    assert Image.open(cover).size == (1400, 1400)  # extracted from the embedded APIC
    # the second has no cover of its own: narrate embedded a generated one, extracted as PNG
    generated = file_for(podcast, by_title["Rain on Tuesday"]["episode_art_url"])
    assert generated.name == "Second #2.cover.png" and Image.open(generated).size == (1400, 1400)
    # newest first: the second has no manifest date, so its file time (today) is newer
    assert [e["title"] for e in parsed["episodes"]] == ["Rain on Tuesday", "Coffee in the morning"]

    # podcastparser 0.6 knows only the namespace's old URL, so read podcast:* with lxml
    root = etree.parse(str(podcast / "feed.xml")).getroot()
    second = next(i for i in root.iter("item") if i.findtext("title") == "Rain on Tuesday")
    assert second.find(f"{PODCAST}chapters") is None and second.find(f"{PODCAST}transcript") is None
    item = next(i for i in root.iter("item") if i.findtext("title") == "Coffee in the morning")
    listed = list(item.iter(f"{PODCAST}transcript"))
    transcripts = {t.get("type"): t.get("url") for t in listed}
    # the word-timed ones first; the caption formats marked as captions; each with its language
    assert list(transcripts) == ["text/vtt", "application/json", "application/x-subrip", "text/plain"]
    assert [t.get("rel") for t in listed] == ["captions", None, "captions", None]
    assert all(t.get("language") == "en" for t in listed)
    for mime, url in transcripts.items():
        assert file_for(podcast, url).is_file(), mime
    assert file_for(podcast, transcripts["application/json"]).name == Path(FIRST).stem + ".transcript.json"
    chapters = item.find(f"{PODCAST}chapters")
    assert chapters.get("type") == "application/json+chapters"
    assert file_for(podcast, chapters.get("url")).name == Path(FIRST).stem + ".chapters.json"


def test_itunes_required_elements(podcast: Path):
    """What Apple's validator requires of a channel and of each item."""
    root = etree.parse(str(update_feed(podcast, base_url=BASE).path)).getroot()
    assert root.tag == "rss" and root.get("version") == "2.0"
    channel = root.find("channel")
    for tag in ("title", "description", "language", "link"):
        assert channel.findtext(tag), tag
    assert channel.findtext(f"{ITUNES}explicit") in ("true", "false")
    assert channel.find(f"{ITUNES}category").get("text") == "News"
    assert channel.findtext(f"{ITUNES}author")
    assert channel.findtext(f"{PODCAST}guid")
    art = file_for(podcast, channel.find(f"{ITUNES}image").get("href"))
    width, height = Image.open(art).size
    assert width == height and 1400 <= width <= 3000
    for item in channel.iter("item"):
        assert item.findtext("title") and item.findtext("description") and item.findtext("pubDate")
        assert item.find("guid").get("isPermaLink") == "false"
        enclosure = item.find("enclosure")
        assert enclosure.get("url") and int(enclosure.get("length")) > 0 and enclosure.get("type")
        assert item.findtext(f"{ITUNES}duration").isdigit()


def test_rerun_adds_keeps_and_removes(podcast: Path):
    first = update_feed(podcast, base_url=BASE)
    before = {e["enclosures"][0]["url"]: e["guid"] for e in parse(first.path)["episodes"]}
    assert first.added == [SECOND, FIRST] and first.written

    again = update_feed(podcast)
    assert not again.written and not again.added  # nothing changed: not even rewritten

    old_size = (podcast / FIRST).stat().st_size
    narrate_text(podcast, FIRST, FIRST_TEXT + "\nA third paragraph was added later on.\n")  # re-narrated
    narrate_text(podcast, "new/Third.mp3", "Third article\n\nBrand new.\n")  # added
    (podcast / SECOND).unlink()  # removed
    result = update_feed(podcast)
    after = {e["enclosures"][0]["url"]: e for e in parse(result.path)["episodes"]}
    assert result.added == ["new/Third.mp3"] and result.removed == ["Rain on Tuesday"]
    assert set(after) == {url_for(BASE, FIRST), url_for(BASE, "new/Third.mp3")}
    renarrated = after[url_for(BASE, FIRST)]
    assert renarrated["guid"] == before[url_for(BASE, FIRST)]
    assert renarrated["enclosures"][0]["file_size"] == (podcast / FIRST).stat().st_size != old_size
    assert after[url_for(BASE, "new/Third.mp3")]["guid"] not in before.values()


def test_half_written_and_hidden_files_are_not_episodes(podcast: Path):
    (podcast / ".Third.abc.partial.mp3").write_bytes(b"\xff\xfb" * 100)
    (podcast / ".hidden").mkdir()
    (podcast / ".hidden" / "x.mp3").write_bytes(b"\xff\xfb" * 100)
    assert {e.rel for e in update_feed(podcast, base_url=BASE).episodes} == {FIRST, SECOND}


def test_settings_persist_and_cli_needs_no_options_later(podcast: Path):
    runner = CliRunner()
    result = runner.invoke(cli, ["feed", str(podcast), "--base-url", "http://10.0.0.5:8000", "--title",
                                 "Morning reads", "--author", "Jane Doe", "--language", "en-GB",
                                 "--category", "Science/Physics"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "feed.xml: 2 episodes (2 new)" in result.output
    assert "Feed URL: http://10.0.0.5:8000/feed.xml" in result.output
    saved = tomllib.loads((podcast / ".narrate-feed.toml").read_text(encoding="utf-8"))
    assert saved["title"] == "Morning reads" and saved["base_url"] == "http://10.0.0.5:8000/"

    result = runner.invoke(cli, ["feed", str(podcast)], catch_exceptions=False)
    assert result.exit_code == 0 and "2 episodes\n" in result.output
    parsed = parse(podcast / "feed.xml", "http://10.0.0.5:8000/feed.xml")
    assert parsed["title"] == "Morning reads" and parsed["language"] == "en-GB"
    assert all(e["enclosures"][0]["url"].startswith("http://10.0.0.5:8000/") for e in parsed["episodes"])
    root = etree.parse(str(podcast / "feed.xml")).getroot()
    category = root.find(f"channel/{ITUNES}category")
    assert category.get("text") == "Science" and category.find(f"{ITUNES}category").get("text") == "Physics"


def test_settings_survive_quotes_and_unicode(podcast: Path):
    title = 'Ada\'s "morning" reads \\ café \u2028 \U0001F600'
    update_feed(podcast, base_url=BASE, title=title)
    assert update_feed(podcast).settings.title == title


@pytest.mark.parametrize("args, message", [
    ([], "no base URL for"),
    (["--base-url", "podcast.test/"], "must be absolute"),
    (["--base-url", BASE, "--category", "Cooking"], "not an Apple Podcasts category"),
    (["--base-url", BASE, "--language", "english please"], "not a language code"),
])
def test_bad_options_are_one_line_errors(podcast: Path, args: list[str], message: str):
    result = CliRunner().invoke(cli, ["feed", str(podcast), *args])
    assert result.exit_code == 1
    assert result.output.startswith("Error: ") and message in result.output
    assert result.output.count("\n") == 1 and not (podcast / "feed.xml").exists()


def test_hand_edited_settings_are_checked(podcast: Path):
    (podcast / ".narrate-feed.toml").write_text('base_url = "ftp://x/"\n', encoding="utf-8")
    with pytest.raises(FeedError, match="must be absolute"):
        update_feed(podcast)
    (podcast / ".narrate-feed.toml").write_text('titel = "x"\n', encoding="utf-8")
    with pytest.raises(FeedError, match="unknown setting 'titel'"):
        update_feed(podcast)
    (podcast / ".narrate-feed.toml").write_text('title = [\n', encoding="utf-8")
    with pytest.raises(FeedError, match="cannot read the feed settings"):
        update_feed(podcast)


def test_unreadable_or_empty_audio_is_left_out_with_a_warning(podcast: Path):
    (podcast / "broken.mp3").write_bytes(b"not audio at all")
    (podcast / "empty.mp3").write_bytes(b"")
    result = update_feed(podcast, base_url=BASE)
    assert [w for w in result.warnings if w.startswith("broken.mp3: skipped, not audio mutagen can read")]
    assert "empty.mp3: skipped, the file is empty" in result.warnings
    feed = podcastparser.parse(BASE + "feed.xml", io.BytesIO(result.path.read_bytes()))
    urls = [e["enclosures"][0]["url"] for e in feed["episodes"]]
    assert not [u for u in urls if "broken" in u or "empty" in u] and len(urls) == 2


def test_missing_folder(tmp_path: Path):
    result = CliRunner().invoke(cli, ["feed", str(tmp_path / "nope"), "--base-url", BASE])
    assert result.exit_code == 1 and "is not a folder" in result.output


def save_image(path: Path, size: tuple[int, int], mode: str = "RGB", fmt: str = "PNG") -> Path:
    Image.new(mode, size, "navy" if mode == "RGB" else 0).save(path, format=fmt)
    return path


def test_given_artwork_is_checked_and_copied_in(podcast: Path, tmp_path: Path):
    with pytest.raises(FeedError, match=r"is 1000x1000 px: podcast apps need a square of 1400-3000 px"):
        update_feed(podcast, base_url=BASE, image=save_image(tmp_path / "small.png", (1000, 1000)))
    with pytest.raises(FeedError, match=r"1400x1500"):
        update_feed(podcast, base_url=BASE, image=save_image(tmp_path / "tall.png", (1400, 1500)))
    with pytest.raises(FeedError, match="CMYK"):
        update_feed(podcast, base_url=BASE, image=save_image(tmp_path / "c.jpg", (1400, 1400), "CMYK", "JPEG"))
    with pytest.raises(FeedError, match="JPEG or PNG"):
        update_feed(podcast, base_url=BASE, image=save_image(tmp_path / "a.gif", (1400, 1400), fmt="GIF"))

    good = save_image(tmp_path / "art.jpg", (1600, 1600), fmt="JPEG")
    result = update_feed(podcast, base_url=BASE, image=good)
    assert result.cover == "feed-cover.jpg"
    assert (podcast / "feed-cover.jpg").read_bytes() == good.read_bytes()
    assert parse(result.path)["cover_url"] == BASE + "feed-cover.jpg"
    assert update_feed(podcast).cover == "feed-cover.jpg"  # remembered

    inside = save_image(podcast / "sub dir" / "my art.png", (1400, 1400))
    assert update_feed(podcast, image=inside).cover == "sub dir/my art.png"
    inside.unlink()
    with pytest.raises(FeedError, match=r"my art.png is gone: pass --image again, or --image '' "):
        update_feed(podcast)
    result = CliRunner().invoke(cli, ["feed", str(podcast), "--image", ""], catch_exceptions=False)
    assert result.exit_code == 0 and update_feed(podcast).cover == "feed-cover.png"


def test_generated_cover_follows_the_title(podcast: Path):
    update_feed(podcast, base_url=BASE, title="One")
    first = (podcast / "feed-cover.png").read_bytes()
    update_feed(podcast, title="Two")
    assert (podcast / "feed-cover.png").read_bytes() != first
    assert Image.open(io.BytesIO(first)).size == (1400, 1400)


def test_url_for_encodes_each_segment():
    assert url_for("http://h/", "a b/ü#1?.mp3") == "http://h/a%20b/%C3%BC%231%3F.mp3"


@pytest.mark.parametrize("command", ["feed", "serve"])
def test_help_has_an_example(command: str):
    result = CliRunner().invoke(cli, [command, "-h"])
    assert result.exit_code == 0 and "Example:" in result.output and f"narrate {command} podcast/" in result.output


def test_a_rescan_reads_again_only_what_changed_and_sees_every_change(tmp_path: Path):
    """The scan remembers each episode by the files it was read from (a server rewrites its feed
    after every new episode); a changed manifest, a new sidecar, a replaced audio file or a
    removed one still shows at once."""
    import json
    import os

    from narrate.publish import episodes

    folder = tmp_path / "podcast"
    narrate_text(folder, "one.mp3", "The first one\n\nA paragraph.\n")
    narrate_text(folder, "two.mp3", "The second one\n\nAnother paragraph.\n")
    first = {e.rel: e for e in episodes.scan(folder)}
    assert first["one.mp3"].chapters is None
    again = {e.rel: e for e in episodes.scan(folder)}
    assert again["one.mp3"] is first["one.mp3"] and again["two.mp3"] is first["two.mp3"]  # not read again
    manifest = folder / "one.narrate.json"
    data = json.loads(manifest.read_text())
    data["title"] = "A new title"
    manifest.write_text(json.dumps(data))
    (folder / "two.chapters.json").write_text('{"version": "1.2.0", "chapters": [{"startTime": 0, "title": "x"}]}')
    changed = {e.rel: e for e in episodes.scan(folder)}
    assert changed["one.mp3"].title == "A new title"
    assert changed["two.mp3"].chapters is not None
    os.replace(folder / "two.mp3", folder / "one.mp3")  # one replaced by another file, two gone
    final = {e.rel: e for e in episodes.scan(folder)}
    assert set(final) == {"one.mp3"} and final["one.mp3"].size == (folder / "one.mp3").stat().st_size
