"""`narrate serve --inbox` as a process: what its terminal says, kill -9 at any moment and a
restart, one server per inbox, and `narrate watch` and `subscribe` writing into the same
podcast while it narrates.

The articles come from a loopback site in this process, so the server runs with
--allow-private (the address policy's test seam does not reach a subprocess).
"""

from __future__ import annotations

import io
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import podcastparser
import pytest
import segno

from narrate.inbox.queue import DATABASE, STATE_DIR
from tests.inbox_client import InboxClient, article
from tests.inbox_process import REPO, config_env, serve, token
from tests.loopback_site import LoopbackSite

QR_BLOCKS = {"█": (0, 0), "▀": (0, 1), "▄": (1, 0), " ": (1, 1)}  # (top, bottom): 1 is a dark module


@pytest.fixture()
def site() -> Iterator[LoopbackSite]:
    site = LoopbackSite()
    yield site
    site.close()


def long_article(title: str, paragraphs: int) -> str:
    """An article that takes eSpeak NG some seconds: long enough to be killed while narrated."""
    body = "".join(f"<p>{title}, part {n + 1}: the council met again on the harbour plan, and the "
                   f"{n + 3} members spoke about trams, shops, parking and the weather in turn.</p>"
                   for n in range(paragraphs))
    return f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>{body}</article></body></html>"


def qr_matrix(lines: list[str]) -> list[list[int]]:
    """The modules of the QR code printed on the terminal (two rows per line of text)."""
    block = [line for line in lines if line and set(line) <= set(QR_BLOCKS)]
    rows: list[list[int]] = []
    for line in block:
        rows.append([QR_BLOCKS[c][0] for c in line])
        rows.append([QR_BLOCKS[c][1] for c in line])
    return rows


def test_the_terminal_shows_the_login_link_and_its_qr_code_but_never_the_token(tmp_path: Path):
    config = tmp_path / "config"
    served = serve(tmp_path / "podcast", config, "--quiet")
    try:
        link = served.login_link
        assert link.startswith(served.base + "login?code=")
        printed = qr_matrix(served.lines)
        expected = [list(row) for row in segno.make(link, error="l").matrix]
        size = len(expected)
        inner = [row[2:2 + size] for row in printed[2:2 + size]]  # the printed code has a border of 2
        assert inner == expected
        assert all(all(v == 0 for v in row) for row in printed[:2])  # a light border round it
        secret = token(config)
        assert not any(secret in line for line in served.lines)
        assert (config / "narrate" / "inbox-keys.json").stat().st_mode & 0o777 == 0o600
        client = InboxClient(served.port)
        assert client.log_in(link.split("code=", 1)[1]).status == 303
        assert client.get("/add").status == 200
        # `narrate inbox token` prints the same token the server checks
        printed_token = subprocess.run([sys.executable, "-m", "narrate", "inbox", "token"], capture_output=True,
                                       text=True, env=config_env(config), cwd=REPO, check=True).stdout.strip()
        assert printed_token == secret
        assert InboxClient(served.port, token=printed_token).get("/api/articles").status == 200
    finally:
        served.stop()
    assert secret not in served.log.read_text(encoding="utf-8")
    # --rotate-token: the old token and the old cookie stop working
    served = serve(tmp_path / "podcast", config, "--quiet", "--rotate-token")
    try:
        assert InboxClient(served.port, token=secret).get("/api/articles").status == 401
        assert InboxClient(served.port, cookie=client.cookie).get("/api/articles").status == 401
        assert InboxClient(served.port, token=token(config)).get("/api/articles").status == 200
    finally:
        served.stop()


def _rows(folder: Path) -> list[sqlite3.Row]:
    with sqlite3.connect(folder / STATE_DIR / DATABASE) as db:
        db.row_factory = sqlite3.Row
        return db.execute("SELECT * FROM jobs ORDER BY id").fetchall()


def _wait_for(client: InboxClient, condition, seconds: float = 300):  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        jobs = client.jobs()
        if condition(jobs):
            return jobs
        time.sleep(0.05)
    raise AssertionError(f"not reached in {seconds} s: {client.jobs()}")


