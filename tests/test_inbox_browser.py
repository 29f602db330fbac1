"""The inbox in a real headless Chromium (Debian's, driven by Selenium) and a real podcast client
(Debian's podget): log in by the link `narrate serve --inbox` printed, add an article served
by a loopback site, watch it go to done, play it; the web app manifest as Chromium reads it
(installable, a share target); then podget downloads the new episode from the private feed.

Skipped, saying why, where Chromium or podget is not installed (.ci/run installs both).
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.audio_check import decode
from tests.inbox_client import InboxClient, article
from tests.inbox_process import Served, serve, token
from tests.loopback_site import LoopbackSite
from tests.test_browser import CHROMEDRIVER, CHROMIUM, FLAGS

missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not shutil.which(p)]
pytestmark = pytest.mark.skipif(bool(missing), reason=f"{' and '.join(missing)} not installed "
                                "(apt-get install chromium chromium-driver; .ci/run does this as root)")


@pytest.fixture(scope="module")
def site() -> Iterator[LoopbackSite]:
    site = LoopbackSite()
    yield site
    site.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Path]]:
    base = tmp_path_factory.mktemp("inbox-browser")
    served = serve(base / "podcast", base / "config", "--allow-private", "--private", "--quiet")
    yield served, base
    served.stop()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-inbox')}")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def test_log_in_by_the_printed_link_add_an_article_watch_it_finish_and_play_it(served, browser, site):  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    server, base = served
    url = site.add("/2024/05/harbour-trams-return.html", article("Harbour trams return", 4))
    browser.get(server.login_link)
    browser.find_element(By.ID, "login").click()
    WebDriverWait(browser, 20).until(lambda d: d.current_url == server.base + "add")
    (cookie,) = browser.get_cookies()
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax"
    assert browser.execute_script("return document.cookie") == ""  # no script reads it
    assert token(base / "config") not in browser.page_source
    assert browser.find_element(By.ID, "allow-private").is_displayed()
    browser.find_element(By.ID, "url").send_keys(url)
    browser.find_element(By.CSS_SELECTOR, "#add-url button").click()
    WebDriverWait(browser, 20).until(lambda d: d.find_element(By.ID, "message").text.startswith("Added"))
    done = WebDriverWait(browser, 240, poll_frequency=0.5).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "li.job.done"))
    assert "Harbour trams return" in done[0].text
    audio = done[0].find_element(By.TAG_NAME, "audio")
    browser.execute_script("arguments[0].play()", audio)
    WebDriverWait(browser, 30).until(lambda d: d.execute_script(
        "return arguments[0].currentTime > 0.5 && !arguments[0].error", audio))
    duration = browser.execute_script("return arguments[0].duration", audio)
    assert duration == pytest.approx(decode(base / "podcast" / "inbox" / "harbour-trams-return.mp3").duration_seconds,
                                     abs=0.05)
    browser.execute_script("arguments[0].pause()", audio)
    # a file, through the page's upload form
    notes = base / "Lighthouse notes.md"
    notes.write_text("# Notes from the lighthouse\n\nThe keeper wrote about the weather every evening.\n")
    browser.find_element(By.ID, "file").send_keys(str(notes))
    browser.find_element(By.CSS_SELECTOR, "#add-file button").click()
    WebDriverWait(browser, 240, poll_frequency=0.5).until(lambda d: any(
        "Notes from the lighthouse" in li.text for li in d.find_elements(By.CSS_SELECTOR, "li.job.done")))
    # the podcast's page, private as it is, opens for the logged-in owner and links back
    browser.get(server.base)
    assert "Harbour trams return" in browser.page_source
    assert browser.find_element(By.CSS_SELECTOR, "p.add a").get_attribute("href") == server.base + "add"


def test_the_manifest_is_an_installable_share_target_as_chromium_reads_it(served, browser):  # type: ignore[no-untyped-def]
    from selenium.webdriver.support.ui import WebDriverWait

    server, _ = served
    browser.get(server.base + "add")
    WebDriverWait(browser, 20).until(lambda d: d.execute_script(
        "return navigator.serviceWorker.controller !== null"))
    manifest = browser.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["url"] == server.base + "add/manifest.json"
    assert manifest["errors"] == []
    assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {}) == {"installabilityErrors": []}
    # a share from another app: the page offers the shared link, and adds only when asked
    before = len(InboxClient(server.port, token=token(served[1] / "config")).jobs())
    browser.get(server.base + "add?title=Story&text=Look%20at%20this%3A%20https%3A%2F%2Fexample.org%2Fnews%2Fa.html")
    assert browser.find_element("id", "url").get_attribute("value") == "https://example.org/news/a.html"
    time.sleep(0.5)
    assert len(InboxClient(server.port, token=token(served[1] / "config")).jobs()) == before


@pytest.mark.skipif(not shutil.which("podget"), reason="podget not installed (apt-get install podget)")
def test_podget_downloads_the_new_episode_from_the_private_feed(served, tmp_path: Path):  # type: ignore[no-untyped-def]
    server, base = served
    feed_url = next(line for line in server.lines if line.startswith("Feed URL")).rsplit(" ", 1)[1]
    assert "/feed.xml" in feed_url and feed_url != server.base + "feed.xml"  # the secret is in it
    client = InboxClient(server.port, token=token(base / "config"))
    assert all(job["state"] == "done" for job in client.jobs())
    config, library = tmp_path / "podget", tmp_path / "library"
    config.mkdir()
    subprocess.run(["podget", "-d", str(config), "--create-config", "podgetrc", "-s"], capture_output=True,
                   timeout=120)
    (config / "serverlist").write_text(f"{feed_url} Podcasts narrate\n")
    ran = subprocess.run(["podget", "-d", str(config), "-l", str(library), "-s"], capture_output=True, text=True,
                         timeout=300)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    downloaded = sorted(library.glob("Podcasts/narrate/*.mp3"))
    episodes = sorted((base / "podcast" / "inbox").glob("*.mp3"))
    assert [p.name for p in downloaded] == [p.name for p in episodes] and len(episodes) == 2
    for got, original in zip(downloaded, episodes):
        assert got.read_bytes() == original.read_bytes()
    # the same client without the secret gets nothing
    (config / "serverlist").write_text(f"{server.base}feed.xml Podcasts open\n")
    subprocess.run(["podget", "-d", str(config), "-l", str(library), "-s"], capture_output=True, timeout=300)
    assert not list(library.glob("Podcasts/open/*.mp3"))
