"""`narrate serve --inbox` in this process, asked over real HTTP on loopback: adding by the API
and by the page's forms, the queue, the owner's login, every refusal, the private feed.

Articles come from a loopback site that plays a public one (tests.loopback_site); a
`LoopbackSite(public=False)` plays a service on the user's own network, which nothing sent to
the inbox may reach without --allow-private.
"""

from __future__ import annotations

import base64
import io
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import podcastparser
import pytest

from narrate.episode.pipeline import NarrateOptions
from narrate.fetch.addresses import PRIVATE_ALLOWED, PUBLIC_ONLY
from narrate.inbox.queue import STATE_DIR
from narrate.inbox.server import InboxServer
from narrate.inbox.worker import InboxSettings
from narrate.publish.access import load_keys
from tests.audio_check import decode
from tests.inbox_client import ARTICLE, InboxClient, article
from tests.loopback_site import LoopbackSite


def start(folder: Path, keys_path: Path, policy=PUBLIC_ONLY, private: bool = False) -> InboxServer:  # type: ignore[no-untyped-def]
    folder.mkdir(parents=True, exist_ok=True)
    settings = InboxSettings(folder, NarrateOptions(jobs=1), policy)
    server = InboxServer(folder, "127.0.0.1", 0, quiet=True, keys=load_keys(keys_path), settings=settings,
                         private=private)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.start_worker()
    return server


def stop(server: InboxServer) -> None:
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def site() -> Iterator[LoopbackSite]:
    site = LoopbackSite()
    yield site
    site.close()


@pytest.fixture(scope="module")
def internal() -> Iterator[LoopbackSite]:
    """A service on the user's own machine (a router's page, a database's HTTP port)."""
    site = LoopbackSite(public=False)
    site.add("/admin", "<html><body><p>The router's secret settings page.</p></body></html>")
    yield site
    site.close()


@pytest.fixture(scope="module")
def inbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InboxServer]:
    base = tmp_path_factory.mktemp("inbox")
    server = start(base / "podcast", base / "config" / "keys.json")
    yield server
    stop(server)


@pytest.fixture()
def owner(inbox: InboxServer) -> InboxClient:
    return InboxClient(inbox.server_address[1], token=inbox.keys.token)


def test_a_url_sent_to_the_api_becomes_an_episode_in_the_feed(inbox: InboxServer, owner: InboxClient,
                                                             site: LoopbackSite):
    url = site.add("/news/2024/harbour-trams-return.html", ARTICLE)
    answer = owner.add(url)
    assert answer.status == 202, answer.body
    job = answer.json()
    assert answer.headers["location"] == f"/api/articles/{job['id']}"
    assert job["state"] in ("waiting", "fetching", "narrating") and job["added"] is True
    done = owner.wait(job["id"])
    assert done["state"] == "done", done
    assert done["title"] == "Harbour trams return"
    assert done["episode"] == "/inbox/harbour-trams-return.mp3"
    audio = inbox.root / "inbox" / "harbour-trams-return.mp3"
    assert decode(audio).duration_seconds == pytest.approx(done["duration"], abs=0.1)
    feed = owner.get("/feed.xml")
    parsed = podcastparser.parse(inbox.base_url + "feed.xml", io.BytesIO(feed.body))
    titles = [e["title"] for e in parsed["episodes"]]
    assert titles.count("Harbour trams return") == 1
    episode = next(e for e in parsed["episodes"] if e["title"] == "Harbour trams return")
    assert episode["link"] == url
    # what was fetched is not kept once the episode is there
    assert not list((inbox.root / STATE_DIR / "pages").glob("*.html"))


def test_the_same_article_twice_is_one_job_and_one_episode(inbox: InboxServer, owner: InboxClient,
                                                          site: LoopbackSite):
    url = site.add("/story/rain-on-tuesday", article("Rain on Tuesday"))
    first = owner.add(url).json()
    again = owner.add(url + "?utm_source=share&utm_medium=android#comments")
    assert again.status == 200 and again.json()["id"] == first["id"] and again.json()["added"] is False
    owner.wait(first["id"])
    assert owner.add(url).status == 200
    feed = owner.get("/feed.xml").body.decode("utf-8")
    assert feed.count("<title>Rain on Tuesday</title>") == 1
    assert len(site.requests("/story/rain-on-tuesday")) == 1


