"""`narrate subscribe` against feeds that fail, stall or flood: one bad item or feed is one
line and blocks nothing else, memory does not grow with items or feeds, and what finished is
kept however the run ends (Ctrl-C, kill -9, a full disk). Loopback sites, the real CLI in a
subprocess (under an address-space limit where memory is the point), real engine and files.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.cli.commands import cli
from narrate.cli.progress import QuietProgress
from narrate.cli.subscribe import subscribe as subscribe_command
from narrate.episode.pipeline import NarrateOptions
from narrate.follow.state import STATE_DIR, load_state
from narrate.follow.subscribe import refresh
from tests import web_content as web
from tests.loopback_site import LoopbackSite
from tests.test_hostile import bounded, narrate_cmd
from tests.test_watch import Lines

UTF7_SURROGATE = b"<html><body><article><h1>Bad</h1><p>A lone +2AA- surrogate.</p></article></body></html>"


@pytest.fixture
def site():
    site = LoopbackSite()
    yield site
    site.close()


@pytest.fixture
def other_site():
    """A second site (another port): fetches go one at a time per site, not across sites."""
    site = LoopbackSite()
    yield site
    site.close()


def page(title: str, extra: str = "") -> str:
    return web.article_page(title, f"<p>{title} is in the news today.</p><p>It says one plain thing.</p>{extra}")


def rss(site: LoopbackSite, path: str, items: list[str], title: str = "The Ferry Gazette") -> str:
    xml = web.rss_feed(site.base, items).replace("<title>The Ferry Gazette</title>", f"<title>{title}</title>", 1)
    return site.add(path, xml, content_type="application/rss+xml")


def done_items(out: Path) -> dict[str, str]:
    """item id -> output of every item the folder's state (with its journal) says is done."""
    state = load_state(out)
    return {key: item.output for items in state.items.values() for key, item in items.items()
            if item.status == "done"}


# The loopback sites stand for sites on the internet. Where fetches that feeds ask for are
# kept to public addresses, a narrate process of its own is told that private ones are fine.
OPEN = ["--allow-private"] if any(p.name == "allow_private" for p in subscribe_command.params) else []


def subscribe_args(*args: object) -> list[object]:
    return ["subscribe", *args, *OPEN]


def subscribe_process(*args: object) -> subprocess.Popen:
    return subprocess.Popen(narrate_cmd(*subscribe_args(*args)), stderr=subprocess.PIPE, text=True,
                            start_new_session=True, errors="backslashreplace")


def limited(args: list[object], megabytes: int) -> subprocess.CompletedProcess[str]:
    """`narrate ARGS` in a subprocess with at most `megabytes` of address space."""
    limit = megabytes * 1024 * 1024
    return subprocess.run(narrate_cmd(*args), capture_output=True, text=True, timeout=900,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))


def stop(process: subprocess.Popen, sig: int = signal.SIGINT, timeout: float = 60) -> int:
    try:
        os.killpg(process.pid, sig)
        return process.wait(timeout=timeout)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)


# 1. One bad item stopped every subscription: the error logger crashed on a web address.


def test_an_item_that_raises_fails_alone_and_every_other_item_is_narrated(site, tmp_path):
    """An item page in a charset whose decoding leaves a lone surrogate (how the crash was
    found), a second feed beside it: the run goes on, the state is saved."""
    site.add("/articles/good.html", page("The harbour is open"))
    site.add("/articles/bad.html", UTF7_SURROGATE, content_type="text/html; charset=utf-7")
    site.add("/articles/other.html", page("The market is busy"))
    first = rss(site, "/one.rss", [web.rss_item(site.base, "good", "The harbour is open", 10),
                                   web.rss_item(site.base, "bad", "Bad", 11)], "One")
    second = rss(site, "/two.rss", [web.rss_item(site.base, "other", "The market is busy", 12)], "Two")
    out = tmp_path / "podcast"
    run = bounded(*subscribe_args(first, second, "-o", out, "-j", "1"), timeout=300)
    assert "Traceback" not in run.stderr and run.returncode in (0, 1), run.stderr
    assert {"item-good", "item-other"} <= set(done_items(out)), run.stderr
    assert run.returncode == 0 or f"failed   {site.url('/articles/bad.html')}: " in run.stderr


