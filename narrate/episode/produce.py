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
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from narrate import __version__
from narrate.episode import planning
from narrate.episode.cover import Cover, cover_from_bytes, generated_cover, read_cover
from narrate.audio.encode import Mix, MixEncoder, add_mp4_chapters, encode_episode
from narrate.errors import OutputError
from narrate.fileio import atomic_path, write_text_atomic
from narrate.audio.formats import OutputFormat, check_settings, format_for
from narrate.audio.intro import Bumper, check_bumper, decode_bumper
from narrate.audio.loudness import LIMIT_DB, SILENT, TOLERANCE, GainPlan
from narrate.episode.manifest import description, settings_sha256, source_sha256, write_manifest
from narrate.synthesis.memory import fix_mmap_threshold
from narrate.audio.pcm import with_pause
from narrate.model import SAMPLE_WIDTH, Chapter, Chunk, Episode, Script, Segment
from narrate.audio.spool import Spool, exact_pauses, spool_pieces, take_seconds
from narrate.episode.tags import EpisodeTags, write_tags
from narrate.episode.timeline import plan_chapters, plan_cues, start_times
from narrate.episode.transcript import (
    CHAPTERS_SUFFIX,
    SIDECAR_SUFFIX,
    TRANSCRIPT_KINDS,
    chapters_json,
    plain_text,
    sidecar_path,
    transcript_text,
)
from narrate.voice.presets import VoicePreset

if TYPE_CHECKING:
    from narrate.voice.engines import EngineOptions
    from narrate.episode.pipeline import NarrateOptions
    from narrate.synthesis.synthesizer import Synthesizer

log = logging.getLogger(__name__)

INTRO_CHAPTER = "Intro"
PLAN_SECONDS = 60.0  # of speech to plan the loudness on before encoding starts
# Up to this many chunks (about a quarter of an hour), the sample's codec check runs beside
# the blocks' encoding instead of before it; it rarely changes the plan, and when it does,
# re-encoding a short text costs little.
SPECULATE_MAX_CHUNKS = 100
# One document plans at a time: a batch renders several at once, and their plans all at once
# only cost memory (the workers have the cores meanwhile).
_PLANNING = threading.Lock()


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


@dataclass
class Rendered:
    """Where the encoded audio's parts lie: what chapters, cues and the manifest are made from."""

    duration: float
    starts: list[float]  # when each chunk's speech is heard
    speech: list[float]  # how long each chunk's speech lasts
    delivered: float  # integrated loudness a listener gets (LUFS)
    intro: float = 0.0  # seconds of intro before the speech (0: none)
    openings: list[float] | None = None  # where chapters opened by each chunk start; None: `starts`
    plan: planning.RecordedPlan | None = None  # the blocks' gain and limiter, for the manifest


def uses_blocks(fmt: OutputFormat, opts: NarrateOptions) -> bool:
    """MP3 without bumpers or resampling is encoded in parallel blocks (narrate.synthesis.blocks);
    everything else as one stream."""
    return fmt.name == "MP3" and not opts.intro and not opts.outro and not opts.sample_rate


def draw_cover_last(fmt: OutputFormat, opts: NarrateOptions, chunks: int) -> bool:
    """A long text's blocks are made by two workers at once: drawing the cover beside them
    would add Pillow and FreeType (about 14 MB) to the peak memory of the process tree, and
    0.2 s at the end is nothing to a long text."""
    return uses_blocks(fmt, opts) and chunks > SPECULATE_MAX_CHUNKS


def produce_episode(script: Script, voice: VoicePreset, out_path: Path, opts: NarrateOptions,
                    synthesizer: Synthesizer, options: EngineOptions | None, started: float,
                    tags: EpisodeTags) -> Episode:
    """Synthesise and encode the episode at `out_path`, then tag and describe it.

    Loudness is planned on the opening minute (`plan_loudness`) so encoding overlaps synthesis,
    and the whole episode is measured as it is encoded; in the rare case that misses the
    target by more than TOLERANCE, it is encoded again with the exact correction (from the
    spool, or from the segment cache for blocks).
    """
    fmt = check_output_options(out_path, opts)
    fix_mmap_threshold()
    cover_made = None
    if not draw_cover_last(fmt, opts, len(script.chunks)):
        drawing = ThreadPoolExecutor(max_workers=1)  # a generated cover takes 0.2 s: beside synthesis
        cover_made = drawing.submit(episode_cover, script, opts)
        drawing.shutdown(wait=False)
    chunks = script.chunks
    with atomic_path(out_path) as temp, _work_folder(out_path) as work:
        if uses_blocks(fmt, opts):
            previous = planning.previous_plan(out_path)
            rendered = _produce_blocks(script, voice, opts, fmt, synthesizer, options, temp, work, previous)
        else:
            segments = synthesizer.synthesize(chunks, voice, options)
            rendered = _produce_stream(script, opts, fmt, segments, temp, work)
        chapters = plan_chapters(chunks, rendered.openings or rendered.starts, rendered.duration)
        if rendered.intro and chapters:
            chapters.insert(0, Chapter(title=INTRO_CHAPTER, start=0.0, end=chapters[0].start))
        if fmt.tagger == "mp4" and chapters:
            add_mp4_chapters(temp, chapters, fmt, work)
        cover = cover_made.result() if cover_made is not None else episode_cover(script, opts)
        write_tags(temp, fmt, tags, chapters, cover, plain_text(chunks))
    cues = plan_cues(chunks, rendered.starts, rendered.speech)
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
        path=out_path, title=script.title, duration=rendered.duration, chapters=chapters, cues=cues,
        size=out_path.stat().st_size, elapsed=time.perf_counter() - started, chunks=len(chunks),
        loudness=round(rendered.delivered, 1), sidecars=sidecars,
    )
    version = synthesizer.engine_version(voice.engine, options)
    data = manifest_data(script, voice, opts, fmt, episode, tags, version)
    if rendered.plan is not None:
        data["leveling"] = rendered.plan.to_manifest()
    write_manifest(out_path, data)
    return episode


