"""The command line: parse options, call the library, print results. Nothing else lives here."""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from typing import Any

import click

from narrate import __version__
from narrate.errors import NarrateError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
DEFAULT_COMMAND = "speak"


class NarrateGroup(click.Group):
    """`narrate FILE` means `narrate speak FILE`; NarrateErrors become one-line errors."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help", "--version"):
            args = [DEFAULT_COMMAND, *args]
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except NarrateError as exc:
            raise click.ClickException(str(exc)) from exc
        except KeyboardInterrupt:
            click.echo("interrupted: nothing was written", err=True)
            ctx.exit(130)


def text_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Options that shape what is spoken (shared by speak and inspect)."""
    decorators = [
        click.option("--title", help="Episode title (default: the headline, else the file name)."),
        click.option("--format", "fmt", metavar="FORMAT",
                     help="Force a reader (txt); needed for stdin in other formats."),
        click.option("--voice", "-v", help="A preset name, a preset .toml file, or an eSpeak NG voice id."),
        click.option("--rate", "-r", type=click.IntRange(80, 450), help="Words per minute (overrides the voice)."),
        click.option("--pitch", type=click.IntRange(0, 100), help="Pitch 0-100 (overrides the voice)."),
        click.option("--volume", type=click.FloatRange(0.1, 2.0), help="Volume 0.1-2.0 (overrides the voice)."),
        click.option("--pause", type=click.FloatRange(0, 10),
                     help="Seconds of silence between paragraphs (default from the voice, 0.7)."),
    ]
    return functools.reduce(lambda f, d: d(f), reversed(decorators), command)


@click.group(cls=NarrateGroup, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="narrate")
def cli() -> None:
    """Turn saved articles into podcast-ready audio, offline.

    \b
      narrate article.txt -o article.mp3     narrate one article
      narrate inbox/ -o podcast/             narrate a folder tree, skipping what is up to date
      narrate inspect article.txt            see what would be spoken
      narrate voices                         list voices and presets
    """


@cli.command(DEFAULT_COMMAND, context_settings=CONTEXT)
@click.argument("sources", metavar="FILE|DIR...", nargs=-1, required=True)
@click.option("--output", "-o", type=click.Path(),
              help="Where to write the MP3 (default: FILE with .mp3); a folder for several inputs.")
