"""The inbox's jobs, in SQLite inside the podcast folder: nothing accepted is ever lost.

`DIR/.narrate-inbox/queue.sqlite3`, in WAL mode with full synchronous commits: a job is
answered 202 only once its row is on disk, so a kill -9 (or a power cut) after that never
loses it. Each job reserves its episode's file name when it is accepted, so however often a
killed server starts it again, it makes that one episode (written atomically, narrate.fileio)
and never a second one beside it. A job's key (the address without its fragment and
trackers, or an upload's SHA-256) is unique: the same article sent twice is one job.

States: waiting -> fetching -> fetched -> narrating -> done, or failed (with a one-line
reason; a retry or a new submission sends it back to waiting). The server fetches; a process
of its own narrates (narrate.inbox.worker), each with its own connection. At start, jobs a
dead server left fetching, fetched or narrating go back to waiting (`recover`: a page already
fetched is not fetched again); only one server works on a queue at a time (its lock is held by
narrate.inbox.server). A job's progress and why it waits are kept in its row too, so the
server shows what the narrating process is doing.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrate.errors import OutputError
from narrate.fetch.names import short_hash

STATE_DIR = ".narrate-inbox"
DATABASE = "queue.sqlite3"
WAITING, FETCHING, FETCHED, NARRATING = "waiting", "fetching", "fetched", "narrating"
DONE, FAILED = "done", "failed"
STATES = (WAITING, FETCHING, FETCHED, NARRATING, DONE, FAILED)
URL, FILE = "url", "file"

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('url', 'file')),
    key TEXT NOT NULL UNIQUE,
    source TEXT NOT NULL,
    label TEXT NOT NULL,
    output TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'fetching', 'fetched', 'narrating', 'done', 'failed')),
    reason TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    page_url TEXT NOT NULL DEFAULT '',
    duration REAL NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    narrations INTEGER NOT NULL DEFAULT 0,
    progress REAL NOT NULL DEFAULT 0,
    note TEXT NOT NULL DEFAULT '',
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs (state, id);
"""


@dataclass(frozen=True)
class JobRecord:
    """One row of the queue."""

    id: int
    kind: str  # URL or FILE
    key: str
    source: str  # the address as sent, or the uploaded file's name
    label: str  # what the queue shows until the episode has its title
    output: str  # the episode's path inside the podcast folder, reserved when accepted
    state: str
    reason: str
    title: str
    page_url: str  # where the page came from, after redirects (once fetched)
    duration: float
    attempts: int  # how often a worker started it
    narrations: int  # how often an episode was written for it (one, however often it was killed)
    progress: float  # the share narrated, 0..1, while narrating
    note: str  # why a waiting job waits (another run writes its folder)
    created: float
    updated: float

    @property
    def finished(self) -> bool:
        return self.state in (DONE, FAILED)


