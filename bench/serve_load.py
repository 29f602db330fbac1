"""`narrate serve` under a crowd, on loopback only: 200 concurrent requests while 50 idle
connections are held open, then a check that the idle ones are closed after the timeout.

    python bench/serve_load.py [--requests 200] [--idle 50] [--timeout 5]

Starts `narrate serve` in a subprocess on a free loopback port with a small folder of two
narrated episodes; prints p50/p99 latency of the requests (feed, page, audio with and
without a Range), how many idle connections the server closed after the timeout, and
whether the server's log has a traceback. Bounded: it never opens more than
requests + idle sockets, and it ends the server it started.
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


def start_server(folder: Path, timeout: float) -> tuple[subprocess.Popen, int, Path]:
    log = folder.parent / "serve.log"
    env = {**os.environ, "NARRATE_SERVE_TIMEOUT": str(timeout)}
    process = subprocess.Popen([sys.executable, "-m", "narrate", "serve", str(folder), "--port", "0"],
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--idle", type=int, default=50)
    parser.add_argument("--timeout", type=float, default=5.0, help="the server's idle timeout (s)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "podcast"
        make_folder(folder)
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
            p99 = latencies[min(len(latencies) - 1, round(0.99 * len(latencies)) - 1)]
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


if __name__ == "__main__":
    main()
