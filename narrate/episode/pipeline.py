"""The pipeline, callable from Python: read -> script -> synthesise -> stitch/encode -> tag.

`narrate_file` is what the CLI calls; everything it does is available here without click.
"""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import date
from pathlib import Path

from narrate.version import __version__
from narrate.fileio import check_writable_folder, remove_abandoned, remove_own
from narrate.model import Document, Episode, Script
from narrate.text.readers import read_document
from narrate.episode.options import NarrateOptions, as_list, default_output
from narrate.episode.outputs import check_not_input
from narrate.text.readers.html import is_web_address
from narrate.episode.produce import check_output_options, produce_episode
from narrate.text.script import build_script
from narrate.voice.engines import engine_spec
from narrate.synthesis.synthesizer import Synthesizer, default_jobs, effective_jobs
from narrate.episode.tags import EpisodeTags
from narrate.voice.for_language import speaks, voice_for_language, with_voices_for
from narrate.voice.presets import VoicePreset, resolve_voice



def prepare(source: str, options: NarrateOptions, save_html: Path | None = None) -> tuple[Script, VoicePreset]:
    """Read and lay out the script, and resolve the voice, without touching the engine
    unless the voice name is not a preset. A web address is fetched (narrate.fetch.page);
    `save_html` keeps that page. The voice speaks the document's language."""
    if is_web_address(source):
        from narrate.fetch.addresses import USER_GIVEN
        from narrate.fetch.http import Limits
        from narrate.fetch.page import read_page

        # the user's own address: it may be private (a page on this machine), its redirects
        # only until a public server answers
        document = read_page(source, options.title, Limits(addresses=USER_GIVEN), save_html=save_html)
    else:
        document = read_document(source, options.format, options.title)
    document = with_language(document, options.language)
    voice = voice_for(options, document.language)
    script = script_for(document, voice, options)
    return script, with_voices(script, voice)


def with_voices(script: Script, voice: VoicePreset) -> VoicePreset:
    """`voice`, with a voice for each other language the script's chunks are in (a quotation in
    French is read by a French voice; narrate.voice.for_language)."""
    languages = {chunk.language for chunk in script.chunks if chunk.language}
    if not languages or voice.others:
        return voice
    return with_voices_for(voice, languages)


def with_language(document: Document, language: str | None) -> Document:
    """The document with its language: `--language`, else declared, else detected."""
    from narrate.text.language import checked_declaration, detect

    if language:
        return replace(document, language=language)
    text = " ".join(p for section in document.sections for p in section.paragraphs)
    if document.language:  # unless the text plainly is in another language (a site's template)
        return replace(document, language=checked_declaration(document.language, text))
    return replace(document, language=detect(text))


def script_for(document: Document, voice: VoicePreset, options: NarrateOptions) -> Script:
    """The script of a document read already: skipped paragraphs dropped, lexicon applied."""
    from narrate.text.lexicon import apply_lexicon, load_lexicon
    from narrate.text.script import drop_paragraphs, skip_patterns

    patterns = skip_patterns(as_list(options.skip))
    lexicon = load_lexicon(voice.lexicon, voice.name, as_list(options.lexicon))
    document = drop_paragraphs(document, patterns)
    if not options.keep_credits:
        from narrate.text.credits import drop_credits

        document = drop_credits(document)
    script = build_script(document, voice.pauses, footnotes=options.footnotes, voice_language=voice.language,
                          paragraph_languages=options.language is None)  # --language: all of it in one
    return apply_lexicon(script, lexicon)


def voice_for(options: NarrateOptions, language: str | None = None) -> VoicePreset:
    """The voice asked for; with none asked for, the default, or a voice of the document's
    `language` when the default does not speak it."""
    preset = resolve_voice(options.voice)
    if options.voice is None and language and not speaks(preset, language):
        preset = voice_for_language(language) or preset
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
    check_not_input(out_path, opts, [source])
    remove_abandoned(out_path.parent)  # what killed runs left beside the output
    started = time.perf_counter()
    script, voice = prepare(source, opts)
    return render(script, voice, out_path, opts, started)


def render(script: Script, voice: VoicePreset, out_path: Path, opts: NarrateOptions,
           started: float | None = None) -> Episode:
    """Synthesise `script` and make the episode at `out_path` (format by extension), atomically."""
    started = time.perf_counter() if started is None else started
    voice = with_voices(script, voice)
    chunks = script.chunks
    spec = engine_spec(voice.engine)
    device = spec.resolve_device(opts.device)
    if opts.synthesizer is None:
        jobs = effective_jobs(opts.jobs, len(chunks), voice.engine, device)
        try:
            with _own_synthesizer(opts, jobs) as synthesizer:
                return render(script, voice, out_path, replace(opts, synthesizer=synthesizer), started)
        finally:
            remove_own(out_path)  # the workers have stopped: nothing of this run stays behind
    synthesizer = opts.synthesizer
    engine_opts = spec.options(device, synthesizer.jobs, default_jobs())
    spec.preflight(voice)
    try:
        return produce_episode(script, voice, out_path, opts, synthesizer, engine_opts, started,
                               episode_tags(script, voice, opts))
    except OSError as exc:  # a full disk, a folder removed mid-run: one line, not a traceback
        from narrate.errors import OutputError

        raise OutputError(f"cannot write {out_path}: {exc.strerror or exc}") from exc


def _own_synthesizer(opts: NarrateOptions, jobs: int) -> Synthesizer:
    cache = None
    if opts.cache:
        from narrate.synthesis.cache import AudioCache

        cache = AudioCache()
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
