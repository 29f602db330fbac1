"""`narrate serve --inbox` and `narrate inbox`: start the server with its inbox, print how to
reach it (the login link and its QR code), and hand out the owner's token for scripts."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from narrate.cli.options import CONTEXT

NARRATION_OPTIONS = ("voice", "output_format", "jobs", "scheduler")


def check_serve_options(inbox: bool, allow_private: bool, rotate_feed_secret: bool, private: bool,
                        narration: dict[str, Any]) -> None:
    if not inbox:
        given = [f"--{name.replace('_', '-')}" for name in NARRATION_OPTIONS if narration.get(name)]
        if allow_private:
            given.insert(0, "--allow-private")
        if given:
            raise click.UsageError(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for the inbox: add --inbox")
    if rotate_feed_secret and not private:
        raise click.UsageError("--rotate-feed-secret is for a private feed: add --private")


def start_server(folder: str, host: str, port: int, quiet: bool, inbox: bool, allow_private: bool,
                 private: bool, rotate_token: bool, rotate_feed_secret: bool, narration: dict[str, Any]) -> Any:
    """The server, listening, with what to do printed; the inbox's worker started."""
    from narrate.publish.access import load_keys
    from narrate.publish.serve import EpisodeServer, is_loopback

    keys = None
    if inbox or private or rotate_token:
        keys = load_keys()
        if rotate_token or rotate_feed_secret:
            keys = keys.rotated(token=rotate_token, feed_secret=rotate_feed_secret)
            click.echo(f"new {' and '.join(w for w, on in (('token', rotate_token), ('feed secret', rotate_feed_secret)) if on)} "
                       f"saved in {keys.path}", err=True)
    if inbox:
        assert keys is not None
        server = _inbox_server(Path(folder), host, port, quiet, keys, allow_private, private, narration)
    else:
        server = EpisodeServer(Path(folder), host, port, quiet, secret=keys.feed_secret if private and keys else None)
    try:
        result = server.refresh()
        for warning in result.warnings:
            click.echo(f"warning: {warning}", err=True)
        count = len(result.episodes)
        click.echo(f"Serving {count} episode{'' if count == 1 else 's'} from {folder} at {server.base_url}")
        click.echo(f"Feed URL for your podcast app: {result.feed_url}")
        if not result.feed_url.startswith(server.base_url):
            click.echo(f"note: the feed links to {result.settings.base_url} (saved for this folder); "
                       "change it with: narrate feed DIR --base-url URL")
        if private:
            click.echo("The feed is private: podcast apps need the feed URL above, secret and all "
                       "(docs/inbox.md: AntennaPod, Apple Podcasts, Pocket Casts).")
        if inbox:
            _announce_inbox(server)
        if is_loopback(host):
            click.echo("Only this computer can connect; use --host 0.0.0.0 to listen on a phone.")
        elif not private:
            click.echo(f"warning: listening on {host}: anyone on your network can download these "
                       "episodes (use --private to need a secret)", err=True)
        click.echo("Press Ctrl-C to stop.")
        sys.stdout.flush()
    except BaseException:
        server.server_close()
        raise
    if inbox:
        server.start_worker()
    return server


def _inbox_server(folder: Path, host: str, port: int, quiet: bool, keys: Any, allow_private: bool,
                  private: bool, narration: dict[str, Any]) -> Any:
    from narrate.episode.pipeline import NarrateOptions, voice_for
    from narrate.fetch.addresses import PRIVATE_ALLOWED, PUBLIC_ONLY
    from narrate.inbox.server import InboxServer
    from narrate.inbox.worker import InboxSettings

    from narrate.errors import OutputError

    opts = NarrateOptions(voice=narration.get("voice"), output_format=narration.get("output_format"),
                          jobs=narration.get("jobs"))
    voice_for(opts)  # an unknown voice is an error now, not a failure of every job later
    try:
        folder.mkdir(parents=True, exist_ok=True)  # an inbox may start a podcast
    except OSError as exc:
        raise OutputError(f"cannot create the podcast folder {folder}: {exc.strerror}") from exc
    settings = InboxSettings(folder, opts, PRIVATE_ALLOWED if allow_private else PUBLIC_ONLY,
                             scheduler=narration.get("scheduler"))
    return InboxServer(folder, host, port, quiet, keys=keys, settings=settings, private=private)


def _announce_inbox(server: Any) -> None:
    """Where to add, the one-time login link with its QR code, and how scripts add."""
    import segno

    counts = server.queue.counts()
    waiting = counts.get("waiting", 0)
    click.echo(f"Inbox: {server.base_url}add" + (f" ({waiting} waiting to be narrated)" if waiting else ""))
    if server.allow_private:
        click.echo("warning: --allow-private: links sent to the inbox may reach this computer and your "
                   "network (cloud metadata addresses stay closed)", err=True)
    link = server.login_link()
    click.echo("Log in on your phone with this link (it works once, for 30 minutes), or scan it:")
    click.echo(f"  {link}")
    segno.make(link, error="l").terminal(out=sys.stdout, compact=True, border=2)
    click.echo(f"Scripts: POST {server.base_url}api/articles with 'Authorization: Bearer TOKEN' "
               "(the token: narrate inbox token)")


class InboxGroup(click.Group):
    """`narrate inbox` is this command, but `narrate inbox -o podcast/` was long the way to
    narrate a folder called inbox: say how to do that instead of an unknown-option error."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if (not args or args[0] not in self.commands) and not {"-h", "--help"} & set(args[:1]) \
                and Path(ctx.info_name or "").exists():
            shown = " ".join([f"{ctx.info_name}/", *args])
            raise click.UsageError(f"`narrate {ctx.info_name}` is the inbox's own command; to narrate the "
                                   f"folder {ctx.info_name}, write: narrate {shown}")
        return super().parse_args(ctx, args)


@click.group(cls=InboxGroup, context_settings=CONTEXT)
def inbox() -> None:
    """The inbox of `narrate serve DIR --inbox`: its owner's token.

    \b
    Examples:
      narrate inbox token
      curl -H "Authorization: Bearer $(narrate inbox token)" -H 'Content-Type: application/json' \\
           -d '{"url": "https://example.org/story.html"}' http://127.0.0.1:8000/api/articles
    """


@inbox.command("token", context_settings=CONTEXT)
@click.option("--rotate", is_flag=True, help="Make a new token first (logins and scripts with the old one stop working).")
def token(rotate: bool) -> None:
    """Print the owner's token (made on first use), for scripts and for /login.

    It is kept, readable by you only, in narrate's config folder; anyone who has it can add
    articles to your inbox.

    \b
    Example:
      narrate inbox token
    """
    from narrate.publish.access import load_keys

    keys = load_keys()
    if rotate:
        keys = keys.rotated(token=True)
    click.echo(keys.token)
