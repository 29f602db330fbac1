"""Batches on a real Dask cluster: a LocalCluster of two worker processes (one thread each),
shared by this module, reached through its tcp:// address like a remote scheduler.

Audio is compared as in tests/test_batch.py: eSpeak NG's output can differ by a few ms from
one run to the next, so lengths and speech regions are compared within a frame or two.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import distributed  # the dask extra (CI installs it)
import pytest
from click.testing import CliRunner

from narrate.run.batch import gather, run_batch
from narrate.cli.commands import cli
from narrate.run.dask_executor import ClusterError, DaskExecutor
from narrate.episode.pipeline import NarrateOptions
from narrate.cli.progress import QuietProgress
from tests.audio_check import decode, speech_regions



def article(title: str, paragraphs: int, words: str = "says something short and plain") -> str:
    return "\n\n".join([title, *(f"Paragraph {n} {words}." for n in range(paragraphs))]) + "\n"


WORKERS_BACK_SECONDS = 240


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0", silence_logs=50) as local:
        yield local


@pytest.fixture
def inbox(tmp_path):
    root = tmp_path / "inbox"
    (root / "deep").mkdir(parents=True)
    (root / "one.txt").write_text(article("First Story", 3))
    (root / "deep" / "two.txt").write_text(article("Second Story", 4))
    (root / "three.txt").write_text(article("Third Story", 2))
    (root / "empty.txt").write_text("")
    return root


def test_cluster_makes_the_same_episodes_as_this_machine(cluster, inbox, tmp_path):
    jobs_here, jobs_there = gather([inbox], tmp_path / "here"), gather([inbox], tmp_path / "there")
    opts = NarrateOptions(jobs=2, cache=False)
    here = run_batch(jobs_here, opts, QuietProgress())
    there = run_batch(jobs_there, opts, QuietProgress(), executor=DaskExecutor(cluster.scheduler_address))
    assert [r.status for r in there.results] == [r.status for r in here.results]
    assert [r.status for r in there.results] == ["done", "failed", "done", "done"]  # deep/two, empty, ...
    assert there.results[1].reason == here.results[1].reason
    assert there.synthesised == here.synthesised == 4 + 5 + 3
    files = sorted(str(p.relative_to(tmp_path / "here")) for p in (tmp_path / "here").rglob("*.*"))
    assert files == sorted(str(p.relative_to(tmp_path / "there")) for p in (tmp_path / "there").rglob("*.*"))
    for name in ("one", "three", "deep/two"):
        a, b = decode(tmp_path / "here" / f"{name}.mp3"), decode(tmp_path / "there" / f"{name}.mp3")
        assert abs(len(a) - len(b)) <= 30
        regions_a, regions_b = speech_regions(a), speech_regions(b)
        assert len(regions_a) == len(regions_b) >= 3
        for (a_start, a_end), (b_start, b_end) in zip(regions_a, regions_b):
            assert abs(a_start - b_start) <= 30 and abs(a_end - b_end) <= 30
        manifests = [json.loads((tmp_path / side / f"{name}.narrate.json").read_text()) for side in ("here", "there")]
        for key in ("source", "source_sha256", "settings_sha256", "title", "chunks"):
            assert manifests[0][key] == manifests[1][key]
    # the client wrote the files: up to date for either executor
    again = run_batch(jobs_here, opts, QuietProgress(), executor=DaskExecutor(cluster.scheduler_address))
    assert [r.status for r in again.results] == ["skipped", "failed", "skipped", "skipped"]


def test_a_worker_killed_mid_task_is_replaced_and_the_batch_completes(cluster, tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    for n in range(3):
        (src / f"long{n}.txt").write_text(article(f"Long {n}", 60, f"of story {n} goes on at some length"))
    client = distributed.Client(cluster.scheduler_address)
    killed: list[int] = []

    def kill_a_busy_worker() -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            busy = [worker for worker, tasks in client.processing().items()
                    if any(str(t).startswith("narrate-") for t in tasks)]
            if busy:
                pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.02)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    try:
        report = run_batch(gather([src], tmp_path / "out"), NarrateOptions(cache=False), QuietProgress(),
                           executor=DaskExecutor(cluster.scheduler_address))
    finally:
        killer.join()
        client.close()
    assert killed, "no worker was ever seen running a task"
    # the scheduler (in this process) saw a task start twice: the killed worker held it
    starts = [entry for entry in cluster.scheduler.transition_log
              if str(entry[0]).startswith("narrate-long") and entry[2] == "processing"]
    assert len(starts) > 3
    assert [r.status for r in report.results] == ["done"] * 3
    for n in range(3):
        assert len(speech_regions(decode(tmp_path / "out" / f"long{n}.mp3"))) == 61
    assert not list((tmp_path / "out").glob(".*partial*"))


def test_cli_prints_the_report_and_a_version_mismatch_is_one_line(cluster, inbox, tmp_path, monkeypatch):
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, [str(inbox), "-o", str(out), "--scheduler", cluster.scheduler_address],
                                catch_exceptions=False)
    assert result.exit_code == 1  # empty.txt
    assert f"done     {inbox / 'one.txt'} -> {out / 'one.mp3'}" in result.stderr
    assert "done        3 files" in result.stderr and "failed       1 file" in result.stderr
    assert f"{inbox / 'empty.txt'} is empty" in result.stderr
    assert not (out / ".narrate.run.lock").exists()

    # this client pretends to be another release: the workers (other processes) are not
    monkeypatch.setattr("narrate.run.dask_executor.__version__", "0.0.1")
    result = CliRunner().invoke(cli, [str(inbox), "-o", str(out), "--force", "--scheduler",
                                      cluster.scheduler_address])
    assert result.exit_code == 1
    error = result.stderr.splitlines()[-1]  # after the line about empty.txt, read here
    assert error.startswith("Error: worker tcp://127.0.0.1:") and "Traceback" not in result.stderr
    assert "this client narrate 0.0.1" in error and error.endswith("install the same versions on every worker")
    assert not list(out.glob(".*partial*")) and not (out / ".narrate.run.lock").exists()


def test_local_cluster_from_the_command_line(inbox, tmp_path):
    (inbox / "empty.txt").unlink()
    result = CliRunner().invoke(cli, [str(inbox / "one.txt"), str(inbox / "three.txt"), "-o",
                                      str(tmp_path / "out"), "--scheduler", "local", "-j", "2", "-q"],
                                catch_exceptions=False)
    assert result.exit_code == 0 and result.stderr == ""
    assert sorted(p.name for p in (tmp_path / "out").glob("*.mp3")) == ["one.mp3", "three.mp3"]


def test_unreachable_scheduler_is_a_clear_error(inbox, tmp_path):
    with pytest.raises(ClusterError, match=r"cannot reach the Dask scheduler at tcp://127.0.0.1:9: .*is it running"):
        run_batch(gather([inbox / "one.txt"], tmp_path / "out"), NarrateOptions(), QuietProgress(),
                  executor=DaskExecutor("tcp://127.0.0.1:9", timeout=1))
    result = CliRunner().invoke(cli, [str(inbox / "one.txt"), "-o", str(tmp_path / "o.mp3"), "--scheduler", "local"])
    assert result.exit_code == 2 and "--scheduler is for batches" in result.stderr


def test_a_task_that_keeps_failing_is_reported_not_retried_forever(tmp_path):
    """Real failures on a real cluster, fed to the executor's reporting: a task that kills
    its worker every time (the scheduler gives up after allowed-failures deaths), and one
    that raises every time (given up after its retries).

    A cluster of its own: the killed workers are restarted by their nannies, and on a busy
    machine one restart was seen never to finish, which left the module's shared cluster a
    worker short for every test after this one. Here nothing waits for them to come back."""
    import dask

    from narrate.run.batch import Job, Pending

    item = Pending(Job(tmp_path / "a.txt", tmp_path / "a.mp3"), script=None, source_hash="")  # type: ignore[arg-type]
    with dask.config.set({"distributed.scheduler.allowed-failures": 1}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=":0", silence_logs=50) as own, \
            distributed.Client(own.scheduler_address) as client:
        executor = DaskExecutor(own.scheduler_address, retries=1)
        crashing = client.submit(os._exit, 1, pure=False)
        raising = client.submit(int, "not a number", pure=False, retries=1)
        # two deaths, each waiting on a new worker process: a bound, not a measurement
        distributed.wait([crashing, raising], timeout=WORKERS_BACK_SECONDS)
        died, raised = executor._collect(crashing, item), executor._collect(raising, item)
    assert died.status == raised.status == "failed"
    assert died.reason == f"{item.job.source}: its Dask workers died while narrating it, several times " \
                          "(out of memory? an engine crash?)"
    assert raised.reason.startswith(f"{item.job.source}: failed on the cluster after 2 tries: ValueError:")
    assert not (tmp_path / "a.mp3").exists()


def test_files_from_a_worker_are_written_beside_the_episode_only(tmp_path):
    from narrate.run.dask_executor import write_files
    from narrate.errors import OutputError

    write_files(tmp_path / "out" / "a.mp3", {"a.narrate.json": b"{}", "a.mp3": b"ID3", "a.srt": b"1"})
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a.mp3", "a.narrate.json", "a.srt"]
    for name in ("../a.mp3", "b.mp3", "ab.mp3"):
        with pytest.raises(OutputError, match="the worker sent files named"):
            write_files(tmp_path / "out" / "a.mp3", {name: b"x"})
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["a.mp3", "a.narrate.json", "a.srt", "out"]


def test_the_inbox_narrates_on_the_cluster(cluster, tmp_path):
    """`narrate serve --inbox --scheduler ADDRESS`: a fetched page and an upload, each rendered by
    a Dask worker and written into the podcast folder by the server."""
    from narrate.inbox.server import InboxServer
    from narrate.inbox.worker import InboxSettings
    from narrate.publish.access import load_keys
    from tests.inbox_client import InboxClient
    from tests.inbox_client import article as page
    from tests.loopback_site import LoopbackSite

    site = LoopbackSite()
    folder = tmp_path / "podcast"
    folder.mkdir()
    settings = InboxSettings(folder, NarrateOptions(), scheduler=cluster.scheduler_address)
    server = InboxServer(folder, "127.0.0.1", 0, quiet=True, keys=load_keys(tmp_path / "keys.json"),
                         settings=settings)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.start_worker()
    try:
        owner = InboxClient(server.server_address[1], token=server.keys.token)
        sent = owner.add(site.add("/cluster/story.html", page("Narrated on the cluster"))).json()
        uploaded = owner.upload("cluster notes.txt", b"Cluster notes\n\nA worker read this file aloud.\n").json()
        for job in (sent, uploaded):
            done = owner.wait(job["id"])
            assert done["state"] == "done", done
        assert owner.get(f"/api/articles/{sent['id']}").json()["title"] == "Narrated on the cluster"
        manifest = json.loads((folder / "inbox" / "story.narrate.json").read_text())
        assert manifest["source"] == site.url("/cluster/story.html")
        assert decode(folder / "inbox" / "cluster-notes.mp3").duration_seconds > 1
    finally:
        server.shutdown()
        server.server_close()
        site.close()
