"""From synthesised segments to a finished episode: plan the loudness on the opening minute,
encode while synthesis goes on (measuring the whole), re-encode from the spool only if the
whole missed, tag, then write the sidecars and the manifest.

Temporary files (the spooled PCM, decoded intro/outro, chapter metadata) live in a hidden
folder beside the output, on the same disk, never in memory or a RAM-backed /tmp: a novel's
PCM is about 1 GB. They are removed however the run ends.
"""

from __future__ import annotations

import contextlib
import logging
import tempfile
import time
from collections.abc import Iterable, Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate import __version__
from narrate.cover import Cover, cover_from_bytes, generated_cover, read_cover
from narrate.encode import Mix, MixEncoder, add_mp4_chapters, encode_episode
from narrate.errors import OutputError
from narrate.fileio import atomic_path, write_text_atomic
from narrate.formats import OutputFormat, check_settings, format_for
from narrate.intro import Bumper, check_bumper, decode_bumper
from narrate.loudness import (
    LIMIT_DB,
    SILENT,
    TOLERANCE,
    GainPlan,
    TrialResult,
    gain_filters,
    measure_file,
    measure_pcm,
    solve_gain,
)
from narrate.manifest import description, settings_sha256, source_sha256, write_manifest
from narrate.model import Chapter, Episode, Script, Segment
from narrate.spool import Spool, exact_pauses, spool_pieces, take_seconds
from narrate.tags import EpisodeTags, write_tags
from narrate.timeline import plan_chapters, plan_cues, start_times
from narrate.transcript import (
    CHAPTERS_SUFFIX,
    SIDECAR_SUFFIX,
    TRANSCRIPT_KINDS,
    chapters_json,
    plain_text,
    sidecar_path,
    transcript_text,
)
from narrate.voices import VoicePreset

if TYPE_CHECKING:
    from narrate.pipeline import NarrateOptions

log = logging.getLogger(__name__)

INTRO_CHAPTER = "Intro"
PLAN_SECONDS = 60.0  # of speech to plan the loudness on before encoding starts


def check_output_options(out_path: Path, opts: NarrateOptions) -> OutputFormat:
    """Everything about the output that can be wrong, checked before any synthesis."""
    fmt = format_for(out_path)
    check_settings(fmt, out_path, opts.bitrate, opts.sample_rate)
    if opts.transcript and opts.transcript not in TRANSCRIPT_KINDS:
        kinds = ", ".join(TRANSCRIPT_KINDS)
        raise OutputError(f"unknown transcript kind {opts.transcript!r}; use one of {kinds}")
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
    """Encode `segments` as they come, then tag and describe the episode at `out_path`.

    Loudness is planned on the opening minute (`plan_loudness`) so encoding overlaps synthesis;
    the encoder measures the whole episode as it goes, and in the rare case that misses the
    target by more than TOLERANCE, the spooled speech is encoded again with the exact
    correction (no second synthesis).
    """
    fmt = check_output_options(out_path, opts)
    cover = episode_cover(script, opts)
    chunks = script.chunks
    pauses = [chunk.pause_after for chunk in chunks]
    target = opts.loudness
    with atomic_path(out_path) as temp, _work_folder(out_path) as work:
        spool = Spool(path=work / "speech.pcm")
        with spool.path.open("wb") as raw:
            pieces = spool_pieces(segments, pauses, spool, raw, opts.progress)
            opening = take_seconds(pieces, spool, PLAN_SECONDS)
            intro = decode_bumper(opts.intro, spool.rate, work / "intro.pcm") if opts.intro else None
            outro = decode_bumper(opts.outro, spool.rate, work / "outro.pcm") if opts.outro else None
            plan = plan_loudness(opening, spool.rate, target, fmt, opts, work)
            encoder = MixEncoder(_mix(None, spool.rate, plan, intro, outro, target), temp, fmt,
                                 opts.bitrate, opts.sample_rate)
            try:
                encoder.write(opening)
                del opening
                for piece in pieces:
                    encoder.write(piece)
                measured = encoder.close()
            except BaseException:
                encoder.abort()
                raise
        delivered = measured.integrated + plan.codec_offset
        if measured.integrated > SILENT and abs(target - delivered) > TOLERANCE:
            log.info("loudness %.1f LUFS missed %.1f: encoding again", delivered, target)
            mix = _mix(spool.path, spool.rate, plan, intro, outro, target, trim=target - delivered)
            measured = encode_episode(mix, temp, fmt, opts.bitrate, opts.sample_rate)
            delivered = measured.integrated + plan.codec_offset
        offset = intro.duration if intro else 0.0
        duration = offset + spool.duration + (outro.duration if outro else 0.0)
        starts = start_times(spool.speech, exact_pauses(pauses, spool.rate), offset)
        chapters = plan_chapters(chunks, starts, duration)
        if intro is not None and chapters:
            chapters.insert(0, Chapter(title=INTRO_CHAPTER, start=0.0, end=chapters[0].start))
        if fmt.tagger == "mp4" and chapters:
            add_mp4_chapters(temp, chapters, fmt, work)
        write_tags(temp, fmt, tags, chapters, cover, plain_text(chunks))
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


def plan_loudness(opening: bytes, rate: int, target: float, fmt: OutputFormat,
                  opts: NarrateOptions, work: Path) -> GainPlan:
    """Solve gain and limiter on the opening of the speech, trying the real codec on it.

    eSpeak NG's level is steady from paragraph to paragraph, so a minute predicts the whole
    closely (the 5,000-word sample: within 0.1 LU); the encoder's own measurement of the
    whole episode is the check."""
    sample = work / "sample.pcm"
    trial_out = work / "trial.audio"  # ffmpeg is told the container; readers probe the content
    sample.write_bytes(opening)

    def pcm_trial(gain_db: float, limit_db: float | None) -> float:
        return measure_pcm(opening, rate, gain_filters(gain_db, limit_db)).integrated

    def codec_trial(gain_db: float, limit_db: float | None) -> TrialResult:
        before = encode_episode(Mix(sample, rate, gain_db, limit_db), trial_out, fmt,
                                opts.bitrate, opts.sample_rate)
        return TrialResult(before.integrated, measure_file(trial_out, true_peak=True))

    measured = measure_pcm(opening, rate)
    return solve_gain(measured, target, measured.integrated, pcm_trial, codec_trial)


def _mix(speech: Path | None, rate: int, plan: GainPlan, intro: Bumper | None, outro: Bumper | None,
         target: float, trim: float = 0.0) -> Mix:
    limit_db = plan.limit_db
    if limit_db is None and (intro or outro):
        limit_db = LIMIT_DB  # the plan did not see the bumpers: keep their peaks in check
    return Mix(speech=speech, rate=rate, speech_gain_db=plan.gain_db + trim, limit_db=limit_db,
               intro=intro, intro_gain_db=_bumper_gain(intro, target) + trim,
               outro=outro, outro_gain_db=_bumper_gain(outro, target) + trim)


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
