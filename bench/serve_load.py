"""`narrate serve` under a crowd, on loopback only.

    python bench/serve_load.py [--requests 200] [--idle 50] [--timeout 5]
                               [--submissions 50] [--feed-reads 200] [--only plain|inbox]

Plain: `narrate serve` in a subprocess on a free loopback port with a small folder of two
narrated episodes; 200 concurrent requests (feed, page, audio with and without a Range) while
50 idle connections are held open; prints p50/p99 latency, how many idle connections the
server closed after the timeout, and whether the server's log has a traceback.

Inbox: `narrate serve --inbox --allow-private` on the same folder; 50 articles (from a
loopback site in this process) sent at once to POST /api/articles, each with the owner's
token, while 200 concurrent feed reads run, and 200 more while the articles are being
narrated (the feed is rewritten as each finishes); prints the submissions' and the feed
reads' p50/p99, how long until every job was done, and checks every job was done exactly
once: 50 jobs done, one episode each, each written once (the queue's own count), each once
in the feed. Bounded: it never opens more than requests + idle sockets, and it ends the
servers it started.
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def make_folder(folder: Path) -> None:
    from narrate.episode.pipeline import narrate_file

    folder.mkdir(parents=True, exist_ok=True)
    for name, text in (("first", "Coffee in the morning\n\nThe first paragraph talks about coffee."),
                       ("second", "Rain on Tuesday\n\nIt rained all day long.")):
        source = folder / f"{name}.txt"
        source.write_text(text, encoding="utf-8")
        narrate_file(source, folder / f"{name}.mp3", jobs=1)


def start_server(folder: Path, timeout: float, *options: str,
                 env: dict[str, str] | None = None) -> tuple[subprocess.Popen, int, Path]:
    log = folder.parent / f"serve{'-inbox' if options else ''}.log"
    env = {**os.environ, **(env or {}), "NARRATE_SERVE_TIMEOUT": str(timeout)}
    process = subprocess.Popen([sys.executable, "-m", "narrate", "serve", str(folder), "--port", "0", *options],
                               stdout=subprocess.PIPE, stderr=log.open("wb"), env=env, text=True, cwd=ROOT)
    assert process.stdout is not None
    line = process.stdout.readline()  # "Serving N episodes from DIR at http://127.0.0.1:PORT/"
    port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
    threading.Thread(target=process.stdout.read, daemon=True).start()  # drain the rest
    return process, port, log


def one_request(port: int, path: str, headers: dict[str, str]) -> float:
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.read()
        assert response.status in (200, 206), response.status
    finally:
        connection.close()
    return time.perf_counter() - started


def idle_closed(sock: socket.socket) -> bool:
    """True when the server has closed this connection (EOF or reset); does not wait."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except BlockingIOError:
        return False


WAVE_SECONDS = 5.0


def percentile(latencies: list[float], share: float) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def plain(args: argparse.Namespace, folder: Path) -> None:
    process, port, log = start_server(folder, args.timeout)
    try:
        one_request(port, "/feed.xml", {})  # the first feed is built here, not in the figures
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(args.idle)]
        held_since = time.monotonic()
        paths = [("/feed.xml", {}), ("/", {}), ("/first.mp3", {}), ("/second.mp3", {"Range": "bytes=100-"})]
        work = [paths[i % len(paths)] for i in range(args.requests)]
        with ThreadPoolExecutor(max_workers=args.requests) as pool:
            started = time.perf_counter()
            latencies = sorted(pool.map(lambda item: one_request(port, *item), work))
            wall = time.perf_counter() - started
        p50 = statistics.median(latencies)
        p99 = percentile(latencies, 0.99)
        open_during = sum(not idle_closed(s) for s in idle)
        time.sleep(max(0.0, args.timeout + 2 - (time.monotonic() - held_since)))
        closed_after = sum(idle_closed(s) for s in idle)
        for s in idle:
            s.close()
    finally:
        process.terminate()
        process.wait(timeout=10)
    server_log = log.read_text(encoding="utf-8", errors="replace")
    print(f"{args.requests} concurrent requests with {args.idle} idle connections held: "
          f"p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms, "
          f"all done in {wall:.2f} s")
    print(f"idle connections still open while the requests ran: {open_during}/{args.idle}")
    print(f"idle connections closed by the server {args.timeout:g} s timeout (+2 s): {closed_after}/{args.idle}")
    print(f"tracebacks in the server log: {server_log.count('Traceback')}")


class ArticleSite:
    """Articles on 127.0.0.1 for the inbox to fetch: /article/N.html, each its own text."""

    def __init__(self) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                number = self.path.rsplit("/", 1)[-1].split(".")[0]
                words = " ".join(["the harbour", "a tram", "the council", "the rain", "a shop"][int(n) % 5]
                                 for n in number if n.isdigit())
                body = (f"<html><head><title>Harbour story {number}</title></head><body><article>"
                        f"<h1>Harbour story {number}</h1>"
                        + "".join(f"<p>Story {number}, paragraph {p}: {words} and the weather on the "
                                  f"{p + 1}th of May, as the town remembers it.</p>" for p in range(6))
                        + "</article></body></html>").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def submit(port: int, token: str, url: str) -> tuple[float, int, int]:
    """(seconds, status, job id) of one POST /api/articles."""
    import json

    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("POST", "/api/articles", body=json.dumps({"url": url}),
                           headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        response = connection.getresponse()
        data = json.loads(response.read())
    finally:
        connection.close()
    return time.perf_counter() - started, response.status, int(data.get("id", -1))


def api(port: int, token: str, path: str) -> object:
    import json

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path, headers={"Authorization": f"Bearer {token}"})
        return json.loads(connection.getresponse().read())
    finally:
        connection.close()


