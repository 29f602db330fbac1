"""The benchmark corpus and the test data may be redistributed: each document's source and
licence are written down, and none is under a research-only licence (Reuters-21578's)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "bench" / "corpus"
SOURCES = (CORPUS / "SOURCES.md").read_text(encoding="utf-8")
DOCUMENT_SUFFIXES = {".txt", ".md", ".html", ".htm", ".xhtml", ".epub"}


def _documents(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix in DOCUMENT_SUFFIXES and p.name != "SOURCES.md")


def test_every_corpus_document_is_listed_with_its_source():
    listed = set(re.findall(r"`([\w./-]+)`", SOURCES))
    for path in _documents(CORPUS):
        relative = path.relative_to(CORPUS).as_posix()
        assert path.name in listed or relative in listed, f"{relative} is not in bench/corpus/SOURCES.md"


def test_every_licence_allows_redistribution():
    licences = [row.split("|")[4].strip() for row in SOURCES.splitlines() if re.match(r"\| (news|essays|docs|books) \|", row)]
    assert len(licences) == 5
    for licence in licences:
        assert not re.search(r"research|non-?commercial|\bNC\b", licence, re.IGNORECASE), licence
    assert "Reuters-21578" not in SOURCES.split("Changes:")[0]


def test_no_reuters_21578_story_is_left():
    """Its stories close with a "Reuter" line and write money as "dlrs"; none is left in the
    corpus or the test data (tests of those conventions use made-up text)."""
    for path in _documents(CORPUS) + _documents(REPO / "tests" / "data"):
        text = path.read_text(encoding="utf-8", errors="replace")
        assert not re.search(r"^Reuter\s*$", text, re.MULTILINE), path
        assert " dlrs" not in text and " mln " not in text, path
