"""The real server on a free loopback port, asked with real HTTP clients (urllib, http.client)."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from email.utils import formatdate
from pathlib import Path
from urllib.parse import urlsplit

import podcastparser
import pytest

from narrate.errors import FeedError
from narrate.publish.feed import url_for
from narrate.publish.serve import EpisodeServer, Refused, Unsatisfiable, parse_range, resolve_request
from tests.podcast_folder import FIRST, SECOND, copy_podcast, make_podcast


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_podcast(tmp_path_factory.mktemp("template") / "podcast")


@pytest.fixture(scope="module")
def served(template: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[EpisodeServer, Path]]:
    folder = copy_podcast(template, tmp_path_factory.mktemp("served") / "pod cast")
    (folder.parent / "secret.mp3").write_bytes(b"outside")
    (folder / "escape.mp3").symlink_to(folder.parent / "secret.mp3")
    server = EpisodeServer(folder, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server, folder
    server.shutdown()
    server.server_close()


def request(server: EpisodeServer, path: str, method: str = "GET",
            headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """A raw request: http.client sends the path exactly as given (no normalising)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def path_of(url: str) -> str:
    return urlsplit(url).path


def test_feed_has_working_absolute_urls(served):
    server, folder = served
    with urllib.request.urlopen(server.base_url + "feed.xml", timeout=10) as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "application/rss+xml; charset=utf-8"
        parsed = podcastparser.parse(server.base_url + "feed.xml", response)
    assert len(parsed["episodes"]) == 2
    assert parsed["cover_url"].startswith(server.base_url)
    for episode in parsed["episodes"]:
        (enclosure,) = episode["enclosures"]
        assert enclosure["url"].startswith(server.base_url)
        head = urllib.request.Request(enclosure["url"], method="HEAD")
        with urllib.request.urlopen(head, timeout=10) as response:
            assert int(response.headers["Content-Length"]) == enclosure["file_size"]
            assert response.headers["Content-Type"] == "audio/mpeg"
        with urllib.request.urlopen(enclosure["url"], timeout=10) as response:
            body = response.read()
        rel = FIRST if "caf" in enclosure["url"] else SECOND
        assert body == (folder / rel).read_bytes()
    with urllib.request.urlopen(parsed["cover_url"], timeout=10) as response:
        assert response.headers["Content-Type"] == "image/png" and response.read(8) == b"\x89PNG\r\n\x1a\n"


def test_range_in_the_middle_of_the_mp3(served):
    server, folder = served
    data = (folder / FIRST).read_bytes()
    middle = len(data) // 2
    status, headers, body = request(server, path_of(url_for("/", FIRST)),
                                    headers={"Range": f"bytes={middle}-{middle + 999}"})
    assert status == 206
    assert headers["content-range"] == f"bytes {middle}-{middle + 999}/{len(data)}"
    assert headers["content-length"] == "1000" and body == data[middle:middle + 1000]
    assert headers["accept-ranges"] == "bytes"

    status, headers, body = request(server, path_of(url_for("/", FIRST)), headers={"Range": "bytes=-100"})
    assert status == 206 and body == data[-100:]
    status, headers, body = request(server, path_of(url_for("/", FIRST)), headers={"Range": f"bytes={middle}-"})
    assert status == 206 and body == data[middle:]
    status, _, body = request(server, path_of(url_for("/", FIRST)), headers={"Range": "bytes=0-1,5-6"})
    assert status == 200 and body == data  # several ranges: the whole file


def test_head_has_headers_and_no_body(served):
    server, folder = served
    status, headers, body = request(server, path_of(url_for("/", SECOND)), method="HEAD")
    assert status == 200 and body == b""
    assert headers["content-length"] == str((folder / SECOND).stat().st_size)
    assert headers["accept-ranges"] == "bytes" and headers["etag"] and headers["last-modified"]


@pytest.mark.parametrize("header", ["bytes=999999999-", "bytes=500-100", "bytes=abc", "bytes=-0", "bytes=-"])
def test_bad_range_is_416(served, header):
    server, folder = served
    status, headers, _ = request(server, path_of(url_for("/", FIRST)), headers={"Range": header})
    assert status == 416
    assert headers["content-range"] == f"bytes */{(folder / FIRST).stat().st_size}"


def test_conditional_requests(served):
    server, _ = served
    path = path_of(url_for("/", FIRST))
    _, headers, _ = request(server, path)
    assert request(server, path, headers={"If-None-Match": headers["etag"]})[0] == 304
    assert request(server, path, headers={"If-None-Match": '"other"'})[0] == 200
    assert request(server, path, headers={"If-Modified-Since": headers["last-modified"]})[0] == 304
    assert request(server, path, headers={"If-Modified-Since": formatdate(0, usegmt=True)})[0] == 200
    # If-Range with a stale validator: the whole (changed) file, not a piece of it
    status, _, _ = request(server, path, headers={"Range": "bytes=0-9", "If-Range": '"stale"'})
    assert status == 200
    assert request(server, path, headers={"Range": "bytes=0-9", "If-Range": headers["etag"]})[0] == 206


