"""Pronunciation fixes: a lexicon of `word = "respelling"` entries applied to the script.

Sources are merged in order, later ones winning for the same word: the default lexicon
shipped with narrate, the user's (~/.config/narrate/lexicon.toml), the voice preset's
[lexicon] table, then each --lexicon FILE. Words match whole words only; an entry written in
lower case matches any capitalisation (keeping a capital first letter), one with capitals
matches only that spelling. A [regex] table holds regular expressions for families of words.
Entries apply to the spoken (normalised) text, which is what `narrate inspect` shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from narrate.errors import LexiconError
from narrate.model import Script
from narrate.text.userregex import UserPattern, compile_user

from narrate.tomlfile import tomllib

DEFAULT_LEXICON = Path(__file__).parent / "data" / "lexicon.toml"


@dataclass(frozen=True)
class Entry:
    """One respelling and where it came from (shown by `narrate inspect`)."""

    key: str
    respelling: str
    source: str
    regex: bool = False

    def describe(self) -> str:
        return f"{self.key} -> {self.respelling}"


@dataclass(frozen=True)
class Lexicon:
    words: tuple[Entry, ...] = ()
    patterns: tuple[Entry, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.words or self.patterns)

    def apply(self, text: str) -> tuple[str, tuple[Entry, ...]]:
        """The text with every entry applied once, and the entries that matched."""
        used: list[Entry] = []
        if self.words:
            text = _word_pattern(self.words).sub(lambda m: _respell(m, self.words, used), text)
        for entry in self.patterns:
            text, count = _user_pattern(entry.key, entry.source).subn(entry.respelling, text)
            if count and entry not in used:
                used.append(entry)
        return text, tuple(used)


def _respell(match: re.Match[str], words: tuple[Entry, ...], used: list[Entry]) -> str:
    found = " ".join(match.group(0).split())
    lookup = _lookup(words)
    entry = lookup.get(found) or lookup[found.casefold()]
    if entry.key.isupper() and len(entry.key) > 1 and _in_capitals(match):
        return match.group(0)  # 'WHO IS THE FRONT-RUNNER?': a heading in capitals, not the WHO
    if entry not in used:
        used.append(entry)
    respelling = entry.respelling
    if entry.key.islower() and found[:1].isupper() and respelling:
        respelling = respelling[0].upper() + respelling[1:]
    return respelling


_CAPITALS_WORD = re.compile(r"[A-Z][A-Z'\-]+")


def _in_capitals(match: re.Match[str]) -> bool:
    """Whether the word beside the match is in capitals too (a shouted line, not an acronym)."""
    before = match.string[:match.start()].split()[-1:]
    after = match.string[match.end():].split()[:1]
    return any(_CAPITALS_WORD.fullmatch(word.strip(".,;:!?\"'()")) for word in before + after)


@lru_cache(maxsize=16)
def _compiled(words: tuple[Entry, ...]) -> tuple[re.Pattern[str], dict[str, Entry]]:
    """One alternation for all word entries (longest first), so no respelling is re-matched."""
    lookup: dict[str, Entry] = {}
    alternatives = []
    for entry in sorted(words, key=lambda e: len(e.key), reverse=True):
        body = r"\s+".join(re.escape(part) for part in entry.key.split())
        if entry.key.islower():
            lookup[entry.key.casefold()] = entry
            alternatives.append(f"(?i:{body})")
        else:
            lookup[entry.key] = entry
            alternatives.append(body)
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)"), lookup


@lru_cache(maxsize=256)
def _user_pattern(pattern: str, source: str) -> UserPattern:
    """A [regex] entry, compiled once and run with a time limit (narrate.text.userregex)."""
    return compile_user(pattern, f"lexicon {source}: [regex]", LexiconError)


def _word_pattern(words: tuple[Entry, ...]) -> re.Pattern[str]:
    return _compiled(words)[0]


def _lookup(words: tuple[Entry, ...]) -> dict[str, Entry]:
    return _compiled(words)[1]


def parse_table(data: Mapping[str, Any], source: str) -> Lexicon:
    """Validate a parsed table: `word = "respelling"` pairs and an optional [regex] table."""
    words: list[Entry] = []
    patterns: list[Entry] = []
    for key, value in data.items():
        if key == "regex" and isinstance(value, Mapping):
            for pattern, respelling in value.items():
                _check_string(pattern, respelling, source)
                _user_pattern(pattern, source)
                patterns.append(Entry(pattern, respelling, source, regex=True))
            continue
        _check_string(key, value, source)
        if not re.search(r"\w", key):
            raise LexiconError(f"lexicon {source}: {key!r} is not a word")
        words.append(Entry(" ".join(key.split()), value, source))
    return Lexicon(tuple(words), tuple(patterns))


def _check_string(key: str, value: Any, source: str) -> None:
    if not isinstance(value, str):
        raise LexiconError(f"lexicon {source}: {key!r} must be a string respelling, "
                           f"like {key} = \"...\"")


def load_file(path: Path) -> Lexicon:
    """A lexicon file: a regular file of at most NARRATE_MAX_OPTION_FILE_MB, UTF-8 TOML."""
    from narrate.fileio import read_regular_text
    from narrate.limits import MAX_OPTION_FILE_BYTES

    text = read_regular_text(path, "lexicon file", MAX_OPTION_FILE_BYTES, LexiconError)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LexiconError(f"lexicon file {path} is not valid TOML: {exc}") from exc
    return parse_table(data, str(path))


def merge(lexicons: Iterable[Lexicon]) -> Lexicon:
    """Later lexicons win: a word (or pattern) given again replaces the earlier entry."""
    words: dict[str, Entry] = {}
    patterns: dict[str, Entry] = {}
    for lexicon in lexicons:
        for entry in lexicon.words:
            words.pop(entry.key.casefold() if entry.key.islower() else entry.key, None)
            words[entry.key.casefold() if entry.key.islower() else entry.key] = entry
        for entry in lexicon.patterns:
            patterns.pop(entry.key, None)
            patterns[entry.key] = entry
    return Lexicon(tuple(words.values()), tuple(patterns.values()))


def user_lexicon_path() -> Path:
    from platformdirs import user_config_path

    return user_config_path("narrate") / "lexicon.toml"


def load_lexicon(preset: Mapping[str, Any] | None = None, preset_name: str = "voice",
                 files: Iterable[str | Path] = (), builtin: bool = True) -> Lexicon:
    """Every source in order: built-in, the user's file, the voice preset, then `files`."""
    sources: list[Lexicon] = []
    if builtin:
        sources.append(load_file(DEFAULT_LEXICON))
    user = user_lexicon_path()
    if user.is_file():
        sources.append(load_file(user))
    if preset:
        sources.append(parse_table(preset, f"in voice preset {preset_name!r}"))
    sources += [load_file(Path(path)) for path in files]
    return merge(sources)


def apply_lexicon(script: Script, lexicon: Lexicon) -> Script:
    """Respell the spoken text of every chunk; each chunk records the entries it used. Chunks in
    another language than the document's (`Chunk.language`) are left as they are: the entries
    are respellings for the voice of the document's language."""
    if not lexicon:
        return script
    chunks = []
    for chunk in script.chunks:
        if chunk.language:
            chunks.append(chunk)
            continue
        text, used = lexicon.apply(chunk.text)
        chunks.append(replace(chunk, text=text, lexicon=tuple(e.describe() for e in used))
                      if used else chunk)
    return replace(script, chunks=tuple(chunks))
