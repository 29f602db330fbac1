"""How exact narrate's word timings are, per engine, against an independent aligner; and what
they cost.

    python bench/timing.py                          # every installed engine, the targets checked
    python bench/timing.py --engines espeak --book-minutes 60
    python bench/timing.py --words 400 --cost-chunks 40

For each engine (eSpeak NG `fast`, Piper `joe`, Kokoro `heart`), three real documents are
narrated to MP3: the opening of the shared corpus's novel, a news story and a docs page from
bench/corpus, each cut to its first --words words (whole paragraphs). The finished MP3 is
decoded with ffmpeg at 16 kHz and pocketsphinx (CMU Sphinx, its own US English model) aligns
each chunk's spoken words in the stretch of audio between the neighbouring chunks (their
pauses included); its word starts are compared with the written words' starts in narrate's
transcript (`Cue.words`). Scored: written words said as written (one spoken word, the same
letters) whose spoken word and its neighbours are in the aligner's dictionary (a word it does
not know is given eSpeak NG's pronunciation in the aligner's phones, so its neighbours align,
but it is not scored). Printed: words scored, median and 95th
percentile of |error|, the median signed error (late is positive); targets: median <= 50 ms,
95th percentile <= 150 ms.

Drift: a --book-minutes long book with eSpeak NG (the novel from its start), whose first and
last minute are aligned the same way; the median signed errors of the two must not differ by
more than 20 ms.

Cost: the chunks of the documents are spoken again by the engine with and without word marks,
alternately (so load on the machine falls on both alike), plus the time to time the written
words and write the VTT and JSON transcripts, all in CPU seconds of this process (other work
on the machine does not count), as a share of the whole narration's CPU time (its worker
processes' included). Target: at most 5 %. Needs the test extra (pocketsphinx) and the engines' extras.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from narrate.audio.ffmpeg import run as ffmpeg  # noqa: E402
from narrate.episode.pipeline import NarrateOptions, narrate_file, prepare  # noqa: E402
from narrate.episode.transcript import to_json, to_vtt  # noqa: E402
from narrate.episode.wordtimes import with_words  # noqa: E402
from narrate.model import Chunk, Cue, Episode  # noqa: E402
from narrate.text.readers import read_document  # noqa: E402
from narrate.text.wordalign import align_words, comparable, words_with_spans  # noqa: E402

RATE = 16000  # pocketsphinx's English model
FRAME = 0.01  # pocketsphinx's frames
ENGINES = {"espeak": "fast", "piper": "joe", "kokoro": "heart"}
MEDIAN_TARGET, P95_TARGET, DRIFT_TARGET, COST_TARGET = 0.050, 0.150, 0.020, 0.05


def corpus_dir() -> Path:
    import os

    return Path(os.environ.get("NARRATE_CORPUS") or REPO.parent / "shared" / "corpus")


def documents(words: int, work: Path) -> list[Path]:
    """The opening `words` words (whole paragraphs) of a novel, a news story and a docs page,
    as plain text files (headings on lines of their own)."""
    sources = [corpus_dir() / "northanger-abbey.txt", *sorted((REPO / "bench/corpus/news").glob("*"))[:1],
               REPO / "bench/corpus/docs/python-sorting.html"]
    out = []
    for source in sources:
        if not source.is_file():
            print(f"  (no {source}: skipped)")
            continue
        out.append(cut(source, words, work / (source.stem + ".txt")))
    return out


def cut(source: Path, words: int, target: Path) -> Path:
    document = read_document(str(source))
    lines, count = [document.title], 0
    for section in document.sections:
        if section.heading:
            lines.append(section.heading)
        for paragraph in section.paragraphs:
            lines.append(paragraph)
            count += len(paragraph.split())
            if count >= words:
                break
        if count >= words:
            break
    target.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    return target


class Aligner:
    """pocketsphinx's forced alignment of a word sequence in a stretch of audio."""

    def __init__(self) -> None:
        from pocketsphinx import Decoder

        self.decoder = Decoder(samprate=RATE, loglevel="FATAL")
        self.unknown: set[str] = set()

    def known(self, word: str) -> bool:
        """In the dictionary. An unknown word is added, pronounced as eSpeak NG's IPA mapped to
        the model's phones (or as "spoken noise"), so that the words around it align, and is
        not scored itself."""
        if word in self.unknown:
            return False
        if self.decoder.lookup_word(word) is not None:
            return True
        self.unknown.add(word)
        self.decoder.add_word(word, arpabet(word) or "+SPN+", True)
        return False

    def align(self, pcm: bytes, words: Sequence[str]) -> list[tuple[str, float]] | None:
        """(word, start in seconds) for each aligned word, or None when it fails."""
        try:
            self.decoder.set_align_text(" ".join(words))
            self.decoder.start_utt()
            self.decoder.process_raw(pcm, full_utt=True)
            self.decoder.end_utt()
        except RuntimeError:
            return None
        found = [(re.sub(r"\(\d+\)$", "", s.word), s.start_frame * FRAME) for s in self.decoder.seg() or ()
                 if not s.word.startswith(("<", "[", "(NULL"))]
        return found if [w for w, _ in found] == list(words) else None


