"""The one place that finds and runs ffmpeg.

The binary is found once (the one imageio-ffmpeg ships, else a system ffmpeg on PATH),
every command is logged at debug level, and a failure reports ffmpeg's last stderr line.
"""

from __future__ import annotations

import functools
import logging
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from typing import IO

from narrate.errors import EncodeError

log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=1)
def ffmpeg_path() -> str:
    """Path of the ffmpeg binary; raises EncodeError with an install hint when there is none."""
    try:
        import imageio_ffmpeg

        return imageio_ffmpeg.get_ffmpeg_exe()
    except (ImportError, RuntimeError):
        pass
    found = shutil.which("ffmpeg")
    if found:
        return found
    raise EncodeError("ffmpeg not found: pip install imageio-ffmpeg, or put ffmpeg on PATH")


def last_line(stderr: bytes) -> str:
    lines = [line.strip() for line in stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


def run(args: Sequence[str], input_bytes: bytes | None = None) -> bytes:
    """Run ffmpeg to completion; return stdout or raise EncodeError."""
    return run_logged(args, input_bytes, loglevel="error")[0]


def run_logged(args: Sequence[str], input_bytes: bytes | None = None,
               loglevel: str = "info") -> tuple[bytes, str]:
    """Run ffmpeg to completion; return stdout and its log (measurement filters print there)."""
    command = [ffmpeg_path(), "-hide_banner", "-nostdin", "-nostats", "-loglevel", loglevel, *args]
    if input_bytes is not None:
        command.remove("-nostdin")
    log.debug("running %s", subprocess.list2cmdline(command))
    try:
        result = subprocess.run(command, input=input_bytes, capture_output=True, check=False)
    except OSError as exc:
        raise EncodeError(f"ffmpeg could not start ({exc.strerror}): reinstall imageio-ffmpeg") from exc
    if result.returncode != 0:
        raise EncodeError(f"ffmpeg failed: {last_line(result.stderr)}")
    return result.stdout, result.stderr.decode("utf-8", "replace")


class Pipe:
    """An ffmpeg process that reads raw audio on stdin, for streaming encodes."""

    def __init__(self, args: Sequence[str], loglevel: str = "error") -> None:
        command = [ffmpeg_path(), "-hide_banner", "-nostats", "-loglevel", loglevel, *args]
        log.debug("running %s", subprocess.list2cmdline(command))
        self._stderr: IO[bytes] = tempfile.TemporaryFile()
        try:
            self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stderr=self._stderr)
        except OSError as exc:
            self._stderr.close()
            raise EncodeError(f"ffmpeg could not start ({exc.strerror}): reinstall imageio-ffmpeg") from exc

    def write(self, data: bytes) -> None:
        assert self._process.stdin is not None
        try:
            self._process.stdin.write(data)
        except BrokenPipeError:
            self._fail()

    def close(self) -> str:
        """Finish the stream and wait; return ffmpeg's log, or raise EncodeError if it failed."""
        assert self._process.stdin is not None
        try:
            self._process.stdin.close()
        except BrokenPipeError:
            pass
        if self._process.wait() != 0:
            self._fail()
        self._stderr.seek(0)
        text = self._stderr.read().decode("utf-8", "replace")
        self._stderr.close()
        return text

    def kill(self) -> None:
        self._process.kill()
        self._process.wait()
        self._stderr.close()

    def _fail(self) -> None:
        self._process.wait()
        self._stderr.seek(0)
        message = last_line(self._stderr.read())
        self._stderr.close()
        raise EncodeError(f"ffmpeg failed: {message}")