@text_options
@click.option("--author", help="Artist tag (default: the document's author, else 'narrate').")
@click.option("--album", help="Album tag (default: 'narrate').")
@click.option("--bitrate", default="64k", show_default=True, metavar="RATE", help="MP3 bitrate, e.g. 48k, 96k.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), help="Synthesis worker processes (default: all cores).")
@click.option("--glob", "pattern", metavar="PATTERN", help="In folders, only files matching this (e.g. '*.md').")
@click.option("--force", is_flag=True, help="Narrate again even what is up to date.")
@click.option("--no-cache", is_flag=True, help="Neither reuse nor store synthesised chunks.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary line.")
@click.option("--scheduler", metavar="ADDRESS",
              help="Narrate a batch on a Dask cluster (tcp://HOST:8786), or 'local' to start one here.")
def speak(sources: tuple[str, ...], output: str | None, quiet: bool, pattern: str | None,
          force: bool, no_cache: bool, scheduler: str | None, **options: Any) -> None:
    """Narrate FILE (a text file, or - for stdin) to an MP3 with tags and chapters; or
    narrate several files and folders into a folder, skipping what is up to date.

    \b
    Examples:
      narrate article.txt -o article.mp3 --voice british --title "The headline"
      narrate inbox/ -o podcast/ --glob '*.md'
      narrate a.txt b.md -o podcast/
      narrate corpus/ -o podcast/ --scheduler tcp://scheduler:8786
    """
    from narrate.pipeline import NarrateOptions

    _check_bitrate(options["bitrate"])
    opts = NarrateOptions(**_rename(options), cache=not no_cache)
    if _is_batch(sources, output):
        _speak_batch(sources, output, opts, pattern, force, quiet, scheduler)
    elif scheduler:
        raise click.UsageError("--scheduler is for batches: give a folder or several files, and -o a folder")
    else:
        _speak_one(sources[0], output, opts, quiet)


def _is_batch(sources: tuple[str, ...], output: str | None) -> bool:
    import os
    from pathlib import Path

    if len(sources) > 1:
        return True
    if output is not None and (output.endswith(os.sep) or Path(output).is_dir()):
        return True
    return Path(sources[0]).is_dir() and (output is None or Path(output).suffix == "")


def _speak_batch(sources: tuple[str, ...], output: str | None, opts: Any, pattern: str | None,
                 force: bool, quiet: bool, scheduler: str | None = None) -> None:
    from pathlib import Path

    from narrate.batch import failure_line, gather, run_batch, summary_table
    from narrate.errors import InputError, OutputError
    from narrate.progress import progress_for

    if "-" in sources:
        raise InputError("standard input (-) cannot be part of a batch: give files or folders")
    out_dir = Path(click.format_filename(output)) if output else None
    if out_dir is not None:
        if out_dir.suffix.lower() == ".mp3":
            raise OutputError(f"{out_dir} is a file name: with several inputs or a folder, -o is a folder")
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"cannot create the output folder {out_dir}: {exc.strerror}") from exc
    jobs = gather([Path(s) for s in sources], out_dir, pattern)
    if not jobs:
        raise InputError(f"no files to narrate in {', '.join(sources)}"
                         + (f" matching {pattern!r}" if pattern else ""))
    executor = None
    if scheduler:
        from narrate.dask_executor import DaskExecutor

        announce = None if quiet else (lambda link: click.echo(f"Dask dashboard: {link}", err=True))
        executor = DaskExecutor(scheduler, workers=opts.jobs, announce=announce)
    progress = progress_for(quiet)
    try:
        report = run_batch(jobs, opts, progress, force=force, executor=executor)
    except KeyboardInterrupt:
        progress.close()
        click.echo("interrupted: finished files are kept; files in progress were not written", err=True)
        raise click.exceptions.Exit(130) from None
    finally:
        progress.close()
    if not quiet:
        click.echo(summary_table(report), err=True)
    elif not report.ok:
        for result in report.results:
            if result.status == "failed":
                click.echo(f"failed: {failure_line(result)}", err=True)
    if not report.ok:
        raise click.exceptions.Exit(1)


def _speak_one(source: str, output: str | None, opts: Any, quiet: bool) -> None:
    from pathlib import Path

    from narrate.errors import InputError
    from narrate.fileio import check_writable_folder
    from narrate.pipeline import default_output, prepare, render
    from narrate.report import summary_line

    if source != "-" and Path(source).is_dir():
        raise InputError(f"{source} is a directory: to narrate a folder, give -o a folder, not {output}")
    out = Path(click.format_filename(output)) if output else default_output(source)
    check_writable_folder(out)
    script, voice = prepare(source, opts)
    for warning in script.document.warnings:
        click.echo(f"warning: {warning}", err=True)
    bar = _progress_bar(len(script.chunks), quiet)
    if bar is not None:
        opts.progress = lambda done, total, seconds: bar.update(done - bar.pos)
    try:
        episode = render(script, voice, out, opts)
    finally:
        if bar is not None:
            bar.render_finish()
    if not quiet:
        click.echo(summary_line(episode), err=True)


@cli.group(context_settings=CONTEXT)
def cache() -> None:
    """The segment cache: synthesised chunks kept so unchanged text is never spoken twice.

    \b
    Examples:
      narrate cache info
      narrate cache clear
    """


