"""The episode orchestrator: check the output, render the audio (narrate.episode.rendering
has the two ways), place the chapters, tag, then write the sidecars and the manifest.

Temporary files (the spooled PCM, decoded intro/outro, chapter metadata) live in a hidden
folder beside the output, on the same disk, never in memory or a RAM-backed /tmp: a novel's
PCM is about 1 GB. They are removed however the run ends.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate.audio.encode import add_mp4_chapters
from narrate.audio.formats import OutputFormat, check_bitrate, check_settings, format_for
from narrate.audio.intro import check_bumper
from narrate.episode.concurrency import in_background
from narrate.episode.cover import Cover, cover_from_bytes, generated_cover, read_cover
from narrate.episode.epub.book import is_book
from narrate.episode.manifest import description, settings_sha256, source_sha256, timeline, write_manifest
from narrate.episode.options import NarrateOptions, as_list, transcript_kinds
from narrate.episode.rendering import Rendered, RenderJob, is_long, renderer_for
from narrate.episode.tags import EpisodeTags, write_tags
from narrate.episode.timeline import estimated_starts, plan_chapters, plan_cues
from narrate.episode.wordtimes import with_words
from narrate.episode.transcript import (
    CHAPTERS_SUFFIX,
    SIDECAR_SUFFIX,
    TRANSCRIPT_KINDS,
    chapters_json,
    plain_text,
    sidecar_path,
    transcript_text,
)
from narrate.errors import OutputError
from narrate.fileio import atomic_path, work_folder, write_text_atomic
from narrate.model import Chapter, Chunk, Cue, Episode, Script
from narrate.synthesis.memory import fix_mmap_threshold
from narrate.version import __version__
from narrate.voice.presets import VoicePreset
from narrate.waiting import result_of

if TYPE_CHECKING:
    from narrate.synthesis.cacheusage import DocumentUse
    from narrate.synthesis.synthesizer import Synthesizer
    from narrate.voice.engines import EngineOptions

log = logging.getLogger(__name__)

INTRO_CHAPTER = "Intro"
BOOK_FORMAT = "EPUB"  # a narrated EPUB's format in its manifest


def check_output_options(out_path: Path, opts: NarrateOptions) -> OutputFormat:
    """Everything about the output that can be wrong, checked before any synthesis."""
    from narrate.episode.epub.book import check_book_options

    fmt = check_book_options(out_path, opts) if is_book(out_path) else format_for(out_path)
    if opts.bitrate:
        check_bitrate(opts.bitrate)
    check_settings(fmt, out_path, opts.bitrate, opts.sample_rate)
    for kind in transcript_kinds(opts):
        if kind not in TRANSCRIPT_KINDS:
            raise OutputError(f"unknown transcript kind {kind!r}; use one of {', '.join(TRANSCRIPT_KINDS)}")
    if opts.cover and not opts.no_cover:
        read_cover(opts.cover)
    if opts.intro:
        check_bumper(opts.intro, "intro")
    if opts.outro:
        check_bumper(opts.outro, "outro")
    return fmt


def episode_cover(script: Script, opts: NarrateOptions) -> Cover | None:
    if opts.no_cover:
        return None
    if opts.cover:
        return read_cover(opts.cover)
    embedded = cover_from_bytes(script.document.cover) if script.document.cover else None
    if embedded is not None:
        return embedded  # a reader found the document's own cover (an EPUB's, say)
    source = script.document.source
    from narrate.text.readers.text import title_from_name

    # a file name is shown only when it reads as words ('002_897a837f814b329f.txt' does not)
    subtitle = script.document.author or (Path(source).name if title_from_name(source) else "")
    return generated_cover(script.title, subtitle)


def produce_episode(script: Script, voice: VoicePreset, out_path: Path, opts: NarrateOptions,
                    synthesizer: Synthesizer, options: EngineOptions | None, started: float,
                    tags: EpisodeTags) -> Episode:
    """Make the episode at `out_path`: the audio (by the renderer its format calls for), its
    chapters, tags and cover, then the sidecars and the manifest. Nothing is at `out_path`
    until the audio is complete and tagged."""
    fmt = check_output_options(out_path, opts)
    fix_mmap_threshold()
    if is_book(out_path):
        return produce_narrated_book(script, voice, out_path, opts, synthesizer, options, started, tags)
    chunks = script.chunks
    cover = None if is_long(fmt, opts, len(chunks)) else in_background(episode_cover, script, opts)
    use = cache_record(script, voice, out_path, synthesizer, options)
    with atomic_path(out_path) as temp, work_folder(out_path) as work:
        job = RenderJob(script, voice, opts, fmt, synthesizer, options, out_path, temp, work, use)
        rendered = renderer_for(fmt, opts).render(job)
        chapters = episode_chapters(chunks, rendered, voice.rate)
        if fmt.tagger == "mp4" and chapters:
            add_mp4_chapters(temp, chapters, fmt, work)
        write_tags(temp, fmt, tags, chapters, result_of(cover) if cover else episode_cover(script, opts),
                   plain_text(chunks))
    cues = with_words(plan_cues(chunks, rendered.starts, rendered.speech), chunks, rendered.starts,
                      rendered.marks, rendered.rate)
    sidecars = write_sidecars(out_path, opts, script, cues, chapters)
    episode = Episode(
        path=out_path, title=script.title, duration=rendered.duration, chapters=chapters, cues=cues,
        size=out_path.stat().st_size, elapsed=time.perf_counter() - started, chunks=len(chunks),
        loudness=round(rendered.delivered, 1), sidecars=sidecars,
    )
    version = synthesizer.engine_version(voice.engine, options)
    data = manifest_data(script, voice, opts, fmt, episode, tags, version)
    if rendered.plan is not None:
        data["leveling"] = rendered.plan.to_manifest()
    write_manifest(out_path, data)
    if use is not None:
        use.save()  # last used: now
    return episode


def produce_narrated_book(script: Script, voice: VoicePreset, out_path: Path, opts: NarrateOptions,
                          synthesizer: Synthesizer, options: EngineOptions | None, started: float,
                          tags: EpisodeTags) -> Episode:
    """`-o book.epub`: the narrated EPUB (narrate.episode.epub.book), and its manifest."""
    from narrate.episode.epub.book import AUDIO, produce_book

    use = cache_record(script, voice, out_path, synthesizer, options)
    episode = produce_book(script, voice, out_path, opts, synthesizer, options, use, tags,
                           episode_cover(script, opts), started)
    version = synthesizer.engine_version(voice.engine, options)
    write_manifest(out_path, manifest_data(script, voice, opts, replace(AUDIO, name=BOOK_FORMAT), episode, tags,
                                           version))
    if use is not None:
        use.save()
    return episode


def cache_record(script: Script, voice: VoicePreset, out_path: Path, synthesizer: Synthesizer,
                 options: EngineOptions | None) -> DocumentUse | None:
    """The document's record in the segment cache, holding its chunks' keys before any is
    synthesised, so the cache evicts by document (narrate.synthesis.cacheusage)."""
    use = synthesizer.document_use(f"{_source_name(script.document.source)}\n{out_path.name}", script.title,
                                   _source_label(script.document.source))
    if use is not None:
        use.add(segments=synthesizer.segment_keys(script.chunks, voice, options))
    return use


def _source_label(source: str | None) -> str:
    """How `narrate cache info` names the source: a file's name, a web address, standard input."""
    from narrate.text.readers.html import is_web_address

    if not source or source == "-":
        return "standard input"
    return source if is_web_address(source) else Path(source).name


