"""The readings benchmark in German, French, Spanish, Italian and Portuguese (`python
bench/readings.py --languages`): NeMo's test cases of each language and real sentences from
documents installable here, scored by eSpeak NG's phonemes in that language's voice, with plain
eSpeak NG reading the written text as the floor.

Test sets (bench/readings/):
- nemo-<lang>/: NVIDIA NeMo-text-processing's test cases (Apache-2.0; NOTICE.md there), the
  article-relevant classes. `nemo-<lang>/narrator.tsv` replaces an expectation where NeMo's is
  not what a narrator says ("h t t p s doppelpunkt slash slash", "ein stunde"), each line with
  its reason. NeMo writes German numbers in pieces ("drei und zwanzig"); they are joined as
  German writes them ("dreiundzwanzig") before they are read, or eSpeak NG would read "und" as
  a word of its own; so are Italian ones ("cento cinquantacinque": "centocinquantacinque"). The Portuguese cases are Brazilian and are read by the Brazilian voice.
- sentences-<lang>.tsv: real sentences from Debian's translated documentation (the Debian
  Administrator's Handbook, the Debian Reference, the Debian FAQ, Debian Edu's manual), with
  what a narrator says, written by hand. `tuned` were looked at while the rules were written;
  `held-out` were transcribed before any rule was changed for them and never used to tune:
  the figure that counts is theirs.
"""

from __future__ import annotations

import csv
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "readings"
CLASSES = ("cardinal", "decimal", "ordinal", "fraction", "money", "measure", "date", "time", "telephone",
           "electronic", "whitelist")
# language -> (the tag narrate reads NeMo's cases in, eSpeak NG's voice for it)
LANGUAGES = {"de": ("de-DE", "gmw/de"), "fr": ("fr-FR", "roa/fr"), "es": ("es-ES", "roa/es"),
             "it": ("it-IT", "roa/it"), "pt": ("pt-BR", "roa/pt-BR")}
VOICES = {"de": "gmw/de", "fr": "roa/fr", "es": "roa/es", "it": "roa/it", "pt": "roa/pt", "pt-br": "roa/pt-BR"}


@dataclass(frozen=True)
class Case:
    group: str
    written: str
    expected: tuple[str, ...]
    language: str
    source: str = ""


# -- German numbers as German writes them ------------------------------------------------
_UNIT = "(?:ein|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun)"
_TEEN = "(?:zehn|elf|zwölf|dreizehn|vierzehn|fünfzehn|sechzehn|siebzehn|achtzehn|neunzehn)"
_TENS = "(?:zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig)"
_BELOW_100 = rf"(?:(?:{_UNIT}und)?{_TENS}|{_TEEN}|{_UNIT})"
_BELOW_1000 = rf"(?:{_UNIT}?hundert{_BELOW_100}?|{_BELOW_100})"
_GERMAN_NUMBER = re.compile(rf"(?:{_BELOW_1000}?tausend{_BELOW_1000}?|{_BELOW_1000})"
                            r"(?:ste|ster|sten|stem|stes|stel|te|ter|ten|tem|tes|tel|er|s)?")
_MEASURE_PREFIX = re.compile(r"\b(quadrat|kubik) (?=\w)")


def join_german_numbers(text: str) -> str:
    """NeMo's German as German writes it: 'drei und zwanzig' -> 'dreiundzwanzig', 'ein hundert
    drei' -> 'einhundertdrei', 'ein ein halb' -> 'eineinhalb', 'quadrat meter' -> 'quadratmeter';
    digits said one by one ('vier eins eins') stay apart, as they are no one number."""
    text = _MEASURE_PREFIX.sub(r"\1", text).replace("ein ein halb", "eineinhalb")
    tokens = text.split(" ")
    out: list[str] = []
    index = 0
    while index < len(tokens):
        best = index
        for end in range(index + 1, min(len(tokens), index + 12) + 1):
            if _GERMAN_NUMBER.fullmatch("".join(tokens[index:end]).lower()):
                best = end
        if best > index + 1:
            out.append("".join(tokens[index:best]))
            index = best
        else:
            out.append(tokens[index])
            index += 1
    return " ".join(out)


# -- Italian numbers as Italian writes them -----------------------------------------------
_IT_UNIT = "(?:uno|due|tre|tré|quattro|cinque|sei|sette|otto|nove)"
_IT_TEEN = "(?:dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove)"
_IT_TENS = "(?:venti|trenta|quaranta|cinquanta|sessanta|settanta|ottanta|novanta)"
_IT_ELIDED = "(?:vent|trent|quarant|cinquant|sessant|settant|ottant|novant)"
_IT_BELOW_100 = (rf"(?:{_IT_TENS}(?:due|tre|tré|quattro|cinque|sei|sette|nove)?|{_IT_ELIDED}(?:uno|otto)"
                 rf"|{_IT_TEEN}|{_IT_UNIT})")
_IT_HUNDREDS = "(?:(?:due|tre|quattro|cinque|sei|sette|otto|nove)?cento|(?:due|tre|quattro|cinque|sei|sette|otto|nove)?cent(?=ott))"
_IT_BELOW_1000 = rf"(?:{_IT_HUNDREDS}{_IT_BELOW_100}?|{_IT_BELOW_100})"
_ITALIAN_NUMBER = re.compile(rf"(?:(?:{_IT_BELOW_1000}mila|mille){_IT_BELOW_1000}?|{_IT_BELOW_1000})")