def test_an_uploaded_file_becomes_an_episode(inbox: InboxServer, owner: InboxClient):
    text = b"# Notes from the lighthouse\n\nThe keeper wrote every evening about the weather.\n"
    answer = owner.upload("Lighthouse notes.md", text)
    assert answer.status == 202, answer.body
    done = owner.wait(answer.json()["id"])
    assert done["state"] == "done", done
    assert done["title"] == "Notes from the lighthouse"
    assert (inbox.root / "inbox" / "lighthouse-notes.mp3").is_file()
    assert owner.upload("again.md", text).json()["id"] == answer.json()["id"]  # the same bytes: one job


def test_a_failed_job_says_why_and_is_tried_again(inbox: InboxServer, owner: InboxClient, site: LoopbackSite):
    url = site.url("/later/appears.html")
    job = owner.add(url).json()
    failed = owner.wait(job["id"])
    assert failed["state"] == "failed"
    assert "HTTP 404" in failed["reason"] and "\n" not in failed["reason"]
    site.add("/later/appears.html", article("It appears later"))
    retried = owner.request("POST", f"/api/articles/{job['id']}/retry", b"")
    assert retried.status == 202
    assert owner.wait(job["id"])["state"] == "done"
    assert owner.request("POST", f"/api/articles/{job['id']}/retry", b"").status == 409
    assert owner.request("POST", "/api/articles/999999/retry", b"").status == 404


def test_the_queue_lists_every_job_newest_first(inbox: InboxServer, owner: InboxClient):
    jobs = owner.jobs()
    assert [j["id"] for j in jobs] == sorted((j["id"] for j in jobs), reverse=True)
    assert all(set(j) >= {"id", "state", "title", "source", "progress", "reason"} for j in jobs)
    assert owner.get("/api/articles").json()["allow_private"] is False


# -- only the owner adds ------------------------------------------------------------------------


def _refusals(inbox: InboxServer, url: str) -> list[tuple[str, InboxClient, dict[str, str], str | None]]:
    port = inbox.server_address[1]
    owner = InboxClient(port)
    code = inbox.logins.new()
    owner.log_in(code)
    assert owner.cookie and owner.csrf
    forged = owner.cookie.split("=", 1)[0] + "=" + owner.cookie.split("=", 1)[1][:-4] + "beef"
    host = f"127.0.0.1:{port}"
    return [
        ("no token", InboxClient(port), {}, None),
        ("a wrong token", InboxClient(port, token="x" * 43), {}, None),
        ("the token in the address", InboxClient(port), {}, "token"),
        ("a forged cookie", InboxClient(port, cookie=forged), {}, None),
        ("the cookie without the CSRF token", InboxClient(port, cookie=owner.cookie), {}, None),
        ("the cookie with a wrong CSRF token", InboxClient(port, cookie=owner.cookie), {"X-CSRF-Token": "0" * 64},
         None),
        ("another site's page, with the cookie and the CSRF token", InboxClient(port, cookie=owner.cookie),
         {"X-CSRF-Token": owner.csrf, "Origin": "http://evil.example"}, None),
        ("another site's page on this host's other port", InboxClient(port, cookie=owner.cookie),
         {"X-CSRF-Token": owner.csrf, "Origin": "http://127.0.0.1:1"}, None),
        ("a browser that says cross-site", InboxClient(port, cookie=owner.cookie),
         {"X-CSRF-Token": owner.csrf, "Sec-Fetch-Site": "cross-site", "Host": host}, None),
        ("a sandboxed page (Origin: null), with the token", InboxClient(port, token=inbox.keys.token),
         {"Origin": "null"}, None),
        ("another site's script with the token", InboxClient(port, token=inbox.keys.token),
         {"Origin": "https://evil.example"}, None),
    ]


