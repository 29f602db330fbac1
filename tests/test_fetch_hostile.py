"""Hostile web servers and documents against the HTTP client, replayed on 127.0.0.1.

Each test is an attack that once hung, filled memory, raised a traceback or reached a private
address: slow headers and bodies (one budget per fetch), stacked compression bombs (a cap
enforced while decoding), a page whose <meta> tags made a pattern backtrack for hours,
charset labels that are not text encodings, an unparsable address in a URL list, a password
in a published address, and feeds and redirects that point into the user's own network.
Bombs run the real CLI in a subprocess under an address-space limit, as tests/test_hostile.py
does, so a regression fails its test instead of taking the machine down.
"""

from __future__ import annotations

import io
import json
import re
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import podcastparser
import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3

from narrate.cli.commands import cli
from narrate.errors import FetchError
from narrate.fetch.addresses import PRIVATE_ALLOWED, PUBLIC_ONLY, USER_GIVEN, BlockedAddress, private_kind
from narrate.fetch.http import HTTPStatusError, Limits, fetch, open_stream
from narrate.fetch.page import fetch_page, read_page
from tests import web_content as web
from tests.hostile_http import HostileServer, answer, brotli_bomb, double_gzip_bomb, drip, gzip_bomb, head
from tests.loopback_site import LoopbackSite

MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space a bomb's subprocess may use
MARGIN = 4.0  # seconds a fetch may take past its deadline (a loaded machine; the cut itself is exact)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def bounded(*args: object, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`narrate ARGS` in a subprocess with at most MEMORY_LIMIT of address space."""
    return subprocess.run([sys.executable, "-m", "narrate", *(str(a) for a in args)], capture_output=True,
                          timeout=timeout, preexec_fn=_limit_memory, text=True)


def one_line_error(run: subprocess.CompletedProcess[str], *phrases: str) -> None:
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    for phrase in phrases:
        assert phrase in run.stderr, run.stderr


def cli_run(*args: object):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def site():
    site = LoopbackSite()
    yield site
    site.close()


@pytest.fixture
def internal():
    """A service on the user's own machine (another loopback port, not declared public)."""
    site = LoopbackSite(public=False)
    site.add("/admin.html", web.article_page("Router admin", "<p>The admin password is hunter2.</p>"))
    yield site
    site.close()


def timed_failure(url: str, limits: Limits) -> tuple[str, float]:
    started = time.monotonic()
    with pytest.raises(FetchError) as error:
        fetch(url, limits)
    return str(error.value), time.monotonic() - started


# Item 4: one budget per fetch, enforced while nothing arrives too.

SLOW = {
    # the status line and headers a byte every quarter second (25 s in all)
    "headers a byte at a time": drip(head("200 OK", [("Content-Type", "text/html"), ("X-Padding", "p" * 40)]),
                                     0.25),
    # a header line every second: each read is answered well within any read timeout
    "a header line a second": [(0.0, b"HTTP/1.1 200 OK\r\n")] + [(1.0, b"X-Wait: still here\r\n")] * 25
                              + [(0.0, b"Content-Length: 2\r\n\r\nok")],
    # headers just before the budget ends, then a body byte just before each read would time out
    "headers late, body slow": [(3.5, head("200 OK", [("Content-Length", "10")]))] + drip(b"x" * 10, 3.5),
}


@pytest.mark.parametrize("case", list(SLOW))
def test_a_slow_server_is_cut_at_the_deadline(case):
    with HostileServer(SLOW[case]) as server:
        message, seconds = timed_failure(server.url("/slow"), Limits(timeout=4))
    assert seconds < 4 + MARGIN, f"{case}: {seconds:.1f} s"
    assert message.endswith("within 4 s (timed out)") and "\n" not in message
    assert ("not complete" if case == "headers late, body slow" else "no answer") in message


def test_resolving_a_name_counts_against_the_budget(monkeypatch):
    def stuck(*_args, **_kwargs):  # a resolver that never answers (DNS is the true boundary here)
        time.sleep(6)
        raise socket.gaierror("too late")

    monkeypatch.setattr(socket, "getaddrinfo", stuck)
    message, seconds = timed_failure("http://slow-dns.example/feed.xml", Limits(timeout=1))
    assert seconds < 1 + MARGIN and "cannot resolve slow-dns.example within" in message


