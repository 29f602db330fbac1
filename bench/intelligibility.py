"""Word error rate of Piper (joe) and eSpeak NG, as heard by an offline recogniser.

    python bench/intelligibility.py            # both samples, 3 runs each
    python bench/intelligibility.py --runs 5
    python bench/intelligibility.py --sample bench/corpus/news/wikinews-00001.txt --voices default,joe,heart

Each sample is narrated to MP3, decoded at 16 kHz, transcribed by pocketsphinx (its own US
English model) and scored against the text with jiwer. Piper samples noise on every run, so
its WER varies a little from run to run; the range is printed. Needs the test and piper
extras: pip install ".[test,piper]".
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from narrate.episode.pipeline import narrate_file  # noqa: E402
from tests.asr import transcribe, word_error_rate  # noqa: E402

SAMPLES = ("samples/river.txt", "samples/welcome.txt")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sample", action="append", help="a text to narrate instead of the two samples")
    parser.add_argument("--voices", default="default,joe", help="comma-separated voices (default: default,joe)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for sample in args.sample or SAMPLES:
            text = (REPO / sample).read_text()
            for voice in args.voices.split(","):
                rates = []
                for run in range(args.runs):
                    out = Path(folder) / f"{voice}{run}.mp3"
                    narrate_file(REPO / sample, out, voice=voice, jobs=1)
                    rates.append(word_error_rate(text, transcribe(out)))
                print(f"{sample:<20} {voice:<8} WER mean {statistics.mean(rates):.3f} "
                      f"(min {min(rates):.3f}, max {max(rates):.3f}, {args.runs} runs, "
                      f"{len(text.split())} words)")


if __name__ == "__main__":
    main()