def _produce_stream(script: Script, opts: NarrateOptions, fmt: OutputFormat,
                    segments: Iterable[Segment], temp: Path, work: Path) -> Rendered:
    """One ffmpeg stream fed as synthesis goes, with the speech spooled for a second pass."""
    pauses = [chunk.pause_after for chunk in script.chunks]
    target = opts.loudness
    spool = Spool(path=work / "speech.pcm")
    with spool.path.open("wb") as raw:
        pieces = spool_pieces(segments, pauses, spool, raw, opts.progress)
        opening = take_seconds(pieces, spool, PLAN_SECONDS)
        intro = decode_bumper(opts.intro, spool.rate, work / "intro.pcm") if opts.intro else None
        outro = decode_bumper(opts.outro, spool.rate, work / "outro.pcm") if opts.outro else None
        plan = planning.plan_loudness(opening, spool.rate, target, fmt, opts, work)
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
    return Rendered(duration=duration, starts=starts, speech=spool.speech, delivered=delivered,
                    intro=offset)


def _produce_blocks(script: Script, voice: VoicePreset, opts: NarrateOptions, fmt: OutputFormat,
                    synthesizer: Synthesizer, options: EngineOptions | None, temp: Path,
                    work: Path, previous: planning.RecordedPlan | None = None) -> Rendered:
    """Blocks encoded by the workers with the planned gain and limiter, joined frame by frame
    (narrate.audio.blockjoin); the blocks' own loudness meters add up to the whole's. `previous`:
    the plan the last output at this path was made with, kept if the new one is close."""
    from narrate.audio.blockjoin import join_blocks
    from narrate.audio.leveling import Leveling

    chunks = script.chunks
    target = opts.loudness
    bitrate = opts.bitrate or fmt.default_bitrate or "64k"
    scratch = work / "segments"
    opening, rate, planned = opening_pcm(synthesizer, chunks, voice, options, scratch)
    ahead = SynthesisAhead(synthesizer, chunks, planned, voice, options, scratch)
    speculate = bool(opening) and len(chunks) <= SPECULATE_MAX_CHUNKS
    settings = (fmt.name, opts.bitrate, opts.sample_rate, True)
    offset = planning.offset_guess(settings)
    basis = planning.plan_basis(opening, rate, target, bitrate, offset)
    unchanged = previous is not None and previous.basis == basis
    speculate = speculate and not unchanged  # the same opening, planned the same way: the last plan
    try:
        with _PLANNING:
            if previous is not None and unchanged:
                plan = previous.plan
            elif not opening:
                plan = GainPlan(0.0, None)
            elif speculate:
                plan = planning.plan_block_loudness(opening, rate, target, bitrate, offset, False)
            else:  # a long text: planned in a worker, so numpy never loads in this process
                plan = synthesizer.call(voice.engine, options, planning.plan_block_loudness, opening, rate, target,
                                        bitrate, offset, True)
                planning.learn_offset(settings, offset, plan)
            plan = planning.steady_plan(plan, previous.plan if previous else None)
    finally:
        counted = set(range(planned)) | ahead.stop()
    checking = None
    if speculate:  # short texts: check the sample through the codec while the blocks encode
        checking = ThreadPoolExecutor(max_workers=1)
        checked = checking.submit(planning.checked_plan, opening, rate, target, bitrate, offset)
        checking.shutdown(wait=False)
    blocks = synthesizer.blocks(chunks, voice, bitrate, Leveling(plan.gain_db, plan.limit_db), options,
                                scratch, counted)
    joined = join_blocks(blocks, temp, len(chunks), opts.progress)
    if checking is not None:
        full = checked.result()
        planning.learn_offset(settings, offset, full)
        full = planning.steady_plan(full, previous.plan if previous else None)
        if Leveling(full.gain_db, full.limit_db).describe() != Leveling(plan.gain_db, plan.limit_db).describe():
            log.info("the codec check changed the plan: encoding again")
            blocks = synthesizer.blocks(chunks, voice, bitrate, Leveling(full.gain_db, full.limit_db),
                                        options, scratch, range(len(chunks)))
            joined = join_blocks(blocks, temp, len(chunks))
        plan = full
    del opening
    delivered = joined.integrated + plan.codec_offset
    if joined.integrated > SILENT and abs(target - delivered) > TOLERANCE:
        log.info("loudness %.1f LUFS missed %.1f: encoding again", delivered, target)
        leveling = Leveling(plan.gain_db + target - delivered, plan.limit_db)
        blocks = synthesizer.blocks(chunks, voice, bitrate, leveling, options, scratch, range(len(chunks)))
        joined = join_blocks(blocks, temp, len(chunks))
        delivered = joined.integrated + plan.codec_offset
        plan = GainPlan(leveling.gain_db, leveling.limit_db, plan.codec_offset)
    return Rendered(duration=joined.duration, starts=joined.starts, speech=joined.speech,
                    delivered=delivered, openings=joined.openings,
                    plan=planning.RecordedPlan(plan, basis))


