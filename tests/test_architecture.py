"""The folder tree is the architecture: the layers contract in pyproject.toml holds (no import
cycles between stages, nothing imports upward, the library never imports click)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def test_layers_contract_is_kept():
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.fail("import-linter is missing: pip install '.[test]'")
    result = subprocess.run([lint, "--no-cache"], cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-1000:]
    assert "2 kept, 0 broken" in result.stdout


def test_every_stage_package_names_its_job():
    for package in ("text", "voice", "synthesis", "audio", "episode", "run", "publish", "cli"):
        doc = (REPO / "narrate" / package / "__init__.py").read_text()
        assert doc.startswith('"""'), package
