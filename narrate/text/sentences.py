"""Sentence splitting and chunking, built from one small helper per constraint.

A boundary is a run of . ! ? (with closing quotes or brackets) followed by space and a
capital, digit or opening quote, or a full-width 。！？ (Chinese, Japanese: no space
follows); the helpers veto boundaries after abbreviations ("Mr.", "Jan."), initials
("J. R. R."), and initialisms ("U.N.") unless the next word plainly starts a new sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from narrate.limits import MAX_WORD_CHARS
from narrate.text.language import primary
from narrate.text.wordlists import (GERMAN_SENTENCE_STARTERS, ORDINAL_MONTHS, SENTENCE_STARTERS,
                                    TITLES_AND_ABBREVIATIONS)

_CANDIDATE = re.compile(r"""[.!?\u2026]+["'\u201d\u2019)\]]*(?=\s+["'\u201c\u2018(\[]?[A-Z0-9\u00c0-\u024f])"""
                        # Chinese and Japanese end a sentence with a full-width mark and no space
                        # (not inside a quotation the sentence goes on after: '「はい！」と言った。')
                        r"""|[\u3002\uff01\uff1f]+[\u300d\u300f\uff09\u201d]*(?![\u300d\u300f\uff09\u201d\u3068\u3063])""")
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z.]*)\.$")
_INITIALISM = re.compile(r"(?:\b[A-Za-z]\.){2,}$")
_SINGLE_INITIAL = re.compile(r"(?:^|\s)[A-Z]\.$")
_CLAUSE_BREAK = re.compile(r"(?<=[,;:\u2014\u2013])\s+|\s+(?=\u2014)|(?<=[\u3001\uff0c\uff1b\uff1a])")

MAX_CHUNK_CHARS = 240
MAX_SENTENCE_CHARS = 400
MAX_SPOKEN_CHARS = MAX_SENTENCE_CHARS  # what one engine call is given, after normalising


def _ends_with_abbreviation(before: str) -> bool:
    match = _WORD_BEFORE.search(before)
    return bool(match) and match.group(1).lower().rstrip(".") in TITLES_AND_ABBREVIATIONS


def _ends_with_initial(before: str) -> bool:
    """'J.' in 'J. R. R. Tolkien': a lone capital letter and a period."""
    return bool(_SINGLE_INITIAL.search(before))


def _ends_with_initialism(before: str, after: str) -> bool:
    """'U.N.' keeps the sentence going unless the next word is a clear sentence starter."""
    if not _INITIALISM.search(before):
        return False
    next_word = re.match(r"\s*[\"'\u201c(]*([A-Za-z]+)", after)
    return not (next_word and next_word.group(1).lower() in SENTENCE_STARTERS)


BOUNDARY_WINDOW = 256  # characters either side of a candidate boundary that decide it


_ORDINAL_NUMBER = re.compile(r"(?:^|[\s(])\d{1,3}\.$")
_NEXT_WORD = re.compile(r"\s*([^\W\d_]+)")


def _ends_with_ordinal(before: str, after: str, german: bool) -> bool:
    """'am 1. Juli', 'vom 25. Februar' (any language), and in German 'in der 52. Minute', 'wurde
    3. Sieger': a number with a full stop before a month's name, or a German noun, is an
    ordinal ('Er ist 25. Dann ging er.' ends a sentence)."""
    if not _ORDINAL_NUMBER.search(before):
        return False
    word = _NEXT_WORD.match(after)
    if not word:
        return False
    lower = word.group(1).lower()
    return lower in ORDINAL_MONTHS or (german and lower not in GERMAN_SENTENCE_STARTERS)


def _is_boundary(text: str, end: int, german: bool = False) -> bool:
    # only the words around the mark decide: a window, not the whole text (slicing and
    # '$'-anchored searches of all of it made a 200 KB paragraph take 41 s); a cut word is
    # marked so that its last letter is not taken for an initial
    start = max(0, end - BOUNDARY_WINDOW)
    before, after = ("x" if start else "") + text[start:end], text[end:end + BOUNDARY_WINDOW]
    stripped = before.rstrip("\"'\u201d\u2019)]")
    if not stripped.endswith("."):
        return True  # ! ? and ellipses always end a sentence here
    if stripped.endswith(".."):
        return True
    return not (
        _ends_with_abbreviation(stripped)
        or _ends_with_initialism(stripped, after)
        or _ends_with_initial(stripped)
        or _ends_with_ordinal(stripped, after, german)
    )


def split_sentences(text: str, language: str | None = None) -> list[str]:
    """Split one paragraph into sentences, keeping their punctuation (a German paragraph's
    ordinals, 'in der 52. Minute', end none)."""
    german = primary(language) == "de"
    sentences, start = [], 0
    for match in _CANDIDATE.finditer(text):
        if _is_boundary(text, match.end(), german):
            sentence = text[start:match.end()].strip()
            if sentence:
                sentences.append(sentence)
            start = match.end()
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


def split_long_sentence(sentence: str, limit: int = MAX_SENTENCE_CHARS) -> list[str]:
    """A sentence longer than `limit` is cut at clause punctuation, then at spaces."""
    if len(sentence) <= limit:
        return [sentence]
    pieces: list[str] = []
    current = ""
    for clause in _CLAUSE_BREAK.split(sentence):
        candidate = f"{current} {clause}".strip()
        if len(candidate) <= limit or not current:
            current = candidate
        else:
            pieces.append(current)
            current = clause
    if current:
        pieces.append(current)
    return [part for piece in pieces for part in split_at_spaces(piece, limit)]


def hard_words(text: str, longest: int = MAX_WORD_CHARS) -> Iterator[str]:
    """The words of `text`, a run of more than `longest` characters without a space cut into
    pieces of that length: a pasted hash or a line of dashes never becomes one giant chunk
    (hours of audio from a single engine call)."""
    for word in text.split():
        if len(word) <= longest:
            yield word
        else:
            yield from (word[i:i + longest] for i in range(0, len(word), longest))


def split_at_spaces(text: str, limit: int) -> Iterator[str]:
    """Pieces of at most `limit` characters, cut at spaces (and inside overlong words)."""
    current = ""
    for word in hard_words(text, min(limit, MAX_WORD_CHARS)):
        candidate = f"{current} {word}".strip()
        if len(candidate) > limit and current:
            yield current
            current = word
        else:
            current = candidate
    if current:
        yield current


def chunk_sentences(sentences: list[str], limit: int = MAX_CHUNK_CHARS) -> list[str]:
    """Group whole sentences into chunks of at most `limit` characters (a few sentences each)."""
    chunks: list[str] = []
    current = ""
    for sentence in sentences:
        for piece in split_long_sentence(sentence):
            candidate = f"{current} {piece}".strip()
            if current and len(candidate) > limit:
                chunks.append(current)
                current = piece
            else:
                current = candidate
    if current:
        chunks.append(current)
    return chunks
