"""A second, larger extraction benchmark: trafilatura's own evaluation set, 990 real pages in
many languages, each with up to six snippets that belong to the article ("with") and up to six
that do not ("without": menus, footers, share bars, teasers).

    python bench/extraction_snippets.py --eval DIR               # held-out and tuning halves
    python bench/extraction_snippets.py --eval DIR --tuning-only # while choosing
    python bench/extraction_snippets.py --eval DIR --misses      # what narrate got wrong (tuning half)

DIR is the `tests` folder of trafilatura's repository (Apache 2.0; `git clone
https://github.com/adbar/trafilatura`): evaldata.json, and the pages under eval/ and cache/.

The metric is the set's own (trafilatura's tests/eval_common.py): a snippet counts as found
when it is a substring of the output, both whitespace-normalised; true positives are "with"
snippets found, false positives "without" snippets found, summed over pages. One change, for
every extractor alike: matching is on the lower-cased \\w+ tokens of the NFKC form, since
narrate's text is the one it speaks, whose quotes, spacing around punctuation and Unicode
forms may differ from the page's.
narrate's text leaves its title out (many "without" snippets are the page's title).

Pages are split by the SHA-256 of their address: an even first byte is the tuning half, on
which narrate's choices are made (with the first benchmark's tuning half); the others are held
out, and the held-out figures are the ones that count. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from extraction import EXTRACTORS, _narrate_version, _version  # noqa: E402

_TOKEN = re.compile(r"\w+", re.UNICODE)
NAMES = ("narrate", "trafilatura", "trafilatura precision", "trafilatura recall")


def tokens(text: str) -> str:
    """Plain substrings, as the set's own metric matches them: a snippet cut inside a word
    ('sation des rapports', of 'normalisation') is found (padded with spaces, it never was)."""
    return " ".join(_TOKEN.findall(unicodedata.normalize("NFKC", text).lower()))


def is_tuning(address: str) -> bool:
    return hashlib.sha256(address.encode("utf-8")).digest()[0] % 2 == 0


def page_text(folder: Path, name: str) -> str:
    from narrate.text.readers.decode import decode_html

    for sub in ("cache", "eval"):
        path = folder / sub / name
        if path.is_file():
            return decode_html(path.read_bytes(), name).text  # as narrate decodes a saved page
    raise FileNotFoundError(name)


def counts(item: dict, output: str) -> tuple[int, int, int, int]:
    """(tp, fp, fn, tn) of one page."""
    text = tokens(output)
    found = [tokens(s) in text for s in item["with"]]
    wrong = [tokens(s) in text for s in item["without"]]
    return sum(found), sum(wrong), len(found) - sum(found), len(wrong) - sum(wrong)


def scores(total: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
    tp, fp, fn, tn = total
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return f, p, r, (tp + tn) / max(1, tp + fp + fn + tn)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--eval", type=Path, required=True, help="trafilatura's tests folder")
    parser.add_argument("--tuning-only", action="store_true", help="read no held-out page")
    parser.add_argument("--misses", action="store_true", help="narrate's misses on the tuning half")
    parser.add_argument("--only", action="append", metavar="NAME", help="only these extractors")
    args = parser.parse_args()
    data = json.loads((args.eval / "evaldata.json").read_text(encoding="utf-8"))
    if args.tuning_only or args.misses:
        data = {k: v for k, v in data.items() if is_tuning(k)}
    halves = {"held out": [k for k in data if not is_tuning(k)], "tuning": [k for k in data if is_tuning(k)]}
    halves = {name: keys for name, keys in halves.items() if keys}
    pages = {k: page_text(args.eval, v["file"]) for k, v in data.items()}
    print(f"trafilatura's evaluation set: {len(data)} pages "
          + ", ".join(f"{len(keys)} {name}" for name, keys in halves.items()) + "\n")
    print(f"{'extractor':24} {'version':10} " + "   ".join(f"{name + ': F1   prec. recall acc.':>32}" for name in halves)
          + "  ms/page")
    for name in args.only or (["narrate"] if args.misses else NAMES):
        module, extract = EXTRACTORS[name]
        found = _narrate_version() if module == "narrate" else _version(module)
        if found is None:
            print(f"{name:24} not installed")
            continue
        per: dict[str, tuple[int, int, int, int]] = {}
        started = time.perf_counter()
        for key, page in pages.items():
            try:
                output = extract(page, key)
            except Exception:  # noqa: BLE001 - an extractor failing on a page finds nothing there
                output = ""
            per[key] = counts(data[key], output)
            if args.misses and (per[key][1] or per[key][2]):
                text = tokens(output)
                print(f"\n{data[key]['file']} ({key})")
                for snippet in data[key]["with"]:
                    if tokens(snippet) not in text:
                        print(f"   missed: {snippet[:100]}")
                for snippet in data[key]["without"]:
                    if tokens(snippet) in text:
                        print(f"   read:   {snippet[:100]}")
        ms = (time.perf_counter() - started) / len(pages) * 1000
        cells = []
        for keys in halves.values():
            total = tuple(sum(per[k][i] for k in keys) for i in range(4))
            cells.append("{:.3f}  {:.3f}  {:.3f}  {:.3f}".format(*scores(total)))  # type: ignore[arg-type]
        print(f"{name:24} {found[:10]:10} " + "   ".join(f"{c:>32}" for c in cells) + f"  {ms:7.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
