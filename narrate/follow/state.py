"""What a subscribed folder remembers (DIR/.narrate-follow/subscriptions.json, hidden so no
feed or batch sees it): its subscriptions with their validators, and every item's fate.

An item is "done" (narrated: never fetched or synthesised again), "pruned" (removed by
--keep: not brought back) or "failed" (tried again on the next run, with what it needs to
retry even when the feed itself has not changed).
"""

from __future__ import annotations

import errno
import json
import os
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from narrate.errors import InputError
from narrate.fileio import write_text_atomic

STATE_DIR = ".narrate-follow"  # also holds the lock that keeps two refreshes of DIR apart
STATE_NAME = "subscriptions.json"
JOURNAL_NAME = "journal.jsonl"  # what happened since the state was last written whole
FEED, LIST = "feed", "list"


@dataclass
class Subscription:
    url: str  # a feed's address, or the absolute path of a URL list
    kind: str = FEED
    title: str = ""
    folder: str = ""  # its episodes' folder inside DIR
    etag: str | None = None
    last_modified: str | None = None
    since: str | None = None  # ISO date: older items are not narrated


@dataclass
class ItemState:
    status: str  # done, failed, pruned
    title: str = ""
    link: str | None = None
    published: str | None = None
    output: str = ""  # relative to DIR
    reason: str = ""
    author: str | None = None
    content: str | None = None  # kept only while a full-content item is failing


@dataclass
class State:
    subscriptions: list[Subscription] = field(default_factory=list)
    items: dict[str, dict[str, ItemState]] = field(default_factory=dict)  # subscription url -> id -> state
    keep: int | None = None

    def find(self, url: str) -> Subscription | None:
        return next((s for s in self.subscriptions if s.url == url), None)

    def items_of(self, subscription: Subscription) -> dict[str, ItemState]:
        return self.items.setdefault(subscription.url, {})


def load_state(folder: Path) -> State:
    """The state as last saved, with the journal of what happened since replayed onto it."""
    path = folder / STATE_DIR / STATE_NAME
    state = State()
    if path.is_file():
        try:
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            state = State(
                subscriptions=[Subscription(**s) for s in data.get("subscriptions", [])],
                items={url: {key: ItemState(**value) for key, value in items.items()}
                       for url, items in data.get("items", {}).items()},
                keep=data.get("keep"),
            )
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            raise InputError(f"{path}: not a subscription list narrate can read ({exc}); "
                             "move it away to start afresh") from None
    _replay(folder / STATE_DIR / JOURNAL_NAME, state)
    return state


def save_state(folder: Path, state: State) -> None:
    """Write the whole state (atomically), then empty the journal it now contains."""
    data = {"keep": state.keep, "subscriptions": [asdict(s) for s in state.subscriptions],
            "items": {url: {key: _compact(item) for key, item in items.items()}
                      for url, items in state.items.items()}}
    (folder / STATE_DIR).mkdir(parents=True, exist_ok=True)
    # ASCII: a title with a lone surrogate (a page in a broken charset) is kept, escaped
    write_text_atomic(folder / STATE_DIR / STATE_NAME, json.dumps(data, indent=1) + "\n")
    (folder / STATE_DIR / JOURNAL_NAME).unlink(missing_ok=True)


def _compact(item: ItemState) -> dict[str, Any]:
    return {k: v for k, v in asdict(item).items() if v not in (None, "")}


class Journal:
    """What a run decides, one JSON line at a time, appended as it happens: an item's fate as
    soon as it is known, a subscription when it changes. A run that is stopped (Ctrl-C,
    SIGTERM, kill -9, a power cut after the line reached the disk) loses nothing it finished;
    `load_state` replays the journal and `save_state` folds it in. Appending costs the same
    for the 100,000th item as for the first, where rewriting the whole state would not.

    Writing never raises: a full disk is remembered in `problem`, and the run goes on."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / STATE_DIR / JOURNAL_NAME
        self.problem: str | None = None
        self._lock = threading.Lock()

    def item(self, subscription: Subscription, key: str, item: ItemState) -> None:
        self._append({"item": key, "of": subscription.url, "state": _compact(item)})

    def subscription(self, subscription: Subscription) -> None:
        self._append({"subscription": asdict(subscription)})

    def _append(self, entry: dict[str, Any]) -> None:
        line = (json.dumps(entry) + "\n").encode("ascii")
        with self._lock:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
                try:
                    written = os.write(fd, line)  # one call: Ctrl-C cannot land inside a line
                finally:
                    os.close(fd)
                if written < len(line):
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            except OSError as exc:
                if self.problem is None:
                    self.problem = (f"cannot save what was done in {self.path.parent} ({exc.strerror or exc}): "
                                    "finished episodes are found again on the next run")


def _replay(path: Path, state: State) -> None:
    """Apply a journal's lines in order; a line cut short by a crash (the last) is ignored."""
    try:
        lines = path.read_bytes().splitlines()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    for line in lines:
        try:
            entry = json.loads(line)
            if "subscription" in entry:
                fresh = Subscription(**entry["subscription"])
                known = state.find(fresh.url)
                if known is None:
                    state.subscriptions.append(fresh)
                else:
                    state.subscriptions[state.subscriptions.index(known)] = fresh
            else:
                state.items.setdefault(entry["of"], {})[entry["item"]] = ItemState(**entry["state"])
        except (ValueError, TypeError, KeyError, AttributeError):
            continue
