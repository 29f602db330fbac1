"""Heteronyms (read/read, lead/lead, live, wind, row, ...) in the phonemes Kokoro is handed.

    python bench/heteronyms.py              # the table: G2P, right of N, tune and held-out halves
    python bench/heteronyms.py --cases      # and each sentence's verdict
    python bench/heteronyms.py --misaki     # also misaki (its English G2P), where it can run

bench/heteronyms.tsv holds sentences with one heteronym each and which reading is right, as
regular expressions over the word's phonemes (written before any phonemiser was run). A case
is right when the sentence's phonemes hold the right reading and not the wrong one. Half the
sentences are marked `held`: rules are fitted on the `tune` half only.

"eSpeak NG" is narrate's Kokoro path (narrate.voice.kokoro_phonemes with no heteronym stage),
"narrate" the same with it. misaki needs spaCy's en_core_web_sm model, which is not on PyPI
(misaki downloads it from GitHub when first made): where it is missing, `--misaki` says why
and scores misaki's dictionaries with a blank spaCy pipeline (no part-of-speech tags, so every
heteronym takes its dictionary's default reading).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

TABLE = REPO / "bench" / "heteronyms.tsv"
# Kokoro's letters (misaki's alphabet) spelled as IPA, and marks that do not tell readings apart.
_SPELLED = {"A": "eɪ", "I": "aɪ", "O": "oʊ", "W": "aʊ", "Y": "ɔɪ", "Q": "əʊ", "ʤ": "dʒ", "ʧ": "tʃ",
            "ɚ": "əɹ", "ɾ": "t", "T": "t", "ᵊ": "ə", "ᵻ": "ɪ", "r": "ɹ", "ɐ": "ə"}
_DROPPED = re.compile("[ˈˌː\u0329\u0303^]")


@dataclass(frozen=True)
class Case:
    half: str
    word: str
    right: str
    wrong: str
    sentence: str


def load(path: Path = TABLE) -> list[Case]:
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            half, word, right, wrong, sentence = line.split("\t")
            cases.append(Case(half, word, right, wrong, sentence))
    return cases


def plain(phonemes: str) -> str:
    """Phonemes with stress and length dropped and Kokoro's letters spelled as IPA."""
    return "".join(_SPELLED.get(symbol, symbol) for symbol in _DROPPED.sub("", phonemes))


def without_word(case: Case) -> str:
    """The sentence with its heteronym taken out (the first word that starts with it)."""
    words = case.sentence.split()
    for i, word in enumerate(words):
        if word.lower().strip(".,;:!?").startswith(case.word):
            return " ".join(words[:i] + words[i + 1:])
    raise ValueError(f"{case.word!r} is not in {case.sentence!r}")


def verdict(g2p: Callable[[str], str], case: Case) -> str:
    """'right', 'wrong', or 'unclear' (neither reading found, or both). A reading counts where
    the sentence has more of it than the sentence without the heteronym ("television" holds
    "lɪv" whichever way "live" is read)."""
    said, rest = plain(g2p(case.sentence)), plain(g2p(without_word(case)))
    right = len(re.findall(case.right, said)) > len(re.findall(case.right, rest))
    wrong = len(re.findall(case.wrong, said)) > len(re.findall(case.wrong, rest))
    if right and not wrong:
        return "right"
    if wrong and not right:
        return "wrong"
    return "unclear"


def narrate_g2p(heteronyms: bool) -> Callable[[str], str]:
    from narrate.voice.ipa import Phonemizer
    from narrate.voice.kokoro_phonemes import kokoro_phonemes

    phonemizer = Phonemizer()
    return lambda text: kokoro_phonemes(phonemizer, text, "en-us", heteronyms=heteronyms)


def misaki_g2ps() -> list[tuple[str, Callable[[str], str]]]:
    """misaki as its authors make it, else why not and its dictionaries without a tagger."""
    try:
        from misaki import en, espeak
    except ImportError as exc:
        print(f"misaki: not installed ({exc}); pip install 'misaki[en]'")
        return []
    try:
        full = en.G2P(trf=False, british=False, fallback=espeak.EspeakFallback(british=False))
        return [("misaki (en_core_web_sm)", lambda text: full(text)[0])]
    except Exception as exc:  # spacy.cli.download fails offline with requests' own errors
        print(f"misaki: en.G2P() failed: {type(exc).__name__}: {str(exc)[:160]}")
    import spacy

    blank = en.G2P.__new__(en.G2P)
    blank.version, blank.british, blank.unk = None, False, "❓"
    blank.nlp = spacy.blank("en")
    blank.lexicon = en.Lexicon(False)
    blank.fallback = espeak.EspeakFallback(british=False)
    return [("misaki (no tagger)", lambda text: blank(text)[0])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", action="store_true", help="print each sentence's verdict")
    parser.add_argument("--misaki", action="store_true", help="also score misaki")
    args = parser.parse_args()
    cases = load()
    g2ps = [("eSpeak NG", narrate_g2p(False)), ("narrate", narrate_g2p(True))]
    if args.misaki:
        g2ps += misaki_g2ps()
    halves = ("tune", "held")
    rows = []
    for name, g2p in g2ps:
        verdicts = [(case, verdict(g2p, case)) for case in cases]
        if args.cases:
            for case, said in verdicts:
                if said != "right":
                    print(f"  {name:<24} {case.half} {said:<7} {case.word:<8} {case.sentence}  "
                          f"[{plain(g2p(case.sentence))}]")
        counts = [(sum(said == "right" for case, said in verdicts if case.half == half),
                   sum(case.half == half for case in cases)) for half in halves]
        rows.append((name, counts, sum(said == "unclear" for _, said in verdicts)))
    print(f"{'G2P':<24} {'tune':>8} {'held out':>9} {'all':>8} unclear")
    for name, counts, unclear in rows:
        cells = [f"{right}/{n}" for right, n in counts]
        total = f"{sum(r for r, _ in counts)}/{sum(n for _, n in counts)}"
        print(f"{name:<24} {cells[0]:>8} {cells[1]:>9} {total:>8} {unclear:>7}")


if __name__ == "__main__":
    main()
