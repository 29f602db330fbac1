"""Language detection: plain English never loads the model (96 MB, 1.9 s); other languages do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
ENGLISH = (REPO / "samples" / "welcome.txt").read_text(encoding="utf-8")
FRENCH = ("Le gouvernement français a annoncé mardi une nouvelle série de mesures pour soutenir les "
          "agriculteurs, qui manifestent depuis plusieurs semaines contre la baisse de leurs revenus "
          "et la hausse des coûts de production dans tout le pays.")


def _detect_in_a_fresh_process(text: str) -> str:
    code = ("import sys\nfrom narrate.text.language import detect\n"
            "print(detect(sys.stdin.read()), 'py3langid' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True,
                            cwd=REPO, check=True)
    return result.stdout.strip()


def test_english_is_recognised_without_the_model():
    assert _detect_in_a_fresh_process(ENGLISH) == "en False"


def test_another_language_asks_the_model():
    assert _detect_in_a_fresh_process(FRENCH) == "fr True"


def _checked_in_a_fresh_process(declared: str, text: str) -> str:
    code = ("import sys\nfrom narrate.text.language import checked_declaration\n"
            f"print(checked_declaration({declared!r}, sys.stdin.read()), 'py3langid' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True,
                            cwd=REPO, check=True)
    return result.stdout.strip()


def test_an_english_story_on_a_page_declared_german_is_read_as_english():
    # a site's template says lang="de" on every page, its English stories too
    assert _checked_in_a_fresh_process("de", ENGLISH).split()[0] == "en"


def test_a_text_in_the_language_it_declares_keeps_it_without_the_model():
    assert _checked_in_a_fresh_process("fr-FR", FRENCH * 3) == "fr-FR False"
    assert _checked_in_a_fresh_process("en", ENGLISH) == "en False"


def test_a_short_text_keeps_its_declaration():
    assert _checked_in_a_fresh_process("de", "The council met on Tuesday.").split()[0] == "de"


def test_a_french_book_declared_english_is_read_as_french():
    assert _checked_in_a_fresh_process("en", FRENCH * 3).split()[0] == "fr"


def test_the_english_story_on_a_german_page_gets_the_english_voice_and_readings(tmp_path):
    paragraph = ("The council met on Tuesday to discuss the new budget, and the members agreed that the "
                 "city would need more money for its schools and roads in the coming years. ")
    page = tmp_path / "budget.html"
    page.write_text(f"<html lang='de'><head><title>Budget talks</title></head><body><article>"
                    f"<h1>Budget talks</h1><h2>1. The plan</h2><p>{paragraph * 4}</p>"
                    f"<h2>2. The vote</h2><p>{paragraph * 3} It passed with 12 votes.</p></article></body></html>",
                    encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "narrate", "inspect", str(page)], capture_output=True,
                            text=True, cwd=REPO, check=True)
    assert "[heading] one. The plan" in result.stdout
    assert "twelve votes" in result.stdout
    assert "eins" not in result.stdout and "gmw/de" not in result.stdout


CHINESE = ("一个约定，信守十五年，感人至深；一段真情，延续十五年，催人泪下。六月三日上午，话剧全省各市巡演活动来到张家口。"
           "话剧结尾，全场响起经久不息的掌声，许多观众流下感动的泪水。")


def test_chinese_with_no_spaces_between_its_words_is_recognised():
    """Split at spaces a Chinese story is a handful of 'words', under the 20 a guess needs: it
    was taken for English and read by the English voice."""
    from narrate.text.language import detect, word_count

    assert len(CHINESE.split()) < 20 and detect(CHINESE * 2) == "zh"
    assert 60 < word_count(CHINESE) < 90 and word_count("Three words here") == 3


def test_a_chinese_page_that_declares_no_language_is_read_by_a_mandarin_voice(tmp_path):
    page = tmp_path / "play.html"
    page.write_bytes(("<html><head><meta http-equiv='Content-Type' content='text/html; charset=gb2312'>"
                      f"<title>话剧巡演结束</title></head><body><h1>话剧巡演结束</h1><p>{CHINESE}</p>"
                      f"<p>{CHINESE}</p></body></html>").encode("gb2312"))
    result = subprocess.run([sys.executable, "-m", "narrate", "inspect", str(page)], capture_output=True,
                            text=True, cwd=REPO, check=True)
    assert "Voice:     sit/cmn" in result.stdout and "话剧全省各市巡演活动来到张家口" in result.stdout
    minutes, seconds = result.stdout.split("Duration:  about ")[1].split()[0].split(":")
    assert 30 < 60 * int(minutes) + int(seconds) < 120  # 170 characters, not 'two words'


@pytest.mark.parametrize("text, language", [
    ("東京の天気は晴れです。明日は雨が降るでしょう。気象庁が発表しました。" * 2, "ja"),
    ("서울의 날씨는 맑습니다. 내일은 비가 올 것입니다. 기상청이 발표했습니다." * 2, "ko"),
    ("臺灣的天氣很好，明天會下雨。氣象局今天發布了消息，提醒民眾注意安全。", "zh"),  # Traditional: 'zh' and 'wuu' split
])
def test_chinese_japanese_and_korean_are_told_by_their_script(text, language):
    from narrate.text.language import detect, paragraph_language

    assert detect(text * 2) == language
    assert paragraph_language(text, "en") == language  # a quotation in an English story


def test_a_paragraph_of_numbers_and_symbols_has_no_language():
    """Eight numbers and no letter: the share of Latin words divided by zero (WCXB's Advent of
    Code page, a table of times)."""
    from narrate.text.language import paragraph_language

    assert paragraph_language("1 2 3 4 5 6 7 8 9 10 11 12 -- ** 00:01:02", "en") is None
