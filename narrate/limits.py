"""Every limit narrate puts on what it is given, in one place, each overridable by environment.

Hostile or broken input (a YAML alias bomb, a zip bomb, /dev/zero, a word five million
letters long, a regular expression that backtracks forever) must end in one clear error,
not in a machine out of memory or a run that never ends. The defaults sit far above any
real article or book; a user who really needs more sets the variable named beside each
(documented in docs/limits.md).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from narrate.errors import OptionError

MIB = 1024 * 1024


@dataclass(frozen=True)
class Limit:
    """A number with a default, the environment variable that overrides it, and its unit."""

    name: str
    default: float
    unit: str = ""

    def value(self) -> float:
        """The override from the environment when set (a positive number), else the default."""
        raw = os.environ.get(self.name, "").strip()
        if not raw:
            return self.default
        try:
            number = float(raw)
        except ValueError:
            raise OptionError(f"{self.name}={raw!r} is not a number") from None
        if number <= 0:
            raise OptionError(f"{self.name}={raw!r} must be above 0")
        return number

    def __int__(self) -> int:
        return int(self.value())

    def __float__(self) -> float:
        return self.value()


# Input files (or stdin): a 1,000-page novel as plain text is about 2 MB, as EPUB about 5 MB.
MAX_INPUT_BYTES = Limit("NARRATE_MAX_INPUT_MB", 64, "MB")
# YAML front matter: a title, an author, a date and a few tags.
MAX_FRONT_MATTER_BYTES = Limit("NARRATE_MAX_FRONT_MATTER_KB", 64, "KB")
MAX_FRONT_MATTER_NODES = Limit("NARRATE_MAX_FRONT_MATTER_NODES", 10_000)
# EPUB: the whole book unpacked, and how much better than text any one member may compress
# (text and XHTML compress 3-10x; a zip bomb 1000x and more).
MAX_EPUB_UNPACKED_BYTES = Limit("NARRATE_MAX_EPUB_MB", 512, "MB")
MAX_EPUB_RATIO = Limit("NARRATE_MAX_EPUB_RATIO", 100)
MAX_EPUB_MEMBERS = Limit("NARRATE_MAX_EPUB_FILES", 10_000)
# User regular expressions (lexicon entries, --skip): seconds for one document's matching.
REGEX_TIMEOUT_SECONDS = Limit("NARRATE_REGEX_TIMEOUT", 2.0, "s")
# `narrate serve`: seconds a connection may sit idle (no request, or a client that stops
# reading) before it is closed, so slow or stalled clients cannot hold threads forever.
SERVE_IDLE_TIMEOUT = Limit("NARRATE_SERVE_TIMEOUT", 30.0, "s")
# `narrate serve --inbox`: requests that add (or log in) per minute from one client address,
# also the burst allowed at once (a phone sharing a few links; a script sending a reading list).
INBOX_RATE = Limit("NARRATE_INBOX_RATE", 60, "per minute")
# Files given as options and read whole: a lexicon, a voice preset, an OPML file, a list of
# URLs, cover art. Real ones are kilobytes (a cover a few megabytes).
MAX_OPTION_FILE_BYTES = Limit("NARRATE_MAX_OPTION_FILE_MB", 64, "MB")
# Voice models and downloads: a Piper voice is 20-120 MB, Kokoro's model 92 MB (fp32: 326 MB).
# Caps a --voice FILE.onnx, a download whose size nobody announced, and one archive member.
MAX_MODEL_BYTES = Limit("NARRATE_MAX_MODEL_MB", 2048, "MB")
# `voices get --from ARCHIVE`: every member together (the kokoro-js package unpacks to 30 MB),
# and how many members (it holds 68).
MAX_ARCHIVE_BYTES = Limit("NARRATE_MAX_ARCHIVE_MB", 1024, "MB")
MAX_ARCHIVE_MEMBERS = Limit("NARRATE_MAX_ARCHIVE_FILES", 100_000)
# Voice downloads: seconds one file may take in all (92 MB at 52 KB/s; an interrupted download
# resumes where it stopped), and seconds without progress before it counts as stalled.
DOWNLOAD_TIMEOUT = Limit("NARRATE_DOWNLOAD_TIMEOUT", 1800.0, "s")
DOWNLOAD_STALL = Limit("NARRATE_DOWNLOAD_STALL", 30.0, "s")
# Letters in a run without a space that still count as one word; longer runs are cut here,
# so no "word" becomes hours of audio (the longest English words have about 45 letters).
MAX_WORD_CHARS = 100


def input_bytes() -> int:
    return int(MAX_INPUT_BYTES.value() * MIB)


def front_matter_bytes() -> int:
    return int(MAX_FRONT_MATTER_BYTES.value() * 1024)


def epub_unpacked_bytes() -> int:
    return int(MAX_EPUB_UNPACKED_BYTES.value() * MIB)


def megabytes(limit: Limit) -> int:
    """A limit given in MB, in bytes."""
    return int(limit.value() * MIB)


def describe(limit: Limit) -> str:
    """'64 MB': the limit as a message shows it."""
    value = limit.value()
    shown = int(value) if value == int(value) else value
    return f"{shown}{' ' + limit.unit if limit.unit else ''}"


def hint(limit: Limit) -> str:
    """How to raise it, for the end of an error message."""
    return f"set {limit.name} to raise the limit"
