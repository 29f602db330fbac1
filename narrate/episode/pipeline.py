"""The pipeline, callable from Python: read -> script -> synthesise -> stitch/encode -> tag.

`narrate_file` is what the CLI calls; everything it does is available here without click.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from narrate import __version__
from narrate.fileio import check_writable_folder
from narrate.audio.loudness import DEFAULT_TARGET as DEFAULT_LOUDNESS
from narrate.model import Document, Episode, Script
from narrate.text.readers import read_document
from narrate.text.readers.html import is_web_address
from narrate.episode.produce import check_output_options, produce_episode
from narrate.text.script import build_script
from narrate.voice.engines import engine_options, preflight, resolve_device
from narrate.synthesis.synthesizer import Synthesizer, default_jobs, effective_jobs
from narrate.episode.tags import EpisodeTags
from narrate.voice.presets import VoicePreset, resolve_voice

# Called after each block with (chunks done, chunks in all, seconds of audio so far).
Progress = Callable[[int, int, float], None]


@dataclass
class NarrateOptions:
    """Everything a single narration can be told; each field mirrors a CLI option."""

    title: str | None = None
    author: str | None = None
    album: str | None = None
    voice: str | None = None
    lexicon: str | Path | Sequence[str | Path] = ()
    """Pronunciation lexicon files (TOML), applied after the built-in, user and voice ones."""
    skip: str | Sequence[str] = ()
    """Regular expressions: paragraphs they match are not narrated."""
    rate: int | None = None
    volume: float | None = None
    pitch: int | None = None
    pause: float | None = None
    bitrate: str | None = None  # None: the output format's default (64k for MP3)
    format: str | None = None
    jobs: int | None = None
    device: str = "auto"
    loudness: float = DEFAULT_LOUDNESS
    sample_rate: int | None = None
    cover: str | None = None
    no_cover: bool = False
    transcript: str | None = None  # "srt", "vtt" or "txt"
    chapters_json: bool = False
    intro: str | None = None
    outro: str | None = None
    progress: Progress | None = field(default=None, repr=False)
    cache: bool = True
    """Reuse and store synthesised chunks in the segment cache (narrate.synthesis.cache)."""
    synthesizer: Synthesizer | None = field(default=None, repr=False)
    """A shared synthesizer (a batch's worker pool and cache); None: one for this call."""


def default_output(source: str) -> Path:
    if source == "-":
        return Path("narration.mp3")
    if is_web_address(source):
        from narrate.fetch.names import name_for_url

        return Path(name_for_url(source) + ".mp3")
    return Path(source).with_suffix(".mp3")


def prepare(source: str, options: NarrateOptions, save_html: Path | None = None) -> tuple[Script, VoicePreset]:
    """Read and lay out the script, and resolve the voice, without touching the engine
    unless the voice name is not a preset. A web address is fetched (narrate.fetch.page);
    `save_html` keeps that page."""
    voice = _voice_for(options)
    if is_web_address(source):
        from narrate.fetch.page import read_page

        document = read_page(source, options.title, save_html=save_html)
    else:
        document = read_document(source, options.format, options.title)
    return script_for(document, voice, options), voice


def script_for(document: Document, voice: VoicePreset, options: NarrateOptions) -> Script:
    """The script of a document read already: skipped paragraphs dropped, lexicon applied."""
    from narrate.text.lexicon import apply_lexicon, load_lexicon
    from narrate.text.script import drop_paragraphs, skip_patterns

    patterns = skip_patterns(_as_list(options.skip))
    lexicon = load_lexicon(voice.lexicon, voice.name, _as_list(options.lexicon))
    document = drop_paragraphs(document, patterns)
    return apply_lexicon(build_script(document, voice.pauses), lexicon)


def _as_list(value: str | Path | Sequence[str | Path] | None) -> list:
    """One value or several: narrate_file(..., skip="^Advert") works as well as a list."""
    if value is None:
        return []
    if isinstance(value, (str, Path)):
        return [value]
    return list(value)


def _voice_for(options: NarrateOptions) -> VoicePreset:
    from narrate.errors import VoiceError

    try:
        preset = resolve_voice(options.voice)
    except VoiceError:
        if options.voice is None or options.voice.endswith(".toml"):
            raise
        from narrate.voice.engines import get_engine

        ids = []
        for voice in get_engine("espeak").voices():
            ids += [voice.id, *voice.languages]
        preset = resolve_voice(options.voice, ids)
    return preset.with_overrides(options.rate, options.volume, options.pitch, options.pause)


def check_output(out_path: Path, opts: NarrateOptions) -> None:
    """Everything about the output that can fail, checked before any synthesis starts."""
    check_writable_folder(out_path)
    check_output_options(out_path, opts)


def narrate_file(source: str | Path, out: str | Path | None = None, **options: object) -> Episode:
    """Narrate one document to an MP3 and return what was made.

    `options` are the fields of NarrateOptions (title, author, voice, rate, ...).
    """
    opts = NarrateOptions(**options)  # type: ignore[arg-type]
    source = str(source)
    out_path = Path(out) if out is not None else default_output(source)
    check_output(out_path, opts)
    started = time.perf_counter()
    script, voice = prepare(source, opts)
    return render(script, voice, out_path, opts, started)


def render(script: Script, voice: VoicePreset, out_path: Path, opts: NarrateOptions,
           started: float | None = None) -> Episode:
    """Synthesise `script` and make the episode at `out_path` (format by extension), atomically."""
    started = time.perf_counter() if started is None else started
    chunks = script.chunks
    device = resolve_device(voice.engine, opts.device)
    if opts.synthesizer is None:
        jobs = effective_jobs(opts.jobs, len(chunks), voice.engine, device)
        with _own_synthesizer(opts, jobs) as synthesizer:
            return render(script, voice, out_path, replace(opts, synthesizer=synthesizer), started)
    synthesizer = opts.synthesizer
    engine_opts = engine_options(voice.engine, device, synthesizer.jobs, default_jobs())
    preflight(voice.engine, voice)
    return produce_episode(script, voice, out_path, opts, synthesizer, engine_opts, started,
                           episode_tags(script, voice, opts))


def _own_synthesizer(opts: NarrateOptions, jobs: int) -> Synthesizer:
    cache = None
    if opts.cache:
        from narrate.synthesis.cache import SegmentCache

        cache = SegmentCache()
    return Synthesizer(jobs=jobs, cache=cache)


def episode_tags(script: Script, voice: VoicePreset, opts: NarrateOptions) -> EpisodeTags:
    document = script.document
    source = document.source if document.source not in (None, "-") else "standard input"
    origin = document.link or (Path(source).name if source != "standard input" else source)
    return EpisodeTags(
        title=script.title,
        artist=opts.author or document.author or "narrate",
        album=opts.album or "narrate",
        comment=f"Narrated by narrate {__version__} from {origin}",
        url=document.link,
        date=document.date or date.today().isoformat(),
        language=voice.language,
        encoder=f"narrate {__version__} ({voice.engine}: {voice.voice})",
    )