@cache.command("info", context_settings=CONTEXT)
def cache_info() -> None:
    """Where the cache is, how full, and its cap (NARRATE_CACHE_DIR, NARRATE_CACHE_SIZE).

    \b
    Example:
      narrate cache info
    """
    from narrate.cache import SegmentCache
    from narrate.report import human_size

    info = SegmentCache().info()
    click.echo(f"path:     {info.path}")
    click.echo(f"entries:  {info.entries}")
    click.echo(f"size:     {human_size(info.size)} of {human_size(info.max_size)}")


@cache.command("clear", context_settings=CONTEXT)
def cache_clear() -> None:
    """Delete every cached segment.

    \b
    Example:
      narrate cache clear
    """
    from narrate.cache import SegmentCache

    cache = SegmentCache()
    removed = cache.clear()
    click.echo(f"removed {removed} cached segment{'s' if removed != 1 else ''} from {cache.root}")


@cli.command(context_settings=CONTEXT)
@click.argument("source", metavar="FILE")
@text_options
@click.option("--json", "as_json", is_flag=True, help="Print the script as JSON.")
def inspect(source: str, as_json: bool, **options: Any) -> None:
    """Show what would be spoken for FILE, without synthesising anything.

    \b
    Example:
      narrate inspect article.txt --json | jq '.chapters'
    """
    from narrate.pipeline import NarrateOptions, prepare
    from narrate.report import describe_script, format_script

    script, voice = prepare(source, NarrateOptions(**_rename(options)))
    info = describe_script(script, voice)
    for warning in script.document.warnings:
        click.echo(f"warning: {warning}", err=True)
    click.echo(json.dumps(info, indent=2, ensure_ascii=False) if as_json else format_script(info))


@cli.command(context_settings=CONTEXT)
@click.option("--language", "-l", help="Only engine voices whose language starts with this (e.g. en).")
@click.option("--json", "as_json", is_flag=True, help="Print presets and voices as JSON.")
def voices(language: str | None, as_json: bool) -> None:
    """List voice presets and the engine's voices.

    \b
    Example:
      narrate voices --language en
    """
    from narrate.engines import get_engine
    from narrate.voices import list_presets, user_voices_dir

    presets = list_presets()
    engine_voices = [
        v for v in get_engine("espeak").voices()
        if not language or any(lang.startswith(language.lower()) for lang in v.languages)
    ]
    if as_json:
        click.echo(json.dumps({
            "presets": [{"name": p.name, **p.to_dict(), "path": p.path} for p in presets],
            "engine_voices": [{"id": v.id, "name": v.name, "languages": list(v.languages),
                               "gender": v.gender} for v in engine_voices],
        }, indent=2, default=str))
        return
    click.echo("Presets (use with --voice NAME):")
    for p in presets:
        click.echo(f"  {p.name:<12} {p.voice:<16} {p.rate:>3} wpm  {p.description}")
    click.echo(f"  (add your own .toml presets in {user_voices_dir()})")
    click.echo("")
    click.echo("eSpeak NG voices (use with --voice ID; add +f1..+f5 or +m1..+m7 for variants):")
    for v in engine_voices:
        click.echo(f"  {v.id:<22} {','.join(v.languages):<10} {v.gender or '':<7} {v.name}")


def _rename(options: dict[str, Any]) -> dict[str, Any]:
    renamed = dict(options)
    if "fmt" in renamed:
        renamed["format"] = renamed.pop("fmt")
    return renamed


def _check_bitrate(bitrate: str) -> None:
    import re

    if not re.fullmatch(r"\d{1,3}k", bitrate) or not 8 <= int(bitrate[:-1]) <= 320:
        raise click.BadParameter(f"{bitrate!r} is not a bitrate like 64k (8k-320k)", param_hint="--bitrate")


def _progress_bar(total: int, quiet: bool) -> Any:
    if quiet or not sys.stderr.isatty():
        return None
    bar = click.progressbar(length=total, label="narrating", file=sys.stderr, show_eta=True)
    bar.__enter__()
    return bar


def main() -> None:
    cli(prog_name="narrate")
