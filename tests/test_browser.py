"""The web page in a real headless Chromium (Debian's package, driven by Selenium).

.ci/run installs chromium and chromium-driver; where that fails (no root, no package
mirror) this test is skipped and says why.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

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
    # the episode with a chapters sidecar and transcript files beside it
    article = browser.find_element(By.CSS_SELECTOR, "article:has(button[data-start='2.5'])")
    article.find_element(By.TAG_NAME, "summary").click()  # open the chapter list
    article.find_element(By.CSS_SELECTOR, "button[data-start='2.5']").click()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return document.querySelector(\"article:has(button[data-start='2.5']) audio\").currentTime >= 2.5"))
    transcript = article.find_element(By.CSS_SELECTOR, "details.transcript")
    transcript.find_element(By.TAG_NAME, "summary").click()
    WebDriverWait(browser, 10).until(lambda d: "first paragraph talks about coffee" in
                                     transcript.find_element(By.TAG_NAME, "pre").text)


ARTICLE = ("# Harbour trams return\n\nCouncillors voted on Tuesday to bring back the trams.\n\n"
           "The plan costs 40 million pounds over six years.\n\n## What happens next\n\n"
           "Work starts in May. The first line opens in 2027.\n\n## Reactions\n\n"
           "Shop owners welcomed the vote, though some worried about parking.\n")


@pytest.fixture(scope="module")
def plain_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EpisodeServer]:
    """Episodes narrated with no sidecar files: one with today's manifest, one whose manifest
    was written before manifests had a timeline (the chapters and text are in its tags)."""
    import json

    from narrate.episode.pipeline import narrate_file

    folder = tmp_path_factory.mktemp("plain") / "podcast"
    folder.mkdir()
    for name in ("trams", "older"):
        source = folder / f"{name}.md"
        source.write_text(ARTICLE, encoding="utf-8")
        narrate_file(source, folder / f"{name}.mp3", jobs=1)
    manifest = folder / "older.narrate.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data.pop("timeline", None)
    data["date"] = "2024-01-01"
    manifest.write_text(json.dumps(data), encoding="utf-8")
    server = EpisodeServer(folder, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def _open(article, what: str) -> None:  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By

    article.find_element(By.XPATH, f".//summary[text()='{what}']").click()


def test_every_episode_offers_chapters_and_a_timed_transcript_without_sidecars(plain_server, browser):  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(plain_server.base_url)
    articles = browser.find_elements(By.TAG_NAME, "article")
    assert len(articles) == 2
    for article in articles:
        titles = [b.get_attribute("textContent") for b in article.find_elements(By.CSS_SELECTOR, "ol.chapters button")]
        assert [t.split(" ", 1)[1] for t in titles] == ["Harbour trams return", "What happens next", "Reactions"]
    new, old = articles  # newest first
    _open(new, "Transcript")
    WebDriverWait(browser, 10).until(lambda d: len(new.find_elements(By.CSS_SELECTOR, ".cue")) == 7)
    cues = new.find_elements(By.CSS_SELECTOR, ".cue")
    assert [c.text for c in cues[3:5]] == ["What happens next", "Work starts in May. The first line opens in 2027."]
    assert len(new.find_elements(By.CSS_SELECTOR, ".text p")) == 7  # one per paragraph
    start = float(cues[4].get_attribute("data-start"))
    cues[4].click()  # a sentence jumps there and plays; the sentence being heard is marked
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "var a = arguments[0].querySelector('audio'), now = arguments[0].querySelector('.cue.now');"
        "return a.currentTime >= arguments[1] && now !== null && now.textContent.startsWith('Work starts')"
        " || [...arguments[0].querySelectorAll('.cue')].indexOf(now) > 4", new, start))
    browser.execute_script("arguments[0].querySelector('audio').pause()", new)
    # the older episode: the text embedded in its tags, its chapters from its CHAP frames
    _open(old, "Transcript")
    WebDriverWait(browser, 10).until(lambda d: "welcomed the vote" in old.find_element(By.TAG_NAME, "pre").text)
    _open(old, "Chapters")
    old.find_element(By.XPATH, ".//button[contains(., 'Reactions')]").click()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return arguments[0].querySelector('audio').currentTime >= 15", old))


NEWS = Path(__file__).resolve().parent.parent / "bench" / "corpus" / "news" / "wikinews-00004.txt"


@pytest.fixture(scope="module")
def readalong_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EpisodeServer]:
    """A real news story narrated by eSpeak NG (its manifest has every word's time), and the
    same episode with a manifest from before words were timed (cues only)."""
    import json

    from narrate.episode.pipeline import narrate_file

    folder = tmp_path_factory.mktemp("readalong") / "podcast"
    folder.mkdir()
    source = folder / "story.txt"
    source.write_text(NEWS.read_text(encoding="utf-8"), encoding="utf-8")
    narrate_file(source, folder / "story.mp3", jobs=1)
    shutil.copy(folder / "story.mp3", folder / "sentences.mp3")
    data = json.loads((folder / "story.narrate.json").read_text(encoding="utf-8"))
    for cue in data["timeline"]["cues"]:
        cue.pop("words", None)
    data["audio"], data["date"] = "sentences.mp3", "2024-01-01"
    (folder / "sentences.narrate.json").write_text(json.dumps(data), encoding="utf-8")
    server = EpisodeServer(folder, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


def _words_heard(server: EpisodeServer, rel: str) -> list[tuple[float, float, str]]:
    """Every word's (start, end, text) as the server hands them to the page."""
    import json
    from urllib.parse import quote
    from urllib.request import urlopen

    with urlopen(server.base_url + ".transcript/" + quote(rel), timeout=10) as answer:
        cues = json.load(answer)["cues"]
    return [tuple(word) for cue in cues for word in cue.get("words", [])]  # type: ignore[misc]


def _marked_now(article, words: list[tuple[float, float, str]]) -> tuple[float, int, int]:  # type: ignore[no-untyped-def]
    """(the audio's time, the index of the word it should mark, the index of the marked word)."""
    import bisect

    time, marked = article.parent.execute_script(
        "var a = arguments[0], spans = [...a.querySelectorAll('.w')];"
        "return [a.querySelector('audio').currentTime, spans.indexOf(a.querySelector('.w.now'))]", article)
    expected = bisect.bisect_right([w[0] for w in words], time) - 1
    return time, expected, marked


def test_read_along_marks_the_word_being_heard_and_a_tap_on_a_word_plays_from_it(readalong_server, browser):  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    words = _words_heard(readalong_server, "story.mp3")
    assert len(words) > 300 and all(a[0] <= b[0] for a, b in zip(words, words[1:]))
    browser.get(readalong_server.base_url)
    article = browser.find_element(By.CSS_SELECTOR, "article[id='story.mp3']")
    _open(article, "Transcript")
    WebDriverWait(browser, 10).until(lambda d: len(article.find_elements(By.CSS_SELECTOR, ".w")) == len(words))
    spans = article.find_elements(By.CSS_SELECTOR, ".w")
    assert [s.get_attribute("textContent") for s in spans] == [w[2] for w in words]
    # the text reads as the transcript says, words and spaces and punctuation
    cues = article.find_elements(By.CSS_SELECTOR, ".cue")
    assert " ".join(c.get_attribute("textContent") for c in cues).split() == [w[2] for w in words]
    audio = "arguments[0].querySelector('audio')"
    # play, and at three moments (early, middle, late) the marked word is the one the times say
    for index in (len(words) // 10, len(words) // 2, len(words) * 9 // 10):
        start, end, _ = words[index]
        browser.execute_script(f"{audio}.currentTime = arguments[1]; {audio}.play()", article, max(0.0, start - 0.6))
        WebDriverWait(browser, 20).until(lambda d: d.execute_script(
            f"return {audio}.currentTime >= arguments[1]", article, (start + end) / 2))
        browser.execute_script(f"{audio}.pause()", article)
        WebDriverWait(browser, 10).until(lambda d: (lambda t, e, m: e == m)(*_marked_now(article, words)))
        time, expected, marked = _marked_now(article, words)
        assert words[expected][0] <= time and expected >= index
        # the marked word is in view inside the transcript box (it scrolled along)
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(
            "var box = arguments[0].querySelector('.transcript .text').getBoundingClientRect(),"
            " word = arguments[0].querySelector('.w.now').getBoundingClientRect();"
            "return word.top >= box.top && word.bottom <= box.bottom", article))
    # a tap on a word (one not heard yet) plays from that word
    target = len(words) * 3 // 10
    browser.execute_script("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", spans[target])
    spans[target].click()
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        f"return !{audio}.paused && {audio}.currentTime >= arguments[1]", article, words[target][0]))
    browser.execute_script(f"{audio}.pause()", article)
    time, expected, marked = _marked_now(article, words)
    assert words[target][0] <= time < words[target][0] + 2.0
    WebDriverWait(browser, 10).until(lambda d: (lambda t, e, m: e == m)(*_marked_now(article, words)))
    # one stop in the tab order; the sentence being heard is it, and marked for screen readers
    stops = browser.execute_script("return [...arguments[0].querySelectorAll('.cue')].filter(c => c.tabIndex === 0)"
                                   ".map(c => [c.getAttribute('aria-current'), c.contains(arguments[0]"
                                   ".querySelector('.w.now'))])", article)
    assert stops == [["true", True]]


def test_read_along_keys_and_a_manifest_without_words(readalong_server, browser):  # type: ignore[no-untyped-def]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(readalong_server.base_url)
    article = browser.find_element(By.CSS_SELECTOR, "article[id='sentences.mp3']")
    _open(article, "Transcript")
    WebDriverWait(browser, 10).until(lambda d: len(article.find_elements(By.CSS_SELECTOR, ".cue")) > 10)
    assert article.find_elements(By.CSS_SELECTOR, ".w") == []  # sentence by sentence, as before
    cues = article.find_elements(By.CSS_SELECTOR, ".cue")
    cues[0].send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    focused = browser.switch_to.active_element
    assert focused == cues[3]
    focused.send_keys(Keys.ENTER)  # plays from the sentence in focus; it is marked as heard
    start = float(cues[3].get_attribute("data-start"))
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "var a = arguments[0].querySelector('audio'); return !a.paused && a.currentTime >= arguments[1]",
        article, start))
    browser.execute_script("arguments[0].querySelector('audio').pause()", article)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return [...arguments[0].querySelectorAll('.cue')].indexOf(arguments[0].querySelector('.cue.now'))",
        article) in (3, 4))
