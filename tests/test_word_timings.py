"""Word timings: from every engine, through the cache, blocks, joins and intro, into the
karaoke WebVTT and the Podcasting 2.0 JSON transcript, read back as players read them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from narrate.episode.pipeline import NarrateOptions, narrate_file, prepare
from narrate.episode.wordtimes import chunk_words, spoken_times
from narrate.model import Chunk, ChunkKind, Cue, Word, WordMark
from narrate.text.wordalign import align_words
from narrate.voice.engines import get_engine
from narrate.voice.presets import resolve_voice
from tests.audio_check import decode

DATA = Path(__file__).parent / "data"
KNOWN = ("Dr. Smith paid $5.2bn in 2015-2018 for the company [3]. It was, she said, \"a bargain\".")


def past_silence_only(pcm: bytes, expected: int, mark: WordMark) -> bool:
    """The mark starts where expected, or later only past samples that are quiet (under 1 % of
    the chunk's peak: narrate.voice.wordmarks.tighten)."""
    samples = np.abs(np.frombuffer(pcm, "<i2").astype(np.int32))
    if mark.start < expected - 1:
        return False
    skipped = samples[max(0, expected):mark.start]
    return not skipped.size or skipped.max() < 0.01 * samples.max() + 1


def written_words(text: str) -> list[str]:
    return text.split()


def check_words(cue: Cue) -> None:
    """Every written word, in order, with times that never go back and stay in the cue."""
    assert [w.text for w in cue.words] == written_words(cue.text)
    assert all(w.start <= w.end for w in cue.words)
    assert all(a.start <= b.start and a.end <= b.start + 1e-9 for a, b in zip(cue.words, cue.words[1:]))
    assert cue.start - 1e-6 <= cue.words[0].start and cue.words[-1].end <= cue.end + 1e-6


# The alignment of written and spoken words, alone.


def test_verbalised_tokens_span_their_spoken_words_and_unread_ones_are_instants():
    written = "Dr. Smith paid $5.2bn in 2015-2018 for the company [3].".split()
    spoken = "Doctor Smith paid 5.2 billion dollars in 2015 to 2018 for the company.".split()
    groups = align_words(written, spoken)
    assert groups == [[0], [1], [2], [3, 4, 5], [6], [7, 8, 9], [10], [11], [12], []]
    # a word inserted in speech goes to the written word before it; several replaced share out
    assert align_words(["One", "two"], ["One", "Chapter", "two"]) == [[0, 1], [2]]
    assert align_words(["a", "b", "c"], ["x", "y"])[1:] == [[0], [1]]


def test_a_misplaced_mark_moves_on_and_a_joined_word_shares_its_time():
    text = "for the company. It was, she said"
    # eSpeak NG said "for the" as one word, and marked "was" inside "It"
    marks = [WordMark(0, 3, 0, 600), WordMark(8, 7, 700, 1500), WordMark(17, 2, 1600, 1800),
             WordMark(18, 2, 1850, 2200), WordMark(25, 3, 2300, 2500), WordMark(29, 4, 2550, 2900)]
    times = spoken_times(text, marks)
    assert times == [(0, 300), (300, 600), (700, 1500), (1600, 1800), (1850, 2200), (2300, 2500), (2550, 2900)]


def test_chunk_words_are_in_order_even_when_untimed():
    chunk = Chunk(text="Hello there", display="[1] Hello — there", kind=ChunkKind.TEXT, pause_after=0.5,
                  paragraph=0, starts_paragraph=True)
    words = chunk_words(chunk, [WordMark(0, 5, 100, 400), WordMark(6, 5, 500, 900)], 10.0, 10.05, 10000)
    assert [w.text for w in words] == ["[1]", "Hello", "—", "there"]
    assert words[0] == Word(10.01, 10.01, "[1]")  # an instant where the first spoken word starts
    assert words[2].start == words[2].end == words[1].end
    assert words[3].start == pytest.approx(10.05) and words[3].end == pytest.approx(10.05)  # kept inside the cue


# eSpeak NG: its own word events, through both MP3 paths and m4b.


@pytest.fixture(scope="module")
def espeak():
    return get_engine("espeak"), resolve_voice("default")


def test_espeak_marks_cover_every_spoken_word_and_match_its_events(espeak):
    engine, voice = espeak
    text = "Doctor Smith paid 5.2 billion dollars in 2015 to 2018. It was, she said, a bargain."
    speech = engine.synthesize(text, voice)
    assert speech.marks and all(m.start < m.end for m in speech.marks)
    assert all(a.end <= b.start for a, b in zip(speech.marks, speech.marks[1:]))
    assert speech.marks[-1].end <= len(speech.pcm) // 2
    words: list[tuple[int, int, int]] = []
    engine._library.fresh()  # the engine's own events, read directly
    engine._configure(voice)
    engine._library.synthesize(text, words)
    # each mark starts at or just after (over silence) the sample eSpeak NG's event names
    for mark, (offset, _, sample) in zip(speech.marks, words):
        assert mark.offset == offset and past_silence_only(speech.pcm, sample, mark), (mark, sample)
    times = spoken_times(text, speech.marks)
    assert all(t is not None for t in times)  # every spoken word is timed


@pytest.fixture(scope="module")
def article(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Enough paragraphs for several MP3 blocks, with words the normaliser rewrites."""
    folder = tmp_path_factory.mktemp("article")
    paragraphs = [f"Paragraph {n} notes that Dr. Jones paid $1.5m for {n * 3} lanterns in 2019-2020." for n in range(60)]
    source = folder / "article.txt"
    source.write_text("Lanterns by the harbour\n\n" + "\n\n".join(paragraphs) + "\n\n" + KNOWN + "\n",
                      encoding="utf-8")
    return source


def chunk_found_at(audio: np.ndarray, rate: int, pcm: bytes, expected: float) -> float:
    """Where in `audio` the chunk's own speech (its first second) is, searched within 0.3 s
    of `expected`: the lag of the highest cross-correlation."""
    own = np.frombuffer(pcm, "<i2")[:rate].astype(np.float64)
    low = max(0, int((expected - 0.3) * rate))
    window = audio[low:low + own.size + int(0.6 * rate)].astype(np.float64)
    correlation = np.correlate(window, own, mode="valid")
    return (low + int(np.argmax(correlation))) / rate


@pytest.mark.parametrize("kind", ["mp3 blocks", "mp3 with intro and outro", "m4b"])
def test_words_are_heard_at_their_times_in_the_finished_file(kind, article, espeak, tmp_path):
    engine, voice = espeak
    out = tmp_path / ("episode.m4b" if kind == "m4b" else "episode.mp3")
    options: dict[str, object] = {"transcript": ("vtt", "json"), "cache": False}
    if "intro" in kind:
        from narrate.audio.ffmpeg import run as ffmpeg

        intro, outro = tmp_path / "intro.wav", tmp_path / "outro.wav"
        ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1.3", "-ar", "44100", "-y", str(intro)])
        ffmpeg(["-f", "lavfi", "-i", "sine=frequency=660:duration=1", "-y", str(outro)])
        options.update(intro=str(intro), outro=str(outro))
    episode = narrate_file(article, out, **options)
    script, _ = prepare(str(article), NarrateOptions())
    assert len(episode.cues) == len(script.chunks) > 40
    for cue in episode.cues:
        check_words(cue)
    audio = np.frombuffer(decode(out, engine.sample_rate).raw_data, "<i2")
    # near the end (the last blocks of a multi-block MP3), in the middle, at the start
    for index in (len(script.chunks) - 1, len(script.chunks) - 3, len(script.chunks) // 2, 1):
        chunk, cue = script.chunks[index], episode.cues[index]
        speech = engine.synthesize(chunk.text, voice)
        heard = chunk_found_at(audio, engine.sample_rate, speech.pcm, cue.start)
        assert abs(heard - cue.start) < 0.003, (kind, index, heard, cue.start)
        expected = chunk_words(chunk, speech.marks, heard, cue.end, engine.sample_rate)
        assert [w.text for w in cue.words] == [w.text for w in expected]
        for word, truth in zip(cue.words, expected):
            assert abs(word.start - truth.start) < 0.003 and abs(word.end - truth.end) < 0.003
    last = episode.cues[-1]
    money = next(w for w in last.words if w.text == "$5.2bn")
    assert money.end - money.start > 0.8  # "5.2 billion dollars", one written word
    assert next(w for w in last.words if w.text == "[3].").start == next(
        w for w in last.words if w.text == "company").end  # not read: an instant


# The transcripts, read back.


@pytest.fixture(scope="module")
def narrated(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("narrated")
    source = folder / "story.txt"
    source.write_text("A bargain\n\n" + KNOWN + " Nobody agreed. The board met on 3 March.\n\nThen it rained.\n",
                      encoding="utf-8")
    out = folder / "story.mp3"
    episode = narrate_file(source, out, transcript=("vtt", "json", "srt"))
    return source, out, episode


def test_vtt_is_a_cue_a_sentence_with_every_word_timed(narrated):
    import webvtt

    _, out, episode = narrated
    cues = webvtt.read(str(out.with_suffix(".vtt")))
    assert [c.text for c in cues] == ["A bargain", "Dr. Smith paid $5.2bn in 2015-2018 for the company [3].",
                                      'It was, she said, "a bargain".', "Nobody agreed.",
                                      "The board met on 3 March.", "Then it rained."]
    for cue in cues:
        raw = cue.raw_text
        stamps = [_seconds(part.split(">")[0]) for part in raw.split("<")[1:]]
        assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)
        assert all(_seconds(cue.start) < s < _seconds(cue.end) for s in stamps)
        assert len(stamps) >= len(raw.split()) - 2  # nearly every word after the first has its time
    # the first cue's second word: its time in the file is the transcript's
    assert cues[0].raw_text.split("<")[1].startswith(_stamp(episode.cues[0].words[1].start))


def _seconds(stamp: str) -> float:
    hours, minutes, seconds = stamp.split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def _stamp(seconds: float) -> str:
    from narrate.clock import timestamp

    return timestamp(seconds)


def test_json_transcript_follows_the_podcasting_2_schema(narrated):
    import jsonschema

    _, out, episode = narrated
    data = json.loads(out.with_name(out.stem + ".transcript.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, json.loads((DATA / "podcast-transcript.schema.json").read_text(encoding="utf-8")))
    segments = data["segments"]
    assert [s["body"] for s in segments] == [w.text for cue in episode.cues for w in cue.words]
    assert [s["body"] for s in segments][:3] == ["A", "bargain", "Dr."]
    assert all(a["startTime"] <= b["startTime"] for a, b in zip(segments, segments[1:]))
    # SRT stays a cue per chunk
    srt = out.with_suffix(".srt").read_text(encoding="utf-8")
    assert srt.count(" --> ") == len(episode.cues)


def test_a_cached_rerun_writes_the_same_transcripts(tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "story.txt"
    source.write_text("A bargain\n\n" + KNOWN + "\n\nThen it rained.\n", encoding="utf-8")
    made = {}
    for run, name in enumerate(("first", "again", "again.m4b")):
        out = tmp_path / (name if name.endswith(".m4b") else name + ".mp3")
        episode = narrate_file(source, out, transcript=("vtt", "json"))
        made[name] = (out.with_suffix(".vtt").read_text(), out.with_name(out.stem + ".transcript.json").read_text(),
                      episode)
    # the re-run came from the cache (blocks, then segments for the m4b) and says the same
    assert made["first"][:2] == made["again"][:2]
    first, m4b = made["first"][2], made["again.m4b"][2]
    shift = m4b.cues[0].start - first.cues[0].start  # the MP3 blocks' encoder delay
    for a, b in zip(first.cues, m4b.cues):
        assert [w.text for w in a.words] == [w.text for w in b.words]
        assert all(abs((wb.start - wa.start) - shift) < 0.002 for wa, wb in zip(a.words, b.words))


# Piper and Kokoro: the model's own durations.


def test_piper_marks_come_from_the_models_phoneme_durations():
    pytest.importorskip("piper", reason="the piper extra is not installed")
    pytest.importorskip("onnx", reason="the onnx package exposes Piper's durations")
    from narrate.voice.engines.piper import PiperSettings

    engine = get_engine("piper")
    voice = resolve_voice("joe")
    # no noise: the same text gives the same durations, so two runs can be compared
    quiet = replace(voice, settings=PiperSettings(noise_scale=0.0, noise_w_scale=0.0))
    text = "Seven bright lanterns glowed above the quiet harbour tonight."
    speech = engine.synthesize(text, quiet)
    words = text.split()
    assert [text[m.offset:m.offset + m.length] for m in speech.marks] == words
    assert all(a.start < a.end <= b.start for a, b in zip(speech.marks, speech.marks[1:]))
    model = next(iter(engine._loaded.values()))
    chunk = next(iter(model.synthesize(text, _piper_config(quiet), include_alignments=True)))
    # each word starts where the model put the space before it (a phoneme starts with the
    # padding before it): the space is the transition into the word (see piper.py)
    starts, position, onset, previous = [], 0, 0, "^"
    samples = chunk.phoneme_id_samples
    index = 0
    for alignment in chunk.phoneme_alignments:
        if alignment.phoneme == " ":
            space = onset
        elif alignment.phoneme != "^" and previous in ("^", " "):
            starts.append(onset if previous == "^" else space)
        previous = alignment.phoneme
        position += alignment.num_samples
        index += len(alignment.phoneme_ids)
        onset = position - int(samples[index - 1])
    assert len(starts) == len(words)
    for mark, start in zip(speech.marks, starts):
        assert past_silence_only(speech.pcm, start, mark), (mark, start)
    untimed = engine.synthesize(text, quiet, marks=False)
    assert untimed.marks == () and untimed.pcm == speech.pcm


def _piper_config(voice):
    from narrate.voice.engines.piper import _synthesis_config

    return _synthesis_config(voice)


def test_kokoro_marks_come_from_the_models_token_durations(kokoro_installed):
    from narrate.voice.engines.kokoro import AHEAD_FRAMES, FRAME_SAMPLES, VOCAB, split_phonemes, tokens_of

    engine = get_engine("kokoro")
    voice = resolve_voice("heart")
    text = "Seven bright lanterns glowed above the quiet harbour tonight."
    speech = engine.synthesize(text, voice)
    words = text.split()
    assert [text[m.offset:m.offset + m.length] for m in speech.marks] == words
    assert all(a.start < a.end <= b.start for a, b in zip(speech.marks, speech.marks[1:]))
    phonemes = "".join(s for s in engine._phonemizer.phonemize(text, "en-us") if s in VOCAB)
    (piece,) = split_phonemes(phonemes)
    tokens = tokens_of(piece)
    outputs = engine._session.run(None, {"tokens": np.array([[0, *tokens, 0]], np.int64),
                                         "style": engine._style("af_heart")[len(tokens) - 1].reshape(1, -1),
                                         "speed": np.array([1.0], np.float32)})
    assert len(outputs) == 2, "the model says each token's duration"
    frames = np.cumsum(outputs[1].ravel())
    audio = outputs[0].ravel()
    first = max(0, int(np.flatnonzero(np.abs(audio) > 0.01)[0]) - int(0.03 * 24000))
    # each word starts where the model's frames put its first phoneme, less half the space
    # before it, all AHEAD_FRAMES earlier (see kokoro.py)
    def at(index: int) -> int:
        return max(0, (int(frames[index]) - AHEAD_FRAMES) * FRAME_SAMPLES - first)

    starts = [at(i) if i == 0 else (at(i - 1) + at(i)) // 2 for i, symbol in enumerate(piece)
              if symbol != " " and (i == 0 or piece[i - 1] == " ")]
    assert len(starts) == len(words)
    for mark, start in zip(speech.marks, starts):
        assert past_silence_only(speech.pcm, start, mark), (mark, start)
