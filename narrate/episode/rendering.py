"""Two ways to turn a script into encoded audio, behind one interface (`Renderer`):

- `BlockRenderer`: MP3 without bumpers or resampling. Runs of paragraphs are synthesised,
  levelled and encoded as blocks by the workers and joined frame by frame
  (narrate.synthesis.blocks, narrate.audio.blockjoin); the blocks' own meters add up to the
  whole's loudness, and unchanged blocks come back from the cache on a re-run.
- `StreamRenderer`: every other format. One ffmpeg stream is fed as synthesis goes, with the
  speech spooled to disk for a second pass.

Both plan the loudness on the opening minute of speech (narrate.episode.planning) so that
encoding overlaps synthesis, measure the whole as they encode, and encode again with the exact
correction in the rare case the whole missed its target by more than TOLERANCE.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from narrate.audio.encode import Mix, MixEncoder, encode_episode
from narrate.audio.formats import OutputFormat
from narrate.audio.intro import Bumper, decode_bumper
from narrate.audio.loudness import LIMIT_DB, SILENT, TOLERANCE, GainPlan
from narrate.audio.pcm import with_pause
from narrate.audio.spool import Spool, exact_pauses, spool_pieces, take_seconds
from narrate.episode import planning
from narrate.episode.concurrency import SynthesisAhead, in_background
from narrate.episode.options import NarrateOptions
from narrate.episode.timeline import start_times
from narrate.model import SAMPLE_WIDTH, Chunk, ChunkProgress, Script, WordMark
from narrate.waiting import result_of

if TYPE_CHECKING:
    from narrate.synthesis.cacheusage import DocumentUse
    from narrate.synthesis.synthesizer import Synthesizer
    from narrate.voice.engines import EngineOptions
    from narrate.voice.presets import VoicePreset

log = logging.getLogger(__name__)

PLAN_SECONDS = 60.0  # of speech to plan the loudness on before encoding starts
# Up to this many chunks (about a quarter of an hour), the sample's codec check runs beside
# the blocks' encoding instead of before it; it rarely changes the plan, and when it does,
# re-encoding a short text costs little.
SPECULATE_MAX_CHUNKS = 100


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
    marks: list[tuple[WordMark, ...]] = field(default_factory=list)
    """Each chunk's word marks, in samples (at `rate`) from the start of its speech."""
    rate: int = 0


@dataclass(frozen=True)
class RenderJob:
    """Everything a renderer needs for one episode."""

    script: Script
    voice: VoicePreset
    opts: NarrateOptions
    fmt: OutputFormat
    synthesizer: Synthesizer
    engine: EngineOptions | None
    out_path: Path  # where the episode will be (its manifest holds the last plan)
    temp: Path  # where to write the audio now (renamed to out_path when all is done)
    work: Path  # a scratch folder beside the output, removed afterwards
    use: DocumentUse | None = None  # the document's record in the cache: its blocks are added


class Renderer(Protocol):
    def render(self, job: RenderJob) -> Rendered:
        """Synthesise and encode the job's script into `job.temp`."""


def renderer_for(fmt: OutputFormat, opts: NarrateOptions) -> Renderer:
    return BlockRenderer() if uses_blocks(fmt, opts) else StreamRenderer()


def uses_blocks(fmt: OutputFormat, opts: NarrateOptions) -> bool:
    """MP3 without bumpers or resampling is encoded in parallel blocks; everything else as one stream."""
    return fmt.name == "MP3" and not opts.intro and not opts.outro and not opts.sample_rate


def is_long(fmt: OutputFormat, opts: NarrateOptions, chunks: int) -> bool:
    """A long text's blocks are made by every worker at once, and planned in a worker: work
    beside them (a generated cover: Pillow and FreeType, about 14 MB) would add to the peak
    memory of the process tree, and 0.2 s at the end is nothing to a long text."""
    return uses_blocks(fmt, opts) and chunks > SPECULATE_MAX_CHUNKS


