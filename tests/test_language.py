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
