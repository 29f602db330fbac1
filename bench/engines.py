"""Real-time factor of Piper (joe) against eSpeak NG, with 1 and N worker processes.

    python bench/engines.py              # the bundled sample, repeated to 8 copies
    python bench/engines.py --copies 4 --jobs 2

RTF = wall-clock seconds of synthesis / seconds of speech made (below 1 is faster than
real time). Times include starting the workers and loading the model, as a real run pays
them; encoding is left out (it is the same for both engines). Also prints Piper's natural
pace at length_scale 1.0 (the NATURAL_WPM behind `--rate`) and the peak memory of a worker.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from narrate.voice.engines import engine_spec  # noqa: E402
from narrate.model import Document, Section  # noqa: E402
from narrate.text.script import build_script  # noqa: E402
from narrate.synthesis.synthesizer import default_jobs, synthesize  # noqa: E402
from narrate.voice.presets import resolve_voice  # noqa: E402


def sample_script(copies: int):
    paragraphs = [p for p in (REPO / "samples" / "welcome.txt").read_text().split("\n\n")[1:] if p.strip()]
    document = Document(title="Bench", sections=(Section(paragraphs=tuple(paragraphs * copies)),))
    return build_script(document)


def run(voice_name: str, chunks, jobs: int) -> tuple[float, float]:
    """(seconds of wall clock, seconds of speech) for synthesising every chunk."""
    voice = resolve_voice(voice_name)
    options = engine_spec(voice.engine).options("cpu", jobs, default_jobs())
    started = time.perf_counter()
    speech = sum(segment.duration for segment in synthesize(chunks, voice, jobs, options))
    return time.perf_counter() - started, speech


def natural_wpm(chunks) -> float:
    """Piper joe's words per minute at length_scale 1.0, speech only (no pauses added)."""
    from narrate.voice.engines import get_engine

    joe = resolve_voice("joe")
    voice = replace(joe, settings=replace(joe.settings, length_scale=1.0, sentence_silence=0.0))
    engine = get_engine("piper")
    words = seconds = 0.0
    for chunk in chunks:
        speech = engine.synthesize(chunk.text, voice)
        seconds += len(speech.pcm) / 2 / speech.sample_rate
        words += len(chunk.text.split())
    return words / seconds * 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=8, help="copies of the sample's paragraphs")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="N for the parallel runs")
    args = parser.parse_args()
    script = sample_script(args.copies)
    chunks = script.chunks[1:]  # the paragraphs, not the title
    words = sum(len(c.text.split()) for c in chunks)
    print(f"{len(chunks)} chunks, {words} words; {default_jobs()} cores")
    print(f"Piper joe natural pace: {natural_wpm(chunks[:6]):.0f} words per minute (length_scale 1.0)")
    results: dict[tuple[str, int], float] = {}
    for voice in ("default", "joe"):
        for jobs in sorted({1, args.jobs}):
            elapsed, speech = run(voice, chunks, jobs)
            results[voice, jobs] = elapsed / speech
            print(f"{voice:<8} {jobs} worker(s): {elapsed:6.2f} s for {speech:6.1f} s of speech, "
                  f"RTF {elapsed / speech:.3f} ({speech / elapsed:.0f}x real time)")
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak resident memory of one worker process: {peak_mb:.0f} MB")
    for jobs in sorted({1, args.jobs}):
        print(f"Piper / eSpeak time, {jobs} worker(s): {results['joe', jobs] / results['default', jobs]:.1f}x")
    if args.jobs > 1:
        for voice in ("default", "joe"):
            print(f"{voice}: {args.jobs} workers are {results[voice, 1] / results[voice, args.jobs]:.2f}x "
                  "as fast as 1")


if __name__ == "__main__":
    main()