def test_a_download_streams_within_its_budget_and_says_which_status():
    """The streaming API a large download uses: pieces as they come, Range, the status of a refusal."""
    body = bytes(range(256)) * 1000

    def script(request: bytes):
        if b"Range: bytes=1000-" in request:
            return answer(body[1000:], "206 Partial Content", "application/octet-stream",
                          [("Content-Range", f"bytes 1000-{len(body) - 1}/{len(body)}")])
        if b"/gone" in request:
            return answer(b"", "416 Range Not Satisfiable")
        return answer(body, content_type="application/octet-stream")

    with HostileServer(script) as server:
        big = Limits(max_bytes=len(body))
        with open_stream(server.url("/voice.onnx"), big, compressed=False) as stream:
            assert stream.status == 200 and stream.length == len(body)
            assert b"".join(stream.chunks()) == body
        with open_stream(server.url("/voice.onnx"), big, headers={"Range": "bytes=1000-"}) as stream:
            assert stream.status == 206 and stream.read() == body[1000:]
        with pytest.raises(HTTPStatusError) as refused, open_stream(server.url("/gone"), big):
            pass
        assert refused.value.status == 416
        assert b"Accept-Encoding: identity" in server.requests[0]
    with HostileServer([(0.0, head("200 OK", [("Content-Length", "100")]))] + drip(b"x" * 100, 0.3)) as server:
        started = time.monotonic()
        with pytest.raises(FetchError, match="not complete within 2 s"), \
                open_stream(server.url("/drip"), Limits(timeout=2)) as stream:
            stream.read()
        assert time.monotonic() - started < 2 + MARGIN


# Item 2: compression bombs, stacked and in brotli, stopped at the cap in bounded memory.

BOMBS = {
    "gzip, gzip: 13 KB to 8 GiB": ("gzip, gzip", lambda: double_gzip_bomb(8)),
    "br: 13 KB to 8 GiB": ("br", lambda: brotli_bomb(8)),
    "br: 1.7 KB to 1 GiB": ("br", lambda: brotli_bomb(1)),
    "gzip: 8 MB to 8 GiB": ("gzip", lambda: gzip_bomb(8)),
}


@pytest.mark.parametrize("case", list(BOMBS))
def test_a_compression_bomb_is_refused_at_the_cap_in_bounded_memory(case):
    encoding, build = BOMBS[case]
    body = build()
    assert len(body) < 9_000_000
    with HostileServer(answer(body, headers=[("Content-Encoding", encoding)])) as server:
        started = time.monotonic()
        run = bounded("inspect", server.url("/bomb.html"), timeout=90)
    one_line_error(run, "bomb.html: larger than 10 MB, the limit for a page or feed")
    assert time.monotonic() - started < 60


def test_a_redirect_s_own_body_is_never_read():
    """A 302 carrying a bomb: only its Location matters."""
    bomb = double_gzip_bomb(8)

    def script(request: bytes):
        if b" /final " in request:
            return answer(web.PAGE_C.encode())
        return answer(bomb, "302 Found", headers=[("Content-Encoding", "gzip, gzip"), ("Location", "/final")])

    with HostileServer(script) as server:
        run = bounded("inspect", server.url("/start"), timeout=90)
    assert run.returncode == 0, run.stderr
    assert "The pier reopens" in run.stdout


def test_unknown_and_too_many_encodings_are_one_line():
    for encoding, phrase in (("zstd", "an encoding narrate cannot read (zstd)"),
                             ("gzip, " * 5 + "gzip", "compressed 6 times over"),
                             ("gzip", "does not decompress")):
        with HostileServer(answer(b"plain, not gzip", headers=[("Content-Encoding", encoding)])) as server:
            with pytest.raises(FetchError, match=re.escape(phrase)):
                fetch(server.url("/x"))


# Item 3: a 19 KB page whose <meta> tag made page_title's pattern backtrack for hours.

def hostile_meta_page() -> str:
    """One <meta with a long run of spaces and hundreds of og:title attributes, never closed:
    a pattern `<meta\\s+[^>]*(property|name)=...[^>]*content=` tries every split of it."""
    return ("<html><head><meta" + " " * 9000 + "name='og:title'" * 650 + "</head><body><h1>Tide tables</h1>"
            "<p>The printed tide tables are back in the library.</p></body></html>")