@pytest.mark.parametrize("path", [
    "/../secret.mp3", "/%2e%2e/secret.mp3", "/%2E%2E%2Fsecret.mp3", "/sub%20dir/..%2F..%2Fsecret.mp3",
    "/sub%20dir/../../secret.mp3", "/..%5csecret.mp3", "/%252e%252e/secret.mp3", "//etc/passwd",
    "/etc/passwd", "/escape.mp3", "/.narrate-feed.toml", "/sub%20dir/", "/sub%20dir",
    "/%C3%9Cn%C3%AFcode%20caf%C3%A9%20article.narrate.json", "/%C3%9Cn%C3%AFcode%20caf%C3%A9%20article.txt",
    "/%ff.mp3", "/a%00.mp3", "http://evil.test/../secret.mp3",
])
def test_nothing_outside_the_folder(served, path):
    server, _ = served
    status, _, body = request(server, path)
    assert status in (403, 404), (path, status)
    assert b"outside" not in body


def test_index_page_lists_episodes(served):
    server, _ = served
    status, headers, body = request(server, "/")
    page = body.decode("utf-8")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert page.count("<audio ") == 2
    assert 'src="%C3%9Cn%C3%AFcode%20caf%C3%A9%20article.mp3"' in page
    assert 'src="sub%20dir/Second%20%232.mp3"' in page
    assert "The second one</button>" in page and 'data-start="2.5"' in page  # chapters
    assert "Transcript</summary>" in page and "article.transcript.txt" in page
    assert "article.cover.jpg" in page and server.base_url + "feed.xml" in page


def test_new_articles_appear_without_a_restart(served):
    server, folder = served
    from tests.podcast_folder import narrate_text

    narrate_text(folder, "Later.mp3", "Later on\n\nWritten while serving.\n")
    try:
        _, _, body = request(server, "/feed.xml")
        # the narrator's manifest gives the first paragraph as the episode's description
        assert b"Later.mp3" in body and b"<description>Written while serving.</description>" in body
        assert b"<title>Later on</title>" in body
    finally:
        (folder / "Later.mp3").unlink()
        (folder / "Later.txt").unlink()
    assert b"Later.mp3" not in request(server, "/feed.xml")[2]


@pytest.mark.parametrize("header, size, expected", [
    ("bytes=0-0", 10, (0, 0)), ("bytes=2-", 10, (2, 9)), ("bytes=-3", 10, (7, 9)), ("bytes=-30", 10, (0, 9)),
    ("bytes=5-100", 10, (5, 9)), ("items=0-1", 10, None), ("bytes=0-1, 3-4", 10, None),
    ("bytes=10-", 10, Unsatisfiable), ("bytes=3-2", 10, Unsatisfiable), ("bytes=0-", 0, Unsatisfiable),
    ("bytes=+1-2", 10, Unsatisfiable), ("bytes=1", 10, Unsatisfiable),
])
def test_parse_range(header, size, expected):
    if expected is Unsatisfiable:
        with pytest.raises(Unsatisfiable):
            parse_range(header, size)
    else:
        assert parse_range(header, size) == expected


def test_resolve_request_statuses(tmp_path: Path):
    (tmp_path / "a b.mp3").write_bytes(b"x")
    assert resolve_request(tmp_path, "/a%20b.mp3") == tmp_path / "a b.mp3"
    for path, status in [("/../x.mp3", 403), ("/.a.mp3", 403), ("/nope.mp3", 404), ("/a%2fb.mp3", 404),
                         ("/notes.md", 404), ("a b.mp3", 404)]:
        with pytest.raises(Refused) as refused:
            resolve_request(tmp_path, path)
        assert refused.value.status == status, path


def test_port_in_use_is_one_clear_error(served, tmp_path: Path):
    server, _ = served
    with pytest.raises(FeedError, match=r"cannot listen on 127\.0\.0\.1:\d+ .*pick another --port"):
        EpisodeServer(tmp_path, "127.0.0.1", server.server_address[1])


def test_cli_serve_on_all_interfaces_warns_and_stops_cleanly(template: Path, tmp_path: Path):
    folder = copy_podcast(template, tmp_path / "podcast")
    process = subprocess.Popen([sys.executable, "-m", "narrate", "serve", str(folder), "--host", "0.0.0.0",
                                "--port", "0", "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        first = process.stdout.readline()
        assert first.startswith("Serving 2 episodes from "), first
        port = int(first.rstrip().rstrip("/").rsplit(":", 1)[1])
        feed_line = process.stdout.readline()
        assert feed_line.startswith("Feed URL for your podcast app: http://") and feed_line.rstrip().endswith(
            f":{port}/feed.xml")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/feed.xml", timeout=10) as response:
            assert b"<enclosure" in response.read()
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
    assert process.returncode == 0 and "stopped" in out
    assert "warning: listening on 0.0.0.0: anyone on your network can download" in err


def test_cli_serve_needs_a_folder(tmp_path: Path):
    from click.testing import CliRunner

    from narrate.cli.commands import cli

    result = CliRunner().invoke(cli, ["serve", str(tmp_path / "nope"), "--port", "0"])
    assert result.exit_code == 1
    assert result.output == f"Error: {tmp_path / 'nope'} is not a folder: give the folder of narrated episodes\n"