def test_kill_9_at_any_moment_then_a_restart_finishes_every_job_exactly_once(tmp_path: Path, site: LoopbackSite):
    folder, config = tmp_path / "podcast", tmp_path / "config"
    urls = [site.add(f"/report/{n}.html", long_article(f"Harbour report {n}", 120)) for n in range(1, 4)]
    served = serve(folder, config, "--allow-private", "--quiet")
    client = InboxClient(served.port, token=token(config))
    seen_narrating = []
    try:
        ids = [client.add(url).json()["id"] for url in urls]
        served.kill()  # 1: just after the jobs were accepted
        served = serve(folder, config, "--allow-private", "--quiet")
        client = InboxClient(served.port, token=token(config))
        assert sorted(j["id"] for j in client.jobs()) == sorted(ids)  # nothing accepted was lost
        jobs = _wait_for(client, lambda jobs: any(j["state"] == "narrating" and 0 < (j["progress"] or 0) < 1
                                                  for j in jobs))
        seen_narrating += [j for j in jobs if j["state"] == "narrating"]
        served.kill()  # 2: in the middle of narrating
        served = serve(folder, config, "--allow-private", "--quiet")
        client = InboxClient(served.port, token=token(config))
        _wait_for(client, lambda jobs: any(j["state"] == "done" for j in jobs)
                  and any(j["state"] in ("fetching", "narrating") for j in jobs))
        served.kill()  # 3: one episode written, others under way
        served = serve(folder, config, "--allow-private", "--quiet")
        client = InboxClient(served.port, token=token(config))
        jobs = _wait_for(client, lambda jobs: all(j["state"] in ("done", "failed") for j in jobs))
        assert [j["state"] for j in jobs] == ["done"] * 3, jobs
        feed = podcastparser.parse(served.base + "feed.xml", io.BytesIO(client.get("/feed.xml").body))
    finally:
        served.stop()
    assert seen_narrating
    titles = sorted(e["title"] for e in feed["episodes"])
    assert titles == ["Harbour report 1", "Harbour report 2", "Harbour report 3"]
    audio = sorted(p.name for p in (folder / "inbox").iterdir() if p.suffix == ".mp3")
    assert audio == ["1.mp3", "2.mp3", "3.mp3"]
    assert not [p for p in (folder / "inbox").iterdir() if p.name.startswith(".") and "partial" in p.name
                or p.name.endswith(".work")]
    rows = _rows(folder)
    assert [row["narrations"] for row in rows] == [1, 1, 1]  # each episode written once
    assert sum(row["attempts"] for row in rows) > 3  # and some were started again


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_stopping_while_a_job_is_narrated_leaves_nothing_half_written_and_the_job_finishes_later(
        tmp_path: Path, site: LoopbackSite, stop: signal.Signals):
    folder, config = tmp_path / "podcast", tmp_path / "config"
    url = site.add("/report/long.html", long_article("Harbour report", 200))
    served = serve(folder, config, "--allow-private", "--quiet")
    try:
        client = InboxClient(served.port, token=token(config))
        job_id = client.add(url).json()["id"]
        _wait_for(client, lambda jobs: jobs[0]["state"] == "narrating" and 0 < (jobs[0]["progress"] or 0) < 1)
        served.process.send_signal(stop)
        assert served.process.wait(timeout=60) == 0
    finally:
        served.stop()
    left = sorted(p.name for p in (folder / "inbox").iterdir() if p.name.startswith("."))
    assert left == [], left  # before: the partial episode, its work folder and the lock, until the next start
    served = serve(folder, config, "--allow-private", "--quiet")
    try:
        client = InboxClient(served.port, token=token(config))
        assert client.wait(job_id, seconds=600)["state"] == "done"
    finally:
        served.stop()
    assert [row["narrations"] for row in _rows(folder)] == [1]


def test_one_server_per_inbox(tmp_path: Path):
    folder, config = tmp_path / "podcast", tmp_path / "config"
    served = serve(folder, config, "--quiet")
    try:
        second = subprocess.run([sys.executable, "-m", "narrate", "serve", str(folder), "--inbox", "--port", "0"],
                                capture_output=True, text=True, env=config_env(config), cwd=REPO, timeout=120)
        assert second.returncode == 1
        assert "in use by another narrate run" in second.stderr and "Traceback" not in second.stderr
    finally:
        served.stop()


def test_watch_and_subscribe_feed_the_same_podcast_while_the_inbox_narrates(tmp_path: Path, site: LoopbackSite):
    folder, config, dropped = tmp_path / "podcast", tmp_path / "config", tmp_path / "dropped"
    dropped.mkdir()
    served = serve(folder, config, "--allow-private", "--quiet")
    watch = subprocess.Popen([sys.executable, "-m", "narrate", "watch", str(dropped), "-o", str(folder), "-q",
                              "--settle", "0.2"], cwd=REPO, env=config_env(config), stderr=subprocess.PIPE, text=True)
    try:
        client = InboxClient(served.port, token=token(config))
        ids = [client.add(site.add(f"/sent/{n}.html", long_article(f"Sent story {n}", 40))).json()["id"]
               for n in (1, 2)]
        (tmp_path / "list.txt").write_text(site.add("/listed.html", article("A listed story")) + "\n")
        time.sleep(1.5)  # let the watcher start (it catches up anyway: nothing depends on this)
        for n in (1, 2):
            (dropped / f"dropped-{n}.txt").write_text(f"Dropped note {n}\n\nA note dropped into the folder.\n")
        subscribed = subprocess.run([sys.executable, "-m", "narrate", "subscribe", str(tmp_path / "list.txt"),
                                     "-o", str(folder), "--allow-private", "-q"], cwd=REPO,
                                    env=config_env(config), capture_output=True, text=True, timeout=300)
        assert subscribed.returncode == 0, subscribed.stderr
        for job_id in ids:
            assert client.wait(job_id)["state"] == "done"
        end = time.monotonic() + 300
        while not all((folder / f"dropped-{n}.mp3").is_file() for n in (1, 2)) and time.monotonic() < end:
            time.sleep(0.2)
        feed = podcastparser.parse(served.base + "feed.xml", io.BytesIO(client.get("/feed.xml").body))
    finally:
        watch.terminate()
        watch.wait(timeout=30)
        served.stop()
    titles = sorted(e["title"] for e in feed["episodes"])
    assert titles == ["A listed story", "Dropped note 1", "Dropped note 2", "Sent story 1", "Sent story 2"], titles
