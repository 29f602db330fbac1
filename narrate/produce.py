"""From synthesised segments to a finished episode: spool and measure (pass one), mix,
normalise and encode (pass two), tag, then write the sidecars and the manifest.

Temporary files (the spooled PCM, decoded intro/outro, chapter metadata) live in a hidden
folder beside the output, on the same disk, never in memory or a RAM-backed /tmp: a novel's
PCM is about 1 GB. They are removed however the run ends.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Iterable, Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate import __version__
from narrate.cover import Cover, cover_from_bytes, generated_cover, read_cover
from narrate.encode import Mix, encode_episode, ffmetadata_chapters
from narrate.fileio import atomic_path, write_text_atomic
from narrate.formats import OutputFormat, check_settings, format_for
from narrate.intro import Bumper, check_bumper, decode_bumper
from narrate.loudness import (
    LIMIT_DB,
    SILENT,
    TOLERANCE,
    TrialResult,
    gain_filters,
    measure_file,
    measure_pcm,
    solve_gain,
    spool_sample,
)
from narrate.manifest import description, settings_sha256, source_sha256, write_manifest
from narrate.model import Chapter, Episode, Script, Segment
from narrate.spool import Spool, exact_pauses, spool_speech
from narrate.tags import EpisodeTags, write_tags
from narrate.timeline import plan_chapters, plan_cues, start_times
from narrate.transcript import (
    CHAPTERS_SUFFIX,
    SIDECAR_SUFFIX,
    chapters_json,
    plain_text,
    sidecar_path,
    transcript_text,
)
from narrate.voices import VoicePreset

if TYPE_CHECKING:
    from narrate.pipeline import NarrateOptions

INTRO_CHAPTER = "Intro"


def check_output_options(out_path: Path, opts: NarrateOptions) -> OutputFormat:
    """Everything about the output that can be wrong, checked before any synthesis."""
    fmt = format_for(out_path)
    check_settings(fmt, out_path, opts.bitrate, opts.sample_rate)
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
    subtitle = script.document.author or (Path(source).name if source and source != "-" else "")
    return generated_cover(script.title, subtitle)


def produce_episode(script: Script, voice: VoicePreset, out_path: Path, opts: NarrateOptions,
                    segments: Iterable[Segment], started: float, tags: EpisodeTags) -> Episode:
    """Spool `segments`, then encode, tag and describe the episode at `out_path` atomically."""
    fmt = check_output_options(out_path, opts)
    cover = episode_cover(script, opts)
    chunks = script.chunks
    pauses = [chunk.pause_after for chunk in chunks]
    with atomic_path(out_path) as temp, _work_folder(out_path) as work:
        spool = spool_speech(segments, pauses, work / "speech.pcm", opts.progress)
        intro = decode_bumper(opts.intro, spool.rate, work / "intro.pcm") if opts.intro else None
        outro = decode_bumper(opts.outro, spool.rate, work / "outro.pcm") if opts.outro else None
        offset = intro.duration if intro else 0.0
        duration = offset + spool.duration + (outro.duration if outro else 0.0)
        starts = start_times(spool.speech, exact_pauses(pauses, spool.rate), offset)
        chapters = plan_chapters(chunks, starts, duration)
        if intro is not None and chapters:
            chapters.insert(0, Chapter(title=INTRO_CHAPTER, start=0.0, end=chapters[0].start))
        chapters_file = None
        if fmt.tagger == "mp4" and chapters:
            chapters_file = work / "chapters.txt"
            chapters_file.write_text(ffmetadata_chapters(chapters), encoding="utf-8")
        delivered = _normalise_and_encode(spool, intro, outro, opts.loudness, temp, fmt, opts,
                                          chapters_file, work)
        transcript = plain_text(chunks)
        write_tags(temp, fmt, tags, chapters, cover, transcript)
    cues = plan_cues(chunks, starts, spool.speech)
    sidecars = []
    if opts.transcript:
        path = sidecar_path(out_path, SIDECAR_SUFFIX[opts.transcript])
        write_text_atomic(path, transcript_text(opts.transcript, cues, chunks))
        sidecars.append(path)
    if opts.chapters_json:
        path = sidecar_path(out_path, CHAPTERS_SUFFIX)
        write_text_atomic(path, chapters_json(chapters, script.title))
        sidecars.append(path)
    episode = Episode(
        path=out_path, title=script.title, duration=duration, chapters=chapters, cues=cues,
        size=out_path.stat().st_size, elapsed=time.perf_counter() - started, chunks=len(chunks),
        loudness=round(delivered, 1), sidecars=sidecars,
    )
    write_manifest(out_path, manifest_data(script, voice, opts, fmt, episode, tags))
    return episode


def _normalise_and_encode(spool: Spool, intro: Bumper | None, outro: Bumper | None, target: float,
                          temp: Path, fmt: OutputFormat, opts: NarrateOptions,
                          chapters_file: Path | None, work: Path) -> float:
    """Pass two; once more with a corrected gain in the rare case it misses by > TOLERANCE.

    Returns the delivered loudness: measured before encoding (the whole episode) plus the
    codec's effect (measured on the sample by decoding it)."""
    assert spool.loudness is not None
    sample = work / "sample.pcm"
    trial_out = work / f"trial{temp.suffix}"
    pcm = spool_sample(spool.path, spool.rate)
    sample.write_bytes(pcm)

    def pcm_trial(gain_db: float, limit_db: float | None) -> float:
        return measure_pcm(pcm, spool.rate, gain_filters(gain_db, limit_db)).integrated

    def codec_trial(gain_db: float, limit_db: float | None) -> TrialResult:
        before = encode_episode(Mix(sample, spool.rate, gain_db, limit_db), trial_out, fmt,
                                opts.bitrate, opts.sample_rate)
        return TrialResult(before.integrated, measure_file(trial_out, true_peak=True))

    plan = solve_gain(spool.loudness, target, measure_pcm(pcm, spool.rate).integrated,
                      pcm_trial, codec_trial)
    limit_db = plan.limit_db
    if limit_db is None and (intro or outro):
        limit_db = LIMIT_DB  # the plan did not see the bumpers: keep their peaks in check
    trim = 0.0
    for attempt in range(2):
        mix = Mix(
            speech=spool.path, rate=spool.rate, speech_gain_db=plan.gain_db + trim,
            limit_db=limit_db,
            intro=intro, intro_gain_db=_bumper_gain(intro, target) + trim,
            outro=outro, outro_gain_db=_bumper_gain(outro, target) + trim,
        )
        measured = encode_episode(mix, temp, fmt, opts.bitrate, opts.sample_rate, chapters_file)
        if measured.integrated <= SILENT:
            return measured.integrated
        delivered = measured.integrated + plan.codec_offset
        if abs(target - delivered) <= TOLERANCE or attempt:
            return delivered
        trim += target - delivered
    raise AssertionError("unreachable")


