"""What speaking each chunk from a freshly loaded eSpeak NG costs, against the engine as it was.

    python bench/espeak_fresh.py              # the 5,000-word corpus text, 4 rounds

The engine reloads its private copy of libespeak-ng before every chunk, so that a chunk's audio
never depends on what was spoken before it (narrate.voice.engines.espeak_library). The
baseline is the same engine in the same process with the reload and the voice listing that
comes with it skipped, which is how it spoke before; the two are interleaved, round by round,
and the best round of each is compared. Prints ms a chunk, times real time, and the ratio.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from narrate.text.readers import read_document  # noqa: E402
from narrate.text.script import build_script  # noqa: E402
from narrate.voice.engines import get_engine  # noqa: E402
from narrate.voice.presets import resolve_voice  # noqa: E402

TEXT = REPO / "bench" / "corpus" / "books" / "northanger-abbey-5k.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--text", type=Path, default=TEXT)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    chunks = build_script(read_document(str(args.text))).chunks
    voice = resolve_voice("default")
    engine = get_engine("espeak")
    library = engine._library  # type: ignore[attr-defined]
    fresh, listing = library.fresh, library._list_voices

    def kept() -> None:  # the state as it was: one load, the voice listed once
        library.fresh = lambda: library.dll
        library._list_voices = lambda: None

    def reloaded() -> None:
        library.fresh, library._list_voices = fresh, listing

    best: dict[str, float] = {}
    samples = 0
    for _ in range(args.rounds):
        for name, setup in (("kept state", kept), ("fresh state", reloaded)):
            setup()
            started = time.perf_counter()
            samples = sum(len(engine.synthesize(chunk.text, voice).pcm) // 2 for chunk in chunks)
            best[name] = min(best.get(name, float("inf")), time.perf_counter() - started)
    reloaded()
    speech = samples / engine.sample_rate  # type: ignore[attr-defined]
    for name, seconds in best.items():
        print(f"{name:<12} {len(chunks)} chunks, {speech:.0f} s of speech in {seconds:.2f} s: "
              f"{speech / seconds:.0f}x real time, {seconds / len(chunks) * 1000:.1f} ms a chunk")
    extra = (best["fresh state"] - best["kept state"]) / len(chunks) * 1000
    print(f"fresh state: {extra:.1f} ms more a chunk, {best['fresh state'] / best['kept state']:.2f}x the time")


if __name__ == "__main__":
    main()
