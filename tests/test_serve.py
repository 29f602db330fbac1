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


def exchange(server: EpisodeServer, raw: bytes) -> list[bytes]:
    """Send `raw` on one connection and read until the server closes it (or 10 s pass); the
    status lines of the responses, in order."""
    import socket

    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as connection:
        connection.sendall(raw)
        received = b""
        try:
            while data := connection.recv(1 << 16):
                received += data
        except TimeoutError:
            pass
    statuses = []
    while received:  # status line, headers, then Content-Length bytes of body (none for HEAD)
        head, _, received = received.partition(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        statuses.append(lines[0])
        length = next((int(line.split(b":")[1]) for line in lines[1:] if line.lower().startswith(b"content-length:")), 0)
        received = received[length:]
    return statuses


@pytest.mark.parametrize("spec, status", [
    ("9" * 5000 + "-", b"416"), ("0-" + "9" * 5000, b"206"), ("-" + "9" * 5000, b"206"),
    ("0" * 5000 + "1-", b"206"),
])
def test_a_range_of_thousands_of_digits_gets_an_answer(served, spec, status):
    server, _ = served
    path = path_of(url_for("/", FIRST)).encode()
    lines = exchange(server, b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nRange: bytes=" + spec.encode()
                     + b"\r\nConnection: close\r\n\r\n")
    assert len(lines) == 1 and lines[0].split()[1] == status, lines


def test_huge_range_numbers_parse_as_past_the_end():
    assert parse_range("bytes=0-" + "9" * 5000, 10) == (0, 9)
    assert parse_range("bytes=-" + "9" * 5000, 10) == (0, 9)
    with pytest.raises(Unsatisfiable):
        parse_range("bytes=" + "9" * 5000 + "-", 10)


def test_a_get_with_a_body_does_not_desynchronise_keep_alive(served):
    """The body is not read as a second request: two GETs, two answers, both the file."""
    server, _ = served
    path = path_of(url_for("/", FIRST)).encode()
    smuggled = b"GET /../secret.mp3 HTTP/1.1\r\nHost: x\r\n\r\n"
    raw = (b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Length: " + str(len(smuggled)).encode()
           + b"\r\n\r\n" + smuggled + b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert exchange(server, raw) == [b"HTTP/1.1 200 OK", b"HTTP/1.1 200 OK"]


@pytest.mark.parametrize("headers, answers", [
    (b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", [b"HTTP/1.1 200 OK"]),  # answered, closed
    (b"Content-Length: 99999999\r\n\r\nxx", [b"HTTP/1.1 200 OK"]),  # too long to read: answered, closed
    (b"Content-Length: -5\r\n\r\n", [b"HTTP/1.1 400 Bad Request"]),
    (b"Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello", [b"HTTP/1.1 400 Bad Request"]),
    (b"Content-Length: " + b"9" * 5000 + b"\r\n\r\n", [b"HTTP/1.1 400 Bad Request"]),
    (b"X: " + b"a" * 100_000 + b"\r\n\r\n", [b"HTTP/1.1 431 Line too long"]),
    (b"".join(b"X%d: y\r\n" % i for i in range(200)) + b"\r\n", [b"HTTP/1.1 431 Too many headers"]),
])
def test_malformed_requests_get_one_answer_and_nothing_is_smuggled(served, headers, answers):
    server, _ = served
    path = path_of(url_for("/", FIRST)).encode()
    follow = b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    assert exchange(server, b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n" + headers + follow) == answers
    assert request(server, path.decode())[0] == 200  # and the server still answers
def test_every_episode_offers_chapters_and_a_transcript(served):
    """The episode narrated without sidecar files gets its chapters and timed transcript from
    its manifest; the one with sidecars keeps them."""
    import json

    server, folder = served
    page = request(server, "/")[2].decode("utf-8")
    assert page.count('<details class="transcript"') == 2
    second = next(a for a in page.split("<article")[1:] if "Second%20%232.mp3" in a)
    assert 'data-start="0">0:00 Rain on Tuesday</button>' in second
    assert 'data-src=".transcript/sub%20dir/Second%20%232.mp3"' in second
    status, headers, body = request(server, "/.transcript/sub%20dir/Second%20%232.mp3")
    assert status == 200 and headers["content-type"] == "application/json; charset=utf-8"
    cues = json.loads(body)["cues"]
    manifest = json.loads((folder / "sub dir" / "Second #2.narrate.json").read_text(encoding="utf-8"))
    assert [c["text"] for c in cues] == ["Rain on Tuesday", "It rained all day long."]
    assert cues == manifest["timeline"]["cues"] and all(c["paragraph"] for c in cues)
    assert 0 < cues[0]["start"] < cues[0]["end"] < cues[1]["start"] < cues[1]["end"] <= manifest["duration"]
    # the episode with files beside it: its plain transcript file (its manifest has no timeline)
    first = json.loads(request(server, "/.transcript/" + url_for("", FIRST))[2])
    assert "The first paragraph talks about coffee." in first["text"]


@pytest.mark.parametrize("path", ["/.transcript/nothing.mp3", "/.transcript/../feed.xml", "/.transcript/",
                                  "/.transcript/sub%20dir", "/.transcript/Second%20%232.mp3"])
def test_a_transcript_only_for_an_episode(served, path):
    server, _ = served
    assert request(server, path)[0] == 404


def test_a_request_head_sent_a_byte_at_a_time_is_cut_at_the_idle_timeout(template: Path, tmp_path: Path):
    """Slowloris: each byte of a header comes within the idle timeout, the head never ends.
    The connection is closed once the head has taken the idle timeout in all; before, it was
    held for as long as the client kept sending."""
    import socket
    import time

    server = EpisodeServer(copy_podcast(template, tmp_path / "podcast"), "127.0.0.1", 0, quiet=True,
                           idle_timeout=2.0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as slow:
            slow.sendall(b"GET /feed.xml HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            closed = False
            for _ in range(120):  # up to 60 s of one header's bytes, each well within the idle timeout
                try:
                    slow.sendall(b"y")
                except OSError:
                    closed = True
                    break
                time.sleep(0.5)
            assert closed, "the server kept reading a head that never ended"
        status, _, _ = request(server, "/feed.xml")  # and it serves everyone else
        assert status == 200
    finally:
        server.shutdown()
        server.server_close()
