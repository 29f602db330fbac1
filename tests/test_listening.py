"""`narrate check`: planted problems are found by the engine's own reading; clean text is clean."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from narrate.episode.listening import check_file, check_script, engine_reading, is_id_like
from narrate.episode.pipeline import NarrateOptions
from narrate.model import Chunk, ChunkKind, Document, Script, Section

RUN_ON = " ".join(["and more words"] * 25)
# One planted example per rule: (rule, text).
PLANTED = [
    ("markup", "See &nbsp the page today."),
    ("markup", "A broken link <a href=\"page.html\" was left in the text."),
    ("spelled", "Then run xhr against the server."),
    ("id", "The commit 897a837f814b329f fixed it."),
    ("digits", "The ticket is 20240105143210 in the tracker."),
    ("long", f"This sentence never ends {RUN_ON} until here."),
]
CLEAN = ("A quiet afternoon\n\nThe rain stopped at noon, and the town came out to see the river.\n\n"
         "By evening the water had gone down, and the bridge was open again.\n")


def run_check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from narrate.cli import main; main()", "check", *args],
                          capture_output=True, text=True, timeout=120)


def planted_file(folder: Path) -> Path:
    path = folder / "planted.md"
    short = "\n\n".join(["A short sentence here.", "Another short one.", "And a third."] * 2)
    path.write_text("# Planted\n\n" + "\n\n".join(text for _, text in PLANTED) + "\n\n" + short + "\n")
    return path


def test_each_planted_problem_is_found_by_its_rule(tmp_path: Path):
    report = check_file(str(planted_file(tmp_path)), NarrateOptions())
    found = {finding.rule for finding in report.findings}
    assert found >= {rule for rule, _ in PLANTED}
    id_finding = next(f for f in report.findings if f.rule == "id")
    assert "897a837f814b329f" in id_finding.text and id_finding.time > 0


def test_a_symbol_left_for_the_engine_is_named_or_dropped():
    """Normalising removes every such symbol, so the rule is checked on a hand-made script
    (a lexicon respelling or a new reader could still leave one)."""
    chunks = tuple(Chunk(text=text, display=text, kind=ChunkKind.TEXT, pause_after=0.5,
                         paragraph=i, starts_paragraph=True)
                   for i, text in enumerate(["Cost ~ 5 dollars.", "Pick a | b.", "Plain words."]))
    script = Script(Document(title="t", sections=(Section(("x",)),)), chunks)
    report = check_script(script, 175, engine_reading())
    details = {f.detail for f in report.findings if f.rule == "symbol"}
    assert any("'~'" in d and "named" in d for d in details)
    assert any("'|'" in d and "dropped" in d for d in details)
    assert [f.chunk for f in report.findings] == [0, 1]


def test_check_exits_1_with_one_line_per_finding_and_0_when_clean(tmp_path: Path):
    planted = run_check(str(planted_file(tmp_path)))
    assert planted.returncode == 1, planted.stderr
    lines = planted.stdout.splitlines()
    for rule, _ in PLANTED:
        assert any(f" {rule}: " in line for line in lines), rule
    assert all(line.startswith(str(tmp_path)) for line in lines)
    clean = tmp_path / "clean.txt"
    clean.write_text(CLEAN)
    result = run_check(str(clean))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 findings" in result.stdout


def test_check_json_and_folders(tmp_path: Path):
    planted_file(tmp_path)
    (tmp_path / "clean.txt").write_text(CLEAN)
    result = run_check(str(tmp_path), "--json")
    assert result.returncode == 1
    reports = {Path(r["source"]).name: r for r in json.loads(result.stdout)}
    assert set(reports) == {"planted.md", "clean.txt"}
    assert reports["clean.txt"]["findings"] == [] and reports["clean.txt"]["words"] > 20
    assert {f["rule"] for f in reports["planted.md"]["findings"]} >= {rule for rule, _ in PLANTED}
    summary = run_check(str(tmp_path))
    assert any(line.startswith(str(tmp_path / "clean.txt")) and "0 findings" in line
               for line in summary.stdout.splitlines())


def test_an_unreadable_file_is_a_one_line_error(tmp_path: Path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    result = run_check(str(empty))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [f"{empty}: error: {empty} is empty: there is nothing to narrate"]


@pytest.mark.parametrize(("token", "expected"), [
    ("897a837f814b329f", True), ("a1b2c3d4", True), ("deadbeef01", True), ("COVID19", False),
    ("mp3player", False), ("Python", False), ("1234567", False),
])
def test_id_like_tokens(token, expected):
    assert is_id_like(token) is expected


def test_capitals_and_known_initialisms_are_not_reported(tmp_path: Path):
    path = tmp_path / "initialisms.txt"
    path.write_text("The FBI and the BBC met at the UN.\n\nOpen the os module on iOS, then the pdf.\n")
    assert check_file(str(path), NarrateOptions()).findings == []
