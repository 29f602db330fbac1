"""The web page in a real headless Chromium (Debian's package, driven by Selenium).

.ci/run installs chromium and chromium-driver; where that fails (no root, no package
mirror) this test is skipped and says why.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator

import mutagen
import pytest

from narrate.publish.serve import EpisodeServer
from tests.audio_check import decode
from tests.podcast_folder import FIRST, SECOND, make_podcast

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# No network here: keep Chromium from phoning home, and away from a GPU and a sandbox it can't have as root.
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
         "--autoplay-policy=no-user-gesture-required", "--window-size=420,900")

missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not shutil.which(p)]
pytestmark = pytest.mark.skipif(bool(missing), reason=f"{' and '.join(missing)} not installed "
                                "(apt-get install chromium chromium-driver; .ci/run does this as root)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EpisodeServer]:
    folder = make_podcast(tmp_path_factory.mktemp("browser") / "podcast")
    server = EpisodeServer(folder, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    yield driver
    driver.quit()


def test_audio_elements_load_metadata_with_the_right_duration(server: EpisodeServer, browser):  # type: ignore[no-untyped-def]
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(server.base_url)
    assert browser.title == server.root.name
    # ffmpeg, like Chromium, drops the encoder delay and padding the LAME header declares
    expected = {rel: decode(server.root / rel).duration_seconds for rel in (FIRST, SECOND)}
    WebDriverWait(browser, 20).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('audio')].every(a => a.readyState >= 1)"))
    players = browser.execute_script(
        "return [...document.querySelectorAll('audio')].map(a => [decodeURIComponent(a.getAttribute('src')),"
        " a.duration, a.error && a.error.code])")
    assert len(players) == 2
    for src, duration, error in players:
        assert error is None, src
        assert duration == pytest.approx(expected[src], abs=0.03), src
        assert duration == pytest.approx(mutagen.File(server.root / src).info.length, abs=0.1), src
    # artwork loaded (the embedded cover, extracted; the generated channel cover)
    assert browser.execute_script(
        "return [...document.images].every(i => i.complete && i.naturalWidth === 1400)")


def test_chapter_button_seeks_and_transcript_loads(server: EpisodeServer, browser):  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(server.base_url)
    article = browser.find_element(By.CSS_SELECTOR, "article:has(ol.chapters)")
    article.find_element(By.TAG_NAME, "summary").click()  # open the chapter list
    article.find_element(By.CSS_SELECTOR, "button[data-start='2.5']").click()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return document.querySelector('article:has(ol.chapters) audio').currentTime >= 2.5"))
    transcript = article.find_element(By.CSS_SELECTOR, "details[data-src]")
    transcript.find_element(By.TAG_NAME, "summary").click()
    WebDriverWait(browser, 10).until(lambda d: "first paragraph talks about coffee" in
                                     transcript.find_element(By.TAG_NAME, "pre").text)
