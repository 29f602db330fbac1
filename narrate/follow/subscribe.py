"""`narrate subscribe`: narrate what is new in followed feeds and URL lists into one podcast.

DIR is one podcast (one DIR/feed.xml) with a folder per subscription. A run checks every
subscription (a conditional GET per feed: an unchanged feed costs one request and a 304),
narrates the items not yet done (a feed's own content when it carries whole articles, else
the linked page), records each item's fate (narrate.follow.state), prunes beyond --keep and
rewrites the feed. Failures are per item and per feed, one line each, and retried next run.

Nothing waits for everything: feeds are checked and pages fetched by a few threads
(narrate.follow.supply) while this one narrates what they hand over, a few items per batch
on one worker pool kept warm for the whole run, and journals each item as it finishes. Memory
holds a few pages, not every item of every feed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path

from narrate.audio.formats import DEFAULT_FORMAT, suffix_for
from narrate.episode.pipeline import NarrateOptions
from narrate.errors import InputError, NarrateError
from narrate.fetch.feeds import FeedItem, parse_feed
from narrate.fetch.http import Limits, fetch
from narrate.fileio import check_regular_file, read_regular_text
from narrate.limits import MAX_OPTION_FILE_BYTES
from narrate.fetch.names import name_for_url, short_hash, slug
from narrate.fetch.page import fetch_page
from narrate.fileio import remove_abandoned, remove_own
from narrate.follow.prune import remove_episode
from narrate.follow.state import (FEED, LIST, STATE_DIR, ItemState, Journal, State, Subscription, load_state,
                                  save_state)
from narrate.follow.supply import Failed, Finished, Handed, Ready, Supply
from narrate.publish.feed import FeedResult, update_feed
from narrate.run.batch import BatchReport, FileResult, Job, Progress, run_batch
from narrate.run.errorlog import unexpected_reason
from narrate.text.readers.html import is_web_address

FEED_ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5"
# Where `narrate serve DIR` listens by default; it rewrites the feed with its own address.
DEFAULT_BASE_URL = "http://127.0.0.1:8000/"
# A batch: what is waiting when the last one ends, up to this many items or characters of HTML.
GROUP_ITEMS = 8
GROUP_CHARS = 16_000_000


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


def add_subscriptions(state: State, sources: Sequence[str], since: str | None = None) -> list[Subscription]:
    """Remember feed addresses and URL-list files (each once); `since` applies to those given."""
    added = []
    known = {s.url: s for s in state.subscriptions}
    for source in sources:
        if is_web_address(source):
            url, kind = source, FEED
        else:
            path = Path(source)
            if not path.exists():
                raise InputError(f"{source}: neither a feed's web address nor a file of URLs")
            check_regular_file(path, "list of URLs", MAX_OPTION_FILE_BYTES)
            url, kind = str(path.resolve()), LIST
        subscription = known.get(url)
        if subscription is None:
            subscription = known[url] = Subscription(url=url, kind=kind)
            state.subscriptions.append(subscription)
            added.append(subscription)
        if since:
            subscription.since = since
    return added


def refresh(folder: Path, opts: NarrateOptions, progress: Progress, *, add: Sequence[str] = (),
            since: str | None = None, keep: int | None = None, base_url: str | None = None,
            limits: Limits = Limits()) -> FollowReport:
    """Check every subscription of `folder` (adding `add`), narrate what is new, update the feed.

    The subscriptions are saved before anything is fetched, and each item's fate is journalled
    as soon as it is known: Ctrl-C (or SIGTERM, or kill -9) keeps everything finished."""
    from narrate.run.lock import folder_lock

    folder.mkdir(parents=True, exist_ok=True)
    with folder_lock(folder / STATE_DIR):
        remove_abandoned(folder / STATE_DIR)  # a state file half-saved by a run that was killed
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
        save_state(folder, state)
        report = FollowReport(checked=len(state.subscriptions))
        run = _Run(folder, state, opts, progress, report, limits)
        run.narrate_all()
        if state.keep is not None:
            report.pruned = _prune(folder, state, state.keep)
        try:
            save_state(folder, state)
        except NarrateError as exc:  # the journal still holds what this run did
            report.problems.append(str(exc))
        if run.journal.problem:
            report.problems.append(run.journal.problem)
        report.feed = _write_feed(folder, base_url, report)
        return report


def _write_feed(folder: Path, base_url: str | None, report: FollowReport) -> FeedResult | None:
    try:
        return update_feed(folder, default_base_url=DEFAULT_BASE_URL, base_url=base_url)
    except NarrateError as exc:
        report.problems.append(str(exc))
    except OSError as exc:  # a full disk while drawing the cover
        report.problems.append(f"cannot write the feed in {folder}: {exc.strerror or exc}")
    return None


class _Run:
    """One refresh: the supply threads check the feeds and fetch the pages; this thread
    narrates what they hand over and records each item as it finishes."""

    def __init__(self, folder: Path, state: State, opts: NarrateOptions, progress: Progress,
                 report: FollowReport, limits: Limits) -> None:
        self.folder, self.state, self.opts, self.limits = folder, state, opts, limits
        self.progress, self.report = progress, report
        self.journal = Journal(folder)
        self.lock = threading.Lock()  # the state and report, shared with the supply threads
        self.suffix = suffix_for(opts.output_format or DEFAULT_FORMAT)
        self.stopping = False  # set once Ctrl-C has reached this thread
        self.taken = {item.output for items in state.items.values() for item in items.values() if item.output}
        self.supply = Supply(list(state.subscriptions), self._supply,  # type: ignore[arg-type]
                             lambda s: s.url, problems=report.problems)  # type: ignore[attr-defined]

    def narrate_all(self) -> None:
        """Narrate everything handed over, batch by batch, until the supply is done."""
        from narrate.run.executors import LocalExecutor

        started = time.perf_counter()
        with ExitStack() as stack:
            stack.callback(self.supply.stop.set)  # Ctrl-C: the threads stop handing over
            outputs: list[Path] = []
            # after the pool has stopped: what its last blocks wrote beside an output goes too
            stack.callback(lambda: remove_own(*outputs))
            executor: LocalExecutor | None = None
            try:
                for group, finished in _groups(self.supply):
                    outputs = [entry.job.output for entry in group]
                    if executor is None and any(isinstance(entry, Ready) for entry in group):
                        executor = stack.enter_context(LocalExecutor.kept_warm(self.opts))  # one pool for all
                    self._narrate(group, executor)
                    for done in finished:
                        done.commit()
            except BaseException:  # Ctrl-C: a document still rendering may fail on the way out
                self.stopping = True
                raise
            if self.report.batch is not None:
                self.report.batch.elapsed = time.perf_counter() - started
                if executor is not None:
                    self.report.batch.synthesised = executor.stats.misses
                    self.report.batch.reused = executor.stats.hits

    def _narrate(self, group: list[Ready | Failed], executor: object) -> None:
        for entry in group:
            if isinstance(entry, Failed):
                result = FileResult(entry.job, "failed", entry.reason)
                self._finished(entry, result)
                self.progress.finished(result)
        ready = {entry.job: entry for entry in group if isinstance(entry, Ready)}
        if ready:
            run_batch(list(ready), self.opts, _Recording(self, ready), executor=executor)  # type: ignore[arg-type]

    # -- in the supply threads: one subscription at a time

    def _supply(self, subscription: Subscription, hand: Callable[[Handed], None]) -> None:
        commit: Callable[[], None] = lambda: None  # noqa: E731
        found: list[FeedItem] = []
        if subscription.kind == LIST:
            with self.lock:
                found = _list_items(subscription, self.folder, self.state)
                self.journal.subscription(subscription)
        else:
            with self.supply.host_lock(subscription.url):
                checked = _check_feed(subscription, self.limits)
            with self.lock:
                if checked is None:
                    self.report.unchanged += 1
                else:
                    title, items, etag, last_modified = checked
                    if not subscription.folder:
                        _name_folder(self.state, subscription, title)
                    subscription.title = subscription.title or title
                    self.journal.subscription(subscription)
                    found = list(items)
                    commit = lambda: self._commit(subscription, etag, last_modified)  # noqa: E731
        with self.lock:
            known = dict(self.state.items_of(subscription))
        for item in choose(subscription, known, found, self.state.keep):
            hand(self._prepare(subscription, item))
        hand(Finished(subscription, commit))

    def _commit(self, subscription: Subscription, etag: str | None, last_modified: str | None) -> None:
        with self.lock:
            subscription.etag, subscription.last_modified = etag, last_modified
            self.journal.subscription(subscription)

    def _prepare(self, subscription: Subscription, item: FeedItem) -> Ready | Failed:
        """The item's job, with its page fetched when the feed does not carry the article."""
        try:
            with self.lock:
                job = self._job(subscription, item)
        except Exception as exc:  # noqa: BLE001 - a bug costs this item, not the run
            job = Job(f"{subscription.url}#{item.id}",
                      self.folder / subscription.folder / f"{short_hash(item.id)}{self.suffix}")
            return Failed(job, subscription, item, unexpected_reason(item.link or item.id, exc))
        if item.content is not None:
            return Ready(job, subscription, item, len(item.content))
        if not is_web_address(item.link):
            return Failed(job, subscription, item,
                          f"{subscription.url}: item {item.title or item.id!r} has neither the article nor a web link")
        link = str(item.link)
        try:
            with self.supply.host_lock(link):
                page = fetch_page(link, self.limits)
        except NarrateError as exc:
            return Failed(job, subscription, item, str(exc))
        except Exception as exc:  # noqa: BLE001 - a bug costs this item, not the run
            return Failed(job, subscription, item, unexpected_reason(link, exc))
        return Ready(replace(job, content=page.html), subscription, item, len(page.html))

    def _job(self, subscription: Subscription, item: FeedItem) -> Job:
        """Where the item's episode goes (a name once given is kept) and what is known of it."""
        previous = self.state.items_of(subscription).get(item.id)
        if previous is not None and previous.output:
            rel = previous.output
        else:
            stem = slug(item.title) if item.title else name_for_url(item.link or item.id)
            rel = f"{subscription.folder}/{stem}{self.suffix}"
            if rel in self.taken:
                rel = f"{subscription.folder}/{stem}-{short_hash(item.id)}{self.suffix}"
        self.taken.add(rel)
        # the item's time in UTC without its offset: an ID3 timestamp, and the feed's pubDate
        known = (("title", item.title or None), ("author", item.author),
                 ("date", item.published[:19] if item.published else None), ("link", item.link))
        source = item.link if item.link and is_web_address(item.link) else f"{subscription.url}#{item.id}"
        return Job(source, self.folder / rel, content=item.content, known=known)

    # -- in this thread (and the batch's rendering threads): each item as it finishes

    def _finished(self, entry: Ready | Failed, result: FileResult) -> None:
        """Record the item's fate in the state and the journal, and in the report (no page)."""
        item, subscription = entry.item, entry.subscription
        assert isinstance(subscription, Subscription)
        failed = result.status == "failed"
        if failed and self.stopping:  # stopped by the interruption: left as it was, tried next run
            return
        fate = ItemState("failed" if failed else "done", item.title, item.link, item.published,
                         result.job.output.relative_to(self.folder).as_posix(), result.reason if failed else "",
                         item.author, item.content if failed else None)
        light = FileResult(Job(result.job.source, result.job.output), result.status, result.reason,
                           result.duration)
        with self.lock:
            self.state.items_of(subscription)[item.id] = fate
            self.journal.item(subscription, item.id, fate)
            if self.report.batch is None:
                self.report.batch = BatchReport()
            self.report.batch.results.append(light)


