"""The HTTP client, charset detection, feeds and OPML against a real server on 127.0.0.1."""

from __future__ import annotations

import pytest

from narrate.errors import FetchError
from narrate.fetch.feeds import parse_feed
from narrate.fetch.http import USER_AGENT, Limits, fetch
from narrate.fetch.opml import Outline, read_opml, write_opml
from narrate.fetch.page import fetch_page, read_page
from tests import web_content as web
from tests.loopback_site import LoopbackSite


@pytest.fixture
def site():
    site = LoopbackSite()
    yield site
    site.close()


def test_a_news_page_is_read_without_its_boilerplate_and_keeps_its_canonical_link(site):
    url = site.add("/news/tram.html", web.NEWS_PAGE)
    document = read_page(url)
    assert document.title == "Harbour city votes to rebuild its tram line"
    assert document.author == "Maria Okafor" and document.date == "2024-03-14"
    assert document.source == url and document.link == web.CANONICAL
    text = " ".join(document.paragraphs)
    assert "sixty years after the last car" in text
    assert "harbourfan77" not in text and "Subscribe" not in text  # comments, banners
    request = site.requests("/news/tram.html")[0]
    assert request.headers["user-agent"] == USER_AGENT and "br" in request.headers["accept-encoding"]


def test_gzip_is_decompressed(site):
    url = site.add("/gz.html", web.PAGE_B, gzip=True)
    assert "printed tide tables are back" in " ".join(read_page(url).paragraphs)


def test_a_redirect_chain_is_followed_and_the_final_address_is_the_source(site):
    final = site.add("/final.html", web.PAGE_C)
    site.add("/hop2", status=302, location=final)
    start = site.add("/hop1", status=301, location="/hop2")
    page = fetch_page(start)
    assert page.url == final and "pier reopened" in page.html
    with pytest.raises(FetchError, match=r"/hop1: more than 1 redirects"):
        fetch_page(start, Limits(max_redirects=1))


def test_a_slow_server_times_out_with_one_line(site):
    url = site.add("/slow.html", web.PAGE_B, delay=3)
    with pytest.raises(FetchError) as error:
        fetch(url, Limits(timeout=1))
    assert str(error.value) == f"{url}: no answer within 1 s (timed out)"


def test_an_oversized_response_is_refused(site):
    url = site.add("/big.html", b"<p>" + b"x" * 3_000_000 + b"</p>")
    with pytest.raises(FetchError, match=r"big.html: larger than 1 MB"):
        fetch(url, Limits(max_bytes=1_000_000))
    zipped = site.add("/bomb.html", b" " * 3_000_000, gzip=True)  # small on the wire, large decoded
    with pytest.raises(FetchError, match="larger than 1 MB"):
        fetch(zipped, Limits(max_bytes=1_000_000))


def test_a_windows_1252_page_declared_only_in_its_meta_tag(site):
    url = site.add("/cafe.html", web.CP1252_PAGE, content_type="text/html")  # no charset in the header
    document = read_page(url)
    assert document.title == "Caf\u00e9 owners cheer the ferry"
    assert "The caf\u00e9 on the pier \u2013 \u201cour caf\u00e9\u201d" in " ".join(document.paragraphs)


@pytest.mark.parametrize("where", ["meta", "header"])
def test_a_declared_charset_wins_over_the_windows_1252_guess(site, where):
    # Cyrillic in windows-1251 is not UTF-8; guessed as windows-1252 it would be mojibake
    page = web.article_page("\u041d\u043e\u0432\u044b\u0439 \u043f\u0430\u0440\u043e\u043c",
                            "<p>\u041f\u0430\u0440\u043e\u043c \u043f\u0440\u0438\u0448\u0451\u043b "
                            "\u0443\u0442\u0440\u043e\u043c.</p>",
                            charset="windows-1251" if where == "meta" else "x-unknown")
    header = "text/html" if where == "meta" else "text/html; charset=windows-1251"
    url = site.add("/ru.html", page.encode("cp1251"), content_type=header)
    document = read_page(url)
    assert document.title == "\u041d\u043e\u0432\u044b\u0439 \u043f\u0430\u0440\u043e\u043c"
    assert document.paragraphs == ["\u041f\u0430\u0440\u043e\u043c \u043f\u0440\u0438\u0448\u0451\u043b \u0443\u0442\u0440\u043e\u043c."]


@pytest.mark.parametrize("case, message", [
    ("missing", "HTTP 404 Not Found"),
    ("image", "not an article but image/png"),
    ("scheme", "not an http or https address"),
])
def test_failures_are_one_line(site, case, message):
    url = {"missing": site.url("/nothing-here"),
           "image": site.add("/picture", b"\x89PNG\r\n\x1a\n", content_type="image/png"),
           "scheme": "ftp://127.0.0.1/file.html"}[case]
    with pytest.raises(FetchError) as error:
        fetch_page(url)
    assert str(error.value) == f"{url}: {message}" and "\n" not in str(error.value)


def test_validators_make_an_unchanged_resource_a_304(site):
    url = site.add("/feed.xml", web.rss_feed(site.base, []), content_type="application/rss+xml",
                   validators=True)
    first = fetch(url)
    assert first.status == 200 and first.etag and first.last_modified == LoopbackSite.LAST_MODIFIED
    second = fetch(url, etag=first.etag, last_modified=first.last_modified)
    assert second.not_modified and second.content == b""
    assert site.requests("/feed.xml")[1].headers["if-none-match"] == first.etag


def test_rss_items_with_and_without_the_whole_article(site):
    items = [web.rss_item(site.base, "a", "Ferry leaves earlier", 10, web.FULL_A),
             web.rss_item(site.base, "b", "Tide tables", 11)]
    feed = parse_feed(web.rss_feed(site.base, items).encode(), site.url("/feed.rss"))
    assert feed.title == "The Ferry Gazette"
    a, b = feed.items
    assert (a.id, a.title, a.author, a.published) == ("item-a", "Ferry leaves earlier", "Ada Reporter",
                                                      "2024-03-10T08:00:00+00:00")
    assert "morning ferry now leaves at seven" in a.content and a.link == site.url("/articles/a.html")
    assert b.content is None  # only a summary: the page is fetched


def test_atom_content_counts_as_the_whole_article_and_a_summary_does_not(site):
    oven, choir = parse_feed(web.atom_feed(site.base).encode(), site.url("/atom.xml")).items
    assert oven.author == "Ben Baker" and "new oven" in oven.content
    assert choir.content is None and choir.link == site.url("/notes/choir.html")


def test_a_page_that_is_not_a_feed_is_refused(site):
    with pytest.raises(FetchError, match=r"^http://x/feed: not an RSS or Atom feed"):
        parse_feed(web.NEWS_PAGE, "http://x/feed")


def test_opml_round_trip():
    outlines = [Outline("http://127.0.0.1:1/a.xml", "A & B"), Outline("http://127.0.0.1:1/b.xml", "")]
    back = read_opml(write_opml(outlines, "mine"), "mine.opml")
    assert back == [Outline("http://127.0.0.1:1/a.xml", "A & B"),
                    Outline("http://127.0.0.1:1/b.xml", "http://127.0.0.1:1/b.xml")]
    nested = read_opml(web.opml([("http://h/1", "One"), ("http://h/2", "Two")]).encode(), "reader.opml")
    assert [o.url for o in nested] == ["http://h/1", "http://h/2"]
    with pytest.raises(FetchError, match="reader.opml: not OPML"):
        read_opml(b"<rss/>", "reader.opml")
