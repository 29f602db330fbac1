"""The inbox's parts on their own: the queue in SQLite, request bodies, the guards, shared links."""

from __future__ import annotations

import sqlite3
from email.message import Message
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from narrate.inbox.auth import LoginLinks, RateLimit, cross_site, new_session, session_from, set_cookie
from narrate.inbox.bodies import MAX_FORM_BYTES, MAX_PARTS, BadBody, body_length, parse
from narrate.inbox.queue import DATABASE, DONE, FAILED, NARRATING, STATE_DIR, URL, WAITING, JobQueue
from narrate.inbox.submitted import find_url, upload_name, url_key
from narrate.publish.access import basic_password, bearer, load_keys
from tests.inbox_client import multipart


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_queue_keeps_one_job_per_article_and_reserves_its_episode(tmp_path: Path):
    queue = JobQueue(tmp_path)
    first, added = queue.add(URL, "https://example.org/a", "https://example.org/a", "a", "inbox/a", ".mp3")
    assert added and first.state == WAITING and first.output == "inbox/a.mp3"
    again, added = queue.add(URL, "https://example.org/a", "https://example.org/a#x", "a", "inbox/a", ".mp3")
    assert not added and again.id == first.id
    other, _ = queue.add(URL, "https://other.example/a", "https://other.example/a", "a", "inbox/a", ".mp3")
    assert other.output != first.output and other.output.startswith("inbox/a-")
    (tmp_path / "inbox").mkdir()
    (tmp_path / "inbox" / "b.mp3").write_bytes(b"someone else's")
    third, _ = queue.add(URL, "https://example.org/b", "https://example.org/b", "b", "inbox/b", ".mp3")
    assert third.output != "inbox/b.mp3"  # a file already there is never overwritten
    # claimed, then the server dies: waiting again at the next start, counted as a new attempt
    (claimed, *_) = queue.claim(1)
    assert claimed.id == first.id and claimed.attempts == 1
    queue.update(first.id, state=NARRATING)
    queue.close()
    queue = JobQueue(tmp_path)
    assert queue.recover() == 1
    assert queue.get(first.id).state == WAITING  # type: ignore[union-attr]
    assert [job.id for job in queue.claim(10)] == [first.id, other.id, third.id]
    queue.finish(first.id, "Title", 12.5, narrated=True)
    queue.fail(other.id, "HTTP 404")
    # a failed job sent again is retried; a done one is not, until its episode is gone
    assert queue.add(URL, "https://other.example/a", "x", "a", "inbox/a", ".mp3")[1] is True
    assert queue.add(URL, "https://example.org/a", "x", "a", "inbox/a", ".mp3")[1] is True  # no audio file
    queue.close()
    with sqlite3.connect(tmp_path / STATE_DIR / DATABASE) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_retry_only_moves_a_failed_job(tmp_path: Path):
    queue = JobQueue(tmp_path)
    job, _ = queue.add(URL, "k", "https://example.org/k", "k", "inbox/k", ".mp3")
    assert queue.retry(job.id).state == WAITING  # type: ignore[union-attr]
    queue.claim(1)
    queue.fail(job.id, "no")
    assert queue.retry(job.id).state == WAITING  # type: ignore[union-attr]
    queue.claim(1)
    queue.finish(job.id, "t", 1.0, narrated=True)
    assert queue.retry(job.id).state == DONE  # type: ignore[union-attr]
    assert queue.retry(12345) is None
    assert FAILED not in queue.counts()


