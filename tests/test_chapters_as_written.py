"""`narrate inspect` lists exactly the chapters the file gets, read back from the MP3."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3

from narrate.cli.commands import cli

ROOT = Path(__file__).resolve().parent.parent
NOVEL = ROOT / "bench" / "corpus" / "books" / "northanger-abbey-5k.txt"  # 5,000 words, no headings


def file_chapters(path: Path) -> list[str]:
    chapters = sorted(ID3(path).getall("CHAP"), key=lambda c: c.start_time)
    return [str(c.sub_frames["TIT2"]) for c in chapters]


def inspected_chapters(runner: CliRunner, source: Path, *options: str) -> list[str]:
    result = runner.invoke(cli, ["inspect", str(source), "--json", *options], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return [chapter["title"] for chapter in json.loads(result.stdout)["chapters"]]


def sentences_as_paragraphs(text: str) -> str:
    """Short paragraphs: where a cut falls then moves with any change of pace."""
    sentences = re.split(r"(?<=[.?!])\s+", " ".join(text.split()))
    return "\n\n".join(s for s in sentences if len(s.split()) > 3)


@pytest.mark.parametrize("rate", ["450", "400"])
def test_a_document_without_headings_gets_the_chapters_inspect_lists(tmp_path, rate):
    """Its five-minute parts are cut on inspect's estimated times, not on how fast the engine
    really spoke (eSpeak NG speaks a little slower than 450 words a minute)."""
    runner = CliRunner()
    source = tmp_path / "northanger.txt"
    novel = re.sub(r"(?m)^CHAPTER \d+\s*$", "", NOVEL.read_text(encoding="utf-8"))  # no heading left
    source.write_text(sentences_as_paragraphs(novel), encoding="utf-8")
    out = tmp_path / "northanger.mp3"
    result = runner.invoke(cli, [str(source), "-o", str(out), "-q", "--rate", rate], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    expected = inspected_chapters(runner, source, "--rate", rate)
    assert len(expected) >= 3 and expected[1:3] == ["Part 2", "Part 3"]
    assert file_chapters(out) == expected


def test_a_web_page_gets_its_headings_as_chapters_and_its_footer_none(tmp_path):
    runner = CliRunner()
    page = ROOT / "tests" / "data" / "pages" / "sqlite.html"
    out = tmp_path / "news.mp3"
    result = runner.invoke(cli, [str(page), "-o", str(out), "-q", "--rate", "300"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    chapters = file_chapters(out)
    assert chapters == inspected_chapters(runner, page, "--rate", "300")
    assert chapters[0] == "2022-12-28 - Version 3.40.1" and "Situations Where SQLite Works Well" in chapters
    assert not [title for title in chapters if "modified" in title]
