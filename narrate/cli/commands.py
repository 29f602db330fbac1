"""The command line: parse options, call the library, print results. Nothing else lives here."""

from __future__ import annotations

import contextlib
import json
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from narrate.audio.formats import DEFAULT_FORMAT, SAMPLE_RATES, check_bitrate, format_names
from narrate.audio.loudness import DEFAULT_TARGET, TARGET_RANGE
from narrate.episode.sidecars import SAVED_PAGE_SUFFIX, SIDECAR_SUFFIX, TRANSCRIPT_KINDS, sidecar_path
from narrate.errors import NarrateError
from narrate.cli.check import check
from narrate.cli.inbox import inbox
from narrate.cli.options import CONTEXT, text_options
from narrate.cli.options import rename_options as _rename
from narrate.cli.subscribe import subscribe
from narrate.cli.voiceget import get as _voices_get
from narrate.cli.watch import watch
from narrate.version import __version__

if TYPE_CHECKING:
    from pathlib import Path

DEFAULT_COMMAND = "speak"


IMPLICIT_SPEAK = "narrate.implicit_speak"  # ctx.meta: `narrate FILE`, with no command named


def _close_matches(name: str, choices: list[str]) -> list[str]:
    import difflib

    return difflib.get_close_matches(name, choices, n=3, cutoff=0.6)


def no_such_command(name: str, commands: list[str], what: str = "command") -> str:
    """'no such command 'inspekt'; did you mean inspect?' (whatever version of click)."""
    close = _close_matches(name, commands)
    return f"no such {what} {name!r}" + (f"; did you mean {', '.join(close)}?" if close else "")


class SuggestingGroup(click.Group):
    """A group whose unknown subcommands are a usage error that names the closest commands."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        name = args[0] if args else ""
        if (name and not name.startswith("-") and not ctx.resilient_parsing
                and self.get_command(ctx, name) is None):
            raise click.UsageError(no_such_command(name, self.list_commands(ctx)), ctx)
        return super().resolve_command(ctx, args)


class NarrateGroup(SuggestingGroup):
    """`narrate FILE` means `narrate speak FILE`; NarrateErrors become one-line errors."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help", "--version"):
            ctx.meta[IMPLICIT_SPEAK] = True  # `speak` checks that its first FILE is one
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


def check_first_source(ctx: click.Context, source: str) -> None:
    """With no command named, the first FILE must be a file, a folder, a web address or '-':
    a mistyped command ('narrate inspekt story.txt') is a usage error with the closest
    commands, before anything is read or written, not a file name."""
    from pathlib import Path

    from narrate.text.readers.html import is_web_address

    if not ctx.meta.get(IMPLICIT_SPEAK) or source == "-" or is_web_address(source) or Path(source).exists():
        return
    root = ctx.find_root()
    commands = root.command.list_commands(root) if isinstance(root.command, click.Group) else []
    looks_like_a_file = bool(Path(source).suffix) or "/" in source or "\\" in source
    if looks_like_a_file and not _close_matches(source, commands):
        raise click.ClickException(f"{source}: no such file")
    raise click.UsageError(no_such_command(source, commands, "command or file"), root)


