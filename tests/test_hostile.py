"""Hostile input and hard stops: each attack that once crashed, hung, filled memory or wrote
over an input, replayed against the real CLI, engine, ffmpeg and server.

Bombs run in a subprocess under an address-space limit (RLIMIT_AS), so a regression fails
its test instead of taking the machine down with it.
"""

from __future__ import annotations

import io
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

import podcastparser
import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3, TIT2

from narrate.cli.commands import cli
from narrate.episode.pipeline import NarrateOptions, narrate_file
from narrate.errors import InputError, LexiconError, OptionError, OutputError
from narrate.publish.feed import update_feed, url_for
from narrate.publish.serve import EpisodeServer
from narrate.run.lock import LockedError, folder_lock
from tests.epub_builder import build_epub

MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space a bomb test may use
BASE = "http://127.0.0.1:9/my pod/"


def narrate_cmd(*args: object) -> list[str]:
    return [sys.executable, "-m", "narrate", *(str(a) for a in args)]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def bounded(*args: object, timeout: float = 120, env: dict[str, str] | None = None,
            stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """`narrate ARGS` in a subprocess with at most MEMORY_LIMIT of address space."""
    return subprocess.run(narrate_cmd(*args), capture_output=True, timeout=timeout, preexec_fn=_limit_memory,
                          env={**os.environ, **(env or {})}, input=stdin.decode("latin-1") if stdin else None,
                          text=True)


def one_line_error(run: subprocess.CompletedProcess[str], *phrases: str) -> None:
    assert run.returncode == 1, run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1, run.stderr
    for phrase in phrases:
        assert phrase in run.stderr


# 1. A YAML alias bomb ("billion laughs") in Markdown front matter: 9^8 values from ~350 bytes.
ALIAS_BOMB = "---\n" + 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n' + "".join(
    f"{b}: &{b} [{','.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefg", "bcdefgh")) + "title: *h\n---\n\nBody.\n"


def test_a_yaml_alias_bomb_is_refused_in_bounded_memory(tmp_path: Path):
    bomb = tmp_path / "bomb.md"
    bomb.write_text(ALIAS_BOMB, encoding="utf-8")
    assert bomb.stat().st_size < 400
    started = time.monotonic()
    run = bounded("inspect", bomb, timeout=60)
    one_line_error(run, "the YAML front matter holds more than 10000 values", "NARRATE_MAX_FRONT_MATTER_NODES")
    assert time.monotonic() - started < 30


def test_front_matter_with_a_few_aliases_and_a_recursive_one(tmp_path: Path):
    from narrate.text.readers.markdown import front_matter

    assert front_matter("who: &w Ada\nauthor: *w\ntitle: T\n", "a.md") == {"who": "Ada", "author": "Ada", "title": "T"}
    with pytest.raises(InputError, match="alias bomb"):
        front_matter("a: &a [*a]\n", "a.md")
    with pytest.raises(InputError, match="nested too deeply"):
        front_matter("t: " + "[" * 5000 + "]" * 5000 + "\n", "a.md")
    with pytest.raises(InputError, match="larger than 64 KB"):
        front_matter("t: " + "x" * 70_000 + "\n", "a.md")


# 4. An EPUB zip bomb, an endless input and a FIFO.


