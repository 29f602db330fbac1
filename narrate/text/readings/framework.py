"""The semiotic-class stage's machinery: classifiers, the context they decide by, and a grammar
that scans a text once and puts words where the classifiers found numbers, dates, symbols.

A *classifier* is one semiotic class of one language: a regular expression that finds
candidates ("$20/mo", "16 July 1943", "Henry VIII") and a verbaliser that turns a candidate
into the words a person would say, or declines it (None) when the context says it is not of
that class ("Sam and I" is no roman numeral). A *grammar* is a language's classifiers in
priority order: at each place in the text the first classifier whose pattern matches and whose
verbaliser accepts wins, and the scan goes on after what it consumed. What no classifier takes
is copied as written. Verbalisers return words only (no digits), so reading a text twice
changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

Verbaliser = Callable[["re.Match[str]", "Context"], "str | None"]

_NAMED_GROUP = re.compile(r"\(\?P<\w+>")
# A candidate starts at most this many words before its trigger ("the 26th of May": 1) and
# is found by a search that looks at most AHEAD characters past the trigger.
TRIGGER_WORDS = 4
AHEAD = 40
# How far a verbaliser looks for the words around a candidate (bounded, so a long text costs
# in proportion to its length).
NEAR = 120
_OPENING = re.compile(r"[\s\"'(\u201c\u2018]*")
_CLOSING = re.compile(r"[\s\"'.,;:!?)\u201d\u2019]*")
_WORD = re.compile(r"[\w'’.-]+")


@dataclass(frozen=True)
class Classifier:
    """One semiotic class: where its candidates are (`pattern`, scoped flags only, named
    groups only), what they say (`verbalise`), and `trigger`: a cheap pattern for something
    every candidate contains (a digit, '@', the abbreviation itself), found within
    `TRIGGER_WORDS` words after the candidate's start. The grammar looks for candidates only
    around triggers, so prose without any costs one quick search. None: the pattern itself."""

    name: str
    pattern: str
    verbalise: Verbaliser
    trigger: str | tuple[str, ...] | None = None

    def triggers(self) -> tuple[str, ...]:
        if self.trigger is None:
            return (self.pattern,)
        return (self.trigger,) if isinstance(self.trigger, str) else self.trigger

    def compiled(self) -> re.Pattern[str]:
        compiled = re.compile(self.pattern)
        if compiled.groups != len(compiled.groupindex):
            raise ValueError(f"classifier {self.name}: use named groups or (?:...) only")
        return compiled


@dataclass
class Context:
    """What a verbaliser may look at besides its match: the whole text around it, the
    language (with its region: 'en-GB' reads dates day first) and a scratchpad the classifiers
    of one text share (a year just read makes the next bare number a year too)."""

    text: str
    start: int
    end: int
    language: str
    grammar: Grammar
    memory: dict[str, object] = field(default_factory=dict)

    def words_before(self, count: int = 1, start: int | None = None) -> list[str]:
        """Up to `count` words (with their punctuation) before the candidate, nearest last."""
        position = self.start if start is None else start
        head = self.text[max(0, position - NEAR):position]
        words = head.split()
        if position > NEAR and words and not head[0].isspace():
            words = words[1:]  # cut off in the middle
        return words[-count:] if count else []

    def word_before(self, start: int | None = None) -> str:
        words = self.words_before(1, start)
        return words[0] if words else ""

    def words_after(self, count: int = 1, end: int | None = None) -> list[str]:
        position = self.end if end is None else end
        tail = self.text[position:position + NEAR]
        words = tail.split()
        if position + NEAR < len(self.text) and words and not tail[-1].isspace():
            words = words[:-1]
        return words[:count]

    def word_after(self, end: int | None = None) -> str:
        words = self.words_after(1, end)
        return words[0] if words else ""

    def char_before(self, start: int | None = None) -> str:
        position = self.start if start is None else start
        return self.text[position - 1] if position > 0 else ""

    def char_after(self, end: int | None = None) -> str:
        position = self.end if end is None else end
        return self.text[position] if position < len(self.text) else ""

    def sentence_start(self, start: int | None = None) -> bool:
        """Whether the candidate opens the text or a sentence (after . ! ? or a line break)."""
        position = self.start if start is None else start
        head = self.text[max(0, position - NEAR):position].rstrip(" \t\"'(")
        if not head:
            return position <= NEAR or not self.text[:position].strip(" \t\"'(")
        return head[-1] in ".!?:\n"

    def opens_text(self) -> bool:
        """Whether nothing but spaces, quotes and brackets stand before the candidate."""
        return _OPENING.match(self.text).end() >= self.start

    def closes_text(self) -> bool:
        """Whether nothing but spaces, quotes, brackets and punctuation follow the candidate."""
        return _CLOSING.match(self.text, self.end).end() == len(self.text)

    def after(self, characters: int = NEAR) -> str:
        """The text right after the candidate (at most `characters`)."""
        return self.text[self.end:self.end + characters]

    def before(self, characters: int = NEAR) -> str:
        """The text right before the candidate (at most `characters`)."""
        return self.text[max(0, self.start - characters):self.start]

    def read(self, text: str) -> str:
        """A piece of the candidate read by the same grammar ("$5" inside "$5-$10")."""
        return self.grammar.read(text, self.memory)


@dataclass(frozen=True)
class Reading:
    """One candidate a classifier took: where it was, its class, what is said."""

    start: int
    end: int
    name: str
    written: str
    spoken: str


# What the symbol step after the grammar (narrate.text.normalize.spoken_symbols) says for the
# signs no classifier took, in English; a grammar of another language gives its own words.
ENGLISH_SYMBOLS: dict[str, str] = {"/": "slash", "@": "at", "\\": "backslash", "^": "to the power of",
                                   "''": "empty string"}


class Grammar:
    """A language's classifiers in priority order, scanned with one combined pattern.

    `symbols`: the words of the symbol step for signs left after the classifiers ('/', '@',
    '\\', '^', "''" and, for languages that name it, '&'); English by default. `kept`:
    characters the cleaning must not fold (NFKC makes the ordinal indicators 'º' and 'ª' plain
    letters, and English reads '45º' as degrees; in Spanish '1.º' is 'primero')."""

    def __init__(self, language: str, classifiers: tuple[Classifier, ...],
                 symbols: Mapping[str, str] | None = None, kept: str = "") -> None:
        self.language = language
        self.classifiers = classifiers
        self.symbols: Mapping[str, str] = ENGLISH_SYMBOLS if symbols is None else symbols
        self.kept = kept
        self._patterns = tuple(classifier.compiled() for classifier in classifiers)
        combined = "|".join(f"(?P<_{index}>{_NAMED_GROUP.sub('(?:', classifier.pattern)})"
                            for index, classifier in enumerate(classifiers))
        self._master = re.compile(combined)
        # each trigger searched on its own: one alternation of them all would try every
        # branch at every character of a book
        triggers = {_NAMED_GROUP.sub("(?:", trigger) for classifier in classifiers
                    for trigger in classifier.triggers()}
        self._triggers = tuple(re.compile(trigger) for trigger in sorted(triggers))

    def finds(self, text: str) -> bool:
        """Whether a classifier might take something in `text` (a trigger is there)."""
        return any(trigger.search(text) for trigger in self._triggers)

    def readings(self, text: str, memory: dict[str, object] | None = None) -> Iterator[Reading]:
        """Every candidate a classifier took, in order. Candidates are searched for only in
        windows around triggers: from a few words before one to a little after it."""
        triggers = sorted({(found.start(), found.end()) for trigger in self._triggers
                           for found in trigger.finditer(text)})
        if not triggers:
            return
        memory = {} if memory is None else memory
        search_from = 0
        index = 0
        while index < len(triggers):
            trigger_start, trigger_end = triggers[index]
            if trigger_end <= search_from:
                index += 1
                continue
            window = max(search_from, _words_back(text, trigger_start, TRIGGER_WORDS))
            match = self._master.search(text, window, min(len(text), trigger_end + AHEAD))
            if match is None or match.start() >= trigger_end:
                index += 1  # nothing here; a candidate further on has a trigger of its own
                continue
            reading = self._read_at(text, match.start(), 0, memory)
            if reading is None:
                search_from = match.start() + 1
                continue
            yield reading
            search_from = max(reading.end, match.start() + 1)

    def _read_at(self, text: str, start: int, first: int,
                 memory: dict[str, object]) -> Reading | None:
        for index in range(first, len(self.classifiers)):
            found = self._patterns[index].match(text, start)
            if found is None or found.end() == start:
                continue
            context = Context(text, start, found.end(), self.language, self, memory)
            spoken = self.classifiers[index].verbalise(found, context)
            if spoken is not None:
                if spoken.endswith(".") and context.char_after() == ".":
                    context.end += 1  # "5 p.m." at the end of a sentence: one full stop
                return Reading(start, context.end, self.classifiers[index].name,
                               text[start:context.end], spoken)
        return None

    def read(self, text: str, memory: dict[str, object] | None = None) -> str:
        """The text with every candidate said in words."""
        pieces: list[str] = []
        position = 0
        for reading in self.readings(text, memory):
            pieces.append(text[position:reading.start])
            pieces.append(_spaced(text, reading))
            position = reading.end
        if not pieces:
            return text
        pieces.append(text[position:])
        return "".join(pieces)

    def classify(self, text: str) -> list[tuple[str, str, str]]:
        """(class, written, spoken) for each candidate: what the tests and the bench look at."""
        return [(r.name, r.written, r.spoken) for r in self.readings(text)]


def literal_alternatives(words: Iterable[str]) -> str:
    """A regex matching any of `words`, the longest first ('km/h' before 'km'), written as a
    trie ('M(?:r(?:s)?|s)\\.'): Python's engine tries a plain alternation one word at a time,
    which for a few hundred words at every position of a book costs a second."""
    trie: dict[str, dict] = {}  # type: ignore[type-arg]
    for word in set(words):
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_pattern(trie)


def _trie_pattern(node: dict) -> str:  # type: ignore[type-arg]
    terminal = "" in node
    branches = [re.escape(char) + _trie_pattern(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if terminal:
        return f"(?:{body})?"
    return body


def _words_back(text: str, position: int, words: int) -> int:
    """Where the word `words` words before `position` starts."""
    start = position
    for _ in range(words):
        space = text.rfind(" ", 0, max(start - 1, 0))
        if space < 0:
            return 0
        start = space + 1
    return start


def _spaced(text: str, reading: Reading) -> str:
    """The words of a reading, with a space where they would run into a letter or digit."""
    spoken = reading.spoken
    if not spoken:
        return spoken
    before = text[reading.start - 1] if reading.start else ""
    after = text[reading.end] if reading.end < len(text) else ""
    if before.isalnum() and spoken[0].isalnum():
        spoken = " " + spoken
    if after.isalnum() and spoken[-1].isalnum():
        spoken += " "
    return spoken