_IPA = {"aɪ": "AY", "aʊ": "AW", "ɔɪ": "OY", "oʊ": "OW", "əʊ": "OW", "eɪ": "EY", "tʃ": "CH", "dʒ": "JH",
        "i": "IY", "ɪ": "IH", "ᵻ": "IH", "e": "EH", "ɛ": "EH", "æ": "AE", "a": "AA", "ɑ": "AA", "ɒ": "AA",
        "ɔ": "AO", "o": "OW", "ʊ": "UH", "u": "UW", "ʌ": "AH", "ə": "AH", "ɐ": "AH", "ɚ": "ER", "ɜ": "ER",
        "p": "P", "b": "B", "t": "T", "d": "D", "k": "K", "ɡ": "G", "g": "G", "f": "F", "v": "V", "θ": "TH",
        "ð": "DH", "s": "S", "z": "Z", "ʃ": "SH", "ʒ": "ZH", "h": "HH", "m": "M", "n": "N", "ŋ": "NG",
        "l": "L", "ɹ": "R", "r": "R", "ɾ": "D", "w": "W", "j": "Y", "x": "K", "ç": "HH", "ʔ": ""}


def arpabet(word: str) -> str:
    """A pronunciation in the aligner's phones for a word its dictionary lacks, from eSpeak
    NG's IPA (US English)."""
    from narrate.voice.ipa import Phonemizer

    global _PHONEMIZER
    if _PHONEMIZER is None:
        _PHONEMIZER = Phonemizer()
    ipa = "".join(ch for ch in _PHONEMIZER.phonemize(word, "en-us") if ch not in "ˈˌː ̩.,")
    phones, index = [], 0
    while index < len(ipa):
        pair = ipa[index:index + 2]
        if pair in _IPA:
            phones.append(_IPA[pair])
            index += 2
            continue
        phones.append(_IPA.get(ipa[index], ""))
        index += 1
    return " ".join(p for p in phones if p)


_PHONEMIZER = None


def said_word(token: str) -> str:
    """A spoken token as the aligner's dictionary spells it."""
    return re.sub(r"[^a-z0-9']", "", token.lower().replace("\u2019", "'")).strip("'")


@dataclass
class Errors:
    signed: list[float] = field(default_factory=list)
    skipped_chunks: int = 0
    written: int = 0  # written words in the chunks looked at

    def add(self, other: Errors) -> None:
        self.signed += other.signed
        self.skipped_chunks += other.skipped_chunks
        self.written += other.written

    def summary(self) -> tuple[int, float, float, float]:
        absolute = sorted(abs(e) for e in self.signed)
        if not absolute:
            return 0, float("nan"), float("nan"), float("nan")
        p95 = absolute[min(len(absolute) - 1, int(round(0.95 * (len(absolute) - 1))))]
        return len(absolute), statistics.median(absolute), p95, statistics.median(self.signed)