def test_a_page_whose_meta_tags_would_backtrack_is_read_at_once(tmp_path: Path):
    page = tmp_path / "tides.html"
    page.write_text(hostile_meta_page(), encoding="utf-8")
    assert 18_000 < page.stat().st_size < 20_000
    try:
        run = subprocess.run([sys.executable, "-m", "narrate", "inspect", str(page)], capture_output=True,
                             text=True, timeout=60, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        pytest.fail("reading a 19 KB page took more than a minute (a backtracking pattern?)")
    assert run.returncode == 0, run.stderr
    assert "printed tide tables" in run.stdout


@pytest.mark.parametrize(("head_markup", "expected"), [
    ('<meta content="It\'s the &amp; title" property="og:title">', "It's the & title"),  # content first
    ('<meta name="twitter:title" content="Bird news"><title>Other | Site</title>', "Bird news"),
    ('<meta property="og:title" content="  "><title>Ferry times - The Gazette</title>', "Ferry times"),
    ("<title>Tide <b>tables</b> today - The Gazette</title>", "Tide tables today"),
    ("<title>" * 3000, None),
])
def test_page_title_from_parsed_meta_tags(head_markup, expected):
    from narrate.text.readers.html import page_title

    assert page_title(f"<html><head>{head_markup}</head><body></body></html>", None) == expected


# Item 9 and item 1's charset: labels that are not text encodings, UTF-7's lone surrogates.

@pytest.mark.parametrize("label", ["rot13", "zlib", "base64", "idna", "utf-7", "hex", "punycode", "x-unknown"])
@pytest.mark.parametrize("where", ["header", "meta"])
def test_a_charset_that_is_no_web_encoding_is_ignored(site, label, where):
    text = "<p>Caf\u00e9 owners cheer the ferry +2D0- and its crew.</p>"  # +2D0- is a lone surrogate in UTF-7
    page = web.article_page("Caf\u00e9 news", text, charset=label if where == "meta" else "utf-8")
    header = f"text/html; charset={label}" if where == "header" else "text/html"
    url = site.add("/cafe.html", page.encode("utf-8"), content_type=header)
    document = read_page(url)
    spoken = " ".join(document.paragraphs)
    spoken.encode("utf-8")  # valid text: no lone surrogate
    assert "Caf\u00e9 owners cheer the ferry" in spoken
    assert fetch_page(url).html.encode("utf-8")


def test_a_utf_7_item_page_does_not_stop_a_batch(site, tmp_path):
    seven = site.add("/seven.html", web.article_page("Seven", "<p>Odd +2D0- bytes here.</p>", charset="utf-7")
                     .encode("ascii"), content_type="text/html; charset=utf-7")
    good = site.add("/pier.html", web.PAGE_C)
    result = cli_run(seven, good, "-o", tmp_path / "out", "-q")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").glob("*.mp3")) == ["pier.mp3", "seven.mp3"]


# Item 9: `http://[::1` in a URL list; a password in a published address.

def test_an_unparsable_address_in_a_url_list_fails_alone(site, tmp_path):
    good = site.add("/articles/pier.html", web.PAGE_C)
    reading = tmp_path / "to-read.txt"
    reading.write_text(f"http://[::1\n{good}\nhttp://[::1]:99999/x\n", encoding="utf-8")
    result = cli_run("subscribe", reading, "-o", tmp_path / "pod", "-q")
    assert result.exit_code == 1
    assert "http://[::1: not a valid address" in result.stderr
    assert "Traceback" not in result.output + result.stderr
    assert [p.name for p in (tmp_path / "pod").rglob("*.mp3")] == ["pier.mp3"]
    single = cli_run("http://[::1", "-o", tmp_path / "x.mp3")
    assert single.exit_code == 1 and "not a valid address" in single.stderr


def test_a_password_in_an_address_is_used_but_never_published(site, tmp_path):
    url = site.add("/private/tides.html", web.PAGE_B)
    secret = url.replace("http://", "http://reader:s3cret@")
    out = tmp_path / "pod" / "tides.mp3"
    out.parent.mkdir()
    result = cli_run(secret, "-o", out, "-q")
    assert result.exit_code == 0, result.output
    assert site.requests("/private/tides.html")[0].headers["authorization"].startswith("Basic ")
    assert cli_run("feed", tmp_path / "pod", "--base-url", "http://127.0.0.1:8000/", "-q").exit_code == 0
    published = (tmp_path / "pod" / "feed.xml").read_text() + (tmp_path / "pod" / "tides.narrate.json").read_text()
    published += " ".join(str(frame) for frame in ID3(out).values())
    assert "s3cret" not in published and "reader:" not in published
    assert url in published
    missing = cli_run(secret.replace("tides", "gone"), "-o", tmp_path / "gone.mp3")
    assert missing.exit_code == 1 and "s3cret" not in missing.stderr and "HTTP 404" in missing.stderr


def test_a_feed_item_link_with_a_password_is_published_without_it(site, tmp_path):
    site.add("/articles/b.html", web.PAGE_B)
    item = web.rss_item(site.base.replace("http://", "http://ann:pw123@"), "b", "Tide tables", 11)
    feed = site.add("/feed.rss", web.rss_feed(site.base, [item]), content_type="application/rss+xml")
    result = cli_run("subscribe", feed, "-o", tmp_path / "pod", "-q")
    assert result.exit_code == 0, result.output
    xml = (tmp_path / "pod" / "feed.xml").read_text()
    [episode] = podcastparser.parse("http://127.0.0.1:8000/feed.xml", io.BytesIO(xml.encode()))["episodes"]
    assert episode["link"] == site.url("/articles/b.html") and "pw123" not in xml
    manifest = json.loads(next((tmp_path / "pod").rglob("*.narrate.json")).read_text())
    assert "pw123" not in json.dumps(manifest)


# Item 10: feeds and redirects from the internet never reach private addresses.

def test_a_feed_item_linking_to_another_loopback_port_is_not_fetched(site, internal, tmp_path):
    items = [web.rss_item(site.base, "b", "Tide tables", 11),
             web.rss_item(internal.base, "admin", "Router admin", 12).replace("/articles/admin.html", "/admin.html")]
    site.add("/articles/b.html", web.PAGE_B)
    feed = site.add("/feed.rss", web.rss_feed(site.base, items), content_type="application/rss+xml")
    result = cli_run("subscribe", feed, "-o", tmp_path / "pod", "-q")
    assert result.exit_code == 1
    assert f"{internal.url('/admin.html')}: not fetched: 127.0.0.1 is a loopback address" in result.stderr
    assert internal.requests("/admin.html") == []  # never reached
    assert "hunter2" not in (tmp_path / "pod" / "feed.xml").read_text()
    assert len(list((tmp_path / "pod").rglob("*.mp3"))) == 1
    # --allow-private: a feed on the user's own network may link there
    again = cli_run("subscribe", "-o", tmp_path / "pod", "-q", "--allow-private")
    assert again.exit_code == 0, again.output
    assert len(internal.requests("/admin.html")) == 1 and len(list((tmp_path / "pod").rglob("*.mp3"))) == 2


def test_a_redirect_from_a_public_address_to_loopback_is_not_followed(site, internal, tmp_path):
    start = site.add("/moved.html", status=302, location=internal.url("/admin.html"))
    for limits in (Limits(), Limits(addresses=USER_GIVEN)):  # a feed's link, or typed by the user
        with pytest.raises(FetchError) as error:
            fetch_page(start, limits)
        assert str(error.value) == (f"{start}: redirected to {internal.url('/admin.html')}, not fetched: 127.0.0.1 "
                                    "is a loopback address; only an address you give narrate yourself may be "
                                    "private (narrate subscribe --allow-private opens feeds on your own network)")
    result = cli_run(start, "-o", tmp_path / "moved.mp3")
    assert result.exit_code == 1 and "redirected to" in result.stderr
    assert internal.requests("/admin.html") == []
    assert "hunter2" in fetch_page(start, Limits(addresses=PRIVATE_ALLOWED)).html


def test_an_address_the_user_types_may_be_private_and_redirect_inside(internal, tmp_path):
    other = LoopbackSite(public=False)
    try:
        final = other.add("/page.html", web.PAGE_C)
        start = internal.add("/go", status=302, location=final)
        assert "pier reopened" in fetch_page(start, Limits(addresses=USER_GIVEN)).html
        with pytest.raises(FetchError, match="not fetched: 127.0.0.1 is a loopback address"):
            fetch_page(start)  # the same address from a feed
        result = cli_run(internal.url("/admin.html"), "-o", tmp_path / "admin.mp3", "-q")
        assert result.exit_code == 0, result.output
    finally:
        other.close()


@pytest.mark.parametrize("host", ["localhost", "[::ffff:127.0.0.1]", "127.1", "2130706433", "[::1]", "0.0.0.0"])
def test_names_and_spellings_of_loopback_are_checked_on_the_address(internal, host):
    url = f"http://{host}:{internal.port}/admin.html"
    with pytest.raises(FetchError, match="not fetched: .* (loopback|unspecified) address"):
        fetch(url)
    assert internal.requests("/admin.html") == []


def test_the_connection_goes_to_the_address_that_was_checked(site):
    """DNS rebinding: a name that resolves to a public address when checked and to loopback
    a moment later still reaches only the checked one (it is resolved once)."""
    from dataclasses import replace

    url = site.add("/page.html", web.PAGE_C)
    answers = [["127.0.0.1"], ["10.0.0.7"], ["10.0.0.7"]]
    calls: list[str] = []

    def rebinding(host: str, port: int, seconds: float) -> list[str]:
        calls.append(host)
        return answers[len(calls) - 1]

    policy = replace(PUBLIC_ONLY, resolver=rebinding)
    page = fetch_page(url.replace("127.0.0.1", "news.example"), Limits(addresses=policy))
    assert "pier reopened" in page.html and calls == ["news.example"]
    with pytest.raises(FetchError, match="news.example resolves to 10.0.0.7, a private address"):
        fetch_page(url.replace("127.0.0.1", "news.example"), Limits(addresses=policy))


def test_an_international_name_is_checked_in_the_form_it_is_connected_by(site):
    from dataclasses import replace

    url = site.add("/page.html", web.PAGE_C)
    asked: list[str] = []

    def lookup(host: str, port: int, seconds: float) -> list[str]:
        asked.append(host)
        return ["127.0.0.1"]

    limits = Limits(addresses=replace(PUBLIC_ONLY, resolver=lookup))
    page = fetch_page(url.replace("127.0.0.1", "b\u00fccher.example"), limits)
    assert "pier reopened" in page.html and asked == ["xn--bcher-kva.example"]


def test_a_name_with_any_private_address_is_refused():
    from dataclasses import replace

    mixed = replace(PUBLIC_ONLY, resolver=lambda host, port, seconds: ["93.184.215.14", "192.168.1.1"])
    with pytest.raises(BlockedAddress, match="resolves to 192.168.1.1, a private address"):
        mixed.addresses("shop.example", 443, 1.0)
    assert PRIVATE_ALLOWED.refusal("192.168.1.1", 80) is None
    assert PRIVATE_ALLOWED.refusal("169.254.169.254", 80) == "a cloud metadata address"
    assert PRIVATE_ALLOWED.refusal("fd00:ec2::254", 80) == "a cloud metadata address"
    assert USER_GIVEN.refusal("169.254.169.254", 80) is None  # typed by the user
    assert USER_GIVEN.after_answer_from("8.8.8.8", 80).refusal("127.0.0.1", 80) == "a loopback address"


@pytest.mark.parametrize(("address", "kind"), [
    ("127.0.0.1", "loopback"), ("::1", "loopback"), ("10.1.2.3", "private"), ("172.16.0.1", "private"),
    ("192.168.0.10", "private"), ("fd12:3456::1", "private"), ("169.254.169.254", "cloud metadata"),
    ("fd00:ec2::254", "cloud metadata"), ("100.100.100.200", "cloud metadata"), ("169.254.10.1", "link-local"),
    ("fe80::1", "link-local"), ("224.0.0.251", "multicast"), ("ff02::1", "multicast"), ("0.0.0.0", "unspecified"),
    ("::", "unspecified"), ("100.64.0.1", "shared (carrier-grade NAT)"), ("::ffff:127.0.0.1", "loopback"),
    ("::ffff:169.254.169.254", "cloud metadata"), ("64:ff9b::10.0.0.1", "private"), ("2002:c0a8:0101::", "private"),
    ("8.8.8.8", None), ("2606:4700:4700::1111", None), ("::ffff:8.8.8.8", None),
])
def test_which_addresses_are_private(address, kind):
    assert private_kind(address) == kind


def test_a_proxy_from_the_environment_is_used_and_the_policy_still_applies(monkeypatch):
    """HTTP_PROXY is the user's own setting (reached even on loopback); the address asked
    for is checked as this machine resolves it, and one only the proxy can resolve passes."""
    from dataclasses import replace

    def lookup(host: str, port: int, seconds: float) -> list[str]:
        if host == "127.0.0.1":
            return ["127.0.0.1"]
        raise FetchError(f"cannot resolve {host}")

    with HostileServer(answer(web.PAGE_C.encode()), public=False) as proxy:
        monkeypatch.setenv("HTTP_PROXY", proxy.base)
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        policy = replace(PUBLIC_ONLY, resolver=lookup)
        page = fetch_page("http://news.example/pier.html", Limits(addresses=policy))
        assert "pier reopened" in page.html
        assert proxy.requests[0].startswith(b"GET http://news.example/pier.html HTTP/1.1")
        with pytest.raises(FetchError, match="not fetched: 10.0.0.7 is a private address"):
            fetch_page("http://10.0.0.7/admin", Limits(addresses=policy))
        assert len(proxy.requests) == 1