class StreamRenderer:
    """One ffmpeg stream fed as synthesis goes, with the speech spooled for a second pass."""

    def render(self, job: RenderJob) -> Rendered:
        opts, fmt, work = job.opts, job.fmt, job.work
        pauses = [chunk.pause_after for chunk in job.script.chunks]
        target = opts.loudness
        segments = job.synthesizer.synthesize(job.script.chunks, job.voice, job.engine)
        spool = Spool(path=work / "speech.pcm")
        with spool.path.open("wb") as raw:
            pieces = spool_pieces(segments, pauses, spool, raw, opts.progress)
            opening = take_seconds(pieces, spool, PLAN_SECONDS)
            intro = decode_bumper(opts.intro, spool.rate, work / "intro.pcm") if opts.intro else None
            outro = decode_bumper(opts.outro, spool.rate, work / "outro.pcm") if opts.outro else None
            plan = planning.plan_loudness(opening, spool.rate, target, fmt, opts.bitrate, opts.sample_rate,
                                          opts.plans, work)
            encoder = MixEncoder(_mix(None, spool.rate, plan, intro, outro, target), job.temp, fmt,
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
            measured = encode_episode(mix, job.temp, fmt, opts.bitrate, opts.sample_rate)
            delivered = measured.integrated + plan.codec_offset
        offset = intro.duration if intro else 0.0
        duration = offset + spool.duration + (outro.duration if outro else 0.0)
        starts = start_times(spool.speech, exact_pauses(pauses, spool.rate), offset)
        return Rendered(duration=duration, starts=starts, speech=spool.speech, delivered=delivered,
                        intro=offset, marks=spool.marks, rate=spool.rate)


class BlockRenderer:
    """Blocks encoded by the workers with the planned gain and limiter, joined frame by frame;
    the plan the last output at this path was made with is kept if the new one is close."""

    def render(self, job: RenderJob) -> Rendered:
        from narrate.audio.blockjoin import join_blocks
        from narrate.audio.leveling import Leveling

        opts, synthesizer, voice, engine = job.opts, job.synthesizer, job.voice, job.engine
        chunks = job.script.chunks
        memory = opts.plans
        previous = planning.previous_plan(job.out_path)
        target = opts.loudness
        bitrate = opts.bitrate or job.fmt.default_bitrate or "64k"
        scratch = job.work / "segments"
        progress = forward_only(opts.progress)
        opening, rate, planned = opening_pcm(synthesizer, chunks, voice, engine, scratch, progress=progress)
        policy = voice.spec.workers
        # with one job nothing is left waiting for the last block
        chunks_first = policy is not None and policy.chunks_before_blocks and synthesizer.jobs > 1
        ahead = SynthesisAhead(synthesizer, chunks, planned, voice, engine, scratch,
                               progress if chunks_first else None,
                               len(opening) / SAMPLE_WIDTH / rate if rate else 0.0)
        settings = (job.fmt.name, opts.bitrate, opts.sample_rate, True)
        offset = memory.offset_guess(settings)
        basis = planning.plan_basis(opening, rate, target, bitrate, offset)
        unchanged = previous is not None and previous.basis == basis
        # the same opening, planned the same way: the last plan, and nothing to check
        speculate = bool(opening) and len(chunks) <= SPECULATE_MAX_CHUNKS and not unchanged
        try:
            with memory.planning_turn:
                if previous is not None and unchanged:
                    plan = previous.plan
                elif not opening:
                    plan = GainPlan(0.0, None)
                elif speculate:
                    plan = planning.plan_block_loudness(opening, rate, target, bitrate, offset, False)
                else:  # a long text: planned in a worker, so numpy never loads in this process
                    plan = synthesizer.call(voice.engine, engine, planning.plan_block_loudness, opening, rate,
                                            target, bitrate, offset, True)
                    memory.learn(settings, offset, plan)
                plan = planning.steady_plan(plan, previous.plan if previous else None)
            counted = set(range(planned)) | (ahead.finish() if chunks_first else ahead.stop())
        except BaseException as exc:  # Ctrl-C while planning or waiting: stop, without waiting for a chunk
            if isinstance(exc, KeyboardInterrupt):
                synthesizer.stop()
            ahead.stop()
            raise
        # short texts: check the sample through the codec while the blocks encode
        checked = in_background(planning.checked_plan, opening, rate, target, bitrate, offset,
                                memory) if speculate else None
        blocks = synthesizer.blocks(chunks, voice, bitrate, Leveling(plan.gain_db, plan.limit_db), engine,
                                    scratch, counted, job.use)
        joined = join_blocks(blocks, job.temp, len(chunks), progress)
        if checked is not None:
            full = result_of(checked)
            memory.learn(settings, offset, full)
            full = planning.steady_plan(full, previous.plan if previous else None)
            if Leveling(full.gain_db, full.limit_db).describe() != Leveling(plan.gain_db, plan.limit_db).describe():
                log.info("the codec check changed the plan: encoding again")
                blocks = synthesizer.blocks(chunks, voice, bitrate, Leveling(full.gain_db, full.limit_db),
                                            engine, scratch, range(len(chunks)), job.use)
                joined = join_blocks(blocks, job.temp, len(chunks))
            plan = full
        del opening
        delivered = joined.integrated + plan.codec_offset
        if joined.integrated > SILENT and abs(target - delivered) > TOLERANCE:
            log.info("loudness %.1f LUFS missed %.1f: encoding again", delivered, target)
            leveling = Leveling(plan.gain_db + target - delivered, plan.limit_db)
            blocks = synthesizer.blocks(chunks, voice, bitrate, leveling, engine, scratch, range(len(chunks)),
                                        job.use)
            joined = join_blocks(blocks, job.temp, len(chunks))
            delivered = joined.integrated + plan.codec_offset
            plan = GainPlan(leveling.gain_db, leveling.limit_db, plan.codec_offset)
        return Rendered(duration=joined.duration, starts=joined.starts, speech=joined.speech,
                        delivered=delivered, openings=joined.openings,
                        plan=planning.RecordedPlan(plan, basis), marks=joined.marks, rate=joined.rate)


def forward_only(progress: ChunkProgress | None) -> ChunkProgress | None:
    """`progress`, told only of counts not behind the furthest one: synthesis ahead reports
    first, then the joined blocks count again from the start (their last report, with the
    episode's exact seconds, goes through)."""
    if progress is None:
        return None
    furthest = [-1]

    def tell(done: int, total: int, seconds: float) -> None:
        if done >= furthest[0]:
            furthest[0] = done
            progress(done, total, seconds)

    return tell


def opening_pcm(synthesizer: Synthesizer, chunks: Sequence[Chunk], voice: VoicePreset,
                options: EngineOptions | None, scratch: Path,
                seconds: float = PLAN_SECONDS, progress: ChunkProgress | None = None) -> tuple[bytes, int, int]:
    """The first `seconds` of speech with its pauses, to plan the loudness on, its rate and
    how many chunks it holds. Its segments go to the cache (or `scratch`), where the block
    workers find them. `progress` is told of each chunk (with a neural voice the opening
    minute is most of a minute's work: the first thing a listener waits for)."""
    pieces: list[bytes] = []
    samples, rate = 0, 0
    segments = synthesizer.synthesize(chunks, voice, options, scratch)
    try:
        for segment in segments:
            rate = segment.sample_rate
            piece = with_pause(segment, chunks[segment.index].pause_after).raw_data
            pieces.append(piece)
            samples += len(piece) // SAMPLE_WIDTH
            if progress is not None:
                progress(len(pieces), len(chunks), samples / rate)
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