def score(audio: bytes, chunks: Sequence[Chunk], cues: Sequence[Cue], aligner: Aligner,
          window: tuple[float, float] | None = None) -> Errors:
    """Errors of the written words' starts against the aligner's, chunk by chunk (only the
    chunks whose cue starts inside `window`, if given)."""
    errors = Errors()
    total = len(audio) / 2 / RATE
    for index, (chunk, cue) in enumerate(zip(chunks, cues)):
        if window and not window[0] <= cue.start < window[1]:
            continue
        spoken = [said_word(w) for w, _, _ in words_with_spans(chunk.text)]
        written = [w for w, _, _ in words_with_spans(chunk.display)]
        errors.written += len(written)
        if not cue.words or len(cue.words) != len(written):
            errors.skipped_chunks += 1
            continue
        begin = cues[index - 1].end if index else 0.0
        end = cues[index + 1].start if index + 1 < len(cues) else total
        unknown = {j for j, w in enumerate(spoken) if w and not aligner.known(w)}
        piece = audio[int(begin * RATE) * 2:int(end * RATE) * 2]
        # unknown words as spoken noise; failing that, left out (the words around them are not scored)
        for said in ([(j, w) for j, w in enumerate(spoken) if w],
                     [(j, w) for j, w in enumerate(spoken) if w and j not in unknown]):
            found = aligner.align(piece, [w for _, w in said])
            if found is not None:
                break
        if found is None:
            errors.skipped_chunks += 1
            continue
        heard = {j: begin + start for (j, _), (_, start) in zip(said, found)}
        for group, word in zip(align_words(written, [w for w, _, _ in words_with_spans(chunk.text)]), cue.words):
            if len(group) != 1 or comparable(word.text) != comparable(spoken[group[0]]):
                continue
            j = group[0]
            if j not in heard or {j - 1, j, j + 1} & unknown:
                continue
            errors.signed.append(word.start - heard[j])
    return errors


