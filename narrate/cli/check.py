"""`narrate check FILE...`: what a listener would hear that is not the article.

One line per finding (file, time, rule, what is wrong, the written text around it); a
summary line per file when there are several; `--json` for scripts. Exit status 1 when
anything is found (or a file cannot be read), 0 when every file is clean.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import click

from narrate.cli.options import CONTEXT, text_options
from narrate.cli.options import rename_options as _rename
from narrate.cli.report import clock, plural


@click.command(context_settings=CONTEXT)
@click.argument("sources", metavar="FILE...", nargs=-1, required=True)
@text_options
@click.option("--pattern", metavar="GLOB", help="In folders, only files matching this (e.g. '*.html').")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def check(sources: tuple[str, ...], pattern: str | None, as_json: bool, **options: Any) -> None:
    """Listen to FILE (or every file in a folder) through the engine's own reading and
    report what should not be heard: symbols, markup, words spelled letter by letter,
    id-like strings, long digit runs, overlong chunks; and what of a web page's content is
    not heard at all (headings, boxes, paragraphs, with their first words). Nothing is
    synthesised.

    \b
    Examples:
      narrate check article.html
      narrate check inbox/ --json | jq '.[] | .findings | length'
    """
    from narrate.episode.listening import check_file
    from narrate.episode.pipeline import NarrateOptions
    from narrate.run.batch import gather

    opts = NarrateOptions(**_rename(options))
    files = [str(job.source) for job in gather([Path(s) for s in sources if s != "-"], pattern=pattern)]
    files += ["-"] if "-" in sources else []
    reports = [check_file(source, opts) for source in files]
    if as_json:
        click.echo(json.dumps([_as_data(r) for r in reports], indent=2, ensure_ascii=False))
    else:
        for report in reports:
            _print(report, several=len(reports) > 1)
    sys.exit(1 if any(r.findings or r.error for r in reports) else 0)


def _as_data(report: Any) -> dict[str, Any]:
    return {"source": report.source, "words": report.words, "error": report.error,
            "per_thousand_words": round(report.per_thousand, 2), "site_chrome_left_out": report.chrome,
            "findings": [asdict(finding) for finding in report.findings]}


def _print(report: Any, several: bool) -> None:
    if report.error:
        click.echo(f"{report.source}: error: {report.error}", err=True)
        return
    for finding in report.findings:
        click.echo(f"{report.source}:{clock(finding.time)} {finding.rule}: {finding.detail}: "
                   f"{finding.text}")
    if report.chrome:
        click.echo(f"{report.source}: {report.chrome}")
    if several or not report.findings:
        click.echo(f"{report.source}: {plural(len(report.findings), 'finding')} in "
                   f"{plural(report.words, 'spoken word')} ({report.per_thousand:.1f} per 1,000)")
