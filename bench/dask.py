"""Documents per minute: this machine's worker pool against a Dask LocalCluster on the same cores.

    python bench/dask.py [--corpus DIR] [--articles 50] [--jobs N] [--repeat 2]

The same folder of articles (about 600 words each, cut from the corpus novel) is narrated
cold (--no-cache: every chunk is synthesised) three ways, each through the CLI in a fresh
process, best of --repeat runs:
- pool:        narrate DIR -o OUT -j N                       (the default executor)
- local:       narrate DIR -o OUT -j N --scheduler local     (starts N workers, 1 thread each)
- warm tcp://: the same, sent to a LocalCluster of N workers already running (what a
               standing cluster costs: no start-up)
The ratios (cluster / pool, in documents per minute) are the overhead of the cluster path:
shipping bytes both ways, one engine per worker instead of chunks shared across the pool.
Needs the dask extra (pip install 'narrate[dask]').
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent
# This file is named dask.py: its folder must not shadow the dask package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != BENCH]


def _bench_run() -> ModuleType:
    """bench/run.py (its corpus helpers), loaded by path."""
    spec = importlib.util.spec_from_file_location("narrate_bench_run", BENCH / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True)
    return time.perf_counter() - started


def main() -> int:
    bench_run = _bench_run()
    NOVEL, ROOT, articles = bench_run.NOVEL, bench_run.ROOT, bench_run.articles
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_corpus = os.environ.get("NARRATE_CORPUS", str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--corpus", type=Path, default=Path(default_corpus))
    parser.add_argument("--articles", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    from distributed import LocalCluster

    text = (args.corpus / NOVEL).read_text(encoding="utf-8")
    work = Path(tempfile.mkdtemp(prefix="narrate-bench-dask-"))
    try:
        folder = work / "articles"
        folder.mkdir()
        made = articles(text[text.index("CHAPTER 1"):], args.articles, 600)
        for index, body in enumerate(made):
            (folder / f"article-{index + 1:02d}.txt").write_text(body)
        print(f"narrate bench/dask.py: {len(made)} articles of ~600 words, {args.jobs} cores, "
              f"load average {os.getloadavg()[0]:.2f} at start", flush=True)
        narrate = [sys.executable, "-m", "narrate", str(folder), "-q", "--no-cache", "-j", str(args.jobs)]

        def best(extra: list[str]) -> float:
            walls = []
            for _ in range(args.repeat):
                out = work / "out"
                shutil.rmtree(out, ignore_errors=True)
                walls.append(timed([*narrate, "-o", str(out), *extra]))
            return min(walls)

        results = {"pool": best([]), "local": best(["--scheduler", "local"])}
        with LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True,
                          dashboard_address=None, silence_logs=logging.ERROR) as cluster:
            results["warm tcp://"] = best(["--scheduler", cluster.scheduler_address])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    pool = results["pool"]
    print(f"  {'executor':<14} {'wall s':>8} {'docs/min':>9} {'vs pool':>8}")
    for name, wall in results.items():
        print(f"  {name:<14} {wall:8.2f} {len(made) * 60 / wall:9.1f} {pool / wall:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