def decoded(path: Path) -> bytes:
    return ffmpeg(["-i", str(path), "-vn", "-ac", "1", "-ar", str(RATE), "-f", "s16le", "pipe:1"])


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes)."""
    import resource

    return sum(resource.getrusage(who).ru_utime + resource.getrusage(who).ru_stime
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def narrate(source: Path, out: Path, voice: str) -> tuple[Episode, list[Chunk], float]:
    """The episode, its chunks and the CPU seconds the narration took (its workers' too)."""
    started = cpu_seconds()
    episode = narrate_file(source, out, voice=voice, transcript=("vtt", "json"), cache=False)
    elapsed = cpu_seconds() - started
    script, _ = prepare(str(source), NarrateOptions(voice=voice))
    return episode, list(script.chunks), elapsed


def cost(chunks: Sequence[Chunk], voice_name: str, limit: int, episode: Episode) -> tuple[float, float, float]:
    """(seconds the marks added to synthesis, seconds to time the words and write the timed
    transcripts, seconds of synthesis without marks) over the first `limit` chunks."""
    from narrate.voice.engines import get_engine
    from narrate.voice.presets import resolve_voice

    voice = resolve_voice(voice_name)
    engine = get_engine(voice.engine)
    engine.synthesize(chunks[0].text, voice)  # loaded and warm before anything is timed
    timed = plain = 0.0
    marks, starts = [], []
    for index, chunk in enumerate(chunks[:limit]):
        order = (True, False) if index % 2 == 0 else (False, True)
        for with_marks in order:
            begun = time.process_time()  # this process's CPU time: other work on the machine does not count
            speech = engine.synthesize(chunk.text, voice, marks=with_marks)
            spent = time.process_time() - begun
            if with_marks:
                timed += spent
                marks.append(speech.marks)
            else:
                plain += spent
    cues = [Cue(c.start, c.end, c.text) for c in episode.cues[:len(marks)]]
    starts = [c.start for c in cues]
    begun = time.process_time()
    worded = with_words(cues, chunks[:len(marks)], starts, marks, engine.synthesize(chunks[0].text, voice).sample_rate)
    to_vtt(worded)
    to_json(worded)
    episode_side = time.process_time() - begun
    return timed - plain, episode_side, plain


def engine_installed(voice: str) -> bool:
    from narrate.errors import NarrateError
    from narrate.voice.presets import resolve_voice

    try:
        preset = resolve_voice(voice)
        preset.spec.preflight(preset)
        return True
    except (NarrateError, ImportError):
        return False


def run_engine(name: str, voice: str, sources: list[Path], work: Path, aligner: Aligner,
               cost_chunks: int) -> tuple[Errors, float]:
    """The errors over every document, and the share of the run time the timings cost."""
    total, run_time, added, episode_side, plain_spent, counted = Errors(), 0.0, 0.0, 0.0, 0.0, 0
    all_chunks = 0
    for source in sources:
        out = work / f"{name}-{source.stem}.mp3"
        episode, chunks, elapsed = narrate(source, out, voice)
        errors = score(decoded(out), chunks, episode.cues, aligner)
        count, median, p95, bias = errors.summary()
        print(f"  {name:7} {source.stem[:28]:28} {episode.duration / 60:5.1f} min {count:5} of {errors.written:5} words  "
              f"median {median * 1000:5.0f} ms  p95 {p95 * 1000:5.0f} ms  bias {bias * 1000:+5.0f} ms"
              f"  ({errors.skipped_chunks} of {len(chunks)} chunks not aligned)")
        total.add(errors)
        run_time += elapsed
        all_chunks += len(chunks)
        if cost_chunks > counted:
            extra, side, plain = cost(chunks, voice, cost_chunks - counted, episode)
            added, episode_side, plain_spent = added + extra, episode_side + side, plain_spent + plain
            counted += min(len(chunks), cost_chunks - counted)
    per_chunk = (added + episode_side) / counted if counted else float("nan")
    of_synthesis = (added + episode_side) / plain_spent if plain_spent else float("nan")
    share = per_chunk * all_chunks / run_time if run_time else float("nan")
    print(f"  {name:7} cost of timings over {counted} chunks: synthesis {added:+.2f} s, words and transcripts "
          f"{episode_side:.2f} s; {of_synthesis * 100:+.1f} % of their untimed synthesis "
          f"({plain_spent:.1f} s), {share * 100:+.1f} % of the runs' CPU time ({run_time:.1f} s, {all_chunks} chunks)")
    return total, share


def drift(minutes: float, work: Path, aligner: Aligner) -> tuple[float, float] | None:
    words = int(minutes * 175)
    source = cut(corpus_dir() / "northanger-abbey.txt", words, work / "book.txt")
    out = work / "book.mp3"
    episode, chunks, elapsed = narrate(source, out, "fast")
    audio = decoded(out)
    print(f"  book: {episode.duration / 60:.1f} min of eSpeak NG made in {elapsed:.1f} CPU seconds")
    first = score(audio, chunks, episode.cues, aligner, (0.0, 60.0))
    last = score(audio, chunks, episode.cues, aligner, (episode.duration - 60.0, episode.duration))
    for label, errors in (("first minute", first), ("last minute", last)):
        count, median, p95, bias = errors.summary()
        print(f"  book {label:12}: {count:4} words  median {median * 1000:5.0f} ms  p95 {p95 * 1000:5.0f} ms  "
              f"bias {bias * 1000:+5.0f} ms")
    if not first.signed or not last.signed:
        return None
    return first.summary()[3], last.summary()[3]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated: espeak,piper,kokoro")
    parser.add_argument("--words", type=int, default=500, help="words of each document (default 500)")
    parser.add_argument("--book-minutes", type=float, default=60.0, help="the long book for drift (0: none)")
    parser.add_argument("--cost-chunks", type=int, default=30, help="chunks spoken twice to measure the cost")
    args = parser.parse_args()
    aligner = Aligner()
    failed = []
    with tempfile.TemporaryDirectory(prefix="narrate-timing-") as folder:
        work = Path(folder)
        sources = documents(args.words, work)
        for name in args.engines.split(","):
            voice = ENGINES[name]
            if not engine_installed(voice):
                print(f"  {name}: not installed, skipped")
                continue
            errors, share = run_engine(name, voice, sources, work, aligner, args.cost_chunks)
            count, median, p95, bias = errors.summary()
            verdict = median <= MEDIAN_TARGET and p95 <= P95_TARGET
            print(f"  {name:7} all: {count} of {errors.written} words scored, median {median * 1000:.0f} ms (<= 50), p95 {p95 * 1000:.0f} ms "
                  f"(<= 150), bias {bias * 1000:+.0f} ms: {'ok' if verdict else 'MISSED'}; cost {share * 100:.1f} % "
                  f"(<= 5): {'ok' if share <= COST_TARGET else 'MISSED'}")
            if not verdict or not share <= COST_TARGET:
                failed.append(name)
        if args.book_minutes > 0 and "espeak" in args.engines:
            found = drift(args.book_minutes, work, aligner)
            if found is None:
                failed.append("drift (nothing aligned)")
            else:
                moved = found[1] - found[0]
                ok = abs(moved) <= DRIFT_TARGET
                print(f"  drift from the first to the last minute: {moved * 1000:+.0f} ms (<= 20): "
                      f"{'ok' if ok else 'MISSED'}")
                if not ok:
                    failed.append("drift")
    print("targets met" if not failed else f"targets missed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