def inbox(args: argparse.Namespace, folder: Path) -> None:
    import sqlite3

    from narrate.inbox.queue import DATABASE, STATE_DIR
    from narrate.publish.access import KEYS_NAME, load_keys

    config = folder.parent / "config"
    site = ArticleSite()
    env = {"XDG_CONFIG_HOME": str(config), "NARRATE_VOICE": os.environ.get("NARRATE_VOICE", "fast"),
           "NARRATE_INBOX_RATE": str(max(60, args.submissions * 2))}
    process, port, log = start_server(folder, args.timeout, "--inbox", "--allow-private", "--quiet", env=env)
    token = load_keys(config / "narrate" / KEYS_NAME).token
    try:
        one_request(port, "/feed.xml", {})
        urls = [f"http://127.0.0.1:{site.port}/article/{n}.html" for n in range(1, args.submissions + 1)]
        with ThreadPoolExecutor(max_workers=args.submissions + args.feed_reads) as pool:
            # the baseline: the same crowd of feed reads with the inbox idle
            idle_reads = list(pool.map(lambda _: one_request(port, "/feed.xml", {}), range(args.feed_reads)))
            started = time.perf_counter()
            sent = [pool.submit(submit, port, token, url) for url in urls]
            reads = [pool.submit(one_request, port, "/feed.xml", {}) for _ in range(args.feed_reads)]
            submissions = [f.result() for f in sent]
            feed_first = [f.result() for f in reads]
            if os.environ.get("BENCH_WAVES"):
                print(f"with submissions: p99 {percentile(feed_first, 0.99) * 1000:.0f} ms", flush=True)
            feed_during: list[float] = []
            waves = 0
            jobs = api(port, token, "/api/articles")["jobs"]  # type: ignore[index]
            while not all(j["state"] in ("done", "failed") for j in jobs):
                if waves < args.waves and time.perf_counter() - started > WAVE_SECONDS * (waves + 1):
                    waves += 1  # another crowd while episodes are finishing and the feed is rewritten
                    wave = list(pool.map(lambda _: one_request(port, "/feed.xml", {}), range(args.feed_reads)))
                    feed_during += wave
                    if os.environ.get("BENCH_WAVES"):
                        print(f"wave {waves}: p99 {percentile(wave, 0.99) * 1000:.0f} ms", flush=True)
                time.sleep(0.2)
                jobs = api(port, token, "/api/articles")["jobs"]  # type: ignore[index]
            all_done = time.perf_counter() - started
        feed = one_request_body(port, "/feed.xml")
    finally:
        process.terminate()
        process.wait(timeout=30)
        site.close()
    with sqlite3.connect(folder / STATE_DIR / DATABASE) as db:
        narrations = [row[0] for row in db.execute("SELECT narrations FROM jobs")]
    statuses = sorted({status for _, status, _ in submissions})
    ids = {job_id for _, _, job_id in submissions}
    states = statistics.multimode(j["state"] for j in jobs)
    outputs = [j.get("episode", "") for j in jobs]
    in_feed = [feed.count(f"{out}\"".encode()) for out in outputs]
    missing = [out for out, n in zip(outputs, in_feed) if n != 1]
    if missing:
        print("not once in the feed:", missing)
    feed_all = feed_first + feed_during
    server_log = log.read_text(encoding="utf-8", errors="replace")
    print(f"{args.submissions} concurrent submissions: p50 {statistics.median(l for l, _, _ in submissions) * 1000:.0f} ms, "
          f"p99 {percentile([l for l, _, _ in submissions], 0.99) * 1000:.0f} ms, answers {statuses}, {len(ids)} jobs")
    print(f"{len(feed_all)} feed reads, {args.feed_reads} at once: with the submissions, then every "
          f"{WAVE_SECONDS:g} s while the jobs were narrated ({waves} times): p50 {statistics.median(feed_all) * 1000:.0f} ms, "
          f"p99 {percentile(feed_all, 0.99) * 1000:.0f} ms, max {max(feed_all) * 1000:.0f} ms")
    print(f"baseline, the same {args.feed_reads} feed reads with the inbox idle: p50 "
          f"{statistics.median(idle_reads) * 1000:.0f} ms, p99 {percentile(idle_reads, 0.99) * 1000:.0f} ms; "
          f"p99 while narrating / idle: {percentile(feed_all, 0.99) / percentile(idle_reads, 0.99):.2f}")
    print(f"every job done in {all_done:.1f} s: states {states}, {len(set(outputs))} distinct episodes, "
          f"written {sorted(set(narrations))} time(s) each, each in the feed {sorted(set(in_feed))} time(s)")
    print(f"tracebacks in the server log: {server_log.count('Traceback')}")


def one_request_body(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        return connection.getresponse().read()
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--idle", type=int, default=50)
    parser.add_argument("--timeout", type=float, default=5.0, help="the server's idle timeout (s)")
    parser.add_argument("--submissions", type=int, default=50, help="articles sent to the inbox at once")
    parser.add_argument("--feed-reads", type=int, default=200, help="concurrent feed reads, twice")
    parser.add_argument("--waves", type=int, default=10, help="crowds of feed reads while narrating, at most")
    parser.add_argument("--only", choices=["plain", "inbox"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "podcast"
        make_folder(folder)
        if args.only != "inbox":
            plain(args, folder)
        if args.only != "plain":
            inbox(args, folder)


if __name__ == "__main__":
    main()
