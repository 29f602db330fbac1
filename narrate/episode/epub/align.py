"""Which word of the book's own text each word of the script is.

The script's words (each chunk's written text, as `narrate inspect` shows it) and the words
of the content documents (narrate.text.readers.epubtext) are the same text in the same order,
less what the reader left out or added: a heading taken from the table of contents, a note
announcing a code block, a title that no page prints, footnotes read at the end of their
chapter, a line repeated in every chapter. So the two are walked together: a run of matching
words starts where ANCHOR words in a row are the book's next words (or the first such place
ahead, within WINDOW words: a single common word is no evidence, and a title no page prints
must not take the first words of the chapter's heading), and goes on word by word while the
next word is the book's next; a word found nowhere stays unmatched (it is heard, and nothing
is marked for it). Words are
compared without case or punctuation (narrate.text.wordalign.comparable). Linear in the
length of the book.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

ANCHOR = 3
NEAR = 300
"""A run may start this many words ahead of the last match on ANCHOR words..."""
FAR_ANCHOR = 8
WINDOW = 50_000
"""...and up to WINDOW words ahead only on FAR_ANCHOR words in a row (a wrong jump ahead
would leave everything between unmarked)."""
_CANDIDATES = 200


def align(written: Sequence[str], book: Sequence[str]) -> list[int | None]:
    """For each written word (comparable form; '' for punctuation), the index of the book's
    word it is, or None. Indices only ever increase; punctuation is never matched."""
    places = [i for i, w in enumerate(book) if w]
    words = [book[i] for i in places]
    index: dict[tuple[str, ...], list[int]] = {}
    for position in range(len(words) - ANCHOR + 1):
        index.setdefault(tuple(words[position:position + ANCHOR]), []).append(position)
    said = [w for w in written if w]
    at = [i for i, w in enumerate(written) if w]
    found: list[int | None] = [None] * len(written)
    cursor = 0
    in_run = False
    for order, word in enumerate(said):
        match: int | None = None
        if in_run and cursor < len(words) and words[cursor] == word and _goes_on(said, order, words, cursor):
            match = cursor
        else:
            match = _search(index, said, order, words, cursor)
        in_run = match is not None
        if match is not None:
            found[at[order]] = places[match]
            cursor = match + 1
    return found


LOOKAHEAD = 12


def _goes_on(said: Sequence[str], order: int, words: Sequence[str], cursor: int) -> bool:
    """The run goes on with said[order] as the book's word at `cursor`: the next words agree,
    or they do not but the book's text at `cursor` is not what the script says a little later
    (said[order] then begins something narrate said that the book does not print, and only
    looks like the book's next word: 'A' of 'A code example is skipped here' before 'A full
    list')."""
    if order + 1 == len(said) or cursor + 1 < len(words) and words[cursor + 1] == said[order + 1]:
        return True
    ahead = list(words[cursor:cursor + ANCHOR])
    return not any(list(said[k:k + ANCHOR]) == ahead for k in range(order + 1, min(len(said), order + 1 + LOOKAHEAD)))


def _search(index: dict[tuple[str, ...], list[int]], said: Sequence[str], order: int, words: Sequence[str],
            cursor: int) -> int | None:
    """The first place at or after `cursor` where a run starting with said[order] begins."""
    run = list(said[order:order + ANCHOR])
    if len(run) < ANCHOR:  # the script's last words: look only a little way ahead
        for position in range(cursor, min(len(words), cursor + 50)):
            if list(words[position:position + len(run)]) == run:
                return position
        return None
    places = index.get(tuple(run), [])
    first = bisect_left(places, cursor)
    far = list(said[order:order + FAR_ANCHOR])
    for place in places[first:first + _CANDIDATES]:
        if place - cursor > WINDOW:
            break
        if place - cursor <= NEAR or list(words[place:place + len(far)]) == far:
            return place
    return None
