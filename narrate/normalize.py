"""Text for speech: an ordered tuple of small pure text-in/text-out functions.

Each function does one job and has its own table of tests. Order matters: later
functions see the output of earlier ones. `normalize` runs them all.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

TextFunction = Callable[[str], str]

_QUOTES = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
    "\u00ab": '"', "\u00bb": '"',
})


def unicode_compatibility(text: str) -> str:
    """NFKC folds ligatures, full-width letters and non-breaking spaces into plain forms."""
    return unicodedata.normalize("NFKC", text)


def plain_quotes(text: str) -> str:
    """Curly and angled quotes become straight ones the engine treats consistently."""
    return text.translate(_QUOTES)


def dashes_and_ellipses(text: str) -> str:
    """An em or en dash between words is a pause; '...' is one ellipsis pause."""
    text = re.sub(r"\s*[\u2014\u2015]\s*|\s+[\u2013-]{1,2}\s+|(?<=\w)--(?=\w)", ", ", text)
    text = re.sub(r"\.{3,}|\u2026", "... ", text)
    return text


def collapse_whitespace(text: str) -> str:
    """Runs of spaces and stray control characters become one space."""
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    return re.sub(r"\s+", " ", text).strip()


def tidy_punctuation(text: str) -> str:
    """No space before punctuation, and no doubled commas left by earlier rules."""
    text = re.sub(r"\s+([,.;:!?])", r"\1", text)
    text = re.sub(r",(\s*,)+", ",", text)
    text = re.sub(r"^[,\s]+", "", text)
    return text


NORMALIZERS: tuple[TextFunction, ...] = (
    unicode_compatibility,
    plain_quotes,
    dashes_and_ellipses,
    collapse_whitespace,
    tidy_punctuation,
)


def normalize(text: str, functions: tuple[TextFunction, ...] = NORMALIZERS) -> str:
    """Run every normaliser in order."""
    for function in functions:
        text = function(text)
    return text
