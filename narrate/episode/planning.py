"""The loudness plan: the gain and limiter ceiling that bring an episode to its target,
solved on the opening minute of speech (narrate.audio.loudness has the solver and says why), and
kept steady from run to run.

Two ways to plan, matching the two ways to encode (narrate.episode.produce): one ffmpeg stream is
planned through ffmpeg's own filters and encoder; MP3 blocks through narrate's limiter,
meter and in-process encoder (narrate.audio.leveling, narrate.audio.mp3encoder), so that each plan is
made with exactly what will apply it.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.version import __version__
from narrate.audio.encode import Mix, encode_episode
from narrate.audio.loudness import (
    CODEC_SLACK,
    GainPlan,
    Loudness,
    TrialResult,
    interpolate,
    measure_file,
    measure_gains,
    measure_pcm,
    solve_gain,
)

if TYPE_CHECKING:
    from narrate.audio.formats import OutputFormat

# Gains tried on the opening in one pass, around the solver's first guess (dB): the limiter
# only takes loudness away, so the answer lies above the guess; linear interpolation between
# points 1.5 dB apart is within 0.1 LU (ebur128 prints tenths) of a direct measurement here.
GRID_FROM, GRID_STEP, GRID_POINTS = -1.5, 1.5, 5
# What a codec takes off the loudness of eSpeak NG's speech (LU), measured at the default
# settings; the first try of the sample starts from it, and a batch from what the last
# document measured, so one round of encoding the sample usually suffices.
CODEC_OFFSET_GUESS = {"MP3": -0.4}
# Output settings (format, bitrate, sample rate, blocks): what a codec offset was measured for.
Settings = tuple[str, str | None, int | None, bool]


@dataclass
class PlanMemory:
    """What planning learns and shares within one run (a batch, or one `narrate_file`): the
    codec offset each set of output settings measured, and the turns documents take. Owned by
    the run's options, so two runs in one process never see each other's state."""

    offsets: dict[Settings, float] = field(default_factory=dict)
    planning_turn: threading.Lock = field(default_factory=threading.Lock)
    """One document plans at a time: a batch renders several at once, and their plans all at
    once only cost memory (the workers have the cores meanwhile)."""
    checking_turn: threading.Lock = field(default_factory=threading.Lock)
    """One speculative codec check at a time (see `checked_plan`)."""

    def __getstate__(self) -> dict[Settings, float]:
        """Sent to another process (a Dask task), it takes what was learned, not the turns."""
        return dict(self.offsets)

    def __setstate__(self, offsets: dict[Settings, float]) -> None:
        self.__init__(offsets)  # type: ignore[misc]

    def offset_guess(self, settings: Settings) -> float:
        """Where a plan's first codec try starts: what the last document learned, or the usual."""
        return self.offsets.get(settings, CODEC_OFFSET_GUESS.get(settings[0], 0.0))

    def learn(self, settings: Settings, guess: float, plan: GainPlan) -> None:
        """Start the next document's plan from the codec offset this one measured, if the guess
        was off: only then, because the same opening must give the same plan (and so the same
        block keys) in every run, or a re-run would encode every block again."""
        if abs(plan.codec_offset - guess) > CODEC_SLACK:
            self.offsets[settings] = round(plan.codec_offset, 1)


def plan_loudness(opening: bytes, rate: int, target: float, fmt: OutputFormat, bitrate: str | None,
                  sample_rate: int | None, memory: PlanMemory, work: Path) -> GainPlan:
    """Solve gain and limiter on the opening of the speech for one ffmpeg stream, trying the
    real codec on it.

    eSpeak NG's level is steady from paragraph to paragraph, so a minute predicts the whole
    closely (the 5,000-word sample: within 0.1 LU); the encoder's own measurement of the
    whole episode is the check."""
    sample = work / "sample.pcm"
    trial_out = work / "trial.audio"  # ffmpeg is told the container; readers probe the content
    sample.write_bytes(opening)
    grids: dict[float | None, list[tuple[float, float]]] = {}

    def pcm_trial(gain_db: float, limit_db: float | None) -> float:
        # one ffmpeg pass measures a grid of gains; the solver's tries read it in between
        points = grids.get(limit_db)
        if points is None or not points[0][0] <= gain_db <= points[-1][0]:
            gains = [gain_db + GRID_FROM + step * GRID_STEP for step in range(GRID_POINTS)]
            points = list(zip(gains, measure_gains(opening, rate, gains, limit_db)))
            grids[limit_db] = points
        return interpolate(points, gain_db)

    def codec_trial(gain_db: float, limit_db: float | None) -> TrialResult:
        # encode, then decode and measure, one after the other: run at once through a pipe
        # they took 0.1 s less, but two more ffmpegs at once broke the 200 MB peak for a book
        before = encode_episode(Mix(sample, rate, gain_db, limit_db), trial_out, fmt, bitrate, sample_rate)
        return TrialResult(before.integrated, measure_file(trial_out, true_peak=True))

    measured = measure_pcm(opening, rate)
    settings = (fmt.name, bitrate, sample_rate, False)
    offset = memory.offset_guess(settings)
    plan = solve_gain(measured, target, measured.integrated, pcm_trial, codec_trial, offset)
    memory.learn(settings, offset, plan)
    return plan


