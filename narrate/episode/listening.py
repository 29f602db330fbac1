"""The listening check: what a listener would hear that is not the article.

Runs the pipeline up to the script (no audio), then listens to every chunk through the
engine's own reading (eSpeak NG's phoneme transcription) and reports:

- ``symbol``: a character the engine names ("pilcrow", "tilde") or drops without a sound
  ('<', '|'), left in the spoken text;
- ``markup``: leftover markup (an entity, an HTML attribute, a template's braces);
- ``spelled``: a word the engine spells letter by letter that is not an initialism written
  in capitals or a known one in lower case ("iOS", "the os module": wordlists.SPELLED_INITIALISMS);
- ``id``: an id-like string (letters and digits mixed, a hash);
- ``digits``: a long bare run of digits, read digit by digit or as a huge number;
- ``long``: a chunk far longer than the rest (a run-on without sentence ends).

Findings are data; `narrate check` (narrate.cli.check) prints them.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from narrate.model import Script
from narrate.text.normalize import KEPT_MARKS
from narrate.text.wordlists import SPELLED_INITIALISMS

RULES = ("symbol", "markup", "spelled", "id", "digits", "long")
LONG_CHUNK_FACTOR = 4.0  # times the median chunk, and at least:
LONG_CHUNK_WORDS = 60
DIGIT_RUN = 7
CONTEXT_CHARS = 30

_MARKUP = re.compile(
    r"(?<!\w)&#?[A-Za-z0-9]{2,8};?|\b(?:href|src|class|style|alt|rel)\s+equals\b|\bhttps?\b"
)
_TOKEN = re.compile(r"\b[A-Za-z0-9]{6,}\b")
_DIGITS = re.compile(rf"(?<![\d,.])\d{{{DIGIT_RUN},}}(?![\d,]|\.\d)")
_WORD = re.compile(r"(?<![\w'])[A-Za-z]{2,}(?![\w'])")


@dataclass(frozen=True)
class Finding:
    """One thing a listener should not hear, where it is heard."""

    rule: str
    time: float  # estimated seconds from the start of the episode
    chunk: int
    text: str  # the written text around it
    detail: str


@dataclass
class FileReport:
    """What the check found in one document."""

    source: str
    words: int = 0  # spoken words
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None

    @property
    def per_thousand(self) -> float:
        return 1000.0 * len(self.findings) / self.words if self.words else 0.0


Reading = Callable[[str], str]


@lru_cache(maxsize=8)
def engine_reading(voice: str = "gmw/en-us") -> Reading:
    """How eSpeak NG reads a text, as phonemes without stress and pause marks (one cached
    reader per voice, so a folder of documents asks the engine about each word once)."""
    from narrate.voice.engines.espeak import phonemes

    @lru_cache(maxsize=None)
    def read(text: str) -> str:
        return re.sub(r"[\s',;_!:%=#-]", "", phonemes(text, voice))

    return read


def check_script(script: Script, rate: int, reading: Reading) -> FileReport:
    """Every finding in a script; `rate` (words a minute) places them in time."""
    report = FileReport(source=script.document.source or "-")
    words = [len(chunk.text.split()) for chunk in script.chunks]
    report.words = sum(words)
    clock = 0.0
    median = statistics.median(words) if words else 0
    for index, chunk in enumerate(script.chunks):
        def found(rule: str, start: int, end: int, detail: str) -> None:
            report.findings.append(Finding(rule, round(clock, 1), index,
                                           _around(chunk.text, chunk.display, start, end), detail))

        _symbols(chunk.text, reading, found)
        for match in _MARKUP.finditer(chunk.text):
            found("markup", match.start(), match.end(), f"markup {match.group(0)!r} is read")
        for match in _TOKEN.finditer(chunk.text):
            if is_id_like(match.group(0)):
                found("id", match.start(), match.end(), f"id-like {match.group(0)!r}")
        for match in _DIGITS.finditer(chunk.text):
            found("digits", match.start(), match.end(), f"{len(match.group(0))} bare digits")
        for match in _WORD.finditer(chunk.text):
            token = match.group(0)
            if _is_spelled(token, reading):
                found("spelled", match.start(), match.end(), f"{token!r} is spelled letter by letter")
        if words[index] > max(LONG_CHUNK_WORDS, LONG_CHUNK_FACTOR * median):
            found("long", 0, min(len(chunk.text), 50), f"{words[index]} words in one breath (median {median:g})")
        clock += words[index] * 60.0 / rate + chunk.pause_after
    return report


def is_id_like(token: str) -> bool:
    """'897a837f814b329f', 'a1b2c3d4': letters and digits interleaved (three or more changes
    between them), or hexadecimal with both; 'COVID19' and 'mp3player' are names."""
    changes = sum(1 for a, b in zip(token, token[1:]) if a.isdigit() != b.isdigit())
    hexadecimal = len(token) >= 8 and bool(re.fullmatch(r"[0-9a-fA-F]+", token))
    has_both = any(ch.isdigit() for ch in token) and any(ch.isalpha() for ch in token)
    return has_both and (changes >= 3 or hexadecimal)


def _symbols(text: str, reading: Reading, found: Callable[[str, int, int, str], None]) -> None:
    for position, char in enumerate(text):
        if char.isalnum() or char.isspace() or char in KEPT_MARKS:
            continue
        named = reading(f"one {char} two") != reading("one two")
        name = f"U+{ord(char):04X}"
        found("symbol", position, position + 1,
              f"{char!r} ({name}) is {'named by the engine' if named else 'dropped without a sound'}")


def _is_spelled(token: str, reading: Reading) -> bool:
    """Whether the engine says the word letter by letter (capitals and known initialisms are
    meant to be)."""
    if token.isupper() or token in SPELLED_INITIALISMS or token[:-1].isupper() and token[-1] == "s":
        return False
    return reading(token) == "".join(reading(letter.upper()) for letter in token)


def _around(spoken: str, written: str, start: int, end: int) -> str:
    """The written text around a finding, where it can be found there; else the spoken."""
    piece = spoken[start:end]
    source = spoken
    where = written.find(piece) if piece.strip() else -1
    if where >= 0:
        source, start, end = written, where, where + len(piece)
    left = max(0, start - CONTEXT_CHARS)
    right = min(len(source), end + CONTEXT_CHARS)
    return ("\u2026" if left else "") + source[left:right] + ("\u2026" if right < len(source) else "")


def check_file(source: str, options: object, reading: Reading | None = None) -> FileReport:
    """Read and lay out one document as `narrate` would (NarrateOptions), then check it; a
    document that cannot be read is a report with its one-line error."""
    from narrate.episode.pipeline import NarrateOptions, prepare
    from narrate.errors import NarrateError

    opts = options if isinstance(options, NarrateOptions) else NarrateOptions()
    try:
        script, voice = prepare(source, opts)
    except NarrateError as exc:
        return FileReport(source=source, error=str(exc))
    report = check_script(script, voice.rate, reading or engine_reading(voice.voice))
    report.source = source
    return report
