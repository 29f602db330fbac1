"""The items of a subscribe run, supplied as they become ready, in bounded memory.

A few threads each take one subscription at a time: check the feed (a conditional GET),
choose its items, fetch each item's page, and hand every item on,
ready to narrate (its HTML in hand) or failed (one line), then a note that the feed is
finished. Hand-over is a small bounded queue: the threads wait while synthesis catches up,
so however many feeds and items there are, only a few pages are held at once, and the first
episode is made while later feeds are still being checked. A slow feed or page holds up
only its own thread, for at most the fetch's own deadline; one request at a time goes to
each site. The threads are daemons: Ctrl-C does not wait for a fetch in flight.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from narrate.errors import NarrateError
from narrate.fetch.feeds import FeedItem
from narrate.run.batch import Job
from narrate.run.errorlog import unexpected_reason

WORKERS = 8  # subscriptions checked at once (each waits on the network, not on a core)
HANDOVER = 8  # items ready and waiting for synthesis, at most


@dataclass(frozen=True)
class Ready:
    """An item to narrate: its job (with the page's HTML) and what it came from."""

    job: Job
    subscription: object
    item: FeedItem
    size: int = 0  # characters of HTML in hand


@dataclass(frozen=True)
class Failed:
    """An item that could not be fetched or prepared: one line, retried next run."""

    job: Job
    subscription: object
    item: FeedItem
    reason: str


@dataclass(frozen=True)
class Finished:
    """Every item of this subscription has been handed over; `commit` records the feed's new
    validators (after the items before it are recorded, so a run stopped earlier fetches
    the whole feed again next time instead of a 304)."""

    subscription: object
    commit: Callable[[], None]


Handed = Ready | Failed | Finished


@dataclass
class Supply:
    """Runs `work(subscription, hand)` for every subscription in WORKERS daemon threads;
    `hand` puts what it makes in the bounded queue that `handed()` yields from.

    A thread takes a subscription whose site no other thread is working on: a hundred
    feeds of one slow site are checked one after another, by one thread, while the other
    threads go on with the other sites."""

    subscriptions: Sequence[object]
    work: Callable[[object, Callable[[Handed], None]], None]
    describe: Callable[[object], str]  # a subscription's address: its site, and a bug's one line
    problems: list[str] = field(default_factory=list)
    workers: int = WORKERS
    stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self._waiting: dict[str, deque[object]] = {}  # site -> its subscriptions not yet taken
        for subscription in self.subscriptions:
            self._waiting.setdefault(site_of(self.describe(subscription)), deque()).append(subscription)
        self._free: deque[str] = deque(self._waiting)  # sites with work that no thread holds
        self._turns = threading.Condition()
        self._handed: queue.Queue[Handed | None] = queue.Queue(maxsize=HANDOVER)
        self._running = min(self.workers, len(self.subscriptions))
        self._hosts: dict[str, threading.Lock] = {}

    def handed(self) -> Iterator[Handed]:
        """Everything the threads hand over, as it comes, until every subscription is done;
        the threads start with the first request."""
        if self._running == 0:
            return
        for number in range(self._running):
            threading.Thread(target=self._serve, name=f"narrate-follow-{number}", daemon=True).start()
        while True:
            entry = self._handed.get()
            if entry is None:
                return
            yield entry

    def take_more(self) -> Handed | None:
        """What is already waiting, without waiting (None when nothing is, or at the end)."""
        try:
            entry = self._handed.get_nowait()
        except queue.Empty:
            return None
        if entry is None:
            self._handed.put(None)  # the end: `handed` sees it next
        return entry

    def host_lock(self, url: str) -> threading.Lock:
        """One request at a time per site (its host and port)."""
        with self._turns:
            return self._hosts.setdefault(site_of(url), threading.Lock())

    def hand(self, entry: Handed) -> None:
        """Wait for room in the queue (synthesis sets the pace); give up when stopped."""
        while not self.stop.is_set():
            try:
                self._handed.put(entry, timeout=0.2)
                return
            except queue.Full:
                continue
        raise _Stopped

    def _take(self) -> tuple[str, object] | None:
        """A subscription of a site no thread holds; None once there is none left at all."""
        with self._turns:
            while not self.stop.is_set():
                if self._free:
                    site = self._free.popleft()
                    return site, self._waiting[site].popleft()
                if not any(self._waiting.values()):
                    return None
                self._turns.wait(0.2)  # every site with work is held: wait for one to be let go
        return None

    def _let_go(self, site: str) -> None:
        with self._turns:
            if self._waiting[site]:
                self._free.append(site)
                self._turns.notify()
            else:
                del self._waiting[site]
                self._turns.notify_all()  # perhaps the last: the others may stop waiting

    def _serve(self) -> None:
        try:
            while (taken := self._take()) is not None:
                site, subscription = taken
                try:
                    self.work(subscription, self.hand)
                except _Stopped:
                    return
                except NarrateError as exc:
                    self.problems.append(str(exc))
                except Exception as exc:  # noqa: BLE001 - a bug costs this subscription, not the run
                    where = self.describe(subscription)
                    self.problems.append(f"{where}: {unexpected_reason(where, exc)}")
                finally:
                    self._let_go(site)
        finally:
            with self._turns:
                self._running -= 1
                last = self._running == 0
            if last:
                while not self.stop.is_set():
                    try:
                        self._handed.put(None, timeout=0.2)
                        break
                    except queue.Full:
                        continue


def site_of(url: str) -> str:
    """host:port of an address (a malformed one is a site of its own)."""
    try:
        parts = urlsplit(url)
        return f"{(parts.hostname or '').lower()}:{parts.port}"
    except ValueError:
        return url


class _Stopped(Exception):
    """The run was stopped while this thread waited to hand something over."""