def test_every_request_that_adds_without_the_owner_or_from_another_site_is_refused(
        tmp_path: Path, site: LoopbackSite):
    server = start(tmp_path / "podcast", tmp_path / "keys.json")
    try:
        url = site.add("/refused.html", article("Never narrated"))
        for what, client, headers, in_query in _refusals(server, url):
            path_suffix = f"?token={server.keys.token}" if in_query else ""
            json_answer = client.request("POST", "/api/articles" + path_suffix, json.dumps({"url": url}).encode(),
                                         {"Content-Type": "application/json", **headers})
            form_answer = client.request("POST", "/api/articles", f"url={url}".encode(),
                                         {"Content-Type": "application/x-www-form-urlencoded",
                                          "Accept": "text/html", **headers})
            upload_answer = client.upload("notes.txt", b"Some notes to narrate.\n", headers=headers)
            for answer in (json_answer, form_answer, upload_answer):
                assert answer.status in (401, 403), (what, answer.status, answer.body[:200])
            assert json_answer.status == (403 if "site" in what or "null" in what or "CSRF" in what else 401), what
        owner = InboxClient(server.server_address[1], token=server.keys.token)
        assert owner.jobs() == []
        assert not site.requests("/refused.html")
        assert server.queue.counts() == {}
        # reading the queue needs the owner too
        assert InboxClient(server.server_address[1]).get("/api/articles").status == 401
        assert InboxClient(server.server_address[1], token="nope").get("/api/articles/1").status == 401
        assert InboxClient(server.server_address[1]).get("/add").headers["location"] == "/login"
    finally:
        stop(server)


def test_the_login_link_works_once_and_sets_a_cookie_scripts_cannot_read(inbox: InboxServer):
    port = inbox.server_address[1]
    code = inbox.logins.new()
    page = InboxClient(port).get(f"/login?code={code}")
    assert page.status == 200 and b'name="code"' in page.body
    client = InboxClient(port)
    answer = client.log_in(code)
    assert answer.status == 303 and answer.headers["location"] == "/add"
    (cookie,) = answer.cookies
    attributes = {part.strip().lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "samesite=lax", "path=/"} <= attributes
    assert inbox.keys.token not in cookie
    assert InboxClient(port).log_in(code).status == 401  # once only
    assert client.get("/api/articles").status == 200
    page = client.get("/add")
    assert page.status == 200
    assert inbox.keys.token.encode() not in page.body and code.encode() not in page.body
    assert page.headers["x-frame-options"] == "DENY" and "frame-ancestors 'none'" in page.headers[
        "content-security-policy"]
    assert InboxClient(port).request("POST", "/login", f"token={inbox.keys.token}".encode(),
                                     {"Content-Type": "application/x-www-form-urlencoded"}).status == 303
    assert InboxClient(port).request("POST", "/login", b"token=wrong",
                                     {"Content-Type": "application/x-www-form-urlencoded"}).status == 401


def test_a_logged_in_page_adds_through_its_form(inbox: InboxServer, site: LoopbackSite):
    client = InboxClient(inbox.server_address[1])
    client.log_in(inbox.logins.new())
    url = site.add("/form/added.html", article("Added with the form"))
    answer = client.request("POST", "/api/articles", f"url={url}&csrf={client.csrf}".encode(),
                            {"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html",
                             "Origin": f"http://127.0.0.1:{inbox.server_address[1]}", "Sec-Fetch-Site": "same-origin"})
    assert answer.status == 303 and answer.headers["location"] == "/add"
    job = next(j for j in client.jobs() if j["source"] == url)
    assert client.wait(job["id"])["state"] == "done"
    fragment = client.get("/add/queue").body.decode("utf-8")
    assert f'data-id="{job["id"]}"' in fragment and "Added with the form" in fragment
    assert '<audio controls preload="none" src="/inbox/added.mp3">' in fragment


def test_a_shared_link_fills_in_the_form_but_adds_nothing_by_itself(inbox: InboxServer):
    client = InboxClient(inbox.server_address[1])
    client.log_in(inbox.logins.new())
    before = len(client.jobs())
    page = client.get("/add?title=A%20story&text=Read%20this%20https%3A%2F%2Fexample.org%2Fa%2Fstory.html%20now")
    assert 'value="https://example.org/a/story.html"' in page.body.decode("utf-8")
    assert len(client.jobs()) == before


