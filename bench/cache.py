"""Does one long book empty the segment cache? Three articles, a book, the articles again.

    python bench/cache.py [--corpus DIR] [--cache-size 700M] [ARTICLE ...]

The sequence of the issue that found it: narrate three articles, then a book bigger than the
whole cache, then the three articles again, and count the chunks synthesised and the chunks
taken from the cache each time. It runs twice in this process, on a fresh cache each time:
once with the eviction narrate had before (least recently used entry first, whoever it
belongs to) as the baseline, once with today's (by document, one document's share at most
when others need the room: narrate.synthesis.cacheusage).

Scale: the book is the corpus novel (77k words, about 7 hours of audio: 1.1 GB of chunk PCM
and 0.2 GB of encoded blocks) with the cache capped at 700 MB by NARRATE_CACHE_SIZE. That is
the issue's case shrunk to fit a quick run: a 20-hour EPUB is about 3.2 GB of PCM and 0.6 GB
of blocks against the default 2 GB cap; both books are about 1.9 times their cap. The
articles default to the first three news stories of bench/corpus. The voice is eSpeak NG.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

NOVEL = "northanger-abbey.txt"


def flat_lru_trim(self) -> int:  # type: ignore[no-untyped-def]
    """The eviction before documents were recorded: oldest entry first, whoever's it is."""
    entries = []
    for entry in self._entries():
        try:
            stat = entry.stat()
        except OSError:
            continue
        entries.append((stat.st_mtime, stat.st_size, entry.path))
    total = sum(size for _, size, _ in entries)
    evicted = 0
    for _, size, path in sorted(entries):
        if total <= self.max_bytes:
            break
        Path(path).unlink(missing_ok=True)
        total -= size
        evicted += 1
    return evicted


def narrate(sources: list[Path], out: Path) -> tuple[int, int, float]:
    """(chunks synthesised, chunks from the cache, seconds) for one forced batch."""
    from narrate.cli.progress import QuietProgress
    from narrate.episode.options import NarrateOptions
    from narrate.run.batch import gather, run_batch

    started = time.perf_counter()
    report = run_batch(gather(sources, out), NarrateOptions(), QuietProgress(), force=True)
    failed = [r for r in report.results if r.status == "failed"]
    if failed:
        raise SystemExit(f"{failed[0].job.source}: {failed[0].reason}")
    return report.synthesised, report.reused, time.perf_counter() - started


def sequence(policy: str, articles: list[Path], book: Path, work: Path) -> list[str]:
    from narrate.cli.report import cache_report, human_size
    from narrate.synthesis.cache import AudioCache

    cache_dir = work / f"cache-{policy}"
    os.environ["NARRATE_CACHE_DIR"] = str(cache_dir)
    rows = []
    for step, sources in (("3 articles", articles), ("the book", [book]), ("3 articles again", articles)):
        synthesised, reused, seconds = narrate(sources, work / f"out-{policy}")
        size = AudioCache(cache_dir).info().size
        rows.append(f"| {policy} | {step} | {synthesised:,} | {reused:,} | {seconds:.1f} s | {human_size(size)} |")
    print("\n".join(f"    {line}" for line in cache_report(AudioCache(cache_dir).info())), flush=True)
    shutil.rmtree(cache_dir, ignore_errors=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_corpus = os.environ.get("NARRATE_CORPUS", str(REPO.parent / "shared" / "corpus"))
    parser.add_argument("--corpus", type=Path, default=Path(default_corpus))
    parser.add_argument("--cache-size", default="700M")
    parser.add_argument("articles", nargs="*", type=Path)
    args = parser.parse_args()
    articles = args.articles or sorted((REPO / "bench" / "corpus" / "news").glob("*.txt"))[:3]
    os.environ["NARRATE_VOICE"] = "default"
    os.environ["NARRATE_CACHE_SIZE"] = args.cache_size
    from narrate.synthesis.cache import AudioCache

    print(f"cache bench: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}, cap {args.cache_size}, "
          f"book {args.corpus / NOVEL}, articles {', '.join(a.name for a in articles)}", flush=True)
    work = Path(tempfile.mkdtemp(prefix="narrate-cache-bench-"))
    rows = ["| eviction | run | chunks synthesised | from the cache | time | cache after |",
            "| --- | --- | ---: | ---: | ---: | ---: |"]
    trim = AudioCache.trim
    try:
        AudioCache.trim = flat_lru_trim  # type: ignore[method-assign]
        print("before: least recently used entry first", flush=True)
        rows += sequence("entry LRU (before)", articles, args.corpus / NOVEL, work)
        AudioCache.trim = trim  # type: ignore[method-assign]
        print("now: by document", flush=True)
        rows += sequence("by document (now)", articles, args.corpus / NOVEL, work)
    finally:
        AudioCache.trim = trim  # type: ignore[method-assign]
        shutil.rmtree(work, ignore_errors=True)
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