def epub_bomb(path: Path, size: int) -> None:
    """A real small book whose first chapter unpacks to `size` bytes of one repeated
    paragraph (about 1000 times its packed size), written without holding it in memory."""
    build_epub(path.with_suffix(".base"), with_cover=False)
    paragraph = b"<p>lol lol lol lol lol lol lol lol</p>\n" * 1000
    with zipfile.ZipFile(path.with_suffix(".base")) as base, \
            zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as bomb:
        for info in base.infolist():
            if info.filename != "EPUB/chap_01.xhtml":
                bomb.writestr(info, base.read(info))
                continue
            with bomb.open("EPUB/chap_01.xhtml", "w", force_zip64=True) as member:
                member.write(b'<html xmlns="http://www.w3.org/1999/xhtml"><body><h1>Bomb</h1>')
                for _ in range(size // len(paragraph)):
                    member.write(paragraph)
                member.write(b"</body></html>")


def test_an_epub_zip_bomb_is_refused_before_anything_is_unpacked(tmp_path: Path):
    bomb = tmp_path / "bomb.epub"
    epub_bomb(bomb, 200 * 1024 * 1024)  # a spine document: read (and held) by a reader
    assert bomb.stat().st_size < 2 * 1024 * 1024
    run = bounded("inspect", bomb, timeout=60)
    one_line_error(run, "chap_01.xhtml unpacks to", "times its packed size", "NARRATE_MAX_EPUB_RATIO")
    # the total is checked too, and can be raised
    run = bounded("inspect", bomb, env={"NARRATE_MAX_EPUB_MB": "100", "NARRATE_MAX_EPUB_RATIO": "100000"})
    one_line_error(run, "unpacks to 199 MB, more than 100 MB", "NARRATE_MAX_EPUB_MB")


def test_devices_and_fifos_are_refused_and_inputs_are_capped(tmp_path: Path):
    run = bounded("inspect", "/dev/zero", timeout=30)
    one_line_error(run, "/dev/zero is not a regular file")
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    run = bounded("inspect", fifo, timeout=30)
    one_line_error(run, "fifo.txt is not a regular file")
    big = tmp_path / "big.txt"
    big.write_bytes(b"word " * 300_000)  # 1.5 MB
    run = bounded("inspect", big, env={"NARRATE_MAX_INPUT_MB": "1"})
    one_line_error(run, "big.txt is larger than the input limit of 1 MB", "NARRATE_MAX_INPUT_MB")
    run = bounded("inspect", "-", env={"NARRATE_MAX_INPUT_MB": "1"}, stdin=b"word " * 300_000)
    one_line_error(run, "standard input is larger than the input limit of 1 MB")


# 5. Unbroken text: a line with no spaces is cut at a hard boundary.


def test_unbroken_text_becomes_bounded_chunks(tmp_path: Path):
    from narrate.text.readers import read_document
    from narrate.text.script import build_script

    line = tmp_path / "line.txt"
    line.write_text("Title\n\n" + "x" * 1_000_000 + "\n", encoding="utf-8")
    script = build_script(read_document(str(line)))
    longest = max(len(chunk.text) for chunk in script.chunks)
    # was one chunk of a million letters; now pieces of 100 letters, chunks of a long sentence
    assert longest <= 400 and len(script.chunks) > 3000


# 3. and 5. Inputs are never overwritten; one bad file never stops a batch.


def test_a_transcript_never_overwrites_the_article(tmp_path: Path):
    article = tmp_path / "e.transcript.txt"
    article.write_text("Welcome\n\nThe article itself.\n", encoding="utf-8")
    result = CliRunner().invoke(cli, [str(article), "-o", str(tmp_path / "e.mp3"), "--transcript", "txt"])
    assert result.exit_code == 1
    assert "is an input of this run and would be written over" in result.output
    assert article.read_text(encoding="utf-8") == "Welcome\n\nThe article itself.\n"
    other = tmp_path / "f.txt"  # the same file under another name: a hard link
    os.link(article, other)
    with pytest.raises(OutputError, match=r"e.transcript.txt \(the same file as .*f.txt\) is an input"):
        narrate_file(other, tmp_path / "e.mp3", transcript="txt")


def test_a_batch_does_not_narrate_its_own_transcripts(tmp_path: Path):
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "welcome.txt").write_text("Welcome\n\nA short article.\n", encoding="utf-8")
    for _ in range(2):
        run = subprocess.run(narrate_cmd(inbox, "--transcript", "txt", "-j", "1"), capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in inbox.iterdir()) == [
        "welcome.mp3", "welcome.narrate.json", "welcome.transcript.txt", "welcome.txt"]