class SynthesisAhead:
    """Synthesise the chunks after the opening that the cache lacks while the loudness is
    planned (planning holds this thread, or waits on a worker, so the engine would otherwise
    wait);
    the blocks then find them there. `stop` returns the indices done (counted in the stats)."""

    def __init__(self, synthesizer: Synthesizer, chunks: Sequence[Chunk], start: int,
                 voice: VoicePreset, options: EngineOptions | None, scratch: Path) -> None:
        self._stopping = threading.Event()
        self._done: set[int] = set()
        self._start = start
        self._segments = synthesizer.synthesize(chunks[start:], voice, options, scratch, only_missing=True)
        self._thread = threading.Thread(target=self._run, name="narrate-ahead", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            for segment in self._segments:
                self._done.add(self._start + segment.index)
                if self._stopping.is_set():
                    break
        except Exception:  # noqa: BLE001 - the blocks synthesise again and report the error
            log.debug("synthesis ahead stopped", exc_info=True)
        finally:
            self._segments.close()  # type: ignore[attr-defined]

    def stop(self) -> set[int]:
        self._stopping.set()
        self._thread.join()
        return self._done


def opening_pcm(synthesizer: Synthesizer, chunks: Sequence[Chunk], voice: VoicePreset,
                options: EngineOptions | None, scratch: Path,
                seconds: float = PLAN_SECONDS) -> tuple[bytes, int, int]:
    """The first `seconds` of speech with its pauses, to plan the loudness on, its rate and
    how many chunks it holds. Its segments go to the cache (or `scratch`), where the block
    workers find them."""
    pieces: list[bytes] = []
    samples, rate = 0, 0
    segments = synthesizer.synthesize(chunks, voice, options, scratch)
    try:
        for segment in segments:
            rate = segment.sample_rate
            piece = with_pause(segment, chunks[segment.index].pause_after).raw_data
            pieces.append(piece)
            samples += len(piece) // SAMPLE_WIDTH
            if samples >= seconds * rate:
                break
    finally:
        segments.close()  # type: ignore[attr-defined]
    return b"".join(pieces), rate, len(pieces)


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


def output_settings(voice: VoicePreset, opts: NarrateOptions, fmt: OutputFormat,
                    engine_version: str) -> dict[str, Any]:
    """What, besides the text, decides the output: hashed into the manifest (and compared by
    batches to tell what is up to date)."""
    cover: str | None = None
    if opts.cover and not opts.no_cover:
        cover = source_sha256(opts.cover, "")
    return {
        "voice": voice.to_dict(), "engine_version": engine_version, "narrate": __version__,
        "lexicon": [source_sha256(str(p), "") for p in _paths(opts.lexicon)],
        "skip": list(_paths(opts.skip)), "format": fmt.name, "bitrate": opts.bitrate,
        "sample_rate": opts.sample_rate, "loudness": opts.loudness, "title": opts.title,
        "author": opts.author, "album": opts.album, "cover": cover, "no_cover": opts.no_cover,
        "intro": source_sha256(opts.intro, "") if opts.intro else None,
        "outro": source_sha256(opts.outro, "") if opts.outro else None,
        "transcript": opts.transcript, "chapters_json": opts.chapters_json,
    }


def _paths(value: object) -> list[str]:
    if not value:
        return []
    return [str(value)] if isinstance(value, (str, Path)) else [str(v) for v in value]  # type: ignore[attr-defined]


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
    }
