"""`narrate watch`: narrate articles as they arrive in a folder (narrate.follow.watch)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from narrate.cli.options import CONTEXT, text_options
from narrate.cli.options import rename_options as _rename


@click.command(context_settings=CONTEXT)
@click.argument("inbox", metavar="DIR", type=click.Path(file_okay=False, exists=True))
@click.option("--output", "-o", required=True, type=click.Path(file_okay=False), metavar="OUT",
              help="The podcast folder: episodes mirror DIR's tree, and OUT/feed.xml lists them.")
@click.option("--glob", "pattern", metavar="PATTERN", help="Only files matching this (e.g. '*.md').")
@click.option("--settle", type=click.FloatRange(0, 600), default=1.0, show_default=True, metavar="SECONDS",
              help="How long a file must stay unchanged before it is read.")
@text_options
@click.option("--transcript", type=click.Choice(["srt", "vtt", "json", "txt"]), help="Also write a transcript per episode.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), help="Synthesis worker processes (default: all cores).")
@click.option("--quiet", "-q", is_flag=True, help="Only failures.")
def watch(inbox: str, output: str, pattern: str | None, settle: float, quiet: bool, **options: Any) -> None:
    """Watch DIR and narrate each new or changed article into OUT, updating OUT's podcast feed.

    Runs until Ctrl-C. What arrived while it was stopped is narrated first; a file that
    cannot be narrated is reported and skipped until it changes.

    \b
    Example:
      narrate watch ~/Articles -o ~/podcast &       # then, in another terminal:
      narrate serve ~/podcast --host 0.0.0.0
    """
    from narrate.cli.progress import LineProgress, QuietProgress
    from narrate.episode.pipeline import NarrateOptions
    from narrate.follow.watch import FolderWatcher
    from narrate.run.batch import failure_line

    watcher = FolderWatcher(Path(inbox), Path(output), NarrateOptions(**_rename(options)),
                            QuietProgress if quiet else LineProgress, pattern, settle)
    if not quiet:
        click.echo(f"Watching {inbox} (Ctrl-C to stop); episodes go to {output}", err=True)
    try:
        for result in watcher.rounds():
            for note in result.notes:
                click.echo(note, err=True)
            for problem in result.problems:
                click.echo(f"failed: {problem}", err=True)
            if quiet and result.batch is not None:
                for item in result.batch.results:
                    if item.status == "failed":
                        click.echo(f"failed: {failure_line(item)}", err=True)
            if result.feed is not None and not quiet and result.batch is not None \
                    and result.batch.count("done"):
                count = len(result.feed.episodes)
                click.echo(f"feed     {result.feed.path}: {count} episode{'' if count == 1 else 's'}", err=True)
    except KeyboardInterrupt:
        click.echo("stopped: finished episodes are kept; nothing half-written", err=True)
        raise click.exceptions.Exit(130) from None