# -- no request forgery ---------------------------------------------------------------------


def test_addresses_on_this_machine_or_network_are_refused_without_allow_private(
        inbox: InboxServer, owner: InboxClient, site: LoopbackSite, internal: LoopbackSite):
    before = inbox.queue.counts()
    for url in (internal.url("/admin"), "http://10.0.0.1/admin", "http://169.254.169.254/latest/meta-data/",
                f"http://[::1]:{internal.port}/admin", f"http://localhost:{internal.port}/admin",
                "http://192.168.1.1/", "http://[::ffff:127.0.0.1]/", "http://0.0.0.0/"):
        answer = owner.add(url)
        assert answer.status == 400, (url, answer.body)
        reason = answer.json()["error"]
        assert "not fetched" in reason and "--allow-private" in reason and "subscribe" not in reason, reason
    assert inbox.queue.counts() == before  # nothing queued
    # a public page that redirects into the network: accepted, then refused when fetched
    hop = site.add("/moved", "", status=302, location=internal.url("/admin"))
    job = owner.add(hop)
    assert job.status == 202
    failed = owner.wait(job.json()["id"])
    assert failed["state"] == "failed"
    assert "redirected to" in failed["reason"] and "loopback" in failed["reason"]
    assert not internal.requests("/admin")


def test_allow_private_lets_the_network_in_but_never_cloud_metadata(tmp_path: Path, internal: LoopbackSite):
    server = start(tmp_path / "podcast", tmp_path / "keys.json", policy=PRIVATE_ALLOWED)
    try:
        owner = InboxClient(server.server_address[1], token=server.keys.token)
        assert owner.add("http://169.254.169.254/latest/meta-data/").status == 400
        job = owner.add(internal.url("/admin"))
        assert job.status == 202
        assert owner.wait(job.json()["id"])["state"] == "done"
        assert internal.requests("/admin")
        browser = InboxClient(server.server_address[1])
        browser.log_in(server.logins.new())
        page = browser.get("/add").body.decode("utf-8")
        assert 'id="allow-private"' in page and "Private addresses are allowed" in page
    finally:
        stop(server)


# -- limits -------------------------------------------------------------------------------------