def _bumper_gain(bumper: Bumper | None, target: float) -> float:
    if bumper is None or bumper.loudness.integrated <= SILENT:
        return 0.0
    return target - bumper.loudness.integrated


@contextlib.contextmanager
def _work_folder(out_path: Path) -> Iterator[Path]:
    """A hidden temporary folder beside `out_path`, removed on exit."""
    with tempfile.TemporaryDirectory(prefix=f".{out_path.stem}.", suffix=".work",
                                     dir=out_path.parent) as name:
        yield Path(name)


def output_settings(voice: VoicePreset, opts: NarrateOptions, fmt: OutputFormat) -> dict[str, Any]:
    """What, besides the text, decides the output: hashed into the manifest."""
    cover: str | None = None
    if opts.cover and not opts.no_cover:
        cover = source_sha256(opts.cover, "")
    return {
        "voice": voice.to_dict(), "format": fmt.name, "bitrate": opts.bitrate,
        "sample_rate": opts.sample_rate, "loudness": opts.loudness, "title": opts.title,
        "author": opts.author, "album": opts.album, "cover": cover, "no_cover": opts.no_cover,
        "intro": source_sha256(opts.intro, "") if opts.intro else None,
        "outro": source_sha256(opts.outro, "") if opts.outro else None,
        "transcript": opts.transcript, "chapters_json": opts.chapters_json,
    }


def manifest_data(script: Script, voice: VoicePreset, opts: NarrateOptions, fmt: OutputFormat,
                  episode: Episode, tags: EpisodeTags) -> dict[str, Any]:
    document = script.document
    text = "\n\n".join(document.paragraphs)
    source = document.source
    return {
        "narrate_version": __version__,
        "audio": episode.path.name,
        "format": fmt.name,
        "source": str(Path(source).resolve()) if source and source != "-" else "-",
        "source_sha256": source_sha256(source, text),
        "settings_sha256": settings_sha256(output_settings(voice, opts, fmt)),
        "title": script.title,
        "author": tags.artist,
        "date": tags.date,
        "description": description(document.paragraphs),
        "duration": round(episode.duration, 3),
        "chapters": len(episode.chapters),
        "loudness": {"target": opts.loudness, "integrated": episode.loudness},
        "sidecars": [p.name for p in episode.sidecars],
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }
