"""`narrate subscribe`: narrate what is new in followed feeds and URL lists into one podcast.

DIR is one podcast (one DIR/feed.xml) with a folder per subscription. A run checks every
subscription (a conditional GET per feed: an unchanged feed costs one request and a 304),
narrates the items not yet done (a feed's own content when it carries whole articles, else
the linked page), records each item's fate (narrate.follow.state), prunes beyond --keep and
rewrites the feed. Failures are per item and per feed, one line each, and retried next run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from narrate.errors import InputError, NarrateError
from narrate.episode.pipeline import NarrateOptions
from narrate.fetch.feeds import FeedItem, parse_feed
from narrate.fetch.http import Limits, fetch
from narrate.fetch.names import name_for_url, short_hash, slug
from narrate.fetch.pool import fetch_politely
from narrate.follow.prune import remove_episode
from narrate.follow.state import FEED, LIST, STATE_DIR, ItemState, State, Subscription, load_state, save_state
from narrate.publish.feed import FeedResult, update_feed
from narrate.audio.formats import DEFAULT_FORMAT, suffix_for
from narrate.run.batch import BatchReport, Job, Progress, run_batch
from narrate.text.readers.html import is_web_address

FEED_ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5"
# Where `narrate serve DIR` listens by default; it rewrites the feed with its own address.
DEFAULT_BASE_URL = "http://127.0.0.1:8000/"


@dataclass
class FollowReport:
    checked: int = 0  # subscriptions looked at
    unchanged: int = 0  # feeds that answered 304 Not Modified
    problems: list[str] = field(default_factory=list)  # one line per subscription that failed
    batch: BatchReport | None = None
    pruned: list[str] = field(default_factory=list)  # episodes removed by --keep
    feed: FeedResult | None = None

    @property
    def ok(self) -> bool:
        return not self.problems and (self.batch is None or self.batch.ok)


@dataclass(frozen=True)
class _Candidate:
    subscription: Subscription
    item: FeedItem


def add_subscriptions(state: State, sources: Sequence[str], since: str | None = None) -> list[Subscription]:
    """Remember feed addresses and URL-list files (each once); `since` applies to those given."""
    added = []
    for source in sources:
        if is_web_address(source):
            url, kind = source, FEED
        else:
            path = Path(source)
            if not path.is_file():
                raise InputError(f"{source}: neither a feed's web address nor a file of URLs")
            url, kind = str(path.resolve()), LIST
        subscription = state.find(url)
        if subscription is None:
            subscription = Subscription(url=url, kind=kind)
            state.subscriptions.append(subscription)
            added.append(subscription)
        if since:
            subscription.since = since
    return added


def refresh(folder: Path, opts: NarrateOptions, progress: Progress, *, add: Sequence[str] = (),
            since: str | None = None, keep: int | None = None, base_url: str | None = None,
            limits: Limits = Limits()) -> FollowReport:
    """Check every subscription of `folder` (adding `add`), narrate what is new, update the feed."""
    from narrate.run.lock import folder_lock

    folder.mkdir(parents=True, exist_ok=True)
    with folder_lock(folder / STATE_DIR):
        state = load_state(folder)
        add_subscriptions(state, add, since)
        if since and not add:  # `subscribe -o DIR --since DATE`: for every subscription
            for subscription in state.subscriptions:
                subscription.since = since
        if keep is not None:
            state.keep = keep
        if not state.subscriptions:
            raise InputError(f"{folder} has no subscriptions yet: give feed addresses, --opml FILE "
                             "or a file of URLs")
        report = FollowReport(checked=len(state.subscriptions))
        candidates = _check_all(state, folder, report, limits)
        candidates = _choose(state, candidates)
        jobs = _jobs(folder, state, candidates, report, suffix_for(opts.output_format or DEFAULT_FORMAT))
        if jobs:
            report.batch = run_batch(list(jobs), opts, progress, fetch_limits=limits)
            _record(folder, state, jobs, report.batch)
        if state.keep is not None:
            report.pruned = _prune(folder, state, state.keep)
        save_state(folder, state)
        report.feed = update_feed(folder, default_base_url=DEFAULT_BASE_URL, base_url=base_url)
        return report


def _check_all(state: State, folder: Path, report: FollowReport, limits: Limits) -> list[_Candidate]:
    """New items of every subscription, plus the failed ones to try again."""
    candidates: list[_Candidate] = []
    feeds = [s for s in state.subscriptions if s.kind == FEED]
    for subscription in state.subscriptions:
        if subscription.kind == LIST:
            try:
                candidates += _list_items(subscription, folder, state)
            except NarrateError as exc:
                report.problems.append(str(exc))
    for subscription, outcome in fetch_politely(feeds, lambda s: s.url, lambda s: _check_feed(s, limits)):
        if isinstance(outcome, NarrateError):
            report.problems.append(str(outcome))
        elif isinstance(outcome, Exception):
            report.problems.append(f"{subscription.url}: {outcome}")
        elif outcome is None:
            report.unchanged += 1
        else:
            if not subscription.folder:
                _name_folder(state, subscription, outcome[0])
            subscription.title = subscription.title or outcome[0]
            candidates += [_Candidate(subscription, item) for item in outcome[1]]
    for subscription in state.subscriptions:  # retry failures, even when the feed is unchanged
        seen = {c.item.id for c in candidates if c.subscription is subscription}
        for key, item in state.items_of(subscription).items():
            if item.status == "failed" and key not in seen:
                candidates.append(_Candidate(subscription, FeedItem(
                    key, item.title, item.link, item.author, item.published, item.content)))
    return candidates


def _check_feed(subscription: Subscription, limits: Limits) -> tuple[str, tuple[FeedItem, ...]] | None:
    """(title, items) of a feed, or None when it has not changed since the last run."""
    response = fetch(subscription.url, limits, accept=FEED_ACCEPT, etag=subscription.etag,
                     last_modified=subscription.last_modified)
    if response.not_modified:
        return None
    parsed = parse_feed(response.content, subscription.url)
    subscription.etag, subscription.last_modified = response.etag, response.last_modified
    return parsed.title, parsed.items


def _list_items(subscription: Subscription, folder: Path, state: State) -> list[_Candidate]:
    """A URL list: one article address a line; blank lines and # comments ignored."""
    path = Path(subscription.url)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read the list of URLs ({exc})") from None
    if not subscription.folder:
        _name_folder(state, subscription, path.stem)
    subscription.title = subscription.title or path.stem
    items = []
    for line in lines:
        url = line.strip()
        if url and not url.startswith("#"):
            items.append(_Candidate(subscription, FeedItem(url, "", url)))
    return items


