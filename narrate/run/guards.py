"""Checks a run makes before it synthesises anything, and the tidying it does first.

A single-file run refuses an output that is one of its inputs (narrate.episode.outputs) or
that lies in a folder a live batch holds (narrate.run.lock), and removes what dead runs
left beside its output (narrate.fileio.remove_abandoned).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from narrate.episode.outputs import check_not_input
from narrate.episode.pipeline import check_output
from narrate.fileio import remove_abandoned
from narrate.run.lock import check_unlocked

if TYPE_CHECKING:
    from narrate.episode.pipeline import NarrateOptions


def check_single_run(source: str, out: Path, opts: NarrateOptions) -> None:
    check_output(out, opts)
    check_not_input(out, opts, [source])
    check_unlocked(out)
    remove_abandoned(out.parent if str(out.parent) else Path("."))
