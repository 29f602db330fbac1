"""The command line, driven with click's CliRunner and, where a process matters, for real."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3

from narrate.cli.commands import cli
from tests.audio_check import decode

ARTICLE = "A Small Headline\n\nThe first paragraph is here. It has two sentences.\n\nThe second one ends it.\n"


@pytest.fixture
def runner():
    return CliRunner()


def run(runner, *args, input=None):
    return runner.invoke(cli, list(args), input=input, catch_exceptions=False)


def test_narrates_a_file_with_options(runner, tmp_path):
    src = tmp_path / "story.txt"
    src.write_text(ARTICLE)
    result = run(runner, str(src), "-o", str(tmp_path / "out.mp3"), "--voice", "skim",
                 "--title", "Mine", "--author", "Ann", "--album", "Reads", "--bitrate", "48k")
    assert result.exit_code == 0, result.output
    tags = ID3(tmp_path / "out.mp3")
    assert (str(tags["TIT2"]), str(tags["TPE1"]), str(tags["TALB"])) == ("Mine", "Ann", "Reads")
    assert "out.mp3" in result.stderr and ", 1 chapter, " in result.stderr


def test_default_output_is_beside_the_input(runner, tmp_path):
    src = tmp_path / "story.txt"
    src.write_text(ARTICLE)
    assert run(runner, str(src), "-q").exit_code == 0
    assert (tmp_path / "story.mp3").stat().st_size > 1000


def test_stdin(runner, tmp_path):
    out = tmp_path / "in.mp3"
    result = run(runner, "-", "-o", str(out), "-q", input=ARTICLE)
    assert result.exit_code == 0
    assert str(ID3(out)["TIT2"]) == "A Small Headline"


def test_rate_option_changes_length(runner, tmp_path):
    src = tmp_path / "story.txt"
    src.write_text(ARTICLE * 3)
    run(runner, str(src), "-o", str(tmp_path / "slow.mp3"), "--rate", "120", "-q")
    run(runner, str(src), "-o", str(tmp_path / "fast.mp3"), "--rate", "320", "-q")
    assert len(decode(tmp_path / "slow.mp3")) > 1.6 * len(decode(tmp_path / "fast.mp3"))


def test_non_utf8_input_warns_and_works(runner, tmp_path):
    src = tmp_path / "old.txt"
    src.write_bytes("Caf\u00e9 news\n\nThe caf\u00e9 opened today.".encode("cp1252"))
    result = run(runner, str(src), "-o", str(tmp_path / "o.mp3"), "-q")
    assert result.exit_code == 0
    assert "warning: " in result.stderr and "not valid UTF-8" in result.stderr


@pytest.mark.parametrize(("setup", "message"), [
    (lambda d: str(d / "missing.txt"), "missing.txt: no such file"),
    (lambda d: str(d), "is a directory"),
    (lambda d: _write(d / "empty.txt", b""), "is empty"),
    (lambda d: _write(d / "blank.txt", b" \n\n\t "), "is empty"),
    (lambda d: _write(d / "bin.txt", b"\x7fELF\x02\x01\x01\x00\x00\x00"), "looks like a binary file"),
])
def test_bad_input_is_one_clear_line(runner, tmp_path, setup, message):
    result = runner.invoke(cli, [setup(tmp_path), "-o", str(tmp_path / "x.mp3")])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.mp3").exists()


@pytest.mark.parametrize("args", [
    ["inspekt", "story.txt"],            # narrated story.txt beside it, then failed on 'inspekt'
    ["-q", "inspekt", "story.txt"],
    ["inspekt", "story.txt", "-o", "out"],
])
def test_a_mistyped_command_is_a_usage_error_that_writes_nothing(runner, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    Path("story.txt").write_text(ARTICLE)
    result = runner.invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "Error: no such command or file 'inspekt'; did you mean inspect" in result.stderr
    assert sorted(os.listdir(tmp_path)) == ["story.txt"]


@pytest.mark.parametrize(("args", "message"), [
    (["frobnicate"], "no such command or file 'frobnicate'"),
    (["cache", "inf"], "no such command 'inf'; did you mean info?"),
    (["voices", "gte", "kokoro"], "no such command 'gte'; did you mean get?"),
    (["story.txt", "--forse"], "'--force'"),
    (["--jbos", "2", "story.txt"], "'--jobs'"),
])
def test_unknown_commands_and_options_exit_2_with_a_suggestion(runner, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    Path("story.txt").write_text(ARTICLE)
    result = runner.invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert sorted(os.listdir(tmp_path)) == ["story.txt"]


def test_a_file_named_like_a_command_or_a_web_address_is_still_narrated(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("inspekt").write_text(ARTICLE)
    result = runner.invoke(cli, ["inspekt", "-q"])
    assert result.exit_code == 0, result.output
    assert Path("inspekt.mp3").is_file()


def _write(path: Path, data: bytes) -> str:
    path.write_bytes(data)
    return str(path)


def test_unknown_voice_suggests(runner, tmp_path):
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    result = runner.invoke(cli, [str(src), "--voice", "brittish"])
    assert result.exit_code == 1
    assert "unknown voice 'brittish'; did you mean british" in result.stderr


def test_an_output_folder_that_cannot_be_made(runner, tmp_path):
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    result = runner.invoke(cli, [str(src), "-o", str(src / "such" / "x.mp3")])  # a.txt is a file
    assert result.exit_code == 1
    assert "folder" in result.stderr and "does not exist" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_output_under_a_file_is_refused(runner, tmp_path):
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    result = runner.invoke(cli, [str(src), "-o", str(src / "x.mp3")])
    assert result.exit_code == 1
    assert "is not a folder" in result.stderr


def test_bad_bitrate(runner, tmp_path):
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    result = runner.invoke(cli, [str(src), "--bitrate", "fast"])
    assert result.exit_code == 2 and "not a bitrate" in result.stderr


def test_missing_ffmpeg_keeps_the_previous_good_file(tmp_path):
    """A failure mid-way leaves the old output untouched and no partial file behind."""
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    out = tmp_path / "a.mp3"
    out.write_bytes(b"previous good episode")
    env = dict(os.environ, IMAGEIO_FFMPEG_EXE=str(tmp_path / "no-ffmpeg"), PATH="/nonexistent")
    result = subprocess.run([sys.executable, "-m", "narrate", str(src), "-o", str(out), "--no-cache"],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 1
    assert result.stderr.strip().startswith("Error: ffmpeg")
    assert "install" in result.stderr and result.stderr.count("\n") == 1
    assert out.read_bytes() == b"previous good episode"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.mp3", "a.txt"]


def test_inspect_text_and_json(runner, tmp_path):
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    text = run(runner, "inspect", str(src))
    assert "Title:     A Small Headline" in text.output and "[title]" in text.output
    import json

    data = json.loads(run(runner, "inspect", str(src), "--json").output)
    assert data["title"] == "A Small Headline"
    assert [c["kind"] for c in data["chunks"]] == ["title", "text", "text"]
    assert data["chunks"][1]["pause_after"] == 0.7 and data["estimated_duration"] > 3


def test_voices_lists_presets_and_engine_voices(runner):
    result = run(runner, "voices", "--language", "en")
    assert "default" in result.output and "british" in result.output
    assert "gmw/en-us" in result.output and "gmw/de" not in result.output


@pytest.mark.parametrize("command", [[], ["speak"], ["inspect"], ["voices"]])
def test_every_command_has_help_with_an_example(runner, command):
    result = run(runner, *command, "-h")
    assert result.exit_code == 0
    assert "Usage:" in result.output and "narrate" in result.output


def test_python_dash_m(tmp_path):
    result = subprocess.run([sys.executable, "-m", "narrate", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and "narrate, version" in result.stdout


def test_output_has_ordinary_permissions(runner, tmp_path):
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    old = os.umask(0o022)
    try:
        run(runner, str(src), "-q")
    finally:
        os.umask(old)
    assert (tmp_path / "a.mp3").stat().st_mode & 0o777 == 0o644