def test_keys_are_private_and_stable(tmp_path: Path):
    path = tmp_path / "config" / "keys.json"
    keys = load_keys(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert len(keys.token) >= 40 and keys.token != keys.feed_secret
    assert load_keys(path) == keys
    path.chmod(0o644)
    load_keys(path)
    assert path.stat().st_mode & 0o777 == 0o600
    rotated = keys.rotated(token=True)
    assert rotated.token != keys.token and rotated.feed_secret == keys.feed_secret
    assert load_keys(path).token == rotated.token
    path.write_text("not json")
    with pytest.raises(Exception, match="not narrate's key file"):
        load_keys(path)


def test_the_login_cookie_proves_a_session_only_under_its_token(tmp_path: Path):
    keys = load_keys(tmp_path / "keys.json")
    session = new_session()
    cookie = set_cookie(session, keys).split(";", 1)[0]
    assert session_from(cookie, keys) == session
    assert session_from(f"other=1; {cookie}", keys) == session
    assert session_from(cookie[:-1] + ("0" if cookie[-1] != "0" else "1"), keys) is None
    assert session_from(cookie, keys.rotated(token=True)) is None
    for junk in ("", "narrate_inbox=", "narrate_inbox=.", 'narrate_inbox="\\x00"', "\x00\xff", "a" * 5000):
        assert session_from(junk, keys) is None
    assert session.csrf(keys) != session.cookie_value(keys)


def test_login_codes_work_once_and_expire():
    clock = Clock()
    links = LoginLinks(clock)
    code = links.new()
    assert links.use(code) and not links.use(code)
    late = links.new()
    clock.now += 31 * 60
    assert not links.use(late)
    assert not links.use(None) and not links.use("") and not links.use("x" * 32)


@pytest.mark.parametrize(("origin", "fetch_site", "refused"), [
    (None, None, False), (None, "same-origin", False), (None, "none", False), (None, "cross-site", True),
    ("http://127.0.0.1:8000", None, False), ("http://127.0.0.1:8000", "same-origin", False),
    ("http://127.0.0.1:8001", None, True), ("https://evil.example", None, True), ("null", None, True),
    ("http://127.0.0.1:8000.evil.example", None, True), ("https://podcast.example", None, False),
    ("https://podcast.example:443", None, False), ("not a url ::", None, True),
])
def test_cross_site_requests(origin: str | None, fetch_site: str | None, refused: bool):
    assert cross_site(origin, fetch_site, "127.0.0.1:8000", "https://podcast.example/feeds/") is refused


def test_the_rate_limit_is_per_client_and_refills():
    clock = Clock()
    limit = RateLimit(per_minute=6, burst=3, clock=clock)
    assert [limit.allow("a") for _ in range(3)] == [0, 0, 0]
    assert limit.allow("a") == pytest.approx(10.0)
    assert limit.allow("b") == 0
    clock.now += 10
    assert limit.allow("a") == 0 and limit.allow("a") > 0


def test_authorization_headers():
    assert bearer("Bearer abc") == "abc" and bearer("bearer  abc ") == "abc"
    assert bearer("Basic abc") is None and bearer(None) is None and bearer("Bearer") is None
    assert basic_password("Basic bWU6czNjcjN0") == "s3cr3t"  # me:s3cr3t
    for junk in ("Basic ", "Basic !!!", "Basic bWU=", "Bearer x", None, "Basic " + "A" * 10001):
        assert basic_password(junk) is None


def test_shared_links_and_the_article_they_name():
    assert find_url("https://example.org/a") == "https://example.org/a"
    assert find_url(None, "Read this: https://example.org/a/b.html, now!") == "https://example.org/a/b.html"
    assert find_url("", "no link here", "Title https://x.example/t") == "https://x.example/t"
    assert find_url("", "nothing", None) is None
    assert url_key("HTTPS://Example.ORG:443/a?utm_source=x&id=3&fbclid=y#top") == "https://example.org/a?id=3"
    assert url_key("http://user:pw@example.org:8080") == "http://example.org:8080/"
    assert url_key("http://[::1]:8000/x") == "http://[::1]:8000/x"
    assert upload_name("../../etc/My Notes.MD") == ("my-notes.md", "my-notes")
    assert upload_name("C:\\Users\\me\\book.epub") == ("book.epub", "book")
    with pytest.raises(Exception, match="not a kind narrate reads"):
        upload_name("photo.jpg")
    with pytest.raises(Exception, match="not a kind"):
        upload_name("")


def test_multipart_forms():
    body, content_type = multipart({"csrf": "abc", "url": ""}, ("file", "café.md", b"# T\r\n\r\n--not the end"))
    got = parse(content_type, body)
    assert got.fields == {"csrf": "abc", "url": ""}
    assert got.upload is not None and got.upload.filename == "café.md" and got.upload.data == b"# T\r\n\r\n--not the end"
    empty, content_type = multipart({"csrf": "abc"}, ("file", "", b""))  # a form with no file chosen
    assert parse(content_type, empty).upload is None
    with pytest.raises(BadBody):
        parse(content_type, body[:-10])  # cut short
    with pytest.raises(BadBody):
        parse("multipart/form-data", body)  # no boundary


@given(st.binary(max_size=2000), st.sampled_from(["application/json", "application/x-www-form-urlencoded",
                                                  "multipart/form-data; boundary=b", "text/plain", "", "a/b; c"]))
def test_any_body_is_fields_or_a_refusal(data: bytes, content_type: str):
    try:
        parse(content_type, data)
    except BadBody as exc:
        assert exc.status in (400, 415) and "\n" not in str(exc)


@given(st.lists(st.text(alphabet="0123456789 -+x", max_size=25), max_size=3), st.booleans())
def test_any_content_length_is_a_length_or_a_refusal(lengths: list[str], chunked: bool):
    headers = Message()
    for length in lengths:
        headers["Content-Length"] = length
    if chunked:
        headers["Transfer-Encoding"] = "chunked"
    try:
        assert 0 <= body_length(headers, 1000) <= 1000
    except BadBody as exc:
        assert exc.status in (400, 411, 413)


def test_the_cli_says_which_options_need_the_inbox(tmp_path: Path):
    from click.testing import CliRunner

    from narrate.cli.commands import cli

    runner = CliRunner()
    for args, said in ((["--allow-private"], "--allow-private is for the inbox"),
                       (["--voice", "fast", "--scheduler", "local"], "--voice, --scheduler are for the inbox"),
                       (["--rotate-feed-secret"], "add --private")):
        result = runner.invoke(cli, ["serve", str(tmp_path), *args])
        assert result.exit_code == 2 and said in result.output, result.output
    result = runner.invoke(cli, ["serve", str(tmp_path / "podcast"), "--inbox", "--voice", "no-such-voice"],
                           env={"XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert result.exit_code == 1 and "no-such-voice" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "podcast").exists()  # nothing made


def test_a_folder_called_inbox_is_still_narrated_with_a_slash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from click.testing import CliRunner

    from narrate.cli.commands import cli

    monkeypatch.chdir(tmp_path)
    (tmp_path / "inbox").mkdir()
    result = CliRunner().invoke(cli, ["inbox", "-o", "podcast/"])
    assert result.exit_code == 2 and "write: narrate inbox/ -o podcast/" in result.output
    result = CliRunner().invoke(cli, ["inbox", "token"], env={"XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert result.exit_code == 0 and len(result.output.strip()) >= 40


def test_an_unexpected_error_on_a_web_page_is_logged_under_its_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from narrate.run.errorlog import unexpected_reason

    monkeypatch.setenv("NARRATE_LOG_DIR", str(tmp_path))
    reason = unexpected_reason("https://example.org/news/story.html", ValueError("a bug"))
    assert reason.startswith("unexpected error (ValueError: a bug); traceback in ")
    (log,) = tmp_path.glob("*-story.log")
    assert "https:/example.org/news/story.html" in log.read_text() or "example.org" in log.read_text()


def test_bodies_that_would_cost_the_server_dearly_are_refusals():
    with pytest.raises(BadBody, match="not valid JSON") as deep:
        parse("application/json", b"[" * 30_000 + b"]" * 30_000)  # RecursionError in json, a 500 before
    assert deep.value.status == 400
    fields = {f"f{n}": "x" for n in range(MAX_PARTS + 5)}
    body, content_type = multipart(fields)
    with pytest.raises(BadBody, match=f"more than {MAX_PARTS} parts"):
        parse(content_type, body)
    body, content_type = multipart({f"f{n}": "x" for n in range(MAX_PARTS - 2)}, ("file", "a.md", b"# A"))
    assert parse(content_type, body).upload is not None  # up to the limit, every part is read
    headers = Message()
    headers["Content-Length"] = str(MAX_FORM_BYTES + 1)
    with pytest.raises(BadBody, match="larger than 64 KB"):  # said "1 MB" before
        body_length(headers, MAX_FORM_BYTES)


def test_an_uploaded_file_with_one_long_word_for_a_name_keeps_its_name():
    assert upload_name("x" * 300 + ".md") == ("x" * 60 + ".md", "x" * 60)  # was upload.md
    assert upload_name("é" * 300 + ".txt")[0] == "e" * 60 + ".txt"
