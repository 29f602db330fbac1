"""What a subscribed folder remembers (DIR/.narrate-follow/subscriptions.json, hidden so no
feed or batch sees it): its subscriptions with their validators, and every item's fate.

An item is "done" (narrated: never fetched or synthesised again), "pruned" (removed by
--keep: not brought back) or "failed" (tried again on the next run, with what it needs to
retry even when the feed itself has not changed).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from narrate.errors import InputError
from narrate.fileio import write_text_atomic

STATE_DIR = ".narrate-follow"  # also holds the lock that keeps two refreshes of DIR apart
STATE_NAME = "subscriptions.json"
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
    path = folder / STATE_DIR / STATE_NAME
    if not path.is_file():
        return State()
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return State(
            subscriptions=[Subscription(**s) for s in data.get("subscriptions", [])],
            items={url: {key: ItemState(**value) for key, value in items.items()}
                   for url, items in data.get("items", {}).items()},
            keep=data.get("keep"),
        )
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        raise InputError(f"{path}: not a subscription list narrate can read ({exc}); "
                         "move it away to start afresh") from None


def save_state(folder: Path, state: State) -> None:
    data = {"keep": state.keep, "subscriptions": [asdict(s) for s in state.subscriptions],
            "items": {url: {key: {k: v for k, v in asdict(item).items() if v not in (None, "")}
                            for key, item in items.items()}
                      for url, items in state.items.items()}}
    (folder / STATE_DIR).mkdir(parents=True, exist_ok=True)
    write_text_atomic(folder / STATE_DIR / STATE_NAME, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