class _Recording:
    """The Progress each batch is given: every item is recorded as it finishes, then the
    run's own progress is told; a batch's start closes the bar of the one before."""

    def __init__(self, run: _Run, ready: dict[Job, Ready]) -> None:
        self.run, self.ready = run, ready

    def start(self, files: int, chunks: int) -> None:
        self.run.progress.close()
        self.run.progress.start(files, chunks)

    def advance(self, chunks: int, seconds: float) -> None:
        self.run.progress.advance(chunks, seconds)

    def finished(self, result: FileResult) -> None:
        self.run._finished(self.ready[result.job], result)
        if not self.run.stopping:
            self.run.progress.finished(result)

    def close(self) -> None:
        pass  # the run's progress is closed by whoever opened it


def _groups(supply: Supply) -> Iterator[tuple[list[Ready | Failed], list[Finished]]]:
    """What the supply hands over, in batches: what is waiting when the last batch ends, up to
    GROUP_ITEMS items or GROUP_CHARS of HTML (a few huge pages are never held at once)."""
    for first in supply.handed():
        group: list[Ready | Failed] = []
        finished: list[Finished] = []
        size = 0
        entry: Handed | None = first
        while entry is not None:
            if isinstance(entry, Finished):
                finished.append(entry)
            else:
                group.append(entry)
                size += entry.size if isinstance(entry, Ready) else 0
                if len(group) >= GROUP_ITEMS or size >= GROUP_CHARS:
                    break
            entry = supply.take_more()
        yield group, finished


