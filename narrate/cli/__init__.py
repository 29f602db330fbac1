"""The command line: click commands, progress and reports. The only package that prints."""

from narrate.cli.entry import main

__all__ = ["main"]