def test_an_unexpected_error_in_one_file_is_its_failure_line(tmp_path: Path, monkeypatch):
    from narrate.cli.progress import QuietProgress
    from narrate.cli.report import summary_table
    from narrate.run.batch import gather, run_batch

    src = tmp_path / "in"
    src.mkdir()
    (src / "good.txt").write_text("Good\n\nThis one is fine.\n", encoding="utf-8")
    (src / "bad.html").write_text("<html><body><p>A page.</p></body></html>", encoding="utf-8")

    def broken_reader(*args: object) -> None:  # a bug in a reader library, say
        raise RuntimeError("reader exploded")

    monkeypatch.setattr("narrate.text.readers.html.read_html", broken_reader)
    monkeypatch.setenv("NARRATE_LOG_DIR", str(tmp_path / "logs"))
    report = run_batch(gather([src], tmp_path / "out"), NarrateOptions(jobs=1), QuietProgress())
    assert [r.status for r in report.results] == ["failed", "done"]
    reason = report.results[0].reason
    assert reason.startswith("unexpected error (RuntimeError: reader exploded); traceback in ")
    log = Path(reason.rsplit(" ", 1)[1])
    assert log.parent == tmp_path / "logs" and "Traceback" in log.read_text() and "reader exploded" in log.read_text()
    assert "bad.html: unexpected error" in summary_table(report)


# 6. and 7. Hard stops: a full disk, Ctrl-C, kill -9.


def long_article(paragraphs: int = 80) -> str:
    return "Long\n\n" + "\n\n".join(f"Paragraph {n} says a plain thing about the weather today." for n in range(paragraphs))


def test_a_full_disk_in_a_single_file_run_is_one_line(tmp_path: Path):
    src, out = tmp_path / "long.txt", tmp_path / "full"
    src.write_text(long_article(), encoding="utf-8")
    out.mkdir()
    script = (f"mount -t tmpfs -o size=300k tmpfs {out} && {' '.join(narrate_cmd(src, '-o', out / 'long.mp3'))} "
              f"-j 1 --no-cache; echo rc=$?; ls -A {out}")
    run = subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, timeout=300)
    assert "Traceback" not in run.stderr, run.stderr
    assert f"Error: cannot write {out / 'long.mp3'}: No space left on device" in run.stderr
    assert run.stdout.split() == ["rc=1"]  # and nothing left behind


def _wait_for(predicate, seconds: float = 60) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def _ctrl_c_when(run: subprocess.Popen, ready, seconds: float = 60) -> str:  # type: ignore[no-untyped-def]
    """Ctrl-C to the run's process group once `ready()`; its stderr after it ends."""
    try:
        assert _wait_for(ready, seconds)
        os.killpg(run.pid, signal.SIGINT)
        _, stderr = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    return stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_without_the_cache_exits_130_and_leaves_nothing(tmp_path: Path, jobs: str):
    src = tmp_path / "long.txt"
    src.write_text(long_article(200), encoding="utf-8")
    run = subprocess.Popen(narrate_cmd(src, "-o", tmp_path / "long.mp3", "--no-cache", "-j", jobs),
                           stderr=subprocess.PIPE, text=True, start_new_session=True)
    stderr = _ctrl_c_when(run, lambda: list(tmp_path.glob(".long.*.work/segments/*")))
    assert run.returncode == 130, stderr
    assert "Traceback" not in stderr and "interrupted" in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.txt"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_while_a_neural_voice_speaks_exits_130(tmp_path: Path, jobs: str):
    """In one process or with workers synthesising every chunk first: Ctrl-C ends with 130,
    not an abort inside onnxruntime (synthesis ahead in a thread of one process did that)."""
    pytest.importorskip("piper", reason="the Piper extra is not installed")
    src = tmp_path / "long.txt"
    sentence = "The long road ran along the river, past the mill, the church and the farms, to the sea."
    src.write_text("Long\n\n" + "\n\n".join(f"{sentence} Part {n} of the walk. {sentence}" for n in range(120)),
                   encoding="utf-8")
    run = subprocess.Popen(narrate_cmd(src, "-o", tmp_path / "long.mp3", "--no-cache", "-j", jobs, "--voice", "joe",
                                       "-q"),
                           stderr=subprocess.PIPE, text=True, start_new_session=True)
    # past the opening (about a minute of speech, the loudness plan): synthesis ahead runs
    segments = lambda: [p for p in tmp_path.glob(".long.*.work/segments/**/*") if p.is_file()]  # noqa: E731
    stderr = _ctrl_c_when(run, lambda: len(segments()) >= 24, 120)
    assert run.returncode == 130, stderr
    assert "terminate called" not in stderr and "Traceback" not in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.txt"]


