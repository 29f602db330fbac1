"""Batches end to end: real engine, real ffmpeg, a real on-disk cache in a temporary folder.

Engine calls are counted with the synthesizer's own statistics (cache misses), not mocks.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3

from narrate.run.batch import gather, run_batch
from narrate.cli.commands import cli
from narrate.episode.pipeline import NarrateOptions
from narrate.cli.progress import LineProgress, QuietProgress
from tests.audio_check import decode, speech_regions

PARAGRAPHS = ["The first paragraph is short.", "The second paragraph is short too.",
              "A third one ends the story."]


def article(title: str, paragraphs: list[str] = PARAGRAPHS) -> str:
    return "\n\n".join([title, *paragraphs]) + "\n"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("NARRATE_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def tree(tmp_path):
    root = tmp_path / "inbox"
    (root / "news" / "deep").mkdir(parents=True)
    (root / "one.txt").write_text(article("First Story"))
    (root / "news" / "deep" / "two.txt").write_text(article("Second Story", [
        "Another opening paragraph.", "Then a middle one.", "And a final line."]))
    (root / "empty.txt").write_text("")
    (root / "binary.txt").write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00" * 20)
    (root / "notes.pdf").write_bytes(b"%PDF-1.4 not a supported format")
    (root / ".hidden.txt").write_text(article("Hidden"))
    return root


def invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_folder_mirrors_the_tree_and_keeps_going(tree, tmp_path, cache_dir):
    out = tmp_path / "podcast"
    result = invoke(tree, "-o", out, "-j", "2")
    assert result.exit_code == 1
    outputs = sorted(str(p.relative_to(out)) for p in out.rglob("*.mp3"))
    assert outputs == ["news/deep/two.mp3", "one.mp3"]
    assert (out / "one.narrate.json").is_file()
    # each bad file is reported once while running and once in the summary, with its reason
    assert f"{tree / 'empty.txt'} is empty" in result.stderr
    assert f"{tree / 'binary.txt'} looks like a binary file" in result.stderr
    assert "notes.pdf" not in result.stderr and "hidden" not in result.stderr.lower()
    assert "done        2 files" in result.stderr and "failed      2 files" in result.stderr
    for path, title in ((out / "one.mp3", "First Story"), (out / "news/deep/two.mp3", "Second Story")):
        assert str(ID3(path)["TIT2"]) == title
        assert len(speech_regions(decode(path))) == 1 + len(PARAGRAPHS)  # every chunk is heard


def test_second_run_skips_and_one_edit_synthesises_one_chunk(tree, tmp_path, cache_dir):
    (tree / "empty.txt").unlink()
    (tree / "binary.txt").unlink()
    out = tmp_path / "out"
    jobs = gather([tree], out)
    opts = NarrateOptions(jobs=1)
    first = run_batch(jobs, opts, QuietProgress())
    assert [r.status for r in first.results] == ["done", "done"]
    assert first.synthesised == 2 * (1 + len(PARAGRAPHS))

    again = run_batch(jobs, opts, QuietProgress())
    assert [r.status for r in again.results] == ["skipped", "skipped"]
    assert again.synthesised == again.reused == 0

    edited = [PARAGRAPHS[0], "The second paragraph now has a fixed typo.", PARAGRAPHS[2]]
    (tree / "one.txt").write_text(article("First Story", edited))
    before = decode(out / "one.mp3")
    third = run_batch(jobs, opts, QuietProgress())
    assert [r.status for r in third.results] == ["skipped", "done"]  # news/deep/two.txt, one.txt
    assert (third.synthesised, third.reused) == (1, len(PARAGRAPHS))
    assert len(decode(out / "one.mp3")) > len(before)  # the longer paragraph is really in it
    manifest = json.loads((out / "one.narrate.json").read_text())
    assert manifest["source"] == str(tree / "one.txt") and manifest["chunks"] == 4

    changed_voice = run_batch(jobs, NarrateOptions(jobs=1, rate=220), QuietProgress())
    assert [r.status for r in changed_voice.results] == ["done", "done"]
    assert changed_voice.synthesised == 8


def test_force_and_no_cache(tree, tmp_path, cache_dir):
    out = tmp_path / "out"
    jobs = gather([tree / "one.txt"], out)
    run_batch(jobs, NarrateOptions(jobs=1), QuietProgress())
    forced = run_batch(jobs, NarrateOptions(jobs=1), QuietProgress(), force=True)
    assert (forced.synthesised, forced.reused) == (0, 4)
    uncached = run_batch(jobs, NarrateOptions(jobs=1, cache=False), QuietProgress(), force=True)
    assert (uncached.synthesised, uncached.reused) == (4, 0)


def test_truncated_cache_entries_are_detected_and_redone(tree, tmp_path, cache_dir):
    out = tmp_path / "out"
    jobs = gather([tree / "one.txt"], out)
    run_batch(jobs, NarrateOptions(jobs=1), QuietProgress())
    segments, blocks = sorted(cache_dir.rglob("*.seg")), sorted(cache_dir.rglob("*.blk"))
    assert (len(segments), len(blocks)) == (4, 1)  # four chunks in one encoded block
    block = blocks[0]
    block.write_bytes(block.read_bytes()[:-100])
    again = run_batch(jobs, NarrateOptions(jobs=1), QuietProgress(), force=True)
    assert (again.synthesised, again.reused) == (0, 4)  # re-encoded from the chunks
    assert block.stat().st_size > 1000
    victim = segments[0]
    victim.write_bytes(victim.read_bytes()[:-1000])
    block.write_bytes(block.read_bytes()[:-1])
    again = run_batch(jobs, NarrateOptions(jobs=1), QuietProgress(), force=True)
    assert (again.synthesised, again.reused) == (1, 3)
    assert victim.stat().st_size > 1000 + 16  # rewritten whole
    assert len(speech_regions(decode(out / "one.mp3"))) == 4


def _audio_and_chapters(path: Path) -> tuple[bytes, list[tuple[int, int]]]:
    """The MP3's audio frames (without its tags) and its chapters' times in milliseconds."""
    tags = ID3(path)
    return path.read_bytes()[tags.size:], [(c.start_time, c.end_time) for c in tags.getall("CHAP")]


def test_parallel_run_is_the_single_job_run_to_the_byte(tmp_path, cache_dir):
    """Every chunk is spoken from the engine's initial state (not after whatever its worker
    spoke before), so the number of workers, and which worker speaks which chunk, cannot
    change the audio: the same frames, the same length, the same chapter times."""
    paragraphs = [f"Paragraph number {n} says something short and plain." for n in range(40)]
    for part in (3, 2, 1, 0):  # a heading every ten paragraphs: chapters whose times must agree
        paragraphs.insert(10 * part, f"CHAPTER {part + 1}")
    src = tmp_path / "long.txt"
    src.write_text(article("A Longer Story", paragraphs))
    runs = {}
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}.mp3"
        subprocess.run([sys.executable, "-m", "narrate", str(src), "-o", str(out), "-j", str(jobs),
                        "--no-cache", "-q"], check=True)
        runs[jobs] = _audio_and_chapters(out)
        manifest = json.loads(out.with_name(f"jobs{jobs}.narrate.json").read_text())
        runs[jobs] += (manifest["duration"],)
    (one, chapters_one, length_one), (two, chapters_two, length_two) = runs[1], runs[2]
    assert len(chapters_one) >= 4 and chapters_one == chapters_two
    assert length_one == length_two
    assert one == two
    assert len(speech_regions(decode(tmp_path / "jobs1.mp3"))) == 45  # every chunk is heard


def test_several_inputs_glob_quiet_and_lines(tree, tmp_path, cache_dir):
    (tree / "extra.txt").write_text(article("Extra"))
    out = tmp_path / "out"
    result = invoke(tree / "one.txt", tree / "extra.txt", "-o", out, "-q", "-j", "1")
    assert result.exit_code == 0 and result.stderr == ""
    assert sorted(p.name for p in out.glob("*.mp3")) == ["extra.mp3", "one.mp3"]
    assert [j.source.name for j in gather([tree], out, "deep/*.txt")] == ["two.txt"]
    lines = invoke(tree / "one.txt", tree / "extra.txt", "-o", out)  # CliRunner: not a terminal
    assert lines.stderr.splitlines()[:2] == [f"skipped  {tree / 'one.txt'} (up to date)",
                                              f"skipped  {tree / 'extra.txt'} (up to date)"]


def test_line_progress_names_output_and_length(tmp_path):
    from io import StringIO

    from narrate.run.batch import FileResult, Job

    stream = StringIO()
    LineProgress(stream).finished(FileResult(Job(Path("a.txt"), Path("o/a.mp3")), "done", duration=65))
    assert stream.getvalue() == "done     a.txt -> o/a.mp3 (1:05)\n"


def test_batch_errors_are_one_line(tmp_path, cache_dir):
    (tmp_path / "in").mkdir()
    result = CliRunner().invoke(cli, [str(tmp_path / "in"), "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and result.stderr.startswith("Error: no files to narrate in")
    result = CliRunner().invoke(cli, [str(tmp_path / "in"), "-", "-o", str(tmp_path / "out")])
    assert result.exit_code == 1 and "standard input" in result.stderr
    assert result.stderr.count("\n") == 1


def test_same_output_twice_is_refused(tmp_path, cache_dir):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder in ("a", "b"):
        (tmp_path / folder / "story.txt").write_text(article("Story"))
    report = run_batch(gather([tmp_path / "a" / "story.txt", tmp_path / "b" / "story.txt"], tmp_path / "o"),
                       NarrateOptions(jobs=1), QuietProgress())
    assert [r.status for r in report.results] == ["done", "failed"]
    assert "same output as" in report.results[1].reason


def test_cache_info_and_clear(tmp_path, cache_dir, caplog):
    import logging

    src = tmp_path / "a.txt"
    src.write_text(article("Cached"))
    with caplog.at_level(logging.INFO, logger="narrate.episode.rendering"):
        invoke(src, "-o", tmp_path / "a.mp3", "-q")
    # 4 chunks and 1 block; a second block when the speculative codec check changed the plan
    entries = 5 + ("the codec check changed the plan" in caplog.text)
    info = invoke("cache", "info")
    assert f"path:     {cache_dir}" in info.output and f"entries:  {entries}" in info.output
    assert invoke("cache", "clear").output.startswith(f"removed {entries} cached segments")
    assert "entries:  0" in invoke("cache", "info").output


@pytest.mark.parametrize("command", [["cache"], ["cache", "info"], ["cache", "clear"]])
def test_cache_commands_have_help_with_an_example(command):
    result = invoke(*command, "-h")
    assert result.exit_code == 0 and "Example" in result.output and "narrate cache" in result.output


def test_a_batch_writes_the_format_it_is_asked_for(tmp_path, cache_dir):
    """`--output-format m4b`: every output is an audiobook a player reads back with its tags
    and chapters, and a second run finds them up to date."""
    from mutagen.mp4 import MP4

    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "one.txt").write_text(article("First Story"))
    (inbox / "two.txt").write_text(article("Second Story"))
    out = tmp_path / "books"
    first = invoke(inbox, "-o", out, "--output-format", "m4b", "-q")
    assert first.exit_code == 0, first.output
    made = sorted(p.name for p in out.iterdir() if not p.name.startswith("."))
    assert made == ["one.m4b", "one.narrate.json", "two.m4b", "two.narrate.json"]
    book = MP4(out / "one.m4b")
    assert book.tags["\xa9nam"] == ["First Story"] and book.info.length > 3
    assert abs(decode(out / "two.m4b").duration_seconds - MP4(out / "two.m4b").info.length) < 0.2
    again = invoke(inbox, "-o", out, "--output-format", "m4b")
    assert "skipped     2 files" in again.output and "0 chunks synthesised" in again.output
    wrong = invoke(inbox, "-o", out, "--output-format", "aiff")
    assert wrong.exit_code == 2 and "aiff" in wrong.output
