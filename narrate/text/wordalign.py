"""Which spoken words say each written word: the written text (as `inspect` shows it) and the
text given to the engine, aligned word by word.

Normalising and lexicons rewrite words ("$5.2bn" -> "5.2 billion dollars", "Dr." -> "Doctor",
"[3]" -> nothing) without saying where, and the rules change; so the two texts are aligned
after the fact, as sequences of words compared without case or punctuation. Words both texts
share anchor the alignment; a run of written words replaced by a run of spoken words maps as
a group (one written word takes all its spoken words; runs of equal length pair off; others
share them out in order); a written word nothing was said for gets none; spoken words with no
written word (an inserted "Chapter") go to the written word before them. Whatever the
normaliser does, every written word is accounted for, in order.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

_WORD = re.compile(r"\S+")


def words_with_spans(text: str) -> list[tuple[str, int, int]]:
    """The whitespace-separated words of `text`, each with its start and end offset."""
    return [(match.group(), match.start(), match.end()) for match in _WORD.finditer(text)]


def comparable(word: str) -> str:
    """A word as the alignment compares it: letters and digits only, without case."""
    return "".join(ch for ch in word.casefold() if ch.isalnum())


def align_words(written: list[str], spoken: list[str]) -> list[list[int]]:
    """For each written word, the indices of the spoken words that say it (in order, maybe none)."""
    groups: list[list[int]] = [[] for _ in written]
    matcher = SequenceMatcher(None, [comparable(w) for w in written], [comparable(w) for w in spoken],
                              autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for offset in range(i2 - i1):
                groups[i1 + offset].append(j1 + offset)
        elif tag == "replace":
            count, share = i2 - i1, j2 - j1
            for offset in range(count):
                groups[i1 + offset].extend(range(j1 + offset * share // count, j1 + (offset + 1) * share // count))
        elif tag == "insert":
            owner = i1 - 1 if i1 > 0 else (i1 if i1 < len(written) else None)
            if owner is not None:
                groups[owner].extend(range(j1, j2))
    for group in groups:
        group.sort()
    return groups