def _check_feed(subscription: Subscription, limits: Limits
                ) -> tuple[str, tuple[FeedItem, ...], str | None, str | None] | None:
    """(title, items, etag, last_modified) of a feed, or None when unchanged since the last run."""
    response = fetch(subscription.url, limits, accept=FEED_ACCEPT, etag=subscription.etag,
                     last_modified=subscription.last_modified)
    if response.not_modified:
        return None
    parsed = parse_feed(response.content, subscription.url)
    return parsed.title, parsed.items, response.etag, response.last_modified


def _list_items(subscription: Subscription, folder: Path, state: State) -> list[FeedItem]:
    """A URL list: one article address a line; blank lines and # comments ignored."""
    path = Path(subscription.url)
    lines = read_regular_text(path, "list of URLs", MAX_OPTION_FILE_BYTES).splitlines()
    if not subscription.folder:
        _name_folder(state, subscription, path.stem)
    subscription.title = subscription.title or path.stem
    items = []
    for line in lines:
        url = line.strip()
        if url and not url.startswith("#"):
            items.append(FeedItem(url, "", url))
    return items


def _name_folder(state: State, subscription: Subscription, title: str) -> None:
    taken = {s.folder for s in state.subscriptions}
    name = slug(title, fallback="feed")
    if name in taken or name.startswith("."):
        name = f"{name}-{short_hash(subscription.url)}"
    subscription.folder = name


