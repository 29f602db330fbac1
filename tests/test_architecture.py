"""The folder tree is the architecture: the layers contract in pyproject.toml holds (no import
cycles between stages, nothing imports upward, the library never imports click), and no
modules import each other in a circle, inside a package or across."""

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


def _import_cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(imports.get(module, ())):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for module in sorted(imports):
        if module not in index:
            visit(module)
    return cycles


def test_no_modules_import_each_other_in_a_circle():
    """Imports made when the code runs (inside functions too; not those for type checkers
    only): a circle such as cli.commands <-> cli.check works only because one side imports
    late, and breaks when anyone moves an import."""
    import grimp

    graph = grimp.build_graph("narrate", exclude_type_checking_imports=True)
    imports = {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}
    assert _import_cycles(imports) == []


def test_the_cycle_finder_finds_cycles():
    assert _import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _import_cycles({"a": {"b"}, "b": set()}) == []
