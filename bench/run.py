"""Time narrate against two baselines, in one run on one machine, and check the targets.

    python bench/run.py [--corpus DIR] [--quick] [--naive-timeout 300]

Measured for each run: wall time, CPU time of the whole process tree (user + system of every
descendant), and peak memory of the whole process tree (the sum of the resident sizes of the
command and all its descendants, sampled every 20 ms from /proc; Linux only).

Baselines:
- naive: bench/naive.py (pyttsx3 save_to_file per paragraph, pydub `+`, pydub MP3 export).
  It is quadratic, so it runs on the 5k and 10k texts only, under a timeout.
- floor: eSpeak NG's own CLI writing one WAV, then ffmpeg encoding it to MP3 64 kb/s at its
  default LAME quality (the lean single-process floor). Skipped when `espeak-ng` is absent.

Inputs: the corpus folder (default ../shared/corpus beside the checkout, or $NARRATE_CORPUS)
holds the novel (77k words) and a 5k-word cut; this script makes a 450-word article, a
10k-word cut and a 50-article folder from the novel in a temporary folder. Every cold narrate
run gets an empty segment cache. Nothing here is a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOVEL = "northanger-abbey.txt"
CUT_5K = "northanger-abbey-5k.txt"
VOICE = ("en-us", 175)  # eSpeak NG voice and words per minute: narrate's default preset


@dataclass
class Run:
    name: str
    wall: float
    cpu: float
    peak_mb: float
    ok: bool
    note: str = ""

    @property
    def utilisation(self) -> float:
        return self.cpu / self.wall if self.wall else 0.0


def _tree_rss(root: int) -> int:
    """Resident bytes of `root` and all its descendants, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        ppid = int(stat[stat.rfind(b")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    total, todo = 0, [root]
    page = os.sysconf("SC_PAGE_SIZE")
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            with open(f"/proc/{pid}/statm") as handle:
                total += int(handle.read().split()[1]) * page
        except OSError:
            continue
    return total


def measure(name: str, command: list[str], env: dict[str, str] | None = None,
            timeout: float | None = None) -> Run:
    """Run `command`, return wall time, CPU of the process tree and its peak memory."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss(process.pid))
            done.wait(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    note = ""
    try:
        _, stderr = process.communicate(timeout=timeout)
        ok = process.returncode == 0
        if not ok:
            note = stderr.decode(errors="replace").strip().splitlines()[-1:][0] if stderr.strip() else ""
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        ok, note = False, f"timed out after {timeout:.0f} s"
    wall = time.perf_counter() - started
    done.set()
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    run = Run(name, wall, cpu, peak / 1024**2, ok, note)
    status = "ok" if ok else f"FAILED ({note})"
    print(f"  {name:<38} {wall:7.2f} s  cpu {cpu:7.2f} s  x{run.utilisation:4.2f}  "
          f"peak {run.peak_mb:6.1f} MB  load {os.getloadavg()[0]:4.1f}  {status}", flush=True)
    return run


def words_cut(text: str, words: int) -> str:
    """The first whole paragraphs holding about `words` words."""
    out, count = [], 0
    for paragraph in text.split("\n\n"):
        if count >= words:
            break
        if paragraph.strip():
            out.append(paragraph)
            count += len(paragraph.split())
    return "\n\n".join(out) + "\n"


def articles(text: str, count: int, words: int) -> list[str]:
    """`count` articles of about `words` words: a short headline, then whole paragraphs."""
    paragraphs = [p for p in text.split("\n\n") if len(p.split()) > 8]
    made, current, size = [], [], 0
    for paragraph in paragraphs:
        current.append(paragraph)
        size += len(paragraph.split())
        if size >= words:
            made.append(f"Article {len(made) + 1}\n\n" + "\n\n".join(current) + "\n")
            current, size = [], 0
            if len(made) == count:
                break
    return made


def edit_one_paragraph(text: str) -> str:
    """Change one word in one paragraph near the middle."""
    paragraphs = text.split("\n\n")
    middle = len(paragraphs) // 2
    while len(paragraphs[middle].split()) < 20:
        middle += 1
    paragraphs[middle] = paragraphs[middle].replace(" the ", " that ", 1)
    return "\n\n".join(paragraphs)


def ffmpeg() -> str:
    import imageio_ffmpeg

    return imageio_ffmpeg.get_ffmpeg_exe()


def floor_command(source: Path, work: Path) -> list[str]:
    wav, mp3 = work / "floor.wav", work / "floor.mp3"
    espeak = (f"espeak-ng -v {VOICE[0]} -s {VOICE[1]} -f '{source}' -w '{wav}' && "
              f"'{ffmpeg()}' -loglevel error -y -i '{wav}' -ac 1 -b:a 64k '{mp3}'")
    return ["sh", "-c", espeak]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    default_corpus = os.environ.get("NARRATE_CORPUS", str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--corpus", type=Path, default=Path(default_corpus))
    parser.add_argument("--quick", action="store_true", help="skip the novel and the 50-article folder")
    parser.add_argument("--naive-timeout", type=float, default=300.0)
    args = parser.parse_args()
    # The baselines are eSpeak NG: narrate must speak with it too, whatever voice is installed
    # as the best one (narrate.voice.best); every narrate run below inherits this.
    os.environ["NARRATE_VOICE"] = "default"
    novel_text = (args.corpus / NOVEL).read_text(encoding="utf-8")
    have_espeak = shutil.which("espeak-ng") is not None
    work = Path(tempfile.mkdtemp(prefix="narrate-bench-"))
    try:
        return _bench(args, novel_text, have_espeak, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _bench(args: argparse.Namespace, novel_text: str, have_espeak: bool, work: Path) -> int:
    inputs = {"450": work / "article-450.txt", "5k": args.corpus / CUT_5K,
              "10k": work / "novel-10k.txt", "novel": args.corpus / NOVEL}
    start = novel_text.index("CHAPTER 1")
    inputs["450"].write_text("A Morning in Bath\n\n" + words_cut(novel_text[start:], 440))
    inputs["10k"].write_text(words_cut(novel_text, 10_000))
    folder = work / "articles"
    folder.mkdir()
    for index, body in enumerate(articles(novel_text[start:], 50, 600)):
        (folder / f"article-{index + 1:02d}.txt").write_text(body)
    sizes = ["450", "5k", "10k"] + ([] if args.quick else ["novel"])
    print(f"narrate bench: {os.cpu_count()} cores, corpus {args.corpus}, "
          f"load average {os.getloadavg()[0]:.2f} at start", flush=True)
    narrate = [sys.executable, "-m", "narrate"]

    def cold_env(tag: str) -> dict[str, str]:
        cache = work / f"cache-{tag}"
        shutil.rmtree(cache, ignore_errors=True)
        return dict(os.environ, NARRATE_CACHE_DIR=str(cache))

    results: dict[str, Run] = {}
    # Each narrate run follows its baselines straight away, so that when other work shares
    # the machine, a ratio compares runs made under much the same load.
    print("floor = eSpeak NG CLI to one WAV, then ffmpeg to MP3"
          + ("" if have_espeak else " (skipped: no espeak-ng)"))
    print("naive = pyttsx3 save_to_file per paragraph, pydub +, pydub export")
    for size in sizes:
        if have_espeak:
            results[f"floor {size}"] = measure(f"floor {size}", floor_command(inputs[size], work))
        results[f"narrate {size}"] = measure(
            f"narrate {size} cold", [*narrate, str(inputs[size]), "-o", str(work / f"{size}.mp3"), "-q"],
            env=cold_env(size))
        if size in ("5k", "10k"):
            results[f"naive {size}"] = measure(
                f"naive {size}", [sys.executable, str(ROOT / "bench" / "naive.py"), str(inputs[size]),
                                  str(work / "naive.mp3")], timeout=args.naive_timeout)
    if not args.quick:
        edited = work / "novel-edited.txt"
        edited.write_text(edit_one_paragraph(novel_text))
        env = dict(os.environ, NARRATE_CACHE_DIR=str(work / "cache-novel"))
        results["narrate novel edit"] = measure(
            "narrate novel, one paragraph edited", [*narrate, str(edited), "-o", str(work / "novel.mp3"), "-q"],
            env=env)
        env = cold_env("folder")
        results["folder cold"] = measure(
            "narrate 50 articles cold", [*narrate, str(folder), "-o", str(work / "out"), "-q"], env=env)
        results["folder again"] = measure(
            "narrate 50 articles, nothing changed", [*narrate, str(folder), "-o", str(work / "out"), "-q"],
            env=env)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    report(results)
    return 0


def report(r: dict[str, Run]) -> None:
    print("\ntargets (2 cores):")

    def check(label: str, value: float | None, limit: float, unit: str = "x") -> None:
        if value is None:
            print(f"  {label:<58} n/a")
            return
        verdict = "met" if value <= limit else "MISSED"
        print(f"  {label:<58} {value:7.2f}{unit}  (target <= {limit}{unit})  {verdict}")

    def ratio(a: str, b: str) -> float | None:
        if a in r and b in r and r[a].ok and r[b].ok:
            return r[a].wall / r[b].wall
        return None

    check("novel cold / eSpeak NG CLI floor", ratio("narrate novel", "floor novel"), 0.5)
    check("10k cold / naive baseline", ratio("narrate 10k", "naive 10k"), 0.25)
    check("450-word article cold / floor", ratio("narrate 450", "floor 450"), 1.5)
    check("novel, one paragraph edited / novel cold", ratio("narrate novel edit", "narrate novel"), 0.1)
    again = r.get("folder again")
    check("50 articles, nothing changed (seconds)", again.wall if again else None, 2.0, " s")
    novel, small = r.get("narrate novel"), r.get("narrate 5k")
    check("novel peak memory (MB)", novel.peak_mb if novel else None, 200.0, " MB")
    check("novel peak memory / 5k peak memory",
          novel.peak_mb / small.peak_mb if novel and small else None, 1.2)
    folder = r.get("folder cold")
    if folder:
        value = folder.utilisation
        print(f"  {'batch CPU utilisation, 50 articles cold (cpu/wall)':<58} {value:7.2f}   "
              f"(target >= 1.7)  {'met' if value >= 1.7 else 'MISSED'}")
    if novel:
        print(f"  {'(novel cold CPU utilisation)':<58} {novel.utilisation:7.2f}")
    for size in ("5k", "10k"):
        naive = r.get(f"naive {size}")
        if naive:
            print(f"  naive {size}: {naive.wall:.1f} s, peak {naive.peak_mb:.0f} MB"
                  + ("" if naive.ok else f" ({naive.note})"))


if __name__ == "__main__":
    sys.exit(main())
