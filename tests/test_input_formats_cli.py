"""`narrate inspect --json` and end-to-end narration for Markdown, HTML and EPUB input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from mutagen.id3 import ID3
from mutagen.mp3 import MP3

from narrate.cli.commands import cli
from tests.epub_builder import build_epub
from tests.test_input_formats import NEWS, NEWS_BOILERPLATE, POST

POST_CHAPTERS = ["Brewing better coffee at home", "Choosing beans", "Grinding and brewing", "Keeping it fresh"]
NEWS_CHAPTERS = ["Harbour city votes to rebuild its tram line", "How the line will be paid for", "What happens next"]
# The book title is spoken first, but its chapter is taken over by the first heading right after it.
EPUB_CHAPTERS = ["The Lighthouse Keeper", "A Ship in the Fog", "Morning"]


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture(scope="module")
def epub_path(tmp_path_factory) -> Path:
    return build_epub(tmp_path_factory.mktemp("epub") / "lighthouse.epub")


def run(runner, *args, input=None):
    return runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=False)


def inspect_json(runner, *args, input=None) -> dict:
    result = run(runner, "inspect", *args, "--json", input=input)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def spoken(info: dict) -> str:
    return " ".join(chunk["text"] for chunk in info["chunks"])


def test_inspect_markdown(runner):
    info = inspect_json(runner, POST)
    assert [c["title"] for c in info["chapters"]] == POST_CHAPTERS
    assert (info["author"], info["date"]) == ("Sam Rivera", "2024-02-10")
    text = spoken(info)
    assert "A code example is skipped here." in text
    for markup in ("*", "http", "example.com", "draft note", "def ratio", "#"):
        assert markup not in text


def test_inspect_html_has_no_boilerplate(runner):
    info = inspect_json(runner, NEWS)
    assert [c["title"] for c in info["chapters"]] == NEWS_CHAPTERS
    text = spoken(info).lower()
    assert [phrase for phrase in NEWS_BOILERPLATE if phrase.lower() in text] == []
    assert "port ellery" in text and "quieter design" in text


def test_inspect_epub(runner, epub_path):
    info = inspect_json(runner, epub_path)
    assert [c["title"] for c in info["chapters"]] == EPUB_CHAPTERS
    assert info["author"] == "Iris Calloway"


def test_inspect_shows_normalised_text_and_lexicon(runner, tmp_path):
    lexicon = tmp_path / "names.toml"
    lexicon.write_text('Okafor = "Oh kah for"\n')
    src = tmp_path / "story.txt"
    src.write_text("A Headline\n\nBEIRUT (Reuters) - It cost $5.2bn, said Maria Okafor.\n")
    info = inspect_json(runner, src, "--lexicon", lexicon)
    chunk = info["chunks"][1]
    assert chunk["text"] == "Beirut, Reuters. It cost five point two billion dollars, said Maria Oh kah for."
    assert chunk["display"] == "BEIRUT (Reuters) - It cost $5.2bn, said Maria Okafor."
    assert chunk["lexicon"] == ["Okafor -> Oh kah for"]
    assert info["lexicon_applied"] == {"Okafor -> Oh kah for": 1}
    plain = run(runner, "inspect", src, "--lexicon", lexicon).stdout
    assert "(lexicon: Okafor -> Oh kah for)" in plain
    assert "(written: BEIRUT (Reuters) - It cost $5.2bn, said Maria Okafor.)" in plain


def test_skip_drops_matching_paragraphs(runner, tmp_path):
    src = tmp_path / "wire.txt"
    src.write_text("Talks Resume\n\nLONDON (Reuters) - Talks resumed on Monday.\n\n"
                   "Advertisement\n\n(Reporting by Jane Roe; Editing by John Doe)\n")
    info = inspect_json(runner, src, "--skip", r"^\(Reporting by", "--skip", "^Advertisement$")
    assert [c["display"] for c in info["chunks"]] == ["Talks Resume", "LONDON (Reuters) - Talks resumed on Monday."]


@pytest.mark.parametrize(("args", "message"), [
    (("--skip", "(unclosed"), "Error: --skip '(unclosed' is not a valid regular expression"),
    (("--skip", "."), "Error: every paragraph matched --skip: there is nothing left to narrate"),
    (("--lexicon", "missing.toml"), "Error: lexicon file missing.toml: no such file"),
    (("--format", "pdf"), "Error: Invalid value for '--format'"),
])
def test_bad_options_are_one_line_errors(runner, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    Path("a.txt").write_text("Some words here.\n")
    result = run(runner, "inspect", "a.txt", *args)
    assert result.exit_code != 0
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_format_forces_a_reader_for_stdin(runner):
    info = inspect_json(runner, "-", "--format", "md", input="# Notes\n\nSome *fine* words.\n\n## Part two\n\nMore.\n")
    assert [c["title"] for c in info["chapters"]] == ["Notes", "Part two"]
    assert info["chunks"][1]["text"] == "Some fine words."


def chapter_titles(path: Path) -> list[str]:
    tags = ID3(path)
    chapters = sorted(tags.getall("CHAP"), key=lambda c: c.start_time)
    return [str(c.sub_frames["TIT2"]) for c in chapters]


@pytest.mark.parametrize(("source", "chapters", "title"), [
    (POST, POST_CHAPTERS, "Brewing better coffee at home"),
    (NEWS, NEWS_CHAPTERS, "Harbour city votes to rebuild its tram line"),
    ("epub", EPUB_CHAPTERS, "The Lighthouse"),
])
def test_narrates_each_format_with_chapters_from_headings(runner, tmp_path, epub_path, source, chapters, title):
    source = epub_path if source == "epub" else source
    out = tmp_path / "episode.mp3"
    result = run(runner, source, "-o", out, "-q", "--rate", "400")
    assert result.exit_code == 0, result.output
    assert chapter_titles(out) == chapters
    tags = ID3(out)
    assert str(tags["TIT2"]) == title
    ends = [c.end_time for c in tags.getall("CHAP")]
    assert max(ends) <= MP3(out).info.length * 1000 + 50
