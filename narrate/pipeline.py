"""The pipeline, callable from Python: read -> script -> synthesise -> stitch/encode -> tag.

`narrate_file` is what the CLI calls; everything it does is available here without click.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from narrate import __version__
from narrate.mp3join import BLOCK_DELAY_SAMPLES, Mp3Joiner
from narrate.fileio import atomic_path, check_writable_folder
from narrate.model import Episode, Script
from narrate.readers import read_document
from narrate.segment import build_script
from narrate.synth import Synthesizer
from narrate.tags import EpisodeTags, write_mp3_tags
from narrate.timeline import MIN_CHAPTER_SECONDS, plan_chapters, plan_cues
from narrate.voices import VoicePreset, resolve_voice

MAX_GENERATED_CHAPTERS = 200

# Called after each block with (chunks done, chunks in all, seconds of audio so far).
Progress = Callable[[int, int, float], None]


@dataclass
class NarrateOptions:
    """Everything a single narration can be told; each field mirrors a CLI option."""

    title: str | None = None
    author: str | None = None
    album: str | None = None
    voice: str | None = None
    rate: int | None = None
    volume: float | None = None
    pitch: int | None = None
    pause: float | None = None
    bitrate: str = "64k"
    format: str | None = None
    jobs: int | None = None
    progress: Progress | None = field(default=None, repr=False)
    cache: bool = True
    """Reuse and store synthesised chunks in the segment cache (narrate.cache)."""
    synthesizer: Synthesizer | None = field(default=None, repr=False)
    """A shared synthesizer (a batch's worker pool and cache); None: one for this call."""


def default_output(source: str) -> Path:
    if source == "-":
        return Path("narration.mp3")
    return Path(source).with_suffix(".mp3")


def prepare(source: str, options: NarrateOptions) -> tuple[Script, VoicePreset]:
    """Read and lay out the script, and resolve the voice, without touching the engine
    unless the voice name is not a preset."""
    voice = _voice_for(options)
    document = read_document(source, options.format, options.title)
    script = build_script(document, voice.pauses)
    return script, voice


def _voice_for(options: NarrateOptions) -> VoicePreset:
    from narrate.errors import VoiceError

    try:
        preset = resolve_voice(options.voice)
    except VoiceError:
        if options.voice is None or options.voice.endswith(".toml"):
            raise
        from narrate.engines import get_engine

        ids = []
        for voice in get_engine("espeak").voices():
            ids += [voice.id, *voice.languages]
        preset = resolve_voice(options.voice, ids)
    return preset.with_overrides(options.rate, options.volume, options.pitch, options.pause)


def narrate_file(source: str | Path, out: str | Path | None = None, **options: object) -> Episode:
    """Narrate one document to an MP3 and return what was made.

    `options` are the fields of NarrateOptions (title, author, voice, rate, ...).
    """
    opts = NarrateOptions(**options)  # type: ignore[arg-type]
    source = str(source)
    out_path = Path(out) if out is not None else default_output(source)
    check_writable_folder(out_path)
    started = time.perf_counter()
    script, voice = prepare(source, opts)
    return render(script, voice, out_path, opts, started)


def render(script: Script, voice: VoicePreset, out_path: Path, opts: NarrateOptions,
           started: float | None = None) -> Episode:
    """Synthesise, stitch and encode `script` into `out_path` atomically, then tag it."""
    started = time.perf_counter() if started is None else started
    chunks = script.chunks
    if opts.synthesizer is None:
        with _own_synthesizer(opts) as synthesizer:
            return render(script, voice, out_path, replace(opts, synthesizer=synthesizer), started)
    synthesizer = opts.synthesizer
    rate = 0
    position = 0  # samples of decoded audio so far
    starts: list[float] = []  # when each chunk's speech is heard
    openings: list[float] = []  # where a chapter opened by each chunk would start
    speech: list[float] = []
    with atomic_path(out_path) as temp:
        with temp.open("r+b") as handle:
            joiner = Mp3Joiner(handle)
            for block in synthesizer.blocks(chunks, voice, opts.bitrate):
                rate = block.sample_rate
                offset = position + BLOCK_DELAY_SAMPLES
                for index, (spoken, pause) in enumerate(zip(block.speech, block.pauses)):
                    openings.append((offset if index else position) / rate)
                    starts.append(offset / rate)
                    speech.append(spoken / rate)
                    offset += spoken + pause
                position += joiner.add(block.mp3)
                if opts.progress:
                    opts.progress(len(speech), len(chunks), position / rate)
            joiner.finish()
        duration = position / rate
        # ID3 CTOC lists at most 255 chapters: space them out in long books (a 7-hour
        # novel would otherwise get 880 and mutagen fails writing the table of contents)
        spacing = max(MIN_CHAPTER_SECONDS, duration / MAX_GENERATED_CHAPTERS)
        chapters = plan_chapters(chunks, openings, duration, spacing)
        write_mp3_tags(temp, episode_tags(script, voice, opts), chapters)
    return Episode(
        path=out_path, title=script.title, duration=duration, chapters=chapters,
        cues=plan_cues(chunks, starts, speech), size=out_path.stat().st_size,
        elapsed=time.perf_counter() - started, chunks=len(chunks),
    )


def _own_synthesizer(opts: NarrateOptions) -> Synthesizer:
    cache = None
    if opts.cache:
        from narrate.cache import SegmentCache

        cache = SegmentCache()
    return Synthesizer(jobs=opts.jobs, cache=cache)


def episode_tags(script: Script, voice: VoicePreset, opts: NarrateOptions) -> EpisodeTags:
    document = script.document
    source = document.source if document.source not in (None, "-") else "standard input"
    return EpisodeTags(
        title=script.title,
        artist=opts.author or document.author or "narrate",
        album=opts.album or "narrate",
        comment=f"Narrated by narrate {__version__} from {Path(source).name if source != 'standard input' else source}",
        date=document.date or date.today().isoformat(),
        language=voice.language,
        encoder=f"narrate {__version__} ({voice.engine}: {voice.voice})",
    )
