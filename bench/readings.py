"""What narrate says for numbers, dates, money, units, abbreviations and symbols, measured by
the engine's own reading: eSpeak NG's phonemes of narrate's text against the phonemes of the
words a careful narrator says, so the same sound counts whatever the spelling.

    python bench/readings.py                 # the table (README, docs/text.md)
    python bench/readings.py --failures      # every case narrate gets wrong, but the unseen parts'
    python bench/readings.py --held-out-failures   # ... and the unseen parts' too
    python bench/readings.py --nemo DIR      # a NeMo-text-processing checkout ($NARRATE_NEMO_TN)
    python bench/readings.py --narrate DIR   # another narrate tree: the figures before a change
    python bench/readings.py --speed         # seconds to normalise the 77k-word novel
    python bench/readings.py --languages     # German, French, Spanish, Italian, Portuguese
    python bench/readings.py --language de   # one of them (bench/readings_languages.py)

Test sets (bench/readings/):
- NeMo text-normalisation test cases, English, the article-relevant classes: NVIDIA
  NeMo-text-processing (Apache-2.0; nemo-en/NOTICE.md), one `written~spoken` per line. Scored
  twice: against NeMo's words as written, and against `narrator.tsv`, which replaces the
  expectation where NeMo's is not what a narrator says ("HTTPS colon slash slash", "two - five")
  or is written so that eSpeak NG misreads it ("one AM" is read "one am"); each line says why.
- sentences.tsv: real sentences from documents installable here (Debian documentation
  packages; news pages of the article-extraction benchmark; the Wikinews stories of
  bench/corpus/news, CC BY 2.5), with what a narrator says, written by hand before narrate's
  reading was looked at. Each held-out part comes from documents no other part uses; its first
  measurement, before any rule was changed for it, is recorded in the file's header: those
  are the unseen figures. A sentence whose rule was fixed after that moves to `tuned`.

narrate's text is what it hands the engine: the normalised text with the default lexicon applied.
The floor is plain eSpeak NG reading the written text (what a user of its command line hears).
A case is right when the two phoneme strings are the same without stress and pause marks. The
expected text may give alternatives separated by " | "; "one hundred and five" also counts as
"one hundred five" (American and British English). Nothing here is a test (tests/ has those).
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "readings"
NEMO_CLASSES = ("cardinal", "decimal", "ordinal", "fraction", "money", "measure", "date", "time",
                "range", "roman", "telephone", "electronic", "math", "address", "whitelist")
NEMO_ENGLISH = "tests/nemo_text_processing/en/data_text_normalization"
NOVEL = "northanger-abbey.txt"
# The held-out parts not yet looked at: their failures are printed only when asked for.
UNSEEN = ("held-out-4",)


@dataclass(frozen=True)
class Case:
    group: str  # the row of the table
    written: str
    expected: tuple[str, ...]  # alternatives
    language: str = "en-US"
    source: str = ""


def nemo_cases(folder: Path) -> list[tuple[str, str, str]]:
    """(class, written, NeMo's spoken) for every English case of the article-relevant classes."""
    cases = []
    for name in NEMO_CLASSES:
        path = folder / f"test_cases_{name}.txt"
        for line in path.read_text(encoding="utf-8").splitlines():
            if "~" in line:
                written, spoken = line.split("~", 1)
                cases.append((name, written, spoken))
    return cases


def narrator_overrides() -> dict[tuple[str, str], str]:
    with (DATA / "narrator.tsv").open(encoding="utf-8", newline="") as handle:
        rows = [row for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
                if row and not row[0].startswith("#")]
    return {(row[0], row[1]): row[2] for row in rows}


def sentence_cases() -> list[Case]:
    cases = []
    with (DATA / "sentences.tsv").open(encoding="utf-8", newline="") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if not row or row[0].startswith("#") or row[0] == "id":
                continue
            _, part, language, source, written, spoken = row
            cases.append(Case(f"sentences, {part}", written, _alternatives(spoken), language, source))
    return cases


_NUMBER_WORD = ("one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
                "fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
                "eighty|ninety")
_BRITISH_AND = re.compile(rf"\b(hundred|thousand|million|billion|trillion|quadrillion|quintillion) and (?=(?:{_NUMBER_WORD})\b)")


def _alternatives(spoken: str) -> tuple[str, ...]:
    """The expected readings: those written, each also without the British 'and' inside a
    number ("one hundred and five" and "one hundred five" are both what people say; NeMo's
    own cases write it in some numbers and not in others)."""
    written = [alternative.strip() for alternative in spoken.split(" | ")]
    return tuple(dict.fromkeys([*written, *(_BRITISH_AND.sub(r"\1 ", w) for w in written)]))


def all_cases(nemo_folder: Path) -> list[Case]:
    overrides = narrator_overrides()
    cases = []
    for name, written, spoken in nemo_cases(nemo_folder):
        narrator = overrides.get((name, written), spoken)
        cases.append(Case(f"NeMo {name}", written, _alternatives(narrator)))
        cases.append(Case("NeMo, all, as NeMo writes it", written, _alternatives(spoken)))
    return cases + sentence_cases()


def load_narrate(tree: Path | None) -> tuple[Callable[[str, str], str], Callable[[str, str], str]]:
    """(normalise, phonemes) from this checkout or another narrate tree."""
    if tree is not None:
        sys.path.insert(0, str(tree))
    else:
        sys.path.insert(0, str(HERE.parent))
    from narrate.text.normalize import normalize, normalizers_for
    from narrate.voice.engines.espeak import phonemes

    try:  # the default lexicon is applied to every chunk narrate speaks (WHO -> "W H O")
        from narrate.text.lexicon import DEFAULT_LEXICON, load_file
        lexicon = load_file(DEFAULT_LEXICON)
    except ImportError:  # a tree from before the lexicon
        lexicon = None

    def say(text: str, language: str) -> str:
        spoken = normalize(text, normalizers_for(language))
        return lexicon.apply(spoken)[0] if lexicon else spoken

    return say, phonemes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nemo", type=Path, default=os.environ.get("NARRATE_NEMO_TN"),
                        help="a NeMo-text-processing checkout (default: the English cases in bench/readings)")
    parser.add_argument("--narrate", type=Path, help="import narrate from this tree instead")
    parser.add_argument("--failures", action="store_true",
                        help=f"print what narrate gets wrong (not in {', '.join(UNSEEN)})")
    parser.add_argument("--held-out-failures", action="store_true", help="... and in those too")
    parser.add_argument("--speed", action="store_true", help="time normalising the novel instead")
    parser.add_argument("--languages", action="store_true", help="the other languages' table instead")
    parser.add_argument("--language", action="append", help="one other language (de, fr, es, it, pt)")
    args = parser.parse_args()
    say, phonemes = load_narrate(args.narrate)
    if args.speed:
        return speed(say)
    if args.languages or args.language:
        import readings_languages

        chosen = args.language or list(readings_languages.LANGUAGES)
        return readings_languages.run(say, phonemes, chosen, args.failures, args.held_out_failures)
    folder = (args.nemo / NEMO_ENGLISH) if args.nemo else DATA / "nemo-en"

    def sounds(text: str, language: str) -> str:
        voice = "gmw/en-gb-x-rp" if language.lower().endswith("gb") else "gmw/en-us"
        return re.sub(r"[\s',;_!:%=#-]", "", phonemes(text, voice))

    started = time.perf_counter()
    rows: dict[str, list[int]] = {}
    failures = []
    for case in all_cases(folder):
        expected = {sounds(alternative, case.language) for alternative in case.expected}
        spoken = say(case.written, case.language)
        right = sounds(spoken, case.language) in expected
        floor = sounds(case.written, case.language) in expected
        counts = rows.setdefault(case.group, [0, 0, 0])
        counts[0] += 1
        counts[1] += floor
        counts[2] += right
        held_out = case.group.endswith(UNSEEN)
        if not right and (args.failures and not held_out or args.held_out_failures):
            failures.append(f"{case.group:32} {case.written!r}\n{'':32} said:     {spoken!r}\n"
                            f"{'':32} expected: {' | '.join(case.expected)!r}")
    for failure in failures:
        print(failure)
    print(f"| {'test set':34} | cases | plain eSpeak NG | narrate |")
    print(f"| {'-' * 34} | ----: | --------------: | ------: |")
    order = sorted(rows, key=lambda group: (group.startswith("sentences"), "all" in group, group))
    for group in order:
        total, floor, right = rows[group]
        print(f"| {group:34} | {total:5} | {100 * floor / total:14.0f} % | {100 * right / total:5.0f} % |")
    nemo = [rows[g] for g in rows if g.startswith("NeMo ") and "all" not in g]
    total = sum(r[0] for r in nemo)
    print(f"| {'NeMo, all, narrator expectations':34} | {total:5} | "
          f"{100 * sum(r[1] for r in nemo) / total:14.0f} % | {100 * sum(r[2] for r in nemo) / total:5.0f} % |")
    print(f"{time.perf_counter() - started:.1f} s")
    return 0


def speed(say: Callable[[str, str], str]) -> int:
    """Seconds to normalise the novel's chunks (best of five), as narrate does before synthesis;
    CPU seconds too, which a loaded machine disturbs less."""
    from narrate.text.readers import read_document
    from narrate.text.sentences import MAX_CHUNK_CHARS, chunk_sentences, split_sentences

    corpus = Path(os.environ.get("NARRATE_CORPUS", HERE.parent.parent / "shared" / "corpus"))
    if not (corpus / NOVEL).exists():
        corpus = Path("/work/shared/corpus")
    document = read_document(str(corpus / NOVEL))
    pieces = [piece for section in document.sections for paragraph in section.paragraphs
              for piece in chunk_sentences(split_sentences(paragraph), MAX_CHUNK_CHARS)]
    words = sum(len(piece.split()) for piece in pieces)
    best = best_cpu = float("inf")
    for _ in range(5):
        started, cpu = time.perf_counter(), time.process_time()
        for piece in pieces:
            say(piece, "en-US")
        best = min(best, time.perf_counter() - started)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    print(f"normalising {NOVEL}: {words:,} words in {len(pieces):,} chunks, {best:.2f} s wall, "
          f"{best_cpu:.2f} s CPU (best of 5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
