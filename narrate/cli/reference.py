"""The command-line reference in Markdown, rendered from the click commands themselves.

docs/cli.md is this module's output, so the reference can never describe an option the CLI
does not have; tests/test_docs.py fails when the two differ. Regenerate with:

    python -m narrate.cli.reference > docs/cli.md
"""

from __future__ import annotations

import inspect
import sys
import textwrap
from collections.abc import Iterator

import click

from narrate.cli.commands import DEFAULT_COMMAND, cli

REGENERATE = "python -m narrate.cli.reference > docs/cli.md"
# click 8.3+ marks "no default given" with a sentinel; older versions use None.
_UNSET = getattr(click.core, "UNSET", None)


def render_reference(group: click.Group = cli, name: str = "narrate") -> str:
    """The whole reference: the group, then every command and subcommand, depth first."""
    lines = [
        "# Command-line reference",
        "",
        f"Generated from the command line itself by `{REGENERATE}`;",
        "do not edit it by hand (`tests/test_docs.py` fails when it is out of date).",
        "Every command also answers `-h` / `--help`.",
        "",
    ]
    if group is cli:
        lines += [f"`{name} FILE|DIR...` is short for `{name} {DEFAULT_COMMAND} FILE|DIR...`.", ""]
    root = _context(group, name, None)
    for ctx in _walk(root):
        lines += _command_section(ctx)
    return "\n".join(lines).rstrip() + "\n"


def _walk(ctx: click.Context) -> Iterator[click.Context]:
    """`ctx` and the contexts of its subcommands, in the order `--help` lists them."""
    yield ctx
    command = ctx.command
    if isinstance(command, click.Group):
        for sub_name in command.list_commands(ctx):
            sub = command.get_command(ctx, sub_name)
            if sub is not None and not sub.hidden:
                yield from _walk(_context(sub, sub_name, ctx))


def _context(command: click.Command, name: str, parent: click.Context | None) -> click.Context:
    """A context as click makes one for `--help`, with the command's own settings: click
    caches the help option on the command, so a context without its `-h` would take `-h`
    away from the real command line."""
    return click.Context(command, info_name=name, parent=parent, **command.context_settings)


def _command_section(ctx: click.Context) -> list[str]:
    command = ctx.command
    path = ctx.command_path
    lines = [f"{'#' * min(ctx.command_path.count(' ') + 2, 4)} `{path}`", ""]
    usage = " ".join(command.collect_usage_pieces(ctx))
    lines += ["```", f"{path} {usage}".rstrip(), "```", ""]
    lines += _help_text(command.help or "")
    if isinstance(command, click.Group):
        subcommands = [(n, command.get_command(ctx, n)) for n in command.list_commands(ctx)]
        lines += ["| command | what it does |", "| --- | --- |"]
        for sub_name, sub in subcommands:
            if sub is not None and not sub.hidden:
                lines.append(f"| `{path} {sub_name}` | {_cell(sub.get_short_help_str(limit=200))} |")
        lines.append("")
    arguments = [p for p in command.get_params(ctx) if isinstance(p, click.Argument)]
    options = [p for p in command.get_params(ctx)
               if isinstance(p, click.Option) and not p.hidden and "--help" not in p.opts]
    if arguments:
        lines += ["| argument | |", "| --- | --- |"]
        lines += [f"| {_cell(f'`{_argument_name(a)}`')} | {_argument_note(a)} |" for a in arguments]
        lines.append("")
    if options:
        lines += ["| option | value | default | meaning |", "| --- | --- | --- | --- |"]
        lines += [_option_row(option, ctx) for option in options]
        lines.append("")
    return lines


def _help_text(text: str) -> list[str]:
    """click's help: plain paragraphs stay prose; `\\b` paragraphs (kept as typed) become code."""
    lines: list[str] = []
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        if not paragraph.strip():
            continue
        if paragraph.startswith("\b"):
            body = textwrap.dedent(paragraph[1:].lstrip("\n").rstrip())
            lines += ["```", body, "```", ""]
        else:
            lines += [" ".join(line.strip() for line in paragraph.splitlines()), ""]
    return lines


def _option_row(option: click.Option, ctx: click.Context) -> str:
    names = ", ".join(f"`{name}`" for name in [*option.opts, *option.secondary_opts])
    return f"| {names} | {_value(option, ctx)} | {_default(option)} | {_cell(option.help or '')} |"


def _value(param: click.Parameter, ctx: click.Context) -> str:
    """What the option takes: its choices, its range, or its metavar; nothing for a flag."""
    if isinstance(param, click.Option) and param.is_flag:
        return "flag"
    kind = param.type
    if isinstance(kind, click.Choice):
        text = " \\| ".join(f"`{choice}`" for choice in kind.choices)
    elif isinstance(kind, (click.IntRange, click.FloatRange)):
        text = f"{'integer' if isinstance(kind, click.IntRange) else 'number'} {_range(kind)}"
    elif param.metavar:
        text = f"`{param.metavar}`"
    elif isinstance(kind, click.Path):
        text = "path"
    else:
        text = kind.name
    if param.multiple:
        text += ", repeatable"
    return text


def _range(kind: click.IntRange | click.FloatRange) -> str:
    low = "" if kind.min is None else _number(kind.min)
    high = "" if kind.max is None else _number(kind.max)
    return f"{low}-{high}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _default(option: click.Option) -> str:
    """The default click would apply; blank when there is none (the library then decides)."""
    default = option.default
    if option.is_flag and not option.secondary_opts:
        return ""
    if default is None or default is _UNSET or default == () or callable(default):
        return ""
    if option.is_flag and option.secondary_opts:
        return f"`{option.opts[0] if default else option.secondary_opts[0]}`"
    if isinstance(default, float):
        default = _number(default)
    return f"`{default}`"


def _argument_name(argument: click.Argument) -> str:
    return argument.metavar or argument.human_readable_name.upper()


def _argument_note(argument: click.Argument) -> str:
    notes = ["required" if argument.required else "optional"]
    if argument.nargs == -1:
        notes.append("one or more" if argument.required else "any number")
    return ", ".join(notes)


def _cell(text: str) -> str:
    """Help text fit for one Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


def main() -> None:
    sys.stdout.write(render_reference())


if __name__ == "__main__":
    main()
