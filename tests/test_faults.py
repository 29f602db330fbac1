"""What a batch survives: Ctrl-C, a second run on the same folder, stale locks, a read-only
or full output folder, damaged cache entries. Real processes, real signals, real filesystems.

Tests run as root, so permission bits stop nothing: the read-only folder is made immutable
(chattr +i) and the full disk is a tiny tmpfs mounted in a user namespace (unshare -rm).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from narrate.run.batch import gather, run_batch
from narrate.cli.commands import cli
from narrate.run.lock import LOCK_NAME, LockedError, folder_lock
from narrate.episode.pipeline import NarrateOptions
from narrate.cli.progress import QuietProgress
from tests.audio_check import decode, speech_regions


def article(title: str, paragraphs: int) -> str:
    return "\n\n".join([title, *(f"Paragraph {n} of {title} says something plain." for n in range(paragraphs))]) + "\n"


def narrate_cmd(*args: object) -> list[str]:
    return [sys.executable, "-m", "narrate", *(str(a) for a in args)]


def assert_only_whole_episodes(out: Path) -> list[str]:
    """Every episode in `out` is complete (decodes, has its manifest); no temporary files."""
    assert not [p for p in out.rglob("*") if "partial" in p.name]
    names = sorted(p.stem for p in out.glob("*.mp3"))
    assert sorted(p.name.removesuffix(".narrate.json") for p in out.glob("*.narrate.json")) == names
    for name in names:
        assert len(decode(out / f"{name}.mp3")) > 2000  # milliseconds: a whole episode, readable
    return names


@pytest.mark.parametrize("scheduler", [[], ["--scheduler", "local"]], ids=["local-pool", "dask"])
def test_ctrl_c_keeps_whole_files_and_a_second_run_is_refused_meanwhile(tmp_path, scheduler):
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    for n in range(8):
        (src / f"story{n:02}.txt").write_text(article(f"Story {n}", 15))
    batch = subprocess.Popen(narrate_cmd(src, "-o", out, "-j", "1", "--no-cache", *scheduler),
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = batch.stderr.readline()
        while line and not line.startswith("done"):
            line = batch.stderr.readline()
        assert line.startswith("done"), "the batch ended before finishing a file"
        # while it runs, a second run on the same folder is refused, and writes nothing
        second = CliRunner().invoke(cli, [str(src), "-o", str(out), "-q"])
        assert second.exit_code == 1
        assert second.stderr == (f"Error: {out.resolve()} is in use by another narrate run (pid {batch.pid}): "
                                 f"wait for it to finish, or delete {out.resolve() / LOCK_NAME} if that run is gone\n")
        os.killpg(batch.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group
        rest = batch.stderr.read()
        assert batch.wait(timeout=30) == 130
    finally:
        if batch.poll() is None:
            batch.kill()
    assert "interrupted: finished files are kept" in rest and "Traceback" not in rest
    finished = assert_only_whole_episodes(out)
    assert 1 <= len(finished) < 8
    assert not (out / LOCK_NAME).exists()

    rerun = subprocess.run(narrate_cmd(src, "-o", out, "-j", "2", "--no-cache"), stderr=subprocess.PIPE,
                           text=True, check=True)
    lines = rerun.stderr.splitlines()
    assert sum(line.startswith("skipped  ") for line in lines) == len(finished)
    assert sum(line.startswith("done     ") for line in lines) == 8 - len(finished)
    assert len(assert_only_whole_episodes(out)) == 8


def test_a_stale_lock_is_taken_over_and_a_live_one_is_not(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    lock = tmp_path / LOCK_NAME
    lock.write_text(f"{dead.stdout.strip()} {os.uname().nodename}\n")
    with folder_lock(tmp_path):
        assert lock.read_text().split()[0] == str(os.getpid())
        with pytest.raises(LockedError, match=f"in use by another narrate run \\(pid {os.getpid()}\\)"):
            folder_lock(tmp_path).__enter__()
    assert not lock.exists()
    lock.write_text(f"1 {os.uname().nodename}\n")  # init: always alive
    with pytest.raises(LockedError, match="pid 1\\)"):
        folder_lock(tmp_path).__enter__()
    lock.write_text("12345 another-host\n")  # a run on another machine sharing the folder
    with pytest.raises(LockedError, match="pid 12345 on another-host"):
        folder_lock(tmp_path).__enter__()


@pytest.fixture
def immutable(tmp_path):
    """A folder nobody can write in, root included (chattr +i); made mutable again afterwards."""
    folder = tmp_path / "out" / "news"
    folder.mkdir(parents=True)
    subprocess.run(["chattr", "+i", str(folder)], check=True)
    yield folder
    subprocess.run(["chattr", "-i", str(folder)], check=True)


@pytest.mark.parametrize("scheduler", [None, "local"], ids=["local-pool", "dask"])
def test_a_read_only_output_folder_fails_its_files_and_keeps_the_rest(tmp_path, immutable, scheduler):
    src = tmp_path / "in"
    (src / "news").mkdir(parents=True)
    (src / "one.txt").write_text(article("One", 3))
    (src / "news" / "two.txt").write_text(article("Two", 3))
    executor = None
    if scheduler:
        from narrate.run.dask_executor import DaskExecutor

        executor = DaskExecutor(scheduler, workers=1)
    report = run_batch(gather([src], tmp_path / "out"), NarrateOptions(jobs=1), QuietProgress(), executor=executor)
    assert [r.status for r in report.results] == ["failed", "done"]  # news/two.txt, one.txt
    assert report.results[0].reason == (f"cannot write {immutable / 'two.mp3'}: folder {immutable} is not writable")
    assert assert_only_whole_episodes(tmp_path / "out") == ["one"]
    assert list(immutable.iterdir()) == []


def test_a_full_disk_fails_the_file_that_does_not_fit_and_keeps_the_rest(tmp_path):
    src, out = tmp_path / "in", tmp_path / "out"
    (src / "full").mkdir(parents=True)
    (out / "full").mkdir(parents=True)
    (src / "one.txt").write_text(article("One", 3))
    (src / "full" / "short.txt").write_text(article("Short", 3))
    (src / "full" / "long.txt").write_text(article("Long", 60))
    # out/full is a 2 MiB filesystem: room for the short episode at 16k with its work files
    # (the loudness plan spools up to a minute of PCM beside the output), not for the long one
    script = (f"mount -t tmpfs -o size=2m tmpfs {out / 'full'} && {' '.join(narrate_cmd(src, '-o', out))} "
              f"--bitrate 16k -j 1 --no-cache; echo rc=$?; ls -A {out / 'full'}")
    run = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, check=True)
    assert f"failed   {src / 'full' / 'long.txt'}: cannot write {out / 'full' / 'long.mp3'}: No space left on device" \
        in run.stderr
    assert "done        2 files" in run.stderr
    assert run.stdout.split() == ["rc=1", "short.mp3", "short.narrate.json"]  # nothing partial left
    assert assert_only_whole_episodes(out) == ["one"]


def test_a_block_with_a_wrong_checksum_is_never_stitched(tmp_path, monkeypatch):
    cache_dir = tmp_path / "cache"
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(cache_dir))
    src = tmp_path / "one.txt"
    src.write_text(article("One", 3))
    jobs = gather([src], tmp_path / "out")
    run_batch(jobs, NarrateOptions(jobs=1), QuietProgress())
    (block,) = cache_dir.rglob("*.blk")
    damaged_block = bytearray(block.read_bytes())
    damaged_block[len(damaged_block) // 2] ^= 0x55  # same length, one byte of the audio changed
    block.write_bytes(bytes(damaged_block))
    segment = sorted(cache_dir.rglob("*.seg"))[1]
    damaged = bytearray(segment.read_bytes())
    damaged[-2] ^= 0x55
    segment.write_bytes(bytes(damaged))
    again = run_batch(jobs, NarrateOptions(jobs=1), QuietProgress(), force=True)
    assert (again.synthesised, again.reused) == (1, 3)  # the damaged chunk was spoken again
    assert block.read_bytes() != bytes(damaged_block) and segment.read_bytes() != bytes(damaged)
    assert len(speech_regions(decode(tmp_path / "out" / "one.mp3"))) == 4
    manifest = json.loads((tmp_path / "out" / "one.narrate.json").read_text())
    assert manifest["chunks"] == 4
    shutil.rmtree(cache_dir)


def test_an_unwritable_output_root_fails_each_file_without_a_lock(tmp_path, immutable):
    src = tmp_path / "one.txt"
    src.write_text(article("One", 3))
    report = run_batch(gather([src], immutable), NarrateOptions(jobs=1), QuietProgress())
    assert [(r.status, r.reason) for r in report.results] == [
        ("failed", f"cannot write {immutable / 'one.mp3'}: folder {immutable} is not writable")]
    assert list(immutable.iterdir()) == []