def join_italian_numbers(text: str) -> str:
    """NeMo's Italian as Italian writes it: 'cento cinquantacinque' -> 'centocinquantacinque'."""
    tokens = text.split(" ")
    out: list[str] = []
    index = 0
    while index < len(tokens):
        best = index
        for end in range(index + 1, min(len(tokens), index + 6) + 1):
            if _ITALIAN_NUMBER.fullmatch("".join(tokens[index:end]).lower()):
                best = end
        out.append("".join(tokens[index:best]) if best > index + 1 else tokens[index])
        index = max(best, index + 1)
    return " ".join(out)


# -- the cases ---------------------------------------------------------------------------
def _alternatives(spoken: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(alternative.strip() for alternative in spoken.split(" | ") if alternative.strip()))


def narrator_overrides(language: str) -> dict[tuple[str, str], str]:
    path = DATA / f"nemo-{language}" / "narrator.tsv"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as handle:
        rows = [row for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
                if row and not row[0].startswith("#")]
    return {(row[0], row[1]): row[2] for row in rows}


def nemo_cases(language: str, folder: Path | None = None) -> list[Case]:
    """NeMo's cases of a language: (class, written, spoken alternatives), narrator's where given."""
    folder = folder or DATA / f"nemo-{language}"
    tag = LANGUAGES[language][0]
    overrides = narrator_overrides(language)
    cases = []
    for name in CLASSES:
        path = folder / f"test_cases_{name}.txt"
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if "~" not in line:
                continue
            fields = line.split("~")
            if language == "de":
                written, spoken = fields[1], [fields[0]]
            else:
                written, spoken = fields[0], fields[1:]
            if not written.strip():
                continue
            joiner = {"de": join_german_numbers, "it": join_italian_numbers}.get(language, str)
            nemo = tuple(joiner(alternative) for alternative in spoken)
            narrator = _alternatives(overrides[(name, written)]) if (name, written) in overrides else nemo
            cases.append(Case(f"NeMo {language}: {name}", written, narrator, tag))
            cases.append(Case(f"NeMo {language}, all, as NeMo writes it", written, nemo, tag))
    return cases


def sentence_cases(language: str) -> list[Case]:
    path = DATA / f"sentences-{language}.tsv"
    if not path.exists():
        return []
    cases = []
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if not row or row[0].startswith("#") or row[0] == "id":
                continue
            _, part, tag, source, written, spoken = row
            cases.append(Case(f"sentences {language}, {part}", written, _alternatives(spoken), tag, source))
    return cases


def voice_for(tag: str) -> str:
    lower = tag.lower()
    return VOICES.get(lower) or VOICES[lower.split("-")[0]]


def run(say: Callable[[str, str], str], phonemes: Callable[[str, str], str], languages: list[str],
        failures: bool, held_out_failures: bool) -> int:
    def sounds(text: str, tag: str) -> str:
        return re.sub(r"[\s',;_!:%=#\-|]|\([a-z-]+\)", "", phonemes(text, voice_for(tag)))

    started = time.perf_counter()
    rows: dict[str, list[int]] = {}
    lines = []
    for language in languages:
        for case in nemo_cases(language) + sentence_cases(language):
            expected = {sounds(alternative, case.language) for alternative in case.expected}
            spoken = say(case.written, case.language)
            right = sounds(spoken, case.language) in expected
            floor = sounds(case.written, case.language) in expected
            counts = rows.setdefault(case.group, [0, 0, 0])
            counts[0] += 1
            counts[1] += floor
            counts[2] += right
            held_out = "held-out" in case.group
            if not right and "as NeMo writes" not in case.group and (failures and not held_out or held_out_failures):
                lines.append(f"{case.group:28} {case.written!r}\n{'':28} said:     {spoken!r}\n"
                             f"{'':28} expected: {' | '.join(case.expected)!r}")
    for line in lines:
        print(line)
    print(f"| {'test set':36} | cases | plain eSpeak NG | narrate |")
    print(f"| {'-' * 36} | ----: | --------------: | ------: |")
    for language in languages:
        groups = [g for g in rows if g.split(" ")[1].rstrip(":,") == language]
        nemo = [g for g in groups if g.startswith("NeMo ") and "all" not in g]
        for group in sorted(nemo) + sorted(g for g in groups if "all" in g):
            _row(group, rows[group])
        if nemo:
            _row(f"NeMo {language}, all, narrator", [sum(rows[g][i] for g in nemo) for i in range(3)], bold=True)
        for group in sorted(g for g in groups if g.startswith("sentences")):
            _row(group, rows[group], bold="held-out" in group)
    print(f"{time.perf_counter() - started:.1f} s")
    return 0


def _row(group: str, counts: list[int], bold: bool = False) -> None:
    total, floor, right = counts
    name = f"**{group}**" if bold else group
    print(f"| {name:36} | {total:5} | {100 * floor / total:14.0f} % | {100 * right / total:5.0f} % |")
