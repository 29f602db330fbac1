"""Shared fixtures: real engine, real ffmpeg, no patched world."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests never read or write a failure database: a fresh clone and a warm checkout
# run the same examples (the cases found so far are pinned with @example instead).
# No deadline either: on a loaded two-core machine a first call can take longer than 200 ms.
settings.register_profile("narrate", database=None, deadline=None)
settings.load_profile("narrate")

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "samples" / "welcome.txt"

# The segment cache goes to a throwaway folder, never the user's cache (set before any test
# runs, so CLI subprocesses inherit it too).
os.environ["NARRATE_CACHE_DIR"] = tempfile.mkdtemp(prefix="narrate-test-cache-")
atexit.register(shutil.rmtree, os.environ["NARRATE_CACHE_DIR"], ignore_errors=True)


@pytest.fixture(scope="session")
def sample_path() -> Path:
    return SAMPLE


@pytest.fixture(scope="session")
def narrated_sample(tmp_path_factory: pytest.TempPathFactory):
    """The bundled sample narrated once per session (the expensive part of many tests)."""
    from narrate.episode.pipeline import narrate_file

    out = tmp_path_factory.mktemp("sample") / "welcome.mp3"
    episode = narrate_file(SAMPLE, out)
    return episode