def _children(pid: int) -> list[int]:
    import psutil

    return [child.pid for child in psutil.Process(pid).children(recursive=True)]


def test_kill_9_leaves_no_workers_and_the_next_run_removes_its_leftovers(tmp_path: Path):
    import psutil

    src = tmp_path / "long.txt"
    src.write_text(long_article(200), encoding="utf-8")
    run = subprocess.Popen(narrate_cmd(src, "-o", tmp_path / "long.mp3", "--no-cache", "-j", "2"),
                           stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert _wait_for(lambda: list(tmp_path.glob(".long.*.work/segments/*")))
        children = _children(run.pid)
        assert len(children) >= 2  # the workers and the resource tracker
        os.kill(run.pid, signal.SIGKILL)  # as the OOM killer does: the main process only
        run.wait(timeout=10)
        assert _wait_for(lambda: not any(psutil.pid_exists(c) and psutil.Process(c).status() != "zombie"
                                         for c in children), 15), "workers outlived their parent"
    finally:
        if run.poll() is None:
            run.kill()
    leftovers = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".long."))
    assert any(name.endswith(".work") for name in leftovers) and any(".partial." in n for n in leftovers)
    short = tmp_path / "short.txt"
    short.write_text("Short\n\nJust this.\n", encoding="utf-8")
    narrate_file(short, tmp_path / "long.mp3", jobs=1)  # a later run into the same folder
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_a_dask_task_removes_what_killed_tasks_left(tmp_path: Path):
    import tempfile

    from narrate.fileio import temp_prefix
    from narrate.run.dask_executor import task_folder

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True).stdout.strip()
    prefix = temp_prefix(Path("narrate-task")).replace(f".{os.getpid()}@", f".{dead}@")
    left = Path(tempfile.gettempdir()) / f"{prefix}abcd1234.work"
    (left / "segments").mkdir(parents=True)
    (left / ".one.1@x.partial.mp3").write_bytes(b"\xff" * 1000)
    with task_folder() as folder:
        assert not left.exists()
        assert Path(folder).name.startswith(temp_prefix(Path("narrate-task")))
    assert not Path(folder).exists()


# 2. One bad episode never takes down the feed or the server.


