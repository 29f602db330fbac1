"""`narrate subscribe`: follow feeds and URL lists into a podcast folder (narrate.follow.subscribe)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from narrate.cli.options import CONTEXT, text_options
from narrate.cli.options import rename_options as _rename


@click.command(context_settings=CONTEXT)
@click.argument("sources", metavar="[FEED_URL|URLS.txt]...", nargs=-1)
@click.option("--output", "-o", required=True, type=click.Path(file_okay=False), metavar="DIR",
              help="The podcast folder: one feed.xml, a subfolder per subscription (remembered there).")
@click.option("--opml", "opml_files", multiple=True, metavar="FILE|URL",
              help="Subscribe to every feed in an OPML file or at its address (a feed reader's export); repeatable.")
@click.option("--export-opml", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE",
              help="Write DIR's feed subscriptions as OPML (- for standard output), and do nothing else.")
@click.option("--since", type=click.DateTime(["%Y-%m-%d"]), metavar="YYYY-MM-DD",
              help="Skip the back catalogue: items published before this day are not narrated.")
@click.option("--keep", type=click.IntRange(1), metavar="N",
              help="Keep only the newest N episodes of each subscription (remembered).")
@click.option("--base-url", metavar="URL",
              help="Where DIR is published (remembered; default: where `narrate serve DIR` listens).")
@click.option("--timeout", type=click.FloatRange(1, 300), default=20.0, show_default=True, metavar="SECONDS",
              help="How long one feed or page may take, all of it.")
@click.option("--allow-private", is_flag=True,
              help="Let feeds, URL lists and redirects reach private addresses (this machine, your home "
                   "network): for feeds on your own network. Without it only public addresses are fetched.")
@text_options
@click.option("--transcript", type=click.Choice(["srt", "vtt", "json", "txt"]), help="Also write a transcript per episode.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), help="Synthesis worker processes (default: all cores).")
@click.option("--quiet", "-q", is_flag=True, help="Only failures.")
def subscribe(sources: tuple[str, ...], output: str, opml_files: tuple[str, ...], export_opml: str | None,
              since: Any, keep: int | None, base_url: str | None, timeout: float, allow_private: bool,
              quiet: bool, **options: Any) -> None:
    """Narrate what is new in RSS/Atom feeds or URL lists into DIR, and update DIR's podcast feed.

    Subscriptions are remembered in DIR: with no FEED_URL, every one is checked again (an
    unchanged feed costs one request). Items narrated once are never fetched again; failed
    ones are tried again on the next run.

    \b
    Examples:
      narrate subscribe https://example.org/feed.xml -o podcast/ --since 2024-01-01 --keep 20
      narrate subscribe -o podcast/                 # later, or from cron: whatever is new
      narrate subscribe reading-list.txt -o podcast/   # one article URL a line
      narrate subscribe --opml reader-export.opml -o podcast/
      narrate subscribe http://192.168.1.20/feed.xml -o podcast/ --allow-private   # on your network
    """
    from narrate.cli.progress import progress_for, shown
    from narrate.episode.pipeline import NarrateOptions
    from narrate.fetch.addresses import PRIVATE_ALLOWED, PUBLIC_ONLY
    from narrate.fetch.http import Limits
    from narrate.fetch.opml import read_opml
    from narrate.follow.subscribe import refresh, subscriptions_opml
    from narrate.cli.report import summary_table
    from narrate.run.batch import failure_line

    folder = Path(output)
    if export_opml:
        if sources or opml_files:
            raise click.UsageError("--export-opml only writes the list: subscribe in another run")
        data = subscriptions_opml(folder)
        if export_opml == "-":
            click.echo(data.decode("utf-8"), nl=False)
        else:
            from narrate.fileio import atomic_path

            with atomic_path(Path(export_opml)) as temp:
                temp.write_bytes(data)
        return
    urls = list(sources)
    for name in opml_files:
        urls += [outline.url for outline in read_opml(_opml_bytes(name, timeout), name)]
    # what feeds and lists link to, and every redirect, is the web's choice, not the user's
    limits = Limits(timeout=timeout, addresses=PRIVATE_ALLOWED if allow_private else PUBLIC_ONLY)
    opts = NarrateOptions(**_rename(options))
    with shown(progress_for(quiet), "finished episodes are kept; the rest are tried again next run") as progress:
        report = refresh(folder, opts, progress, add=urls, since=since.date().isoformat() if since else None,
                         keep=keep, base_url=base_url, limits=limits)
    for problem in report.problems:
        click.echo(f"failed: {problem}", err=True)
    if report.batch is not None:
        if not quiet:
            click.echo(summary_table(report.batch), err=True)
        else:
            for result in report.batch.results:
                if result.status == "failed":
                    click.echo(f"failed: {failure_line(result)}", err=True)
    if not quiet:
        feeds = f"{report.checked} subscription{'' if report.checked == 1 else 's'} checked"
        unchanged = f", {report.unchanged} unchanged" if report.unchanged else ""
        click.echo(f"{feeds}{unchanged}; nothing new" if report.batch is None else f"{feeds}{unchanged}",
                   err=True)
        for rel in report.pruned:
            click.echo(f"removed  {rel} (beyond --keep)", err=True)
        if report.feed is not None:
            count = len(report.feed.episodes)
            click.echo(f"{report.feed.path}: {count} episode{'' if count == 1 else 's'}", err=True)
            click.echo(f"Feed URL: {report.feed.feed_url}", err=True)
    if not report.ok:
        raise click.exceptions.Exit(1)


def _opml_bytes(name: str, timeout: float) -> bytes:
    from narrate.errors import InputError
    from narrate.fetch.addresses import USER_GIVEN
    from narrate.fetch.http import Limits, fetch
    from narrate.text.readers.html import is_web_address

    if is_web_address(name):  # typed by the user: it may be on this machine
        return fetch(name, Limits(timeout=timeout, addresses=USER_GIVEN),
                     accept="text/x-opml, application/xml;q=0.9, */*;q=0.5").content
    from narrate.fileio import read_regular_file
    from narrate.limits import MAX_OPTION_FILE_BYTES

    return read_regular_file(name, "OPML file", MAX_OPTION_FILE_BYTES, InputError)