class _EchoNotes(logging.Handler):
    """Notes the library logs as warnings (a device fallback) become plain lines on stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        click.echo(record.getMessage(), err=True)


def _show_notes() -> None:
    logger = logging.getLogger("narrate")
    if not any(isinstance(handler, _EchoNotes) for handler in logger.handlers):
        logger.addHandler(_EchoNotes(logging.WARNING))


@click.group(cls=NarrateGroup, context_settings=CONTEXT)
@click.version_option(__version__, prog_name="narrate")
def cli() -> None:
    """Turn saved articles into podcast-ready audio, offline.

    \b
      narrate article.txt -o article.mp3     narrate one article
      narrate inbox/ -o podcast/             narrate a folder tree, skipping what is up to date
      narrate URL -o article.mp3             narrate a web page
      narrate subscribe FEED_URL -o podcast/ narrate what is new in a feed, now and on each run
      narrate watch inbox/ -o podcast/       narrate articles as they are dropped into a folder
      narrate inspect article.txt            see what would be spoken
      narrate voices                         list voices and presets
      narrate feed podcast/ --base-url URL   write a podcast feed
      narrate serve podcast/                 serve it to podcast apps
      narrate serve podcast/ --inbox         ... and take articles sent from a phone
    """
    _show_notes()


@cli.command(DEFAULT_COMMAND, context_settings=CONTEXT)
@click.argument("sources", metavar="FILE|DIR|URL...", nargs=-1, required=True)
@click.option("--output", "-o", type=click.Path(),
              help="Where to write the audio; the extension picks the format: "
                   + ", ".join("." + name for name in format_names())
                   + "; .epub makes an EPUB 3 that reads itself aloud (see --overlay). A folder for several inputs.")
@click.option("--output-format", type=click.Choice(format_names(), case_sensitive=False),
              help=f"The audio format when -o is a folder or not given (default: {DEFAULT_FORMAT}).")
@text_options
@click.option("--author", help="Artist tag (default: the document's author, else 'narrate').")
@click.option("--album", help="Album tag (default: 'narrate').")
@click.option("--bitrate", metavar="RATE", callback=lambda ctx, param, value: _library_check(check_bitrate, value),
              help="Bitrate for lossy formats, e.g. 48k, 96k (default: 64k; 32k for Opus).")
@click.option("--sample-rate", type=click.Choice([str(rate) for rate in SAMPLE_RATES]),
              help="Output sample rate in Hz (default: the voice's own, 22050 for eSpeak NG).")
@click.option("--loudness", type=click.FloatRange(*TARGET_RANGE), default=DEFAULT_TARGET, show_default=True,
              metavar="LUFS", help="Integrated loudness target (true peak stays at or below -1 dBTP).")
@click.option("--cover", type=click.Path(dir_okay=False), metavar="IMAGE",
              help="Cover art (PNG or JPEG; default: one generated from the title).")
@click.option("--no-cover", is_flag=True, help="Embed no cover art.")
@click.option("--transcript", type=click.Choice(TRANSCRIPT_KINDS), multiple=True,
              help="Also write a transcript beside the audio (repeat for several): "
                   + ", ".join("NAME" + SIDECAR_SUFFIX[kind] for kind in TRANSCRIPT_KINDS)
                   + "; vtt and json time every word.")
@click.option("--chapters-json", is_flag=True, help="Also write NAME.chapters.json (Podcasting 2.0).")
@click.option("--overlay", type=click.Choice(["word", "sentence"]), default="word", show_default=True,
              help="For -o BOOK.epub (a narrated EPUB 3): mark each word, or each sentence, as it is read.")
@click.option("--intro", type=click.Path(dir_okay=False), metavar="AUDIO", help="Audio to play before the narration.")
@click.option("--outro", type=click.Path(dir_okay=False), metavar="AUDIO", help="Audio to play after the narration.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), help="Synthesis worker processes (default: all cores).")
@click.option("--device", type=click.Choice(["auto", "cpu", "cuda"]), default="auto", show_default=True,
              help="Where neural voices run: cuda needs onnxruntime-gpu and a GPU.")
@click.option("--glob", "pattern", metavar="PATTERN", help="In folders, only files matching this (e.g. '*.md').")
@click.option("--force", is_flag=True, help="Narrate again even what is up to date.")
@click.option("--no-cache", is_flag=True, help="Neither reuse nor store synthesised chunks.")
@click.option("--save-html", is_flag=True, help="For a web address, keep the fetched page as NAME.html.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no summary line.")
@click.option("--scheduler", metavar="ADDRESS",
              help="Narrate a batch on a Dask cluster (tcp://HOST:8786), or 'local' to start one here.")
def speak(sources: tuple[str, ...], output: str | None, quiet: bool, pattern: str | None,
          force: bool, no_cache: bool, scheduler: str | None, save_html: bool, **options: Any) -> None:
    """Narrate FILE (a text file, or - for stdin) to audio with tags, chapters and cover art;
    or narrate several files and folders into a folder, skipping what is up to date.

    \b
    Examples:
      narrate article.txt -o article.mp3 --voice british --title "The headline"
      narrate inbox/ -o podcast/ --glob '*.md'
      narrate a.txt b.md -o podcast/
      narrate https://example.org/news/story.html -o story.mp3
      narrate corpus/ -o podcast/ --scheduler tcp://scheduler:8786
    """
    from narrate.episode.pipeline import NarrateOptions

    check_first_source(click.get_current_context(), sources[0])
    if options["sample_rate"]:
        options["sample_rate"] = int(options["sample_rate"])
    opts = NarrateOptions(**_rename(options), cache=not no_cache)
    if _is_batch(sources, output):
        _speak_batch(sources, output, opts, pattern, force, quiet, scheduler, save_html)
    elif scheduler:
        raise click.UsageError("--scheduler is for batches: give a folder or several files, and -o a folder")
    else:
        _speak_one(sources[0], output, opts, quiet, save_html)


def _is_batch(sources: tuple[str, ...], output: str | None) -> bool:
    import os
    from pathlib import Path

    if len(sources) > 1:
        return True
    if output is not None and (output.endswith(os.sep) or Path(output).is_dir()):
        if (not output.endswith(os.sep) and Path(output).suffix and not Path(sources[0]).is_dir()):
            from narrate.errors import OutputError  # -o d.mp3 where d.mp3 is a folder

            raise OutputError(f"cannot write {output}: it is a folder; give -o a file name, "
                              f"or {output.rstrip(os.sep)}{os.sep} to narrate into that folder")
        return True
    return Path(sources[0]).is_dir() and (output is None or Path(output).suffix == "")


def _speak_batch(sources: tuple[str, ...], output: str | None, opts: Any, pattern: str | None,
                 force: bool, quiet: bool, scheduler: str | None = None, save_html: bool = False) -> None:
    from pathlib import Path

    from narrate.errors import InputError

    if "-" in sources:
        raise InputError("standard input (-) cannot be part of a batch: give files or folders")
    out_dir = Path(click.format_filename(output)) if output else None
    created = out_dir is not None and not out_dir.exists()
    try:
        _speak_batch_into(sources, out_dir, opts, pattern, force, quiet, scheduler, save_html)
    except BaseException:
        if created and out_dir is not None and out_dir.is_dir() and not any(out_dir.iterdir()):
            out_dir.rmdir()  # a run that failed before writing anything leaves no empty folder
        raise


def _speak_batch_into(sources: tuple[str, ...], out_dir: Any, opts: Any, pattern: str | None,
                      force: bool, quiet: bool, scheduler: str | None, save_html: bool) -> None:
    from pathlib import Path

    from narrate.cli.progress import progress_for, shown
    from narrate.cli.report import summary_table
    from narrate.errors import InputError, OutputError
    from narrate.run.batch import failure_line, gather, run_batch
    from narrate.text.readers.html import is_web_address

    if out_dir is not None:
        if out_dir.suffix.lower().lstrip(".") in format_names() and not out_dir.is_dir():
            raise OutputError(f"{out_dir} is a file name: with several inputs or a folder, -o is a folder")
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"cannot create the output folder {out_dir}: {exc.strerror}") from exc
    if scheduler and any(map(is_web_address, sources)):
        raise click.UsageError("--scheduler narrates files: fetch web addresses without it")
    jobs = gather([s if is_web_address(s) else Path(s) for s in sources], out_dir, pattern, opts.output_format)
    if not jobs:
        raise InputError(f"no files to narrate in {', '.join(sources)}"
                         + (f" matching {pattern!r}" if pattern else ""))
    executor = None
    if scheduler:
        from narrate.run.dask_executor import DaskExecutor

        announce = None if quiet else (lambda link: click.echo(f"Dask dashboard: {link}", err=True))
        executor = DaskExecutor(scheduler, workers=opts.jobs, announce=announce)
    with shown(progress_for(quiet), "finished files are kept; files in progress were not written") as progress:
        report = run_batch(jobs, opts, progress, force=force, executor=executor, save_html=save_html)
    if not quiet:
        click.echo(summary_table(report), err=True)
    elif not report.ok:
        for result in report.results:
            if result.status == "failed":
                click.echo(f"failed: {failure_line(result)}", err=True)
    if not report.ok:
        raise click.exceptions.Exit(1)


def _speak_one(source: str, output: str | None, opts: Any, quiet: bool, save_html: bool = False) -> None:
    from pathlib import Path

    from narrate.errors import InputError
    from narrate.episode.pipeline import default_output

    if source != "-" and Path(source).is_dir():
        raise InputError(f"{source} is a directory: to narrate a folder, give -o a folder, not {output}")
    out = Path(click.format_filename(output)) if output else default_output(source, opts.output_format)
    created = _make_folders(out.parent)
    try:
        _speak_into(source, out, opts, quiet, save_html)
    except BaseException:
        for folder in reversed(created):  # a run that wrote nothing leaves no empty folders
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise


def _make_folders(folder: Path) -> list[Path]:
    """Create `folder` and its missing parents, as a batch does for its -o; the ones made,
    outermost first. One that cannot be made is left for the output checks to name."""
    missing = [path for path in (folder, *folder.parents) if not path.exists()]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        for path in missing:  # innermost first: what was made before the failure
            with contextlib.suppress(OSError):
                path.rmdir()
        return []
    return list(reversed(missing))


def _speak_into(source: str, out: Path, opts: Any, quiet: bool, save_html: bool) -> None:
    from narrate.episode.pipeline import prepare, render
    from narrate.cli.report import summary_line
    from narrate.run.guards import check_single_run

    check_single_run(source, out, opts)
    script, voice = prepare(source, opts, save_html=sidecar_path(out, SAVED_PAGE_SUFFIX) if save_html else None)
    for warning in script.document.warnings:
        click.echo(f"warning: {warning}", err=True)
    bar = _progress_bar(len(script.chunks), quiet, voice.spec.display)
    if bar is not None:
        opts.progress = bar.advance
    try:
        episode = render(script, voice, out, opts)
    finally:
        if bar is not None:
            bar.render_finish()
    if not quiet:
        click.echo(summary_line(episode), err=True)


@cli.group(cls=SuggestingGroup, context_settings=CONTEXT)
def cache() -> None:
    """The segment cache: synthesised chunks kept so unchanged text is never spoken twice.

    \b
    Examples:
      narrate cache info
      narrate cache clear
    """


@cache.command("info", context_settings=CONTEXT)
def cache_info() -> None:
    """Where the cache is, how full, its cap (NARRATE_CACHE_DIR, NARRATE_CACHE_SIZE), and
    which documents it holds: size, chunks held and when each was last narrated.

    \b
    Example:
      narrate cache info
    """
    from narrate.synthesis.cache import AudioCache
    from narrate.cli.report import cache_report

    for line in cache_report(AudioCache().info()):
        click.echo(line)


@cache.command("clear", context_settings=CONTEXT)
def cache_clear() -> None:
    """Delete every cached segment.

    \b
    Example:
      narrate cache clear
    """
    from narrate.synthesis.cache import AudioCache

    cache = AudioCache()
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
    from narrate.episode.pipeline import NarrateOptions, prepare
    from narrate.cli.report import describe_script, format_script

    script, voice = prepare(source, NarrateOptions(**_rename(options)))
    info = describe_script(script, voice)
    for warning in script.document.warnings:
        click.echo(f"warning: {warning}", err=True)
    click.echo(json.dumps(info, indent=2, ensure_ascii=False) if as_json else format_script(info))


@cli.group(cls=SuggestingGroup, context_settings=CONTEXT, invoke_without_command=True)
@click.option("--language", "-l", help="Only engine voices whose language starts with this (e.g. en).")
@click.option("--json", "as_json", is_flag=True, help="Print presets and voices as JSON.")
@click.pass_context
def voices(ctx: click.Context, language: str | None, as_json: bool) -> None:
    """List voice presets and every installed engine's voices ('voices get' installs more).

    \b
    Example:
      narrate voices --language en
      narrate voices get kokoro
    """
    if ctx.invoked_subcommand is not None:
        return
    from narrate.voice.engines import installed_voices, specs
    from narrate.voice.presets import default_voice_name, list_presets, user_voices_dir

    presets = list_presets()
    default = default_voice_name()
    matches = (lambda v: not language or any(lang.startswith(language.lower()) for lang in v.languages))
    by_engine = {spec.name: [v for v in installed_voices(spec.name) if matches(v)] for spec in specs()}
    if as_json:
        click.echo(json.dumps({
            "default": default,
            "presets": [{"name": p.name, **p.to_dict(), "path": p.path} for p in presets],
            "engines": {name: [{"id": v.id, "name": v.name, "languages": list(v.languages),
                                "gender": v.gender} for v in found] for name, found in by_engine.items()},
        }, indent=2, default=str))
        return
    click.echo("Presets (use with --voice NAME):")
    rows = [(p.name, p.engine, p.voice, f"{p.rate:>3} wpm", p.description) for p in presets]
    for p, line in zip(presets, _columns(rows)):
        click.echo(f"{'*' if p.name == default else ' '} {line}")
    click.echo(f"  (* the default voice; add your own .toml presets in {user_voices_dir()})")
    for spec in specs():
        click.echo("")
        click.echo(f"{spec.display} voices (use with --voice ID){spec.voice_note}:")
        found = by_engine[spec.name]
        for line in _columns([(v.id, ",".join(v.languages), v.gender or "", v.name) for v in found]):
            click.echo(f"  {line}")
        if not found:
            click.echo(f"  none found: {spec.no_voices_hint() if spec.no_voices_hint else spec.install_hint}")


def _columns(rows: list[tuple[str, ...]]) -> list[str]:
    """Rows as aligned columns, each as wide as its longest cell (a long voice id such as
    'roa/es-419' or a Piper path widens its column instead of pushing the rest along)."""
    if not rows:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    return ["  ".join([*(cell.ljust(width) for cell, width in zip(row, widths)), row[-1]]).rstrip()
            for row in rows]


voices.add_command(_voices_get)  # `voices get`, in its own module


@cli.command(context_settings=CONTEXT)
@click.argument("folder", metavar="DIR")
@click.option("--base-url", metavar="URL",
              help="Where DIR is published, e.g. http://192.168.1.20:8000/ (remembered).")
@click.option("--title", help="Podcast title (default: the folder's name).")
@click.option("--author", help="Podcast author (default: narrate).")
@click.option("--description", help="What the podcast is.")
@click.option("--image", type=click.Path(dir_okay=False),
              help="Square JPEG or PNG artwork, 1400-3000 px (default: generated from the title).")
@click.option("--language", help="Language code, e.g. en or en-GB (default: en).")
@click.option("--category", help="Apple Podcasts category, e.g. News or 'Science/Physics' (default: News).")
@click.option("--explicit/--clean", default=None, help="The explicit flag (default: clean).")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but warnings.")
def feed(folder: str, quiet: bool, **settings: Any) -> None:
    """Write DIR/feed.xml, a podcast feed of the audio files in DIR and its subfolders.

    Options are remembered in DIR/.narrate-feed.toml, so later runs need none.

    \b
    Example:
      narrate feed podcast/ --base-url http://192.168.1.20:8000/ --title "Morning reads"
      narrate feed podcast/            # after narrating more articles into podcast/
    """
    from narrate.publish.feed import update_feed

    result = update_feed(folder, **settings)
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    if not quiet:
        changes = [f"{len(result.added)} new" if result.added else "",
                   f"{len(result.removed)} removed" if result.removed else ""]
        detail = ", ".join(c for c in changes if c)
        count = len(result.episodes)
        click.echo(f"{result.path}: {count} episode{'' if count == 1 else 's'}" + (f" ({detail})" if detail else ""))
        click.echo(f"Feed URL: {result.feed_url}")


@cli.command(context_settings=CONTEXT)
@click.argument("folder", metavar="DIR")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 shares with your local network.")
@click.option("--port", "-p", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--inbox", is_flag=True,
              help="Also take articles: the page /add (a link, a file, Share from a phone) and the JSON API "
                   "/api/articles, for you only (a login link, or the token from `narrate inbox token`).")
@click.option("--allow-private", is_flag=True,
              help="With --inbox: links sent may reach private addresses (this computer, your home network); "
                   "cloud metadata addresses stay closed. Without it only public pages are fetched.")
@click.option("--private", is_flag=True,
              help="The feed, episodes and page need a secret too: the feed URL printed carries it "
                   "(a secret path, or HTTP Basic authentication with it as the password).")
@click.option("--rotate-token", is_flag=True,
              help="Make a new token first: logins, login links and scripts with the old one stop working.")
@click.option("--rotate-feed-secret", is_flag=True,
              help="With --private: a new secret feed URL (podcast apps must subscribe to it again).")
@click.option("--voice", "-v", help="With --inbox: the voice articles are read with (default: the best installed).")
@click.option("--output-format", type=click.Choice(format_names(), case_sensitive=False),
              help=f"With --inbox: the episodes' audio format (default: {DEFAULT_FORMAT}).")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), help="With --inbox: synthesis worker processes.")
@click.option("--scheduler", metavar="ADDRESS",
              help="With --inbox: narrate on a Dask cluster (tcp://HOST:8786), or 'local' to start one here.")
@click.option("--quiet", "-q", is_flag=True, help="Do not log each request.")
def serve(folder: str, host: str, port: int, quiet: bool, inbox: bool, allow_private: bool, private: bool,
          rotate_token: bool, rotate_feed_secret: bool, **narration: Any) -> None:
    """Serve DIR's feed, episodes and a web page to podcast apps and browsers; with --inbox,
    also take articles from your phone or scripts and narrate them into DIR.

    \b
    Example:
      narrate serve podcast/                       # this computer only
      narrate serve podcast/ --host 0.0.0.0        # phones on your Wi-Fi too
      narrate serve podcast/ --host 0.0.0.0 --inbox --private   # send articles, a private feed
    """
    from narrate.cli.inbox import check_serve_options, start_server

    check_serve_options(inbox, allow_private, rotate_feed_secret, private, narration)
    server = None
    try:  # Ctrl-C or SIGTERM while it starts is a stop too (start_server closes what it opened)
        server = start_server(folder, host, port, quiet, inbox, allow_private, private, rotate_token,
                              rotate_feed_secret, narration)
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("stopped" + (": jobs not finished are narrated at the next start" if inbox else ""))
    finally:
        if server is not None:
            server.server_close()


def _library_check(check: Callable[[Any], None], value: Any) -> Any:
    """An option value checked by the library's own rule, reported as a usage error."""
    if value is not None:
        try:
            check(value)
        except NarrateError as exc:
            raise click.BadParameter(str(exc)) from exc
    return value


def _progress_bar(total: int, quiet: bool, engine: str) -> Any:
    if quiet or not sys.stderr.isatty():
        return None
    from narrate.cli.progress import ChunkBar

    return ChunkBar(total, engine)


# Commands in their own modules.
cli.add_command(check)
cli.add_command(inbox)
cli.add_command(subscribe)
cli.add_command(watch)