@pytest.fixture(scope="module")
def episode(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("episode")
    source = folder / "plain.txt"
    source.write_text("Plain\n\nA plain episode.\n", encoding="utf-8")
    narrate_file(source, folder / "plain.mp3", jobs=1)
    return folder / "plain.mp3"


def hostile_folder(episode: Path, folder: Path) -> Path:
    """Episodes with a control character in a tag, a non-UTF-8 file name, corrupt and
    empty audio, and one clean episode."""
    import shutil

    folder.mkdir()
    shutil.copy(episode, folder / "clean.mp3")
    tagged = folder / "tagged.mp3"
    shutil.copy(episode, tagged)
    tags = ID3(tagged)
    tags.add(TIT2(encoding=3, text=["Bell\x07 and \x1b[31mescape"]))
    tags.save(tagged)
    shutil.copy(episode, os.fsdecode(bytes(folder) + b"/caf\xe9.mp3"))
    (folder / "corrupt.mp3").write_bytes(b"\xff\xfb" + os.urandom(3000))
    (folder / "empty.mp3").write_bytes(b"")
    return folder


def test_a_feed_survives_hostile_episodes(episode: Path, tmp_path: Path):
    folder = hostile_folder(episode, tmp_path / "pod")
    result = update_feed(folder, base_url=BASE, title="Pod\x0c cast")
    parsed = podcastparser.parse(result.feed_url, io.BytesIO(result.path.read_bytes()))
    assert parsed["title"] == "Pod cast"
    titles = sorted(e["title"] for e in parsed["episodes"])
    assert titles == sorted(["Plain", "Bell and [31mescape", "Plain"])
    urls = sorted(e["enclosures"][0]["url"] for e in parsed["episodes"])
    assert "http://127.0.0.1:9/my%20pod/caf%E9.mp3" in urls
    assert {w.split(":")[0] for w in result.warnings} >= {"corrupt.mp3", "empty.mp3"}


def test_a_server_answers_over_hostile_episodes_and_serves_the_odd_name(episode: Path, tmp_path: Path):
    import urllib.request

    folder = hostile_folder(episode, tmp_path / "pod")
    server = EpisodeServer(folder, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        server.refresh()
        for path in ("feed.xml", ""):
            with urllib.request.urlopen(server.base_url + path, timeout=10) as response:
                assert response.status == 200 and b"Bell and" in response.read()
        with urllib.request.urlopen(url_for(server.base_url, os.fsdecode(b"caf\xe9.mp3")), timeout=10) as response:
            assert response.read() == episode.read_bytes()
    finally:
        server.shutdown()
        server.server_close()


def test_tags_carry_no_control_characters(tmp_path: Path):
    source = tmp_path / "odd.md"
    source.write_text('---\ntitle: "Odd\\x01 title"\n---\n\nSome words.\n', encoding="utf-8")
    episode = narrate_file(source, tmp_path / "odd.mp3", jobs=1)
    assert str(ID3(episode.path)["TIT2"]) == "Odd title"


# 8. The server under a crowd: backlog, idle timeout, quiet disconnects.


def test_idle_connections_are_closed_and_early_hangups_are_one_quiet_line(episode: Path, tmp_path: Path):
    import shutil

    folder = tmp_path / "pod"
    folder.mkdir()
    shutil.copy(episode, folder / "plain.mp3")
    server = subprocess.Popen(narrate_cmd("serve", folder, "--port", "0"), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env={**os.environ, "NARRATE_SERVE_TIMEOUT": "1"})
    try:
        port = int(server.stdout.readline().rsplit(":", 1)[1].strip().rstrip("/"))
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
        for _ in range(5):  # ask for the audio and hang up at once
            with socket.create_connection(("127.0.0.1", port)) as hangup:
                hangup.sendall(b"GET /plain.mp3 HTTP/1.1\r\nHost: x\r\n\r\n")
                hangup.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        time.sleep(2.5)
        for sock in idle:
            sock.settimeout(2)
            assert sock.recv(1) == b""  # closed by the server
            sock.close()
    finally:
        server.terminate()
        _, stderr = server.communicate(timeout=10)
    assert "Traceback" not in stderr


def test_the_listen_backlog_is_deep():
    assert EpisodeServer.request_queue_size >= 128


# 9. Smaller ones.


def test_a_single_file_run_into_a_folder_a_batch_holds_is_refused(tmp_path: Path):
    source = tmp_path / "a.txt"
    source.write_text("A\n\nWords.\n", encoding="utf-8")
    (tmp_path / "out" / "sub").mkdir(parents=True)
    code = "import sys, time; from pathlib import Path; from narrate.run.lock import acquire; " \
           "acquire(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)"
    holder = subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "out")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        result = CliRunner().invoke(cli, [str(source), "-o", str(tmp_path / "out" / "sub" / "a.mp3")])
        assert result.exit_code == 1 and "is in use by a narrate batch" in result.output
    finally:
        holder.kill()
        holder.wait()
    with folder_lock(tmp_path / "out"):  # this process's own lock does not block it
        from narrate.run.lock import check_unlocked

        check_unlocked(tmp_path / "out" / "a.mp3")
    with pytest.raises(LockedError):
        raise LockedError("type check")


def test_the_base_url_path_is_percent_encoded():
    from narrate.publish.feedsettings import normalise_base_url

    assert normalise_base_url("http://host:8000/my pod/ü") == "http://host:8000/my%20pod/%C3%BC/"
    assert normalise_base_url("http://host/my%20pod/") == "http://host/my%20pod/"


def test_an_unreachable_scheduler_fails_fast_and_leaves_no_folder(tmp_path: Path):
    source = tmp_path / "a.txt"
    source.write_text("A\n\nWords.\n", encoding="utf-8")
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    started = time.monotonic()
    result = CliRunner().invoke(cli, [str(source), str(source), "-o", str(tmp_path / "out"),
                                      "--scheduler", f"tcp://127.0.0.1:{port}"])
    assert result.exit_code == 1 and "cannot reach the Dask scheduler" in result.output
    assert time.monotonic() - started < 15
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("where", ["skip", "lexicon"])
def test_a_catastrophic_regex_is_stopped_by_its_time_limit(tmp_path: Path, monkeypatch, where: str):
    monkeypatch.setenv("NARRATE_REGEX_TIMEOUT", "0.3")
    from narrate.episode.pipeline import prepare

    source = tmp_path / "a.txt"
    source.write_text("A\n\n" + "a" * 30 + "!\n", encoding="utf-8")
    started = time.monotonic()
    if where == "skip":
        with pytest.raises(OptionError, match=r"--skip '\(a\|a\)\+\$' took longer than 0.3 s"):
            prepare(str(source), NarrateOptions(skip=r"(a|a)+$"))
    else:
        lexicon = tmp_path / "lex.toml"
        lexicon.write_text('[regex]\n"(a|a)+$" = "b"\n', encoding="utf-8")
        with pytest.raises(LexiconError, match="took longer than 0.3 s"):
            prepare(str(source), NarrateOptions(lexicon=str(lexicon)))
    assert time.monotonic() - started < 10


def test_an_output_that_is_a_folder_says_so(tmp_path: Path):
    source = tmp_path / "a.txt"
    source.write_text("A\n\nWords.\n", encoding="utf-8")
    (tmp_path / "d.mp3").mkdir()
    result = CliRunner().invoke(cli, [str(source), "-o", str(tmp_path / "d.mp3")])
    assert result.exit_code == 1
    assert f"cannot write {tmp_path / 'd.mp3'}: it is a folder" in result.output


# Files given as options: regular files only, sized before they are read (issue 21, item 8).


def _option_cases(tmp_path: Path) -> dict[str, list[object]]:
    article = tmp_path / "a.txt"
    article.write_text("A title\n\nA few words to read.\n", encoding="utf-8")
    (tmp_path / "pod").mkdir()
    return {
        "--lexicon": ["inspect", article, "--lexicon", "{}"],
        "--voice FILE.toml": ["inspect", article, "--voice", "{}.toml"],
        "--voice FILE.onnx": ["inspect", article, "--voice", "{}.onnx"],
        "--cover": ["speak", article, "--cover", "{}", "-o", tmp_path / "o.mp3"],
        "--intro": ["speak", article, "--intro", "{}", "-o", tmp_path / "o.m4a"],
        "subscribe --opml": ["subscribe", "--opml", "{}", "-o", tmp_path / "sub"],
        "subscribe URLS.txt": ["subscribe", "{}.txt", "-o", tmp_path / "sub"],
        "voices get --from": ["voices", "get", "kokoro", "--from", "{}"],
        "feed --image": ["feed", tmp_path / "pod", "--base-url", "http://127.0.0.1:9/", "--image", "{}"],
    }


def _hostile_file(tmp_path: Path, kind: str) -> Path:
    if kind == "/dev/zero":
        return Path("/dev/zero")
    path = tmp_path / kind
    if kind == "fifo":
        os.mkfifo(path)
    else:  # a sparse file of 3 GB: no disk used, but read whole it is 3 GB of memory
        with path.open("wb") as handle:
            handle.truncate(3 * 1024**3)
    return path


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "sparse"])
@pytest.mark.parametrize("option", ["--lexicon", "--voice FILE.toml", "--voice FILE.onnx", "--cover", "--intro",
                                    "subscribe --opml", "subscribe URLS.txt", "voices get --from", "feed --image"])
