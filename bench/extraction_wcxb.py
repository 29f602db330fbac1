"""A third extraction benchmark, of today's web: WCXB (Web Content eXtraction Benchmark, 2026,
CC-BY-4.0), 2,008 pages of 1,613 sites, each with a reviewed main text. narrate is measured
on its articles and documentation pages (1,050 and 133; its product, listing, forum and
service pages are no documents to listen to).

    python bench/extraction_wcxb.py --wcxb DIR                # development and test splits
    python bench/extraction_wcxb.py --wcxb DIR --tuning-only  # while choosing: no test page read
    python bench/extraction_wcxb.py --wcxb DIR --only narrate

DIR is a clone of https://github.com/Murrough-Foley/web-content-extraction-benchmark (115 MB;
not kept here). The metric is the benchmark's own (its evaluate.py): precision, recall and F1
of the bags of lower-cased \\w+ words, averaged over pages; and the share of its "with"
snippets (3 to 8 words of the content) found and of its "without" snippets (navigation, cookie
banners, ads) read. The development split is where narrate's choices were checked; **the test
split is held out**.

narrate's text is what it speaks, less its title (the benchmark's main text has none). Its
choices that the benchmark counts against it, as a listener would not: code blocks and tables
of more than six columns are announced, not read (the main texts of documentation pages are
full of code); pictures' captions are read (the main texts often leave them out); a review's
'Read more: <another review>' lines and price buttons are not (they keep them).
Nothing here is a test.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from extraction import _TOKEN, EXTRACTORS, _narrate_version, _version  # noqa: E402

NAMES = ("narrate", "trafilatura", "trafilatura precision", "readability-lxml")
TYPES = ("article", "documentation")
SPLITS = {"dev": "development", "test": "test (held out)"}


def word_scores(predicted: str, reference: str) -> tuple[float, float, float]:
    """(precision, recall, F1) of the two texts' bags of words, as evaluate.py counts them."""
    found, wanted = Counter(_TOKEN.findall(predicted.lower())), Counter(_TOKEN.findall(reference.lower()))
    if not wanted:
        return (1.0, 1.0, 1.0) if not found else (0.0, 0.0, 0.0)
    if not found:
        return 0.0, 0.0, 0.0
    overlap = sum((found & wanted).values())
    p, r = overlap / sum(found.values()), overlap / sum(wanted.values())
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def snippet_share(text: str, snippets: list[str]) -> float:
    lowered = text.lower()
    return sum(snippet.lower() in lowered for snippet in snippets) / len(snippets) if snippets else 1.0


def pages(folder: Path, split: str, types: tuple[str, ...]) -> list[dict]:
    """The split's pages of these types: id, type, address, markup, main text and snippets."""
    found = []
    for truth in sorted((folder / split / "ground-truth").glob("*.json")):
        data = json.loads(truth.read_text(encoding="utf-8"))
        kind = ((data.get("_internal") or {}).get("page_type") or {}).get("primary", "article")
        if kind not in types:
            continue
        gold = data.get("ground_truth") or {}
        with gzip.open(folder / split / "html" / f"{truth.stem}.html.gz", "rt", encoding="utf-8",
                       errors="replace") as markup:
            found.append({"id": truth.stem, "type": kind, "url": data.get("url") or "", "html": markup.read(),
                          "main": gold.get("main_content") or "", "with": gold.get("with") or [],
                          "without": gold.get("without") or []})
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wcxb", type=Path, required=True, help="the benchmark's folder (dev/, test/)")
    parser.add_argument("--tuning-only", action="store_true", help="the development split only")
    parser.add_argument("--only", action="append", metavar="NAME", help="only these extractors")
    args = parser.parse_args()
    splits = ["dev"] if args.tuning_only else ["dev", "test"]
    sets = {split: pages(args.wcxb, split, TYPES) for split in splits}
    print("WCXB: " + "; ".join(f"{SPLITS[s]} {len(p)} pages ("
                                + ", ".join(f"{sum(x['type'] == t for x in p)} {t}" for t in TYPES) + ")"
                                for s, p in sets.items()) + "\n")
    columns = [(split, kind) for split in splits for kind in (*TYPES, "all")]
    print(f"{'extractor':22} {'version':9} " + "  ".join(f"{s + ' ' + k[:13]:>17}" for s, k in columns)
          + "   with  w/out  ms/page")
    print(f"{'':32} " + "  ".join(f"{'F1    prec. rec.':>17}" for _ in columns))
    for name in args.only or NAMES:
        module, extract = EXTRACTORS[name]
        version = _narrate_version() if module == "narrate" else _version(module)
        if version is None:
            print(f"{name:22} not installed")
            continue
        rows: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
        snippets: list[tuple[float, float]] = []
        started, count = time.perf_counter(), 0
        for split, found in sets.items():
            for page in found:
                try:
                    output = extract(page["html"], page["url"])
                except Exception:  # noqa: BLE001 - an extractor failing on a page finds nothing there
                    output = ""
                count += 1
                score = word_scores(output, page["main"])
                rows.setdefault((split, page["type"]), []).append(score)
                rows.setdefault((split, "all"), []).append(score)
                if split == splits[-1]:
                    snippets.append((snippet_share(output, page["with"]), snippet_share(output, page["without"])))
        ms = (time.perf_counter() - started) / max(1, count) * 1000
        cells = []
        for column in columns:
            scores = rows.get(column) or [(0.0, 0.0, 0.0)]
            p, r, f = (statistics.mean(s[i] for s in scores) for i in range(3))
            cells.append(f"{f:.3f} {p:.3f} {r:.3f}")
        with_share = statistics.mean(s[0] for s in snippets) if snippets else 0.0
        without_share = statistics.mean(s[1] for s in snippets) if snippets else 0.0
        print(f"{name:22} {version[:9]:9} " + "  ".join(f"{c:>17}" for c in cells)
              + f"  {with_share:5.3f} {without_share:5.3f}  {ms:7.0f}", flush=True)
    print(f"\n'with' and 'w/out': shares of the snippets found, on the {SPLITS[splits[-1]]} split. "
          "Published (all seven page types, not these two): the benchmark's README.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
