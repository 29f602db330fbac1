"""Fetching several things at once: a small bounded pool, and one request at a time per host,
so no site is hammered and one slow site delays only its own items."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar
from urllib.parse import urlsplit

from narrate.waiting import completed

T = TypeVar("T")
R = TypeVar("R")
WORKERS = 4


def fetch_politely(tasks: Iterable[T], url_of: Callable[[T], str], work: Callable[[T], R],
                   workers: int = WORKERS) -> Iterator[tuple[T, R | Exception]]:
    """(task, result or the exception it raised) for every task, as each finishes."""
    tasks = list(tasks)
    if not tasks:
        return
    hosts: dict[str, threading.Lock] = {}
    guard = threading.Lock()

    def run(task: T) -> R:
        host = _host(url_of(task))
        with guard:
            lock = hosts.setdefault(host, threading.Lock())
        with lock:
            return work(task)

    with ThreadPoolExecutor(max_workers=min(workers, len(tasks)), thread_name_prefix="fetch") as pool:
        futures = {pool.submit(run, task): task for task in tasks}
        for future in completed(futures):
            task = futures[future]
            try:
                yield task, future.result()
            except Exception as exc:  # handed to the caller, who reports it per item
                yield task, exc


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:  # not a valid address: the fetch itself says so
        return ""
