"""The listening check: what a listener would hear that is not the article.

Runs the pipeline up to the script (no audio), then listens to every chunk through the
engine's own reading (eSpeak NG's phoneme transcription) and reports:

- ``symbol``: a character the engine names ("pilcrow", "tilde") or drops without a sound
  ('<', '|'), left in the spoken text;
- ``markup``: leftover markup (an entity, an HTML attribute, a template's braces);
- ``spelled``: a word the engine spells letter by letter that is not an initialism written
  in capitals or a known one in lower case ("iOS", "the os module": wordlists.SPELLED_INITIALISMS),
  nor written as code (a path, an option, a file name: '/dev/sda', '-eo', 'amd64');
- ``id``: an id-like string (letters and digits mixed, a hash), in the written text;
- ``digits``: a long bare run of digits in the written text, read digit by digit;
- ``long``: a chunk far longer than the rest (a run-on without sentence ends);
- ``unread``: blocks of a web page's content that are not spoken at all (headings, boxes,
  paragraphs the reader left out with the site's chrome: narrate.text.unread), one finding
  that counts them and names their first words, so a user can decide.

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

RULES = ("symbol", "markup", "spelled", "id", "digits", "long", "unread")
LONG_CHUNK_FACTOR = 4.0  # times the median chunk, and at least:
LONG_CHUNK_WORDS = 60
DIGIT_RUN = 7
CONTEXT_CHARS = 30

_MARKUP = re.compile(
    r"(?<!\w)&#?[A-Za-z0-9]{2,8};?|\b(?:href|src|class|style|alt|rel)\s+equals\b|\bhttps?\b"
)
_TOKEN = re.compile(r"\b[A-Za-z0-9]{6,}\b")
# (not the characters of a bracketed set, a glob's or a pattern's '[0123456S]': read one by one)
_DIGITS = re.compile(rf"(?<![\d,.\[])\d{{{DIGIT_RUN},}}(?![\d,]|\.\d)")
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
    chrome: str | None = None
    """What of a web page's content was left out as site chrome (a share bar, related links):
    said, but not a finding."""

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
        # ids and long runs of digits are said in words by the semiotic classes, so they are
        # looked for in the written text: a listener still hears "eight nine seven a eight ..."
        def found_written(rule: str, start: int, end: int, detail: str) -> None:
            report.findings.append(Finding(rule, round(clock, 1), index,
                                           _around(chunk.display, chunk.display, start, end), detail))

        for match in _TOKEN.finditer(chunk.display):
            if is_id_like(match.group(0)):
                found_written("id", match.start(), match.end(), f"id-like {match.group(0)!r}")
        for match in _DIGITS.finditer(chunk.display):
            found_written("digits", match.start(), match.end(), f"{len(match.group(0))} bare digits")
        for match in _WORD.finditer(chunk.text):
            token = match.group(0)
            if _is_spelled(token, reading) and not written_as_code(token, chunk.display):
                found("spelled", match.start(), match.end(), f"{token!r} is spelled letter by letter")
        if words[index] > max(LONG_CHUNK_WORDS, LONG_CHUNK_FACTOR * median):
            found("long", 0, min(len(chunk.text), 50), f"{words[index]} words in one breath (median {median:g})")
        clock += words[index] * 60.0 / rate + chunk.pause_after
    return report


def is_id_like(token: str) -> bool:
    """'897a837f814b329f', 'a1b2c3d4': letters and digits interleaved (three or more changes
    between them), or hexadecimal with both; 'COVID19' and 'mp3player' are names."""
    if re.fullmatch(r"0[xX][0-9a-fA-F]+", token):
        return False  # a hexadecimal number: said "hex one zero F F F F"
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


def written_as_code(token: str, written: str) -> bool:
    """Whether the word is written inside a path, an option, an escape or a file or command
    name ('/dev/sda', '-eo', '\\xNN', '[a-zA-Z', 'amd64', 'systemd-cgls'), where letter by
    letter is how people say it."""
    for match in re.finditer(rf"(?<![A-Za-z]){re.escape(token)}(?![A-Za-z])", written):
        before = written[match.start() - 1] if match.start() else " "
        after = written[match.end()] if match.end() < len(written) else " "
        if before in "/\\-_=[" or before.isdigit() or after in "/\\_=]" or after.isdigit():
            return True
    return False


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
    report = check_script(script, voice.rate, reading or engine_reading(voice.spec.reads_like(voice)))
    report.source = source
    left_out, report.chrome = unread_finding(source, opts, script, voice.rate)
    if left_out is not None:
        report.findings.append(left_out)
        report.findings.sort(key=lambda finding: finding.time)
    return report


def unread_finding(source: str, options: object, script: Script,
                   rate: int) -> tuple[Finding | None, str | None]:
    """One finding naming the blocks of a web page's content that no chunk speaks (None for
    other formats, web addresses, or when everything is heard), and a line naming those left
    out as the site's chrome."""
    from narrate.text.readers import format_for, load_bytes
    from narrate.text.readers.decode import decode_html
    from narrate.text.readers.html import is_web_address
    from narrate.text.unread import describe, unread_html

    if source == "-" or is_web_address(source):
        return None, None
    data = load_bytes(source)
    if format_for(source, getattr(options, "format", None), data) != "html":
        return None, None
    found = unread_html(decode_html(data, source).text, [chunk.display for chunk in script.chunks])
    chrome = [item for item in found if item.chrome]
    unread = [item for item in found if not item.chrome]
    chrome_line = describe(chrome).replace("not read:", "left out as site chrome:") if chrome else None
    if not unread:
        return None, chrome_line
    index, time = _heard_after(script, unread[0].after, rate)
    return Finding("unread", round(time, 1), index, unread[0].opening, describe(unread)), chrome_line


def _heard_after(script: Script, words: str | None, rate: int) -> tuple[int, float]:
    """The chunk after the one that says `words` (where the first unread block would have been
    heard), and when it starts."""
    clock, index = 0.0, 0
    tail = " ".join(re.findall(r"\w+", words or "")[-4:]).casefold()
    for position, chunk in enumerate(script.chunks):
        clock += len(chunk.text.split()) * 60.0 / rate + chunk.pause_after
        if tail and tail in " ".join(re.findall(r"\w+", chunk.display)).casefold():
            index = min(position + 1, len(script.chunks) - 1)
            return index, clock
    return index, 0.0
