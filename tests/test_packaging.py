"""The wheel carries the voice presets, so `--voice british` works from an installed package."""

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_wheel_ships_presets_and_entry_point(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "--no-build-isolation",
         "-q", "-w", str(tmp_path)],
        check=True, capture_output=True,
    )
    wheel = next(tmp_path.glob("narrate-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "narrate/text/data/lexicon.toml" in names  # the default pronunciation lexicon
    presets = {Path(n).name for n in names if n.startswith("narrate/voices/")}
    assert {"default.toml", "british.toml", "clear.toml", "skim.toml"} <= presets
    assert "narrate/py.typed" in names
    assert "narrate/publish/web/index.html" in names  # the page of `narrate serve`
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert "narrate = narrate.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
