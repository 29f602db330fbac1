"""Hostile web servers against the real CLI, on loopback only: exit code, time and peak
memory of each attack, for this checkout or another one (to compare before and after).

    python bench/hostile_web.py [--code DIR] [--limit-s 120] [--only WORD]

Each case starts a scripted server (tests/hostile_http.py) on 127.0.0.1, runs `narrate ...`
in a subprocess (the code in DIR, default this checkout) under a 4 GiB address-space limit
and a wall-clock limit, and prints one row: exit status (or "killed" at the limit), seconds,
peak resident memory (the child's own ru_maxrss), and what happened (the error line, a
traceback's last line, whether a private service was reached or a password published).
The servers playing public sites are declared public in the child through the address
policy's test hook when the code has one. Bounded: every server stops with its case.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import web_content as web  # noqa: E402
from tests.hostile_http import (HostileServer, answer, brotli_bomb, double_gzip_bomb, drip, gzip_bomb,  # noqa: E402
                                head)

MEMORY = 4 << 30
CHILD = """
import sys
ports = [int(p) for p in sys.argv[1].split(",") if p]
try:
    from narrate.fetch.addresses import treat_as_public
except ImportError:
    import contextlib
    treat_as_public = lambda *endpoints: contextlib.nullcontext()
from narrate.cli.commands import cli
with treat_as_public(*[("127.0.0.1", p) for p in ports]):
    cli(sys.argv[2:], prog_name="narrate")