def plan_block_loudness(opening: bytes, rate: int, target: float, bitrate: str, offset: float,
                        codec: bool) -> GainPlan:
    """The same plan for MP3 blocks, through their own limiter, meter and encoder
    (narrate.audio.leveling): fast enough in-process that no grid is needed; ffmpeg only decodes
    the encoded sample to measure its true peak. `codec=False`: the PCM solve only, trusting
    `offset` (see `solve_gain`). Runs in a worker for long texts (picklable arguments)."""
    from narrate.audio.mp3encoder import Mp3Encoder
    from narrate.audio.leveling import Leveling, level, measure

    def pcm_trial(gain_db: float, limit_db: float | None) -> float:
        return measure(opening, rate, Leveling(gain_db, limit_db))[0]

    def codec_trial(gain_db: float, limit_db: float | None) -> TrialResult:
        levelled = level(opening, Leveling(gain_db, limit_db), rate)
        encoder = Mp3Encoder(rate, bitrate)
        with tempfile.TemporaryDirectory(prefix="narrate-plan-") as folder:
            trial = Path(folder) / "trial.mp3"  # a worker may run on another machine: its own disk
            trial.write_bytes(encoder.encode(levelled) + encoder.flush())
            return TrialResult(measure(levelled, rate)[0], measure_file(trial, true_peak=True))

    measured = Loudness(*measure(opening, rate))
    return solve_gain(measured, target, measured.integrated, pcm_trial, codec_trial if codec else None, offset)


def checked_plan(opening: bytes, rate: int, target: float, bitrate: str, offset: float,
                 memory: PlanMemory) -> GainPlan:
    """The speculative codec check of a short text, one at a time: a batch renders several
    documents at once, and each check's ffmpeg decoder is 35 MB (four at once: 140 MB of a
    50-article batch's peak), while the check itself takes 0.3 s beside blocks that take longer."""
    with memory.checking_turn:
        return plan_block_loudness(opening, rate, target, bitrate, offset, True)


STEADY_DB = 0.25  # a new plan this close to the last one keeps the last one's gain


def steady_plan(plan: GainPlan, previous: GainPlan | None) -> GainPlan:
    """The last output's gain when the new plan is within STEADY_DB of it (with the same limiter).

    The blocks' cache keys include the gain, and the gain is solved on the opening minute, whose
    loudness moves by a few thousandths of a LU when one of its chunks is spoken again (eSpeak
    NG's output differs a little from run to run) or a little more when it was edited: without
    this, such a re-run would encode every block again for an inaudible difference. The whole
    episode is still measured, and encoded again if it misses its target."""
    if (previous is not None and previous.limit_db == plan.limit_db
            and abs(previous.gain_db - plan.gain_db) <= STEADY_DB):
        return GainPlan(previous.gain_db, plan.limit_db, plan.codec_offset)
    return plan


@dataclass(frozen=True)
class RecordedPlan:
    """A block plan as an output's manifest records it: the plan and what it was planned on
    (`plan_basis`), so the next run at that path can keep it (`previous_plan`)."""

    plan: GainPlan
    basis: str

    def to_manifest(self) -> dict[str, float | str | None]:
        return {"gain_db": self.plan.gain_db, "limit_db": self.plan.limit_db,
                "codec_offset": self.plan.codec_offset, "basis": self.basis}


def plan_basis(opening: bytes, rate: int, target: float, bitrate: str, offset: float) -> str:
    """What a block plan is a function of: equal bases, equal plans, so a re-run whose opening
    minute is unchanged (most edits, every forced re-run from the cache) skips planning."""
    from narrate.audio.leveling import Leveling

    digest = hashlib.sha256(opening)
    digest.update(json.dumps([rate, target, bitrate, offset, Leveling().describe(), __version__]).encode())
    return digest.hexdigest()


def previous_plan(out_path: Path) -> RecordedPlan | None:
    """The plan the output at `out_path` was made with, from its manifest (None: none, or unreadable)."""
    from narrate.episode.manifest import read_manifest

    manifest = read_manifest(out_path)
    leveling = manifest.get("leveling") if manifest else None
    try:
        limit = leveling["limit_db"]  # type: ignore[index]
        plan = GainPlan(float(leveling["gain_db"]), None if limit is None else float(limit),  # type: ignore[index]
                        float(leveling["codec_offset"]))  # type: ignore[index]
        return RecordedPlan(plan, str(leveling["basis"]))  # type: ignore[index]
    except (KeyError, TypeError, ValueError):
        return None