def episode_chapters(chunks: Sequence[Chunk], rendered: Rendered, rate: int) -> list[Chapter]:
    """Chapters where their chunks are heard in the encoded audio, with the intro as one; which
    chunks open them is decided as `narrate inspect` decides it (on estimated times at `rate`)."""
    chapters = plan_chapters(chunks, rendered.openings or rendered.starts, rendered.duration,
                             planned=estimated_starts(chunks, rate))
    if rendered.intro and chapters:
        chapters.insert(0, Chapter(title=INTRO_CHAPTER, start=0.0, end=chapters[0].start))
    return chapters


def write_sidecars(out_path: Path, opts: NarrateOptions, script: Script, cues: list[Cue],
                   chapters: list[Chapter]) -> list[Path]:
    """The transcript and chapters JSON the options ask for, beside the audio."""
    sidecars = []
    for kind in transcript_kinds(opts):
        path = sidecar_path(out_path, SIDECAR_SUFFIX[kind])
        write_text_atomic(path, transcript_text(kind, cues, script.chunks))
        sidecars.append(path)
    if opts.chapters_json:
        path = sidecar_path(out_path, CHAPTERS_SUFFIX)
        write_text_atomic(path, chapters_json(chapters, script.title))
        sidecars.append(path)
    return sidecars


