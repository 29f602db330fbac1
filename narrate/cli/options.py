"""Options more than one command takes, and the context every command shares: in a module of
their own, so the commands in other modules (check, subscribe, watch) and the command group
that registers them (narrate.cli.commands) all import them from here, and not each other."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import click

from narrate.text.readers import format_names as reader_names
from narrate.voice.engines.espeak import PITCH_RANGE
from narrate.voice.presets import PAUSE_RANGE, RATE_RANGE, VOLUME_RANGE

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def text_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Options that shape what is spoken (shared by speak and inspect)."""
    decorators = [
        click.option("--title", help="Episode title (default: the headline, else the file name if it reads as words, "
                     "else the opening words, which are then not spoken twice)."),
        click.option("--format", "fmt", type=click.Choice(reader_names(), case_sensitive=False),
                     help="Force a reader instead of going by the file's extension (for stdin)."),
        click.option("--lexicon", multiple=True, metavar="FILE", type=click.Path(dir_okay=False),
                     help="Pronunciation lexicon (TOML: word = \"respelling\"); repeatable."),
        click.option("--skip", multiple=True, metavar="PATTERN",
                     help="Leave out paragraphs matching this regular expression; repeatable."),
        click.option("--keep-credits", is_flag=True,
                     help="Read wire credits such as '(Reporting by ...; Editing by ...)'."),
        click.option("--footnotes", is_flag=True,
                     help="Read footnotes at the end of their chapter (default: left out)."),
        click.option("--voice", "-v", help="A preset name, a preset .toml file, an eSpeak NG, Kokoro or Piper voice id, or a Piper .onnx file."),
        click.option("--language", help="The document's language (e.g. fr, de-AT): picks a voice of it when no --voice is given."),
        click.option("--rate", "-r", type=click.IntRange(*RATE_RANGE), help="Words per minute (overrides the voice)."),
        click.option("--pitch", type=click.IntRange(*PITCH_RANGE),
                     help="Pitch 0-100 (overrides the voice; eSpeak NG voices only)."),
        click.option("--volume", type=click.FloatRange(*VOLUME_RANGE), help="Volume 0.1-2.0 (overrides the voice)."),
        click.option("--pause", type=click.FloatRange(*PAUSE_RANGE),
                     help="Seconds of silence between paragraphs (default from the voice, 0.7)."),
    ]
    return functools.reduce(lambda f, d: d(f), reversed(decorators), command)


def rename_options(options: dict[str, Any]) -> dict[str, Any]:
    renamed = dict(options)
    if "fmt" in renamed:
        renamed["format"] = renamed.pop("fmt")
    return renamed
