"""The `narrate` command's entry point: Ctrl-C and SIGTERM take narrate's path from the first
moment. The commands import their libraries (click, lxml, numpy, ...), which takes a second
and more on a busy machine; a Ctrl-C meanwhile was a KeyboardInterrupt traceback (exit -2)
and a SIGTERM killed narrate silently (exit -15). So the handler is installed here, before
the commands are imported."""

from __future__ import annotations


def main() -> None:
    from narrate.cli.signals import run_stoppable

    def commands() -> None:
        from narrate.cli.commands import cli

        cli(prog_name="narrate")

    run_stoppable(commands)
