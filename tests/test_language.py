"""Language detection: plain English never loads the model (96 MB, 1.9 s); other languages do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