def test_a_file_option_that_is_a_device_a_fifo_or_huge_is_one_line(tmp_path: Path, option: str, kind: str):
    target = _hostile_file(tmp_path, kind)
    args = []
    for arg in _option_cases(tmp_path)[option]:
        if isinstance(arg, str) and arg.startswith("{}"):  # a name the option accepts, linked to the file
            link = tmp_path / ("given" + arg[2:])
            link.symlink_to(target)
            arg = str(link)
        args.append(arg)
    env = {"NARRATE_DATA_DIR": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    started = time.monotonic()
    run = bounded(*args, timeout=60, env=env)
    assert time.monotonic() - started < 30
    if kind == "sparse" and option == "--intro":  # streamed by ffmpeg, never read whole: any size
        one_line_error(run, "cannot use", "as the intro")
    elif kind == "sparse":
        one_line_error(run, "is larger than the limit of", "to raise the limit")
    else:
        one_line_error(run, "is not a regular file (a device, pipe or socket)")


# Archives for `voices get --from`: member by member, sizes checked before anything is unpacked.


def test_a_tar_member_that_is_a_16_gib_sparse_file_is_refused_unread(tmp_path: Path):
    tar = shutil.which("tar")
    if tar is None:
        pytest.skip("GNU tar makes the sparse archive")
    source = tmp_path / "src"
    source.mkdir()
    with (source / "af_heart.bin").open("wb") as handle:
        handle.truncate(16 * 1024**3)
    archive = tmp_path / "voices.tar"
    subprocess.run([tar, "--sparse", "-cf", archive, "-C", source, "af_heart.bin"], check=True)
    assert archive.stat().st_size < 1024 * 1024
    env = {"NARRATE_DATA_DIR": str(tmp_path / "data")}
    run = bounded("voices", "get", "kokoro", "--from", archive, "--voice", "af_heart", env=env, timeout=60)
    one_line_error(run, "unpacks to more than 1024 MB", "af_heart.bin alone is 17,179,869,184 bytes",
                   "NARRATE_MAX_ARCHIVE_MB")
    # with the archive limit raised, the member's own size still refuses it, unread
    run = bounded("voices", "get", "kokoro", "--from", archive, env={**env, "NARRATE_MAX_ARCHIVE_MB": "100000"})
    one_line_error(run, "af_heart.bin is not the file expected (17,179,869,184 bytes, not 522,240)")
    assert not (tmp_path / "data" / "kokoro" / "voices").exists() or not any(
        (tmp_path / "data" / "kokoro" / "voices").iterdir())


@pytest.fixture(scope="module")
def zip_bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A zip whose af_heart.bin inflates to 2 GiB (about 2 MB packed)."""
    bomb = tmp_path_factory.mktemp("bomb") / "voices.zip"
    block = bytes(1 << 20)
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as archive, \
            archive.open("voices/af_heart.bin", "w", force_zip64=True) as member:
        for _ in range(2048):
            member.write(block)
    return bomb


def test_a_zip_member_that_inflates_to_gigabytes_is_refused_unread(zip_bomb: Path, tmp_path: Path):
    env = {"NARRATE_DATA_DIR": str(tmp_path / "data")}
    run = bounded("voices", "get", "kokoro", "--from", zip_bomb, env=env, timeout=60)
    one_line_error(run, "unpacks to more than 1024 MB", "voices/af_heart.bin alone is 2,147,483,648 bytes")
    run = bounded("voices", "get", "kokoro", "--from", zip_bomb, env={**env, "NARRATE_MAX_ARCHIVE_MB": "100000"},
                  timeout=60)
    one_line_error(run, "af_heart.bin is not the file expected (2,147,483,648 bytes, not 522,240)")


def test_archive_headers_and_member_counts_are_bounded(tmp_path: Path, monkeypatch):
    import gzip
    import io
    import tarfile

    from narrate.voice.archive import ArchiveError, members

    # a GNU long name claiming 64 MB, inside a gzip stream that really unpacks to that much
    name = "v/" + "n" * 200 + ".bin"
    plain = io.BytesIO()
    with tarfile.open(fileobj=plain, mode="w", format=tarfile.GNU_FORMAT) as archive:
        info = tarfile.TarInfo(name)
        archive.addfile(info, io.BytesIO(b""))
    header = bytearray(plain.getvalue()[:512])  # the ././@LongLink header
    assert header.startswith(b"././@LongLink")
    header[124:136] = b"%011o\0" % (64 * 1024 * 1024)
    header[148:156] = b" " * 8
    header[148:156] = b"%06o\0 " % sum(header)
    with gzip.open(tmp_path / "long.tgz", "wb", compresslevel=1) as out:
        out.write(bytes(header))
        out.write(bytes(64 * 1024 * 1024))
    with pytest.raises(ArchiveError, match="a header in it claims"):
        list(members(tmp_path / "long.tgz"))
    # more members than allowed, in a zip (counted from its directory, before parsing it) and a tar
    monkeypatch.setenv("NARRATE_MAX_ARCHIVE_FILES", "5")
    with zipfile.ZipFile(tmp_path / "many.zip", "w") as archive:
        for index in range(6):
            archive.writestr(f"f{index}", b"")
    with pytest.raises(ArchiveError, match="holds 6 files, more than 5"):
        list(members(tmp_path / "many.zip"))
    with tarfile.open(tmp_path / "many.tar", "w") as archive:
        for index in range(6):
            archive.addfile(tarfile.TarInfo(f"f{index}"), io.BytesIO(b""))
    with pytest.raises(ArchiveError, match="holds more than 5 files"):
        list(members(tmp_path / "many.tar"))


def test_ctrl_c_while_a_worker_is_still_starting_exits_130_without_a_traceback(tmp_path: Path):
    """A worker is a new interpreter: before it ignores SIGINT, a Ctrl-C to the process group
    raised KeyboardInterrupt inside it. Here every worker takes seconds to start (a
    sitecustomize that waits), and Ctrl-C comes while one is in that wait."""
    site, starting = tmp_path / "site", tmp_path / "starting"
    site.mkdir()
    starting.mkdir()
    (site / "sitecustomize.py").write_text(
        "import os, sys, time\n"
        "if '--multiprocessing-fork' in getattr(sys, 'orig_argv', ()):\n"
        f"    open(os.path.join({str(starting)!r}, str(os.getpid())), 'w').close()\n"
        "    time.sleep(3)\n", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    src = work / "long.txt"
    src.write_text(long_article(200), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.Popen(narrate_cmd(src, "-o", work / "long.mp3", "--no-cache", "-j", "2"),
                           stderr=subprocess.PIPE, text=True, start_new_session=True, env=env)
    stderr = _ctrl_c_when(run, lambda: any(starting.iterdir()))
    assert run.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr and "interrupted" in stderr, stderr
    assert sorted(p.name for p in work.iterdir()) == ["long.txt"]
