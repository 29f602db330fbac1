"""`narrate serve --inbox` as a user runs it: a subprocess whose terminal output is read (the
address, the login link, its QR code), killed and started again."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from narrate.publish.access import KEYS_NAME, load_keys

REPO = Path(__file__).resolve().parent.parent
READY = "Press Ctrl-C to stop."


@dataclass
class Served:
    process: subprocess.Popen[str]
    port: int
    lines: list[str]
    log: Path
    _reader: threading.Thread | None = field(default=None, repr=False)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def login_link(self) -> str:
        return next(line.strip() for line in self.lines if "/login?code=" in line)

    def kill(self) -> None:
        """kill -9 of the server alone (its synthesis workers notice and exit by themselves)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)


def config_env(config: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CONFIG_HOME": str(config), "PYTHONUNBUFFERED": "1"}


def token(config: Path) -> str:
    return load_keys(config / "narrate" / KEYS_NAME).token


def serve(folder: Path, config: Path, *options: str, seconds: float = 120) -> Served:
    """Start `narrate serve FOLDER --inbox` on a free port; return once it says it is ready."""
    log = folder.parent / f"serve-{time.monotonic_ns()}.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "narrate", "serve", str(folder), "--inbox", "--port", "0", *options],
        stdout=subprocess.PIPE, stderr=log.open("wb"), text=True, encoding="utf-8", cwd=REPO,
        env=config_env(config))
    lines: list[str] = []
    found: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            found.put(line)
        found.put(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    end = time.monotonic() + seconds
    while True:
        try:
            line = found.get(timeout=max(0.1, end - time.monotonic()))
        except queue.Empty:
            process.kill()
            raise AssertionError(f"narrate serve did not start in {seconds} s: {lines}, {log.read_text()}") from None
        if line is None:
            raise AssertionError(f"narrate serve exited ({process.wait()}): {lines}\n{log.read_text()}")
        if line.strip() == READY:
            break
    port = int(next(line for line in lines if line.startswith("Serving ")).rsplit(":", 1)[1].strip().rstrip("/"))
    return Served(process, port, lines, log, reader)