class JobQueue:
    """The queue of one podcast folder; safe to use from every request thread at once."""

    def __init__(self, folder: Path, durable: bool = True) -> None:
        """`durable`: every commit synced to disk (what accepts jobs); the narrating process's
        own changes (progress, done) may wait for the next sync: a done lost to a power cut is
        found up to date when it is tried again."""
        self.folder = folder
        self.state_dir = folder / STATE_DIR
        try:
            self.state_dir.mkdir(exist_ok=True)
            self._db = sqlite3.connect(self.state_dir / DATABASE, timeout=30, isolation_level=None,
                                       check_same_thread=False)
            self._db.row_factory = sqlite3.Row
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise OutputError(f"cannot keep the inbox's queue in {self.state_dir}: {exc}") from exc
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def add(self, kind: str, key: str, source: str, label: str, name: str, suffix: str) -> tuple[JobRecord, bool]:
        """(the job, whether it was queued now). The same key again is the same job: queued
        again only when it failed or its episode has since been deleted. `name` is the
        episode's file stem wanted; another job's or file's name gets a short hash added."""
        now = time.time()
        with self._transaction() as db:
            row = db.execute("SELECT * FROM jobs WHERE key = ?", (key,)).fetchone()
            if row is not None:
                job = _record(row)
                gone = job.state == DONE and not (self.folder / job.output).is_file()
                if job.state != FAILED and not gone:
                    return job, False
                db.execute("UPDATE jobs SET state = ?, reason = '', updated = ? WHERE id = ?",
                           (WAITING, now, job.id))
                return _record(db.execute("SELECT * FROM jobs WHERE id = ?", (job.id,)).fetchone()), True
            output = self._free_name(db, name, suffix, key)
            cursor = db.execute(
                "INSERT INTO jobs (kind, key, source, label, output, state, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (kind, key, source, label, output, WAITING, now, now))
            return _record(db.execute("SELECT * FROM jobs WHERE id = ?", (cursor.lastrowid,)).fetchone()), True

    def _free_name(self, db: sqlite3.Connection, name: str, suffix: str, key: str) -> str:
        for candidate in (name, f"{name}-{short_hash(key)}"):
            output = candidate + suffix
            taken = db.execute("SELECT 1 FROM jobs WHERE output = ?", (output,)).fetchone()
            if taken is None and not (self.folder / output).exists():
                return output
        count = db.execute("SELECT COUNT(*) FROM jobs").fetchone()[0]
        return f"{name}-{short_hash(key)}-{count}{suffix}"

    def recover(self) -> int:
        """Jobs a stopped or killed server left under way: waiting again."""
        with self._transaction() as db:
            cursor = db.execute("UPDATE jobs SET state = ?, progress = 0, updated = ? WHERE state IN (?, ?, ?)",
                                (WAITING, time.time(), FETCHING, FETCHED, NARRATING))
            return cursor.rowcount

    def recover_narrating(self) -> int:
        """Jobs a narrating process that died left narrating: to be narrated again."""
        with self._transaction() as db:
            return db.execute("UPDATE jobs SET state = ?, progress = 0, updated = ? WHERE state = ?",
                              (FETCHED, time.time(), NARRATING)).rowcount

    def claim(self, limit: int, state: str = WAITING, to: str = FETCHING) -> list[JobRecord]:
        """The oldest jobs in `state` (at most `limit`), now in `to`; taking a waiting one
        counts as an attempt."""
        with self._transaction() as db:
            rows = db.execute("SELECT id FROM jobs WHERE state = ? ORDER BY id LIMIT ?", (state, limit)).fetchall()
            ids = [row["id"] for row in rows]
            now = time.time()
            for job_id in ids:
                db.execute("UPDATE jobs SET state = ?, attempts = attempts + ?, reason = '', note = '', progress = 0, "
                           "updated = ? WHERE id = ?", (to, 1 if state == WAITING else 0, now, job_id))
            return [_record(db.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()) for job_id in ids]

    def update(self, job_id: int, **fields: Any) -> None:
        """Set some of a job's fields (state, reason, title, page_url, duration, progress, note)."""
        allowed = {"state", "reason", "title", "page_url", "duration", "progress", "note"}
        if not fields or set(fields) - allowed:
            raise ValueError(f"cannot set {sorted(set(fields) - allowed)}")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        with self._transaction() as db:
            db.execute(f"UPDATE jobs SET {assignments}, updated = ? WHERE id = ?",  # noqa: S608 - names checked
                       (*fields.values(), time.time(), job_id))

    def finish(self, job_id: int, title: str, duration: float, narrated: bool) -> None:
        """Done: its episode is written (`narrated`), or was there already, whole."""
        with self._transaction() as db:
            db.execute("UPDATE jobs SET state = ?, reason = '', note = '', progress = 1, title = ?, duration = ?, "
                       "narrations = narrations + ?, updated = ? WHERE id = ?",
                       (DONE, title, duration, 1 if narrated else 0, time.time(), job_id))

    def fail(self, job_id: int, reason: str) -> None:
        self.update(job_id, state=FAILED, reason=reason, progress=0)

    def requeue(self, job_ids: list[int], note: str = "", state: str = WAITING) -> None:
        """Back to `state` (the folder is busy, the server stops): tried again later."""
        with self._transaction() as db:
            for job_id in job_ids:
                db.execute("UPDATE jobs SET state = ?, note = ?, progress = 0, updated = ? "
                           "WHERE id = ? AND state IN (?, ?, ?)",
                           (state, note, time.time(), job_id, FETCHING, FETCHED, NARRATING))

    def retry(self, job_id: int) -> JobRecord | None:
        """A failed job waiting again; None when there is no such job; unchanged when it
        has not failed."""
        with self._transaction() as db:
            db.execute("UPDATE jobs SET state = ?, reason = '', updated = ? WHERE id = ? AND state = ?",
                       (WAITING, time.time(), job_id, FAILED))
            row = db.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None else _record(row)

    def get(self, job_id: int) -> JobRecord | None:
        with self._lock:
            row = self._db.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None else _record(row)

    def jobs(self, limit: int = 200) -> list[JobRecord]:
        """The newest `limit` jobs, newest first."""
        with self._lock:
            rows = self._db.execute("SELECT * FROM jobs ORDER BY id DESC LIMIT ?", (limit,)).fetchall()
        return [_record(row) for row in rows]

    def counts(self) -> dict[str, int]:
        with self._lock:
            rows = self._db.execute("SELECT state, COUNT(*) AS n FROM jobs GROUP BY state").fetchall()
        return {row["state"]: row["n"] for row in rows}


def _record(row: sqlite3.Row) -> JobRecord:
    return JobRecord(**{key: row[key] for key in row.keys()})