def _name_folder(state: State, subscription: Subscription, title: str) -> None:
    taken = {s.folder for s in state.subscriptions}
    name = slug(title, fallback="feed")
    if name in taken or name.startswith("."):
        name = f"{name}-{short_hash(subscription.url)}"
    subscription.folder = name


def _choose(state: State, candidates: list[_Candidate]) -> list[_Candidate]:
    """The items to narrate: not done or pruned, not older than --since, within --keep."""
    chosen: list[_Candidate] = []
    for subscription in state.subscriptions:
        items = state.items_of(subscription)
        fresh = {}
        for candidate in candidates:
            item = candidate.item
            if candidate.subscription is not subscription or item.id in fresh:
                continue
            if items.get(item.id) is not None and items[item.id].status in ("done", "pruned"):
                continue
            if subscription.since and item.published and item.published[:10] < subscription.since:
                continue
            fresh[item.id] = candidate
        new = sorted(fresh.values(), key=lambda c: c.item.published or "", reverse=True)
        if state.keep is not None:  # only what would be among the newest `keep`: nothing to prune at once
            done: list[tuple[str, _Candidate | None]] = [
                (i.published or "", None) for i in items.values() if i.status == "done"]
            ranked = sorted([(c.item.published or "", c) for c in new] + done, key=lambda pair: pair[0],
                            reverse=True)
            new = [c for _, c in ranked[:state.keep] if c is not None]
        chosen += new
    return chosen


def _jobs(folder: Path, state: State, candidates: list[_Candidate], report: FollowReport,
          suffix: str) -> dict[Job, _Candidate]:
    """Jobs for the chosen items; a new item's audio gets `suffix` (the run's output format)."""
    jobs: dict[Job, _Candidate] = {}
    taken = {item.output for items in state.items.values() for item in items.values() if item.output}
    for candidate in candidates:
        subscription, item = candidate.subscription, candidate.item
        previous = state.items_of(subscription).get(item.id)
        if previous is not None and previous.output:
            rel = previous.output
        else:
            stem = slug(item.title) if item.title else name_for_url(item.link or item.id)
            rel = f"{subscription.folder}/{stem}{suffix}"
            if rel in taken:
                rel = f"{subscription.folder}/{stem}-{short_hash(item.id)}{suffix}"
        taken.add(rel)
        # the item's time in UTC without its offset: an ID3 timestamp, and the feed's pubDate
        known = (("title", item.title or None), ("author", item.author),
                 ("date", item.published[:19] if item.published else None), ("link", item.link))
        source = item.link if item.link and is_web_address(item.link) else f"{subscription.url}#{item.id}"
        if item.content is None and not is_web_address(item.link):
            reason = f"{subscription.url}: item {item.title or item.id!r} has neither the article nor a web link"
            state.items_of(subscription)[item.id] = ItemState(
                "failed", item.title, item.link, item.published, rel, reason, item.author)
            report.problems.append(reason)
            continue
        jobs[Job(source, folder / rel, content=item.content, known=known)] = candidate
    return jobs


def _record(folder: Path, state: State, jobs: dict[Job, _Candidate], batch: BatchReport) -> None:
    for result in batch.results:
        candidate = jobs[result.job]
        item = candidate.item
        rel = result.job.output.relative_to(folder).as_posix()
        failed = result.status == "failed"
        state.items_of(candidate.subscription)[item.id] = ItemState(
            "failed" if failed else "done", item.title, item.link, item.published, rel,
            result.reason if failed else "", item.author, item.content if failed else None)


def _prune(folder: Path, state: State, keep: int) -> list[str]:
    """Keep the newest `keep` episodes of each subscription; mark the rest pruned."""
    removed = []
    for subscription in state.subscriptions:
        items = state.items_of(subscription)
        done = [(key, item) for key, item in items.items() if item.status == "done"]
        done.sort(key=lambda pair: pair[1].published or _mtime(folder / pair[1].output), reverse=True)
        for key, item in done[keep:]:
            remove_episode(folder / item.output)
            item.status = "pruned"
            removed.append(item.output)
    return removed


def _mtime(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc).isoformat(timespec="seconds")
    except OSError:
        return ""


def subscriptions_opml(folder: Path) -> bytes:
    """The folder's feed subscriptions as OPML, for a feed reader (URL lists are not feeds)."""
    from narrate.fetch.opml import Outline, write_opml

    state = load_state(folder)
    return write_opml([Outline(s.url, s.title) for s in state.subscriptions if s.kind == FEED],
                      f"narrate subscriptions of {folder.resolve().name}")