"""


@dataclass
class Outcome:
    status: str
    seconds: float
    peak_mb: float
    stderr: str


def run_child(code: Path, public: list[int], args: list[str], limit_s: float) -> Outcome:
    env = {**os.environ, "PYTHONPATH": str(code)}
    started = time.monotonic()
    with tempfile.TemporaryFile() as err:
        # run from an empty folder: `python -c` puts the current one first on the path
        child = subprocess.Popen([sys.executable, "-c", CHILD, ",".join(map(str, public)), *args],
                                 stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=tempfile.gettempdir(),
                                 preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY)))
        killed = threading.Timer(limit_s, lambda: child.send_signal(signal.SIGKILL))
        killed.start()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        killed.cancel()
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
    seconds = time.monotonic() - started
    shown = "killed" if child.returncode == -signal.SIGKILL else str(child.returncode)
    return Outcome(shown, seconds, usage.ru_maxrss / 1024, stderr)


def summary(outcome: Outcome) -> str:
    lines = [line for line in outcome.stderr.strip().splitlines() if line.strip()]
    if outcome.status == "killed":
        return "no end: killed at the limit"
    if any(line.startswith("Traceback") for line in lines):
        return "traceback: " + lines[-1][:90]
    failed = [line for line in lines if "failed" in line or line.startswith("Error")]
    return (failed[0] if failed else (lines[-1] if lines else "ok"))[:110]


Case = Callable[[Path, Path, float], tuple[Outcome, str]]
CASES: dict[str, Case] = {}


def case(name: str) -> Callable[[Case], Case]:
    def register(function: Case) -> Case:
        CASES[name] = function
        return function
    return register


def serving(script, public: bool = True) -> HostileServer:
    return HostileServer(script, public=public)


def inspect(script, code: Path, limit_s: float) -> tuple[Outcome, str]:
    with serving(script) as server:
        outcome = run_child(code, [server.port], ["inspect", server.url("/page.html")], limit_s)
    return outcome, summary(outcome)


@case("2. Content-Encoding: gzip, gzip (13 KB -> 8 GiB)")
def _(code, work, limit_s):
    return inspect(answer(double_gzip_bomb(8), headers=[("Content-Encoding", "gzip, gzip")]), code, limit_s)


@case("2. brotli (13 KB -> 8 GiB)")
def _(code, work, limit_s):
    return inspect(answer(brotli_bomb(8), headers=[("Content-Encoding", "br")]), code, limit_s)


@case("2. brotli (1.7 KB -> 1 GiB)")
def _(code, work, limit_s):
    return inspect(answer(brotli_bomb(1), headers=[("Content-Encoding", "br")]), code, limit_s)


@case("held: gzip in one layer (8 MB -> 8 GiB)")
def _(code, work, limit_s):
    return inspect(answer(gzip_bomb(8), headers=[("Content-Encoding", "gzip")]), code, limit_s)


@case("held: an endless chunked stream")
def _(code, work, limit_s):
    chunk = b"10000\r\n" + b"x" * 65536 + b"\r\n"
    return inspect([(0.0, head("200 OK", [("Content-Type", "text/html"), ("Transfer-Encoding", "chunked")]))]
                   + [(0.0, chunk)] * 200_000, code, limit_s)


@case("held: a redirect loop")
def _(code, work, limit_s):
    return inspect([(0.0, head("302 Found", [("Location", "/page.html"), ("Content-Length", "0")]))], code, limit_s)


@case("held: a redirect to ftp://")
def _(code, work, limit_s):
    return inspect([(0.0, head("301 Moved", [("Location", "ftp://127.0.0.1/x"), ("Content-Length", "0")]))],
                   code, limit_s)


@case("3. 19 KB page, og:title backtracking")
def _(code, work, limit_s):
    page = ("<html><head><meta" + " " * 9000 + "name='og:title'" * 650 + "</head><body><h1>Tides</h1>"
            "<p>The printed tide tables are back in the library.</p></body></html>")
    return inspect(answer(page.encode()), code, limit_s)


@case("4. headers at 1 byte/s")
def _(code, work, limit_s):
    return inspect(drip(head("200 OK", [("Content-Type", "text/html"), ("X-Pad", "p" * 300)]), 1.0), code, limit_s)


@case("4. a header line every 5 s")
def _(code, work, limit_s):
    return inspect([(0.0, b"HTTP/1.1 200 OK\r\n")] + [(5.0, b"X-Wait: 1\r\n")] * 60, code, limit_s)


@case("4. headers after 19 s, a body byte every 19 s")
def _(code, work, limit_s):
    return inspect([(19.0, head("200 OK", [("Content-Type", "text/html"), ("Content-Length", "20")]))]
                   + drip(b"<p>slow</p>" + b" " * 9, 19.0), code, limit_s)


@case("4. body at 1 byte/s")
def _(code, work, limit_s):
    return inspect([(0.0, head("200 OK", [("Content-Type", "text/html"), ("Content-Length", "500")]))]
                   + drip(b"<p>" + b"x" * 497, 1.0), code, limit_s)


for _label in ("rot13", "zlib", "base64", "idna", "utf-7"):
    def _charset(code, work, limit_s, label=_label):
        page = web.article_page("Cafe news", "<p>Cafe owners +2D0- cheer the ferry.</p>", charset=label)
        return inspect(answer(page.encode(), content_type=f"text/html; charset={label}"), code, limit_s)
    case(f"9/1. charset={_label}")(_charset)


@case("1. utf-7 item page in `narrate URL URL -o DIR/`")
def _(code, work, limit_s):
    seven = web.article_page("Seven", "<p>Odd +2D0- bytes here.</p>", charset="utf-7").encode()

    def script(request: bytes):
        if b"/seven" in request:
            return answer(seven, content_type="text/html; charset=utf-7")
        return answer(web.PAGE_C.encode())

    with serving(script) as server:
        outcome = run_child(code, [server.port], [server.url("/seven.html"), server.url("/pier.html"),
                                                  "-o", str(work / "out"), "-q"], limit_s)
    made = sorted(p.name for p in (work / "out").glob("*.mp3"))
    return outcome, f"{summary(outcome)} | episodes: {', '.join(made) or 'none'}"


@case("9. http://[::1 in a URL list")
def _(code, work, limit_s):
    with serving(answer(web.PAGE_C.encode())) as server:
        listing = work / "to-read.txt"
        listing.write_text(f"http://[::1\n{server.url('/pier.html')}\n", encoding="utf-8")
        outcome = run_child(code, [server.port], ["subscribe", str(listing), "-o", str(work / "pod"), "-q"], limit_s)
    made = sorted(p.name for p in (work / "pod").rglob("*.mp3"))
    return outcome, f"{summary(outcome)} | episodes: {', '.join(made) or 'none'}"


@case("9. user:pass@ in the URL")
def _(code, work, limit_s):
    with serving(answer(web.PAGE_B.encode())) as server:
        url = server.url("/tides.html").replace("http://", "http://reader:s3cret@")
        (work / "pod").mkdir()
        outcome = run_child(code, [server.port], [url, "-o", str(work / "pod" / "tides.mp3"), "-q"], limit_s)
        run_child(code, [], ["feed", str(work / "pod"), "-q"], limit_s)
    published = b"".join(p.read_bytes() for p in (work / "pod").iterdir() if p.is_file())
    return outcome, f"{summary(outcome)} | password in feed/tags/manifest: {b's3cret' in published}"


def _private_feed(code: Path, work: Path, limit_s: float, link: Callable[[int], str]) -> tuple[Outcome, str]:
    internal_page = web.article_page("Router admin", "<p>The admin password is hunter2.</p>").encode()
    with serving(answer(internal_page), public=False) as internal:
        target = link(internal.port)

        def feed(request: bytes):
            item = web.rss_item("http://x", "a", "Admin", 12).replace("http://x/articles/a.html", target)
            return answer(web.rss_feed("http://x", [item]).encode(), content_type="application/rss+xml")

        with serving(feed) as site:
            outcome = run_child(code, [site.port], ["subscribe", site.url("/feed.rss"), "-o", str(work / "pod"),
                                                    "-q"], limit_s)
        reached = len(internal.requests)
    xml = (work / "pod" / "feed.xml").read_text() if (work / "pod" / "feed.xml").exists() else ""
    return outcome, f"{summary(outcome)} | private service reached: {reached}x, in feed: {'Admin' in xml}"


@case("10. feed item -> another 127.0.0.1 port")
def _(code, work, limit_s):
    return _private_feed(code, work, limit_s, lambda port: f"http://127.0.0.1:{port}/admin.html")


@case("10. feed item -> localhost (a name for loopback)")
def _(code, work, limit_s):
    return _private_feed(code, work, limit_s, lambda port: f"http://localhost:{port}/admin.html")


@case("10. redirect from a public address to loopback")
def _(code, work, limit_s):
    internal_page = web.article_page("Router admin", "<p>The admin password is hunter2.</p>").encode()
    with serving(answer(internal_page), public=False) as internal:
        moved = [(0.0, head("302 Found", [("Location", internal.url("/admin.html")), ("Content-Length", "0")]))]
        with serving(moved) as site:
            outcome = run_child(code, [site.port], ["inspect", site.url("/moved.html")], limit_s)
        reached = len(internal.requests)
    return outcome, f"{summary(outcome)} | private service reached: {reached}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose narrate is run")
    parser.add_argument("--limit-s", type=float, default=120.0, help="wall-clock limit per case")
    parser.add_argument("--only", default="", help="run only cases whose name contains this")
    args = parser.parse_args()
    print(f"code: {args.code}  limit: {args.limit_s:g} s, {MEMORY >> 30} GiB address space per case")
    print(f"{'case':52} {'exit':>6} {'seconds':>8} {'peak MB':>8}  outcome")
    for name, function in CASES.items():
        if args.only and args.only not in name:
            continue
        with tempfile.TemporaryDirectory(prefix="narrate-hostile-") as work:
            outcome, text = function(args.code.resolve(), Path(work), args.limit_s)
        print(f"{name:52} {outcome.status:>6} {outcome.seconds:8.1f} {outcome.peak_mb:8.0f}  {text}", flush=True)


if __name__ == "__main__":
    main()
