"""The listening check over a corpus of real documents: findings per 1,000 spoken words.

    python bench/listening.py                    # bench/corpus (news, essays, docs, books)
    python bench/listening.py FOLDER --verbose   # another folder; print each finding too

Each subfolder of the corpus is a kind of document; the table gives every document, each
kind and the whole corpus. Targets: at most 1 finding per 1,000 words over the corpus, and
none in news and essays. The exit status is 1 when a target is missed. Nothing is
synthesised: the check reads the script through eSpeak NG's phoneme transcription.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from narrate.episode.listening import FileReport, check_file, engine_reading  # noqa: E402
from narrate.episode.pipeline import NarrateOptions  # noqa: E402
from narrate.run.batch import gather  # noqa: E402

CORPUS = REPO / "bench" / "corpus"
TARGET_OVERALL = 1.0
CLEAN_KINDS = ("news", "essays")


def per_thousand(findings: int, words: int) -> float:
    return 1000.0 * findings / words if words else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--verbose", action="store_true", help="print every finding")
    args = parser.parse_args()
    started = time.perf_counter()
    reading = engine_reading()
    options = NarrateOptions()
    by_kind: dict[str, list[FileReport]] = {}
    for job in gather([args.folder]):
        if job.source.name == "SOURCES.md":  # where the corpus comes from, not part of it
            continue
        relative = job.source.relative_to(args.folder)
        kind = relative.parts[0] if len(relative.parts) > 1 else "other"
        by_kind.setdefault(kind, []).append(check_file(str(job.source), options, reading))
    print(f"{'kind':8} {'document':40} {'words':>7} {'findings':>8} {'per 1,000':>9}")
    missed = []
    all_words = all_findings = 0
    for kind, reports in sorted(by_kind.items()):
        for report in reports:
            if report.error:
                print(f"{kind:8} {Path(report.source).name:40} error: {report.error}")
                missed.append(f"{report.source} could not be read")
                continue
            print(f"{kind:8} {Path(report.source).name:40} {report.words:7,} {len(report.findings):8} "
                  f"{report.per_thousand:9.2f}")
            if args.verbose:
                for finding in report.findings:
                    print(f"{'':10}{finding.time:7.1f} s  {finding.rule}: {finding.detail}: {finding.text}")
        words = sum(r.words for r in reports)
        findings = sum(len(r.findings) for r in reports)
        all_words, all_findings = all_words + words, all_findings + findings
        print(f"{kind:8} {'(all ' + str(len(reports)) + ')':40} {words:7,} {findings:8} "
              f"{per_thousand(findings, words):9.2f}")
        if kind in CLEAN_KINDS and findings:
            missed.append(f"{kind}: {findings} findings (target 0)")
    overall = per_thousand(all_findings, all_words)
    print(f"{'total':8} {'':40} {all_words:7,} {all_findings:8} {overall:9.2f}")
    if overall > TARGET_OVERALL:
        missed.append(f"overall {overall:.2f} per 1,000 words (target at most {TARGET_OVERALL})")
    print(f"{time.perf_counter() - started:.1f} s; " + ("; ".join(missed) if missed else "targets met"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
