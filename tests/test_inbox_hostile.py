"""Hostile requests to `narrate serve --inbox`: whatever a client sends, every answer is a
status from the inbox's list (never a 500, never a dropped server), and nothing is queued
without the owner. Hypothesis writes the requests: methods, paths, headers and bodies that are
half right (a multipart form with no end, a Content-Length that lies, forged cookies)."""

from __future__ import annotations

import http.client
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from narrate.episode.pipeline import NarrateOptions
from narrate.inbox.server import InboxServer
from narrate.inbox.worker import InboxSettings
from narrate.publish.access import load_keys

ANSWERS = {200, 202, 301, 303, 304, 400, 401, 403, 404, 405, 409, 411, 413, 415, 416, 429, 431, 501}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InboxServer]:
    base = tmp_path_factory.mktemp("hostile-inbox")
    folder = base / "podcast"
    folder.mkdir()
    import os

    os.environ["NARRATE_INBOX_RATE"] = "100000"  # the fuzzing client is one address
    try:
        server = InboxServer(folder, "127.0.0.1", 0, quiet=True, keys=load_keys(base / "keys.json"),
                             settings=InboxSettings(folder, NarrateOptions(jobs=1)), idle_timeout=2.0)
    finally:
        del os.environ["NARRATE_INBOX_RATE"]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


PATHS = st.sampled_from(["/api/articles", "/api/articles/1", "/api/articles/1/retry", "/api/articles/99999999999",
                         "/add", "/add/queue", "/add/manifest.json", "/add/sw.js", "/add/../feed.xml", "/login",
                         "/login?code=x", "/feed.xml", "/", "/.narrate-inbox/queue.sqlite3", "/inbox/",
                         "/api/articles?token=x", "/add?" + "a=1&" * 40, "/%2e%2e/", "/add/icon-192.png"])
TYPES = st.sampled_from(["application/json", "application/x-www-form-urlencoded", "multipart/form-data",
                         "multipart/form-data; boundary=xx", 'multipart/form-data; boundary="a b"', "text/plain",
                         "application/json; charset=latin-1", "", "\x00", "a" * 300])
HEADER_VALUES = st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=80)
BODIES = st.one_of(
    st.binary(max_size=300),
    st.sampled_from([b'{"url": "http://127.0.0.1/"}', b'{"url": 5}', b"url=http%3A%2F%2F10.0.0.1%2F",
                     b"--xx\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.md\"\r\n\r\n# x\r\n--xx--\r\n",
                     b"--xx\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../../a.md\"\r\n\r\nx",
                     b"--xx--", b"code=" + b"A" * 1000, b"token=&code=", b"{}" * 100]))


@settings(max_examples=150)
@given(method=st.sampled_from(["GET", "POST", "HEAD", "PUT", "DELETE"]), path=PATHS, content_type=TYPES,
       body=BODIES, cookie=HEADER_VALUES, authorization=st.one_of(st.none(), HEADER_VALUES,
                                                                st.just("Bearer "), st.just("Basic Og==")),
       origin=st.one_of(st.none(), st.sampled_from(["null", "http://evil.example", "http://127.0.0.1"])))
def test_every_request_gets_a_proper_answer_and_adds_nothing(server: InboxServer, method: str, path: str,
                                                             content_type: str, body: bytes, cookie: str,
                                                             authorization: str | None, origin: str | None):
    headers = {"Content-Type": content_type, "Cookie": cookie}
    if authorization is not None:
        headers["Authorization"] = authorization
    if origin is not None:
        headers["Origin"] = origin
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=20)
    try:
        connection.request(method, path, body=body if method in ("POST", "PUT") else None, headers=headers)
        response = connection.getresponse()
        response.read()
    except (ConnectionError, http.client.RemoteDisconnected, socket.timeout) as exc:
        pytest.fail(f"{method} {path}: no answer ({exc})")
    finally:
        connection.close()
    assert response.status in ANSWERS, (method, path, response.status)
    assert server.queue.counts() == {}


def test_a_body_that_never_comes_costs_its_connection_only(server: InboxServer):
    with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=20) as stalled:
        stalled.sendall(b"POST /api/articles HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                        + server.keys.token.encode() + b"\r\nContent-Type: application/json\r\n"
                        b"Content-Length: 1000\r\n\r\n{\"url\":")
        connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=20)
        connection.request("GET", "/add/manifest.json")
        assert connection.getresponse().status == 200  # others are answered meanwhile
        connection.close()
        assert stalled.recv(100) == b""  # closed once its idle timeout passed, nothing answered
    assert server.queue.counts() == {}


def test_too_many_query_fields_are_not_an_error(server: InboxServer, tmp_path: Path):
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=20)
    connection.request("GET", "/login?" + "a=1&" * 100)
    assert connection.getresponse().status == 200
    connection.close()
