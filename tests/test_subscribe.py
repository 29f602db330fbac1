"""`narrate URL` and `narrate subscribe` end to end: a loopback site, the real engine and
encoder, the episodes read back with ffmpeg and mutagen and the feed with podcastparser."""

from __future__ import annotations

import io
import json
from pathlib import Path

import podcastparser
import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3

from narrate.cli.commands import cli
from narrate.fetch.opml import read_opml
from tests import web_content as web
from tests.audio_check import decode
from tests.loopback_site import LoopbackSite


@pytest.fixture
def site():
    site = LoopbackSite()
    yield site
    site.close()


def run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def feed_items(folder: Path) -> list[dict]:
    xml = (folder / "feed.xml").read_bytes()
    return podcastparser.parse("http://127.0.0.1:8000/feed.xml", io.BytesIO(xml))["episodes"]


def narrated(result) -> int:
    """Episodes made, from the batch's progress lines."""
    return sum(line.startswith("done     ") for line in result.stderr.splitlines())


def episodes(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.mp3"))


def test_narrate_a_url_with_its_page_kept(site, tmp_path):
    url = site.add("/news/tram-line-vote.html", web.NEWS_PAGE)
    out = tmp_path / "tram.mp3"
    result = run(url, "-o", out, "--save-html", "-q")
    assert result.exit_code == 0, result.output
    assert len(decode(out)) > 10_000  # milliseconds of real speech
    tags = ID3(out)
    assert str(tags["TIT2"]) == "Harbour city votes to rebuild its tram line"
    assert str(tags["TPE1"]) == "Maria Okafor" and str(tags["TDRC"]) == "2024-03-14"
    assert tags["WOAS"].url == web.CANONICAL and web.CANONICAL in str(tags["COMM::eng"])
    manifest = json.loads((tmp_path / "tram.narrate.json").read_text())
    assert (manifest["source"], manifest["link"]) == (url, web.CANONICAL)
    assert (tmp_path / "tram.html").read_bytes() == web.NEWS_PAGE
    assert run("feed", tmp_path, "--base-url", "http://127.0.0.1:8000/", "-q").exit_code == 0
    [item] = feed_items(tmp_path)
    assert item["link"] == web.CANONICAL and item["title"] == manifest["title"]


def test_urls_and_files_in_one_batch_and_a_bad_url_fails_alone(site, tmp_path):
    (tmp_path / "note.txt").write_text("A note\n\nThe note is short.\n")
    good = site.add("/articles/pier.html", web.PAGE_C)
    result = run(good, site.url("/articles/missing.html"), tmp_path / "note.txt", "-o", tmp_path / "out",
                 "--save-html")
    assert result.exit_code == 1
    assert (tmp_path / "out" / "pier.html").read_text() == web.PAGE_C
    assert f"{site.url('/articles/missing.html')}: HTTP 404 Not Found" in result.stderr
    assert episodes(tmp_path / "out") == ["note.mp3", "pier.mp3"]
    again = run(good, tmp_path / "note.txt", "-o", tmp_path / "out")
    assert again.exit_code == 0 and "0 chunks synthesised" in again.stderr  # up to date: not synthesised
    assert sum(line.startswith("skipped  ") for line in again.stderr.splitlines()) == 2


def gazette(site: LoopbackSite, items: list[str]) -> str:
    return site.add("/feed.rss", web.rss_feed(site.base, items), content_type="application/rss+xml",
                    validators=True)


def test_subscribe_narrates_new_items_once_and_retries_failures(site, tmp_path):
    a = web.rss_item(site.base, "a", "Ferry leaves earlier", 10, web.FULL_A)
    b = web.rss_item(site.base, "b", "Tide tables are printed again", 11)
    c = web.rss_item(site.base, "c", "The pier reopens", 12)  # its page is missing at first
    site.add("/articles/b.html", web.PAGE_B)
    feed_url = gazette(site, [a, b, c])
    out = tmp_path / "podcast"

    first = run("subscribe", feed_url, "-o", out)
    assert first.exit_code == 1
    failures = [line for line in first.stderr.splitlines() if "/articles/c.html" in line]
    reason = f"{site.url('/articles/c.html')}: HTTP 404 Not Found"
    assert failures == [f"failed   {reason}", f"  {reason}"]  # as it happens, and in the summary
    assert episodes(out) == ["the-ferry-gazette/ferry-leaves-earlier.mp3",
                             "the-ferry-gazette/tide-tables-are-printed-again.mp3"]
    assert site.requests("/articles/a.html") == []  # the feed carried the whole article
    items = {i["title"]: i for i in feed_items(out)}
    assert set(items) == {"Ferry leaves earlier", "Tide tables are printed again"}
    assert items["Tide tables are printed again"]["link"] == site.url("/articles/b.html")
    assert items["Ferry leaves earlier"]["published"] == 1710057600  # the item's date, 10 March 2024
    manifest = json.loads((out / "the-ferry-gazette/ferry-leaves-earlier.narrate.json").read_text())
    assert manifest["author"] == "Ada Reporter" and manifest["link"] == site.url("/articles/a.html")

    second = run("subscribe", "-o", out)  # remembered; unchanged feed
    assert second.exit_code == 1 and narrated(second) == 0
    assert "HTTP 404" in second.stderr  # the failed item was tried again
    checks = site.requests("/feed.rss")
    assert len(checks) == 2 and checks[1].status == 304 and checks[1].headers["if-none-match"]
    assert len(site.requests("/articles/b.html")) == 1 and len(site.requests("/articles/c.html")) == 2

    site.add("/articles/c.html", web.PAGE_C)  # the page is back, and the feed has a new item
    d = web.rss_item(site.base, "d", "A new lighthouse keeper", 13, web.FULL_D)
    gazette(site, [d, a, b, c])
    third = run("subscribe", "-o", out)
    assert third.exit_code == 0, third.stderr
    assert narrated(third) == 2
    assert len(episodes(out)) == 4 and len(feed_items(out)) == 4

    fourth = run("subscribe", "-o", out, "--keep", "2")
    assert fourth.exit_code == 0 and narrated(fourth) == 0
    assert episodes(out) == ["the-ferry-gazette/a-new-lighthouse-keeper.mp3",
                             "the-ferry-gazette/the-pier-reopens.mp3"]
    left = {p.name.split(".")[0] for p in (out / "the-ferry-gazette").iterdir()}
    assert left == {"a-new-lighthouse-keeper", "the-pier-reopens"}  # no sidecar (manifest, cover) behind
    assert {i["title"] for i in feed_items(out)} == {"A new lighthouse keeper", "The pier reopens"}
    gazette(site, [d, a, b, c, web.rss_item(site.base, "e", "Gulls", 1)])  # an old item appears
    fifth = run("subscribe", "-o", out)  # --keep is remembered; nothing pruned comes back
    assert fifth.exit_code == 0 and narrated(fifth) == 0 and len(episodes(out)) == 2


def test_since_skips_the_back_catalogue(site, tmp_path):
    old = web.rss_item(site.base, "old", "Old news", 1, web.FULL_A)
    new = web.rss_item(site.base, "new", "New news", 20, web.FULL_D)
    result = run("subscribe", gazette(site, [new, old]), "-o", tmp_path / "p", "--since", "2024-03-15", "-q")
    assert result.exit_code == 0, result.stderr
    assert episodes(tmp_path / "p") == ["the-ferry-gazette/new-news.mp3"]


def test_opml_import_export_and_a_url_list(site, tmp_path):
    atom = site.add("/atom.xml", web.atom_feed(site.base), content_type="application/atom+xml")
    site.add("/notes/choir.html", web.PAGE_CHOIR)
    not_a_feed = site.add("/news.html", web.NEWS_PAGE)
    reader = site.add("/reader.opml", web.opml([(atom, "Island Notes"), (not_a_feed, "Oops")]),
                      content_type="text/x-opml")
    urls = tmp_path / "reading-list.txt"
    urls.write_text(f"# to read\n{site.add('/articles/pier.html', web.PAGE_C)}\n\n")
    out = tmp_path / "podcast"
    result = run("subscribe", "--opml", reader, urls, "-o", out)
    assert result.exit_code == 1
    assert f"failed: {not_a_feed}: not an RSS or Atom feed" in result.stderr
    assert episodes(out) == ["island-notes/school-choir-sings.mp3", "island-notes/the-bakery-s-new-oven.mp3",
                             "reading-list/pier.mp3"]
    exported = tmp_path / "export.opml"
    assert run("subscribe", "-o", out, "--export-opml", exported).exit_code == 0
    assert [(o.url, o.title) for o in read_opml(exported.read_bytes(), "export.opml")] == [
        (atom, "Island Notes"), (not_a_feed, not_a_feed)]
    elsewhere = tmp_path / "again"  # the exported list subscribes another folder to the same feeds
    assert run("subscribe", "--opml", exported, "-o", elsewhere, "-q").exit_code == 1
    assert episodes(elsewhere) == ["island-notes/school-choir-sings.mp3", "island-notes/the-bakery-s-new-oven.mp3"]


def test_new_episodes_reach_the_feed_a_running_server_serves(site, tmp_path):
    import threading
    import urllib.request

    from narrate.publish.serve import EpisodeServer

    out = tmp_path / "podcast"
    out.mkdir()
    server = EpisodeServer(out, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        def served() -> list[dict]:
            with urllib.request.urlopen(server.base_url + "feed.xml", timeout=10) as response:
                return podcastparser.parse(server.base_url + "feed.xml", response)["episodes"]

        assert served() == []  # the phone subscribes to the empty podcast
        feed_url = gazette(site, [web.rss_item(site.base, "a", "Ferry leaves earlier", 10, web.FULL_A)])
        assert run("subscribe", feed_url, "-o", out, "-q").exit_code == 0
        [episode] = served()
        assert episode["title"] == "Ferry leaves earlier"
        assert episode["enclosures"][0]["url"] == server.base_url + "the-ferry-gazette/ferry-leaves-earlier.mp3"
    finally:
        server.shutdown()
        server.server_close()
