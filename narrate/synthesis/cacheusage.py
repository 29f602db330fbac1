"""Which document the cached audio belongs to, and what goes first when the cache is full.

Entries are content-addressed and shared, so the store alone cannot tell an article's audio
from a book's. Each run of a document therefore records the keys it uses (its chunks'
segments and its encoded blocks) in a small JSON file under `documents/`, written before
synthesis starts (so a concurrent run's trim already sees the audio as somebody's) and again
when the document is finished (its time of last use). Eviction then works by document, not
by entry, in this order, stopping as soon as the store is under its cap:

1. entries no document records (an older narrate's, an edited document's old sentences),
   oldest first;
2. the part of any document beyond its share of the cap (`SHARE`), least recently used
   document first, each document's own oldest entries first: a book longer than the cache
   keeps half of it, and everything narrated before it stays;
3. whole documents, least recently used first.

So one long book can never empty the cache of what was narrated before it. An entry two
documents share belongs to the one used last. Everything here is an optimisation: a record
that cannot be written or read only changes what is evicted first, never an episode.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

DOCUMENTS = "documents"  # the records' folder inside the cache
SHARE = 0.5  # of the cap: what one document keeps when others need the room
RECORD_FORMAT = 1
# A record that holds no entry any more is dropped after this long (one that holds none
# yet may be a run still starting on another process).
STALE_RECORD_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Entry:
    """One file of the store."""

    key: str
    path: str
    size: int
    mtime: float


@dataclass
class Record:
    """What one document used the last time it was narrated."""

    path: Path
    title: str
    source: str
    used: float
    segments: frozenset[str]
    blocks: frozenset[str]
    owned: list[Entry] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(entry.size for entry in self.owned)


class DocumentUse:
    """The keys one run of one document uses, kept in its record as the run goes."""

    def __init__(self, root: Path, name: str, title: str, source: str) -> None:
        digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:32]
        self.path = root / DOCUMENTS / f"{digest}.json"
        self.title = title
        self.source = source
        self._segments: dict[str, None] = {}  # ordered, without repeats
        self._blocks: dict[str, None] = {}

    def add(self, segments: Iterable[str] = (), blocks: Iterable[str] = ()) -> None:
        """Record more keys (before their audio is made, so a concurrent trim spares it)."""
        self._segments.update(dict.fromkeys(segments))
        self._blocks.update(dict.fromkeys(blocks))
        self.save()

    def save(self) -> None:
        """Write the record atomically, marked as used now; a cache that cannot be written is no error."""
        data = {"format": RECORD_FORMAT, "title": self.title, "source": self.source, "used": time.time(),
                "segments": list(self._segments), "blocks": list(self._blocks)}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".", suffix=".partial", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    # ASCII: a title or source from a name that is not UTF-8 keeps its
                    # undecodable bytes as escapes (\udce9), which json reads back
                    json.dump(data, handle, ensure_ascii=True, separators=(",", ":"))
                os.replace(temp, self.path)
            except BaseException:
                Path(temp).unlink(missing_ok=True)
                raise
        except OSError:
            pass


def read_records(root: Path) -> list[Record]:
    """Every readable record; a damaged one is removed (its entries become nobody's)."""
    records = []
    try:
        names = [e.path for e in os.scandir(root / DOCUMENTS) if e.name.endswith(".json")]
    except OSError:
        return records
    for name in sorted(names):
        path = Path(name)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            records.append(Record(path=path, title=str(data["title"]), source=str(data["source"]),
                                  used=float(data["used"]), segments=frozenset(map(str, data["segments"])),
                                  blocks=frozenset(map(str, data["blocks"]))))
        except FileNotFoundError:
            continue
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
            path.unlink(missing_ok=True)
    return records


def assign(entries: Sequence[Entry], records: Sequence[Record]) -> list[Entry]:
    """Give each entry to the most recently used record that lists it; return the rest."""
    owner: dict[str, Record] = {}
    for record in sorted(records, key=lambda r: (r.used, str(r.path))):
        for key in record.segments | record.blocks:
            owner[key] = record
    nobody = []
    for record in records:
        record.owned = []
    for entry in entries:
        record = owner.get(entry.key)
        if record is None:
            nobody.append(entry)
        else:
            record.owned.append(entry)
    return nobody


def evictions(entries: Sequence[Entry], records: Sequence[Record], max_bytes: int,
              share: float = SHARE) -> list[Entry]:
    """The entries to delete to bring the store under `max_bytes` (see the module's order)."""
    nobody = assign(entries, records)
    total = sum(entry.size for entry in entries)
    chosen: list[Entry] = []
    if total <= max_bytes:
        return chosen
    by_use = sorted(records, key=lambda r: (r.used, str(r.path)))
    kept = {id(record): record.size for record in by_use}

    def take(candidates: Iterable[Entry], record: Record | None = None, floor: int = 0) -> None:
        nonlocal total
        for entry in sorted(candidates, key=lambda e: (e.mtime, e.key)):
            if total <= max_bytes or (record is not None and kept[id(record)] <= floor):
                return
            chosen.append(entry)
            total -= entry.size
            if record is not None:
                kept[id(record)] -= entry.size

    take(nobody)
    limit = int(max_bytes * share)
    for record in by_use:
        if kept[id(record)] > limit:
            take(record.owned, record, limit)
    taken = {id(entry) for entry in chosen}
    for record in by_use:
        take((entry for entry in record.owned if id(entry) not in taken), record)
    return chosen


def stale_records(records: Iterable[Record], gone: Iterable[Entry], now: float) -> Iterator[Record]:
    """Records that hold nothing after `gone` is deleted and have not been used for a day."""
    removed = {id(entry) for entry in gone}
    for record in records:
        holds = any(id(entry) not in removed for entry in record.owned)
        if not holds and now - record.used > STALE_RECORD_SECONDS:
            yield record