def choose(subscription: Subscription, known: dict[str, ItemState], found: Iterable[FeedItem],
           keep: int | None) -> list[FeedItem]:
    """A subscription's items to narrate, newest first: those `found` (in the feed or list)
    and the failed ones `known` to the state (tried again even when the feed is unchanged),
    except what is done or pruned, older than its --since, or beyond --keep."""
    found = list(found)
    seen = {item.id for item in found}
    retried = [FeedItem(key, state.title, state.link, state.author, state.published, state.content)
               for key, state in known.items() if state.status == "failed" and key not in seen]
    fresh: dict[str, FeedItem] = {}
    for item in found + retried:
        if item.id in fresh or (item.id in known and known[item.id].status in ("done", "pruned")):
            continue
        if subscription.since and item.published and item.published[:10] < subscription.since:
            continue
        fresh[item.id] = item
    new = sorted(fresh.values(), key=lambda item: item.published or "", reverse=True)
    if keep is not None:  # only what would be among the newest `keep`: nothing to prune at once
        done: list[tuple[str, FeedItem | None]] = [(i.published or "", None) for i in known.values()
                                                   if i.status == "done"]
        ranked = sorted([(item.published or "", item) for item in new] + done, key=lambda pair: pair[0],
                        reverse=True)
        new = [item for _, item in ranked[:keep] if item is not None]
    return new


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