def test_a_bug_in_one_item_is_one_line_with_its_log_and_is_tried_again(site, tmp_path, monkeypatch):
    import narrate.fetch.page as page_module

    monkeypatch.setenv("NARRATE_LOG_DIR", str(tmp_path / "log"))
    real = page_module.document_from_html

    def buggy(html: str, url: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        if "bad" in url:
            raise RuntimeError("a bug in the reader")
        return real(html, url, *args, **kwargs)

    monkeypatch.setattr(page_module, "document_from_html", buggy)
    site.add("/articles/good.html", page("The harbour is open"))
    site.add("/articles/bad.html", page("Bad"))
    feed = rss(site, "/feed.rss", [web.rss_item(site.base, "good", "The harbour is open", 10),
                                   web.rss_item(site.base, "bad", "Bad", 11)])
    out = tmp_path / "podcast"
    result = CliRunner().invoke(cli, ["subscribe", feed, "-o", str(out), "-j", "1"], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    [log] = (tmp_path / "log").iterdir()
    assert f"failed   {site.url('/articles/bad.html')}: unexpected error (RuntimeError: a bug in the reader); " \
           f"traceback in {log}" in result.stderr
    assert "RuntimeError: a bug in the reader" in log.read_text()
    assert set(done_items(out)) == {"item-good"}
    [bad] = [item for items in load_state(out).items.values() for key, item in items.items() if key == "item-bad"]
    assert bad.status == "failed"
    monkeypatch.setattr(page_module, "document_from_html", real)
    again = CliRunner().invoke(cli, ["subscribe", "-o", str(out), "-j", "1"], catch_exceptions=False)
    assert again.exit_code == 0, again.output
    assert set(done_items(out)) == {"item-good", "item-bad"}


def test_narrate_urls_into_a_folder_with_one_bad_page(site, tmp_path):
    good = site.add("/articles/good.html", page("The harbour is open"))
    bad = site.add("/articles/bad.html", UTF7_SURROGATE, content_type="text/html; charset=utf-7")
    other = site.add("/articles/other.html", page("The market is busy"))
    run = bounded(good, bad, other, "-o", f"{tmp_path / 'out'}/", "-j", "1", timeout=300)
    assert "Traceback" not in run.stderr and run.returncode in (0, 1), run.stderr
    assert {"good.mp3", "other.mp3"} <= {p.name for p in (tmp_path / "out").glob("*.mp3")}


def test_a_full_disk_fails_what_does_not_fit_and_keeps_what_did(site, tmp_path):
    """Before, the feed's cover failing to fit ended the run with a traceback and no state."""
    items = [web.rss_item(site.base, f"n{n}", f"Story number {n}", 10 + n, web.FULL_A * 2) for n in range(6)]
    feed = rss(site, "/feed.rss", items)
    out = tmp_path / "podcast"
    out.mkdir()
    # a 600 KB filesystem (gone when the namespace ends: what is there is printed first): the
    # state and some short episodes fit, then there is no space left
    script = (f"mount -t tmpfs -o size=600k tmpfs {out} && NARRATE_LOG_DIR={tmp_path / 'log'} "
              f"{' '.join(narrate_cmd(*subscribe_args(feed, '-o', out, '-j', '1')))}; echo rc=$?; "
              f"find {out} -name '*.mp3' | wc -l; cat {out}/{STATE_DIR}/*")
    run = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=300)
    rc, episodes, state = run.stdout.split("\n", 2)
    assert rc == "rc=1" and "Traceback" not in run.stderr, run.stderr
    failures = [line for line in run.stderr.splitlines() if line.startswith(("failed   ", "failed: "))]
    assert failures and all("No space left on device" in line for line in failures), run.stderr
    recorded = [item for items in json.loads(state)["items"].values() for item in items.values()
                if item["status"] == "done"]
    assert 0 < len(recorded) == int(episodes) < 6


# 7. Memory grew with every item and every feed; every item was prepared before any audio.


def test_items_are_narrated_as_they_come_not_after_every_page_is_fetched(site, tmp_path):
    """The first episode is made while most pages are still unfetched (before: every page was
    fetched, then every item prepared, before any audio)."""
    items = []
    for n in range(200):
        site.add(f"/articles/p{n}.html", page(f"Story {n}"))
        items.append(web.rss_item(site.base, f"p{n}", f"Story {n}", 1 + n % 28))
    feed = rss(site, "/feed.rss", items)
    process = subscribe_process(feed, "-o", tmp_path / "podcast", "-j", "1")
    lines = Lines(process)
    try:
        lines.wait_for("done", timeout=300)
        fetched = sum(1 for r in site.log if r.path.startswith("/articles/"))
    finally:
        assert stop(process) == 130
    assert fetched <= 40, f"{fetched} of 200 pages fetched before the first episode"


def test_a_batch_holds_a_few_items_however_many_the_feed_has(site, tmp_path):
    class Starts(QuietProgress):
        sizes: list[int] = []

        def start(self, files: int, chunks: int) -> None:
            self.sizes.append(files)

    items = [web.rss_item(site.base, f"n{n}", f"Note {n}", 1 + n % 28, "<p>A short note.</p>") for n in range(40)]
    feed = rss(site, "/feed.rss", items)
    report = refresh(tmp_path / "podcast", NarrateOptions(jobs=1), Starts(), add=[feed])
    assert report.ok and report.batch is not None and report.batch.count("done") == 40
    assert sum(Starts.sizes) == 40 and max(Starts.sizes) <= 8, Starts.sizes


def test_pages_of_nearly_ten_megabytes_do_not_add_up(site, tmp_path):
    """40 items of 9.8 MB pages (a short article and a huge comment): before, every page was
    held until the last was fetched (20 MB each: 2.2 GB for 100); now a few are, within
    1 GB of address space."""
    big = page("A big page", "<!-- " + "x" * 9_800_000 + " -->").encode()
    for n in range(40):
        site.add(f"/articles/big{n}.html", big)
    feed = rss(site, "/feed.rss", [web.rss_item(site.base, f"big{n}", f"Big page {n}", 1 + n % 28)
                                   for n in range(40)])
    run = limited(subscribe_args(feed, "-o", tmp_path / "podcast", "-j", "1", "-q"), 1024)
    assert run.returncode == 0, run.stderr[-3000:]
    assert len(done_items(tmp_path / "podcast")) == 40


def test_hundreds_of_dead_feeds_are_one_line_each_in_flat_memory(tmp_path):
    """Before, every failed fetch was kept until the last (about 0.85 MB each: 10,000 dead
    feeds died of MemoryError); now memory stays flat, within 512 MB of address space."""
    with socket.socket() as sock:  # a port nothing listens on: every connection is refused
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    count = 600
    opml = tmp_path / "dead.opml"
    opml.write_text(web.opml([(f"http://127.0.0.1:{port}/feed{n}.xml", f"Feed {n}") for n in range(count)]))
    run = limited(subscribe_args("--opml", opml, "-o", tmp_path / "podcast", "-q"), 512)
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr[-3000:]
    failures = [line for line in run.stderr.splitlines() if line.startswith("failed: ")]
    assert len(failures) == count and all(f"127.0.0.1:{port}/feed" in line for line in failures), failures[:3]
    assert len(load_state(tmp_path / "podcast").subscriptions) == count


# A slow feed or page holds up only itself.


def test_a_stalled_site_does_not_hold_up_the_other_feeds(site, other_site, tmp_path):
    """Ten feeds of a site that stalls (each answers only once the other site's item is
    narrated, or after 90 s), then one feed of another site: before, every feed was checked
    before anything was narrated; nor may the stalled site's feeds take every thread."""
    released = threading.Event()
    stalled = [site.add(f"/stalled{n}.rss", web.rss_feed(site.base, [web.rss_item(site.base, f"late{n}", f"Late {n}",
                                                                                   9, web.FULL_A)]),
                        content_type="application/rss+xml", hold=released) for n in range(10)]
    quick = rss(other_site, "/quick.rss", [web.rss_item(other_site.base, "quick", "Quick", 10, web.FULL_D)],
                "Quick")
    process = subscribe_process(*stalled, quick, "-o", tmp_path / "podcast", "-j", "1", "--timeout", "300")
    lines = Lines(process)
    try:
        assert "/quick/quick.mp3" in lines.wait_for("done", timeout=300)
        released.set()
        rest = lines.rest(timeout=300)
        assert process.wait(timeout=60) == 0, rest
    finally:
        released.set()
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    held = [request for n in range(10) for request in site.requests(f"/stalled{n}.rss")]
    assert len(held) == 10 and held[0].released, "the quick feed was narrated only after the stalled site gave up"
    assert len(done_items(tmp_path / "podcast")) == 11


def test_a_stalled_item_page_does_not_hold_up_the_other_items(site, other_site, tmp_path):
    released = threading.Event()
    site.add("/articles/stalled.html", page("Stalled"), hold=released)
    other_site.add("/articles/quick.html", page("Quick"))
    first = rss(site, "/one.rss", [web.rss_item(site.base, "stalled", "Stalled", 10)], "One")
    second = rss(other_site, "/two.rss", [web.rss_item(other_site.base, "quick", "Quick", 11)], "Two")
    process = subscribe_process(first, second, "-o", tmp_path / "podcast", "-j", "1", "--timeout", "300")
    lines = Lines(process)
    try:
        assert "quick.mp3" in lines.wait_for("done", timeout=300)
        released.set()
        lines.rest(timeout=300)
        assert process.wait(timeout=60) == 0
    finally:
        released.set()
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    [held] = site.requests("/articles/stalled.html")
    assert held.released
    assert set(done_items(tmp_path / "podcast")) == {"item-stalled", "item-quick"}


# State is saved after each item: a stop loses nothing.


def test_ctrl_c_in_the_first_run_keeps_the_subscriptions_and_does_not_wait_for_a_fetch(site, other_site,
                                                                                       tmp_path):
    released = threading.Event()
    stalled = site.add("/stalled.rss", web.rss_feed(site.base, []), content_type="application/rss+xml",
                       hold=released)
    quick = rss(other_site, "/quick.rss", [web.rss_item(other_site.base, "quick", "Quick", 10, web.FULL_D)],
                "Quick")
    out = tmp_path / "podcast"
    process = subscribe_process(stalled, quick, "-o", out, "-j", "1", "--timeout", "300")
    lines = Lines(process)
    try:
        lines.wait_for("done", timeout=300)
        # the stalled feed is still held: Ctrl-C must not wait for it (held 90 s at most)
        assert stop(process, timeout=45) == 130, lines.text()
    finally:
        released.set()
    assert "interrupted: finished episodes are kept" in lines.rest() and "Traceback" not in lines.text()
    assert {s.url for s in load_state(out).subscriptions} == {stalled, quick}
    assert set(done_items(out)) == {"item-quick"}
    assert not list(out.rglob(".*.partial*")) and not (out / STATE_DIR / ".narrate.run.lock").exists()


def test_kill_9_loses_no_finished_item(site, tmp_path):
    items = [web.rss_item(site.base, f"n{n}", f"Story number {n}", 1 + n, web.FULL_A * 3) for n in range(8)]
    feed = rss(site, "/feed.rss", items)
    out = tmp_path / "podcast"
    process = subscribe_process(feed, "-o", out, "-j", "1")
    lines = Lines(process)
    try:
        lines.wait_for("done", timeout=300)
        lines.wait_for("done", timeout=300)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    finished = done_items(out)
    assert len(finished) >= 2
    # what a kill in the middle of saving the state leaves (its pid is gone): removed next time
    from narrate.fileio import temp_prefix

    half_saved = out / STATE_DIR / (temp_prefix(Path("subscriptions.json")).replace(str(os.getpid()), str(process.pid))
                                    + "abcdefgh.partial.json")
    half_saved.write_text('{"subscriptions": [')
    again = subprocess.run(narrate_cmd(*subscribe_args("-o", out, "-j", "1")), capture_output=True, text=True,
                           timeout=600)
    assert again.returncode == 0, again.stderr
    lines_again = again.stderr.splitlines()
    assert sum(line.startswith("skipped") for line in lines_again) == 0, again.stderr  # nothing redone
    assert sum(line.startswith("done") for line in lines_again) == 8 - len(finished)
    assert len(done_items(out)) == 8
    assert not half_saved.exists()


def test_the_journal_survives_a_line_cut_short(tmp_path):
    from narrate.follow.state import JOURNAL_NAME, ItemState, Journal, State, Subscription, save_state

    subscription = Subscription("http://127.0.0.1:9/feed.xml", title="Caf\udce9")
    state = State(subscriptions=[subscription])
    save_state(tmp_path, state)
    journal = Journal(tmp_path)
    journal.item(subscription, "a", ItemState("done", "T\udce9", output="f/a.mp3"))
    journal.item(subscription, "b", ItemState("failed", "B", reason="HTTP 404"))
    with (tmp_path / STATE_DIR / JOURNAL_NAME).open("ab") as handle:
        handle.write(b'{"item": "c", "of": "http://127.0.0.1:9/feed.xml", "sta')  # kill -9 mid-line
    loaded = load_state(tmp_path)
    assert {key: item.status for key, item in loaded.items[subscription.url].items()} == {"a": "done", "b": "failed"}
    assert loaded.items[subscription.url]["a"].title == "T\udce9"
    save_state(tmp_path, loaded)
    assert not (tmp_path / STATE_DIR / JOURNAL_NAME).exists()
    assert load_state(tmp_path).items == loaded.items
    json.loads((tmp_path / STATE_DIR / "subscriptions.json").read_text())


def test_the_pool_is_started_once_for_the_whole_run(site, tmp_path, monkeypatch):
    from narrate.synthesis import synthesizer

    started = []
    real = synthesizer.Synthesizer.__init__

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        started.append(1)
        real(self, *args, **kwargs)

    monkeypatch.setattr(synthesizer.Synthesizer, "__init__", counting)
    items = [web.rss_item(site.base, f"n{n}", f"Note {n}", 1 + n, "<p>A short note.</p>") for n in range(20)]
    report = refresh(tmp_path / "podcast", NarrateOptions(jobs=2), QuietProgress(), add=[rss(site, "/f.rss", items)])
    assert report.ok and report.batch.count("done") == 20
    assert len(started) == 1


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