def output_settings(voice: VoicePreset, opts: NarrateOptions, fmt: OutputFormat,
                    engine_version: str) -> dict[str, Any]:
    """What, besides the text, decides the output: hashed into the manifest (and compared by
    batches to tell what is up to date)."""
    cover: str | None = None
    if opts.cover and not opts.no_cover:
        cover = source_sha256(opts.cover, "")
    return {
        "voice": voice.to_dict(), "engine_version": engine_version, "narrate": __version__,
        "lexicon": [source_sha256(str(p), "") for p in as_list(opts.lexicon)],
        "skip": [str(p) for p in as_list(opts.skip)], "keep_credits": opts.keep_credits,
        "footnotes": opts.footnotes, "language": opts.language, "format": fmt.name, "bitrate": opts.bitrate,
        "sample_rate": opts.sample_rate, "loudness": opts.loudness, "title": opts.title,
        "author": opts.author, "album": opts.album, "cover": cover, "no_cover": opts.no_cover,
        "intro": source_sha256(opts.intro, "") if opts.intro else None,
        "outro": source_sha256(opts.outro, "") if opts.outro else None,
        "transcript": _one_or_several(transcript_kinds(opts)), "chapters_json": opts.chapters_json,
        **({"overlay": opts.overlay} if fmt.name == BOOK_FORMAT else {}),
    }


def _one_or_several(kinds: list[str]) -> str | list[str] | None:
    """As manifests recorded it when there could be one transcript: a single kind as a string."""
    return kinds[0] if len(kinds) == 1 else (kinds or None)


def _source_name(source: str | None) -> str:
    """A file's absolute path; a web address as it is; '-' for standard input."""
    from narrate.text.readers.html import is_web_address

    if not source or source == "-":
        return "-"
    return source if is_web_address(source) else str(Path(source).resolve())


def manifest_data(script: Script, voice: VoicePreset, opts: NarrateOptions, fmt: OutputFormat,
                  episode: Episode, tags: EpisodeTags, engine_version: str) -> dict[str, Any]:
    document = script.document
    text = "\n\n".join(document.paragraphs)
    source = document.source
    return {
        "narrate_version": __version__,
        "audio": episode.path.name,
        "format": fmt.name,
        "source": _source_name(source),
        "link": document.link,
        "source_sha256": source_sha256(source, text),
        "settings_sha256": settings_sha256(output_settings(voice, opts, fmt, engine_version)),
        "title": script.title,
        "author": tags.artist,
        "date": tags.date,
        "description": description(document.paragraphs),
        "duration": round(episode.duration, 3),
        "chapters": len(episode.chapters),
        "chunks": episode.chunks,
        "loudness": {"target": opts.loudness, "integrated": episode.loudness},
        "sidecars": [p.name for p in episode.sidecars],
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "timeline": timeline(episode.chapters, episode.cues, [c.starts_paragraph for c in script.chunks]),
    }
