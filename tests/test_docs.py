"""The documentation stays true: the CLI reference matches the CLI, links lead somewhere."""

import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from narrate.cli.commands import cli
from narrate.cli.reference import REGENERATE, render_reference

REPO = Path(__file__).resolve().parent.parent
DOCUMENTS = sorted([REPO / "README.md", REPO / "CHANGELOG.md", *(REPO / "docs").glob("*.md")])
README_MAX_LINES = 350


def test_cli_reference_matches_the_cli():
    written = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    assert written == render_reference(), (
        f"docs/cli.md is out of date with the command line: regenerate it with `{REGENERATE}`")


def test_reference_script_prints_the_reference():
    result = subprocess.run([sys.executable, "-m", "narrate.cli.reference"], cwd=REPO,
                            capture_output=True, text=True, check=True)
    assert result.stdout == render_reference()


def test_rendering_leaves_the_command_line_as_it_was():
    render_reference()
    runner = CliRunner()
    for args in (["-h"], ["feed", "-h"], ["cache", "info", "-h"], ["speak", "-h"]):
        result = runner.invoke(cli, args)
        assert result.exit_code == 0 and "Usage:" in result.output, (args, result.output)


def test_reference_names_every_command_and_option():
    reference = render_reference()
    sections = re.split(r"^#+ `", reference, flags=re.MULTILINE)

    def visit(command, path):
        section = next(s for s in sections if s.startswith(f"{path}`"))
        for param in command.params:
            for name in getattr(param, "opts", []) + getattr(param, "secondary_opts", []):
                if name.startswith("-"):
                    assert f"`{name}`" in section, f"{name} of `{path}` is missing"
        for sub_name, sub in getattr(command, "commands", {}).items():
            visit(sub, f"{path} {sub_name}")

    visit(cli, "narrate")


def test_reference_renders_choices_ranges_defaults_and_help_examples():
    @click.group()
    def tool():
        """A tool."""

    @tool.command()
    @click.argument("source", metavar="FILE")
    @click.option("--mode", type=click.Choice(["fast", "slow"]), default="fast", help="How | fast.")
    @click.option("--level", type=click.FloatRange(-36, -9), default=-16.0, help="Target.")
    @click.option("--tags", multiple=True, metavar="TAG", help="Tags.")
    @click.option("--loud/--soft", default=None, help="Loudness.")
    @click.option("--dry", is_flag=True, help="Nothing.")
    def run(**_):
        """Run FILE.

        \b
        Example:
          tool run a.txt
        """

    text = render_reference(tool, "tool")
    assert "## `tool`" in text and "### `tool run`" in text
    assert "| `tool run` | Run FILE. |" in text
    assert "```\ntool run [OPTIONS] FILE\n```" in text
    assert "```\nExample:\n  tool run a.txt\n```" in text
    assert "| `--mode` | `fast` \\| `slow` | `fast` | How \\| fast. |" in text
    assert "| `--level` | number -36--9 | `-16` | Target. |" in text
    assert "| `--tags` | `TAG`, repeatable |  | Tags. |" in text
    assert "| `--loud`, `--soft` | flag |  | Loudness. |" in text
    assert "| `--dry` | flag |  | Nothing. |" in text
    assert "| `FILE` | required |" in text


def test_readme_is_short():
    lines = (REPO / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move detail into docs/"


def _slug(heading: str, seen: dict[str, int]) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
    count = seen.get(slug, 0)
    seen[slug] = count + 1
    return slug if count == 0 else f"{slug}-{count}"


def _links_and_anchors(path: Path) -> tuple[list[str], set[str]]:
    tokens = MarkdownIt("commonmark").enable("table").parse(path.read_text(encoding="utf-8"))
    links, anchors, seen = [], set(), {}
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            anchors.add(_slug(tokens[index + 1].content.replace("`", ""), seen))
        for child in token.children or []:
            if child.type == "link_open":
                links.append(str(child.attrs["href"]))
    return links, anchors


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(REPO)))
def test_relative_links_lead_to_files_and_headings(document):
    assert document.is_file(), f"{document.relative_to(REPO)} is missing"
    links, anchors = _links_and_anchors(document)
    for link in links:
        if re.match(r"[a-z][a-z0-9+.-]*:", link):  # https:, mailto: ...
            continue
        target, _, anchor = link.partition("#")
        path = (document.parent / target).resolve() if target else document
        assert path.exists(), f"{document.name} links to {link}, which does not exist"
        if anchor and path.suffix == ".md":
            targets = anchors if path == document else _links_and_anchors(path)[1]
            assert anchor in targets, f"{document.name} links to {link}: no such heading"


def test_link_check_sees_links_and_headings(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# How it works\n\n## Set up (two commands)\n\nSee [x](other.md#a-b) and "
                    "[y](#set-up-two-commands), `[not](code.md)`.\n\n| a | [z](t.md) |\n| - | - |\n")
    links, anchors = _links_and_anchors(page)
    assert links == ["other.md#a-b", "#set-up-two-commands", "t.md"]
    assert anchors == {"how-it-works", "set-up-two-commands"}