def test_requests_beyond_the_rate_or_the_size_limit_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("NARRATE_INBOX_RATE", "5")
    monkeypatch.setenv("NARRATE_MAX_INPUT_MB", "0.01")
    server = start(tmp_path / "podcast", tmp_path / "keys.json")
    try:
        owner = InboxClient(server.server_address[1], token=server.keys.token)
        big_json = owner.request("POST", "/api/articles", b'{"url": "' + b"a" * 70_000 + b'"}',
                                 {"Content-Type": "application/json"})
        assert big_json.status == 413
        big_file = owner.upload("big.txt", b"word " * 4000)
        assert big_file.status == 413
        chunked = owner.request("POST", "/api/articles", b"5\r\nhello\r\n0\r\n\r\n",
                                {"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        assert chunked.status == 411
        answers = [owner.add("http://10.0.0.1/").status for _ in range(4)]
        assert answers[:2] == [400, 400] and answers[-1] == 429
        guesses = [InboxClient(server.server_address[1], token="guess").get("/api/articles").status
                   for _ in range(3)]
        assert guesses[-1] == 429  # guessing the token is limited too
        assert server.queue.counts() == {}
    finally:
        stop(server)


def test_bodies_that_are_not_what_they_say_are_one_line_refusals(inbox: InboxServer, owner: InboxClient):
    for body, content_type in ((b"{not json", "application/json"), (b"[1, 2]", "application/json"),
                               (b"--x\r\nno end", "multipart/form-data; boundary=x"),
                               (b"url=x", "text/plain"), (b'{"url": "ftp://example.org/a"}', "application/json"),
                               (b'{"title": "no address"}', "application/json")):
        answer = owner.request("POST", "/api/articles", body, {"Content-Type": content_type})
        assert answer.status in (400, 415), (body, answer.status)
        assert "\n" not in answer.json()["error"]
    answer = owner.upload("program.exe", b"MZ\x90\x00")
    assert answer.status == 400 and "not a kind narrate reads" in answer.json()["error"]


# -- a private feed -----------------------------------------------------------------------------


def test_a_private_feed_needs_its_secret(tmp_path: Path, site: LoopbackSite):
    server = start(tmp_path / "podcast", tmp_path / "keys.json", private=True)
    try:
        port = server.server_address[1]
        secret = server.keys.feed_secret
        owner = InboxClient(port, token=server.keys.token)
        job = owner.add(site.add("/private/one.html", article("A private episode"))).json()
        assert owner.wait(job["id"])["state"] == "done"
        anyone = InboxClient(port)
        for path in ("/feed.xml", "/", "/inbox/one.mp3", "/.transcript/inbox/one.mp3", "/feed-cover.png"):
            answer = anyone.get(path)
            assert answer.status == 401, path
            assert answer.headers["www-authenticate"].startswith("Basic")
        assert anyone.get(f"/{secret[:-1]}x/feed.xml").status == 401
        feed = anyone.get(f"/{secret}/feed.xml")
        assert feed.status == 200
        parsed = podcastparser.parse(f"{server.base_url}{secret}/feed.xml", io.BytesIO(feed.body))
        (episode,) = parsed["episodes"]
        enclosure = episode["enclosures"][0]["url"]
        assert enclosure == f"{server.base_url}{secret}/inbox/one.mp3"
        assert anyone.get(f"/{secret}/inbox/one.mp3").body == (server.root / "inbox" / "one.mp3").read_bytes()
        assert anyone.get(f"/{secret}/").status == 200
        basic = base64.b64encode(f"me:{secret}".encode()).decode()
        assert anyone.get("/feed.xml", headers={"Authorization": f"Basic {basic}"}).status == 200
        wrong = base64.b64encode(f"me:{server.keys.token}".encode()).decode()
        assert anyone.get("/feed.xml", headers={"Authorization": f"Basic {wrong}"}).status == 401
        # the owner, logged in, reads it all; the secret is never the owner's token
        browser = InboxClient(port)
        browser.log_in(server.logins.new())
        assert browser.get("/inbox/one.mp3").status == 200 and browser.get("/").status == 200
        assert server.keys.token not in feed.body.decode("utf-8")
        # the manifest and the login page stay public (a browser fetches the manifest without cookies)
        assert anyone.get("/add/manifest.json").status == 200 and anyone.get("/login").status == 200
    finally:
        stop(server)


def test_the_access_log_never_holds_a_secret(tmp_path: Path, site: LoopbackSite, capsys: pytest.CaptureFixture[str]):
    folder = tmp_path / "podcast"
    folder.mkdir()
    settings = InboxSettings(folder, NarrateOptions(jobs=1), PUBLIC_ONLY)
    server = InboxServer(folder, "127.0.0.1", 0, quiet=False, keys=load_keys(tmp_path / "keys.json"),
                         settings=settings, private=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        code = server.logins.new()
        client = InboxClient(port)
        client.get(f"/login?code={code}")
        client.log_in(code)
        client.get(f"/{server.keys.feed_secret}/feed.xml")
        InboxClient(port, token=server.keys.token).get("/api/articles")
        client.get(f"/api/articles?token={server.keys.token}")
        for misplaced in (f"/api/articles?access_token={server.keys.token}", f"/add/{server.keys.token}",
                          f"/feed.xml?key={server.keys.feed_secret}"):  # where a client should not put them
            client.get(misplaced)
    finally:
        stop(server)
    log = capsys.readouterr().err
    assert "GET /login?code=[hidden]" in log and "/[secret]/feed.xml" in log
    for secret in (server.keys.token, server.keys.feed_secret, code):
        assert secret not in log


# -- the web app ---------------------------------------------------------------------------------


def test_the_manifest_makes_an_installable_share_target(inbox: InboxServer):
    from PIL import Image

    client = InboxClient(inbox.server_address[1])
    answer = client.get("/add/manifest.json")
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["start_url"] == "/add" and manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    target = manifest["share_target"]
    assert target["action"] == "/add" and target["method"] == "GET"
    assert target["params"] == {"title": "title", "text": "text", "url": "url"}
    assert target["action"].startswith(manifest["scope"])
    sizes = set()
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.headers["content-type"] == icon["type"] == "image/png"
        width, height = Image.open(io.BytesIO(image.body)).size
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes
    worker = client.get("/add/sw.js")
    assert worker.status == 200 and worker.headers["service-worker-allowed"] == "/add"
    assert b'href="/add"' in client.get("/", auth=False).body  # the podcast's page links to the inbox


def test_jobs_wait_while_another_run_writes_their_folder_and_are_not_lost(inbox: InboxServer, owner: InboxClient,
                                                                         site: LoopbackSite):
    import time

    from narrate.run.lock import folder_lock

    url = site.add("/busy/while-locked.html", article("Narrated after the other run"))
    with folder_lock(inbox.root / "inbox"):  # a batch writing into the inbox's folder
        job = owner.add(url).json()
        for _ in range(600):
            now = owner.get(f"/api/articles/{job['id']}").json()
            if now["note"]:
                break
            time.sleep(0.1)
        assert now["state"] == "waiting" and "in use by another narrate run" in now["note"], now
    assert owner.wait(job["id"])["state"] == "done"


def test_a_link_shared_before_logging_in_is_still_there_after(inbox: InboxServer):
    client = InboxClient(inbox.server_address[1])
    first = client.get("/add?url=https%3A%2F%2Fexample.org%2Fshared.html")
    assert first.status == 303 and first.headers["location"].startswith("/login?next=")
    login = client.get(first.headers["location"]).body.decode("utf-8")
    assert 'name="next" value="/add?url=https%3A%2F%2Fexample.org%2Fshared.html"' in login
    answer = client.request("POST", "/login", f"token={inbox.keys.token}&next=%2Fadd%3Furl%3Dhttps%253A%252F%252Fexample.org"
                            "%252Fshared.html".encode(), {"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status == 303 and answer.headers["location"] == "/add?url=https%3A%2F%2Fexample.org%2Fshared.html"
    elsewhere = client.request("POST", "/login", f"token={inbox.keys.token}&next=https://evil.example/".encode(),
                               {"Content-Type": "application/x-www-form-urlencoded"})
    assert elsewhere.headers["location"] == "/add"  # never a redirect off the server


def test_a_narrating_process_that_dies_is_started_again_and_its_job_finishes_once(tmp_path: Path,
                                                                                  site: LoopbackSite):
    import sqlite3
    import time

    server = start(tmp_path / "podcast", tmp_path / "config" / "keys.json")
    try:
        owner = InboxClient(server.server_address[1], token=server.keys.token)
        url = site.add("/long/ferry-timetable.html", article("Ferry timetable changes", sentences=80))
        job_id = owner.add(url).json()["id"]
        first = server.narrator
        end = time.monotonic() + 240  # a bound, not a timing assertion
        while owner.get(f"/api/articles/{job_id}").json()["state"] not in ("narrating", "done"):
            assert time.monotonic() < end, "the job never started narrating"
            time.sleep(0.05)
        first.kill()  # what the OOM killer does
        while server.narrator is first:
            assert time.monotonic() < end, "no new narrating process"
            time.sleep(0.1)
        done = owner.wait(job_id)
        assert done["state"] == "done", done
        assert server.narrator.is_alive()
    finally:
        stop(server)
    assert len(site.requests("/long/ferry-timetable.html")) == 1  # its page was not fetched again
    with sqlite3.connect(tmp_path / "podcast" / STATE_DIR / "queue.sqlite3") as db:
        assert db.execute("SELECT narrations FROM jobs WHERE id = ?", (job_id,)).fetchone() == (1,)
    feed = (tmp_path / "podcast" / "feed.xml").read_text(encoding="utf-8")
    assert feed.count("<title>Ferry timetable changes</title>") == 1
