"""Document -> Script: paragraphs become chunks of whole sentences with pauses after them.

Pure: no engine, no audio. `narrate inspect` prints what this produces.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from narrate.errors import InputError, OptionError
from narrate.model import Chunk, ChunkKind, Document, Script, Section
from narrate.limits import MAX_WORD_CHARS
from narrate.text.language import paragraph_language, primary
from narrate.text.normalize import normalize, normalizers_for, permalink_marks
from narrate.text.notes import FOOTNOTES_INTRO, in_language
from narrate.text.readings import reading_language
from narrate.text.sentences import (MAX_CHUNK_CHARS, MAX_SPOKEN_CHARS, chunk_sentences, split_at_spaces,
                                    split_long_sentence, split_sentences)
from narrate.text.userregex import UserPattern, compile_user


@dataclass(frozen=True)
class Pauses:
    """Seconds of silence after each kind of chunk."""

    sentence: float = 0.0  # between chunks of one paragraph: the engine's own sentence pause
    paragraph: float = 0.7
    title: float = 1.2
    heading: float = 1.0


def build_script(document: Document, pauses: Pauses = Pauses(),
                 chunk_chars: int = MAX_CHUNK_CHARS, footnotes: bool = False,
                 voice_language: str | None = None, paragraph_languages: bool = True) -> Script:
    """Lay out everything that will be spoken, in order.

    A title made from the opening words is not spoken (the lede follows at once); it names
    the first chapter instead. A heading with no text of its own before the next heading is
    spoken but opens no chapter, so there is no empty one; one the document ends on is not
    spoken. Footnotes are read at the end of
    their section only when `footnotes` is set. Numbers and dates are said in the document's
    language; a voice of the same language with a region (`voice_language` 'en-GB') says which
    variant when the document does not. A section in another language (`Section.language`)
    and, with `paragraph_languages`, a paragraph detected to be in one (a quotation, an
    untranslated part) are said in theirs, and their chunks carry it (`Chunk.language`)."""
    chunks: list[Chunk] = []
    rules = normalizers_for(reading_language(document.language, voice_language))
    languages = _Languages(document.language, voice_language, rules, paragraph_languages)
    title_pieces = spoken_pieces(document.title, rules) if document.title_spoken else []
    chunks += _chunks(title_pieces, ChunkKind.TITLE, pauses.title, pauses.sentence, -1, document.title)
    pending_chapter = None if title_pieces else document.title
    paragraph_index = 0
    sections = list(document.sections)
    while len(sections) > 1 and not sections[-1].paragraphs and not (footnotes and sections[-1].notes):
        sections.pop()  # a heading the document ends on over nothing ('Footnotes', its notes not read)
    absorbed = False  # the heading opens no chapter: its parent's, just before it, holds it
    headings = Counter(section.heading for section in sections)
    numbered = _numbered_sections(sections)
    for index, section in enumerate(sections):
        notes = section.notes if footnotes else ()
        if section.heading and not (index == 0 and _same_words(section.heading, document.title)):
            language, heading_rules = languages.of_section(section.language)
            pieces = spoken_pieces(_paused_number(section.heading, numbered), heading_rules)
            if len(pieces) == 1:
                pieces = [(section.heading, pieces[0][1])]  # shown as written
            if pieces:
                has_text = bool(section.paragraphs or notes)
                parent = not has_text and _opens_on_a_subheading(sections, index, headings)
                opens = (has_text and not absorbed) or parent
                chunks += _chunks(pieces, ChunkKind.HEADING, pauses.heading, pauses.sentence, paragraph_index,
                                  _chapter_title(section.heading) if opens else None, language)
                pending_chapter = None
                absorbed = parent
        paragraphs = list(section.paragraphs)
        if notes:
            paragraphs += [FOOTNOTES_INTRO, *notes]
        for paragraph in paragraphs:
            language, paragraph_rules = languages.of_paragraph(paragraph, section.language)
            read_in = language or document.language
            paragraph = in_language(paragraph, read_in)
            pieces = [fitted for piece in chunk_sentences(split_sentences(paragraph, read_in), chunk_chars)
                      for fitted in spoken_pieces(piece, paragraph_rules)]
            added = _chunks(pieces, ChunkKind.TEXT, pauses.paragraph, pauses.sentence, paragraph_index,
                            pending_chapter, language)
            if added:
                chunks += added
                pending_chapter = None
            paragraph_index += 1
    return Script(document=document, chunks=tuple(chunks))


# A section's number before its title: '2.3.4.1 Arrays', '1 What is libffi?' (texinfo's
# headings); up to six levels, none with a leading zero ('9.00 Welcome' is a time)
_SECTION_NUMBER = re.compile(r"^((?:[1-9]\d{0,2}|0)(?:\.[1-9]\d{0,2}){0,5})\s+(?=[^\W\d_])")


def _numbered_sections(sections: list[Section]) -> bool:
    """Whether the document numbers its sections as a manual does: two of its headings' numbers
    follow one another ('2' and '2.1', '2.1' and '2.2'), so they are no quantities ('1.5
    Million Flee the Coast' beside '2 Dead in Highway Crash')."""
    numbers = {tuple(int(part) for part in found.group(1).split(".")) for section in sections
               if section.heading and (found := _SECTION_NUMBER.match(section.heading))}
    return any(number + (1,) in numbers or number[:-1] + (number[-1] + 1,) in numbers
               for number in numbers if len(number) > 1 or number + (1,) in numbers)


def _paused_number(heading: str, numbered: bool) -> str:
    """The heading as said, with a pause between its section number and its title ('two point
    seven. Thread Safety', not 'two point seven Thread Safety'), in a document that numbers
    its sections, or where the number has three levels or more ('2.3.4.1 Arrays'); a headline
    that opens with a quantity ('1.5 Million Flee the Coast', '10 Best Laptops', '1.5 kg Bags')
    is left alone."""
    found = _SECTION_NUMBER.match(heading)
    if found and (numbered or found.group(1).count(".") >= 2) and not _UNIT_AFTER.match(heading, found.end()):
        return f"{found.group(1)}. {heading[found.end():]}"
    return heading


# A unit after the number: '1.5 kg Bags', '2.5 GHz Chips', '3 mm Screws' are quantities
_UNIT_AFTER = re.compile(r"(?:[kMGTmµn]?(?:g|Hz|m|W|V|A|B|b|s|l|L)|mph|km/h|ft|in|lbs?|oz|%)\b")


def _chunks(pieces: list[tuple[str, str]], kind: ChunkKind, pause_last: float, pause_between: float,
            paragraph: int, chapter: str | None, language: str | None = None) -> list[Chunk]:
    """One paragraph's (written, spoken) pieces as chunks: the first starts the paragraph and
    opens `chapter`, the last is followed by `pause_last`."""
    return [Chunk(text=spoken, display=written, kind=kind,
                  pause_after=pause_last if position == len(pieces) - 1 else pause_between,
                  paragraph=paragraph, starts_paragraph=position == 0,
                  chapter=chapter if position == 0 else None, language=language)
            for position, (written, spoken) in enumerate(pieces)]


class _Languages:
    """Which language a section or paragraph is read in, and its rules: the section's own
    where the document marks it, else (when asked) the paragraph's detected one, else the
    document's (None: the rules already chosen)."""

    def __init__(self, document: str | None, voice: str | None, rules: tuple[Callable[[str], str], ...],
                 detect: bool) -> None:
        self.document = document
        self.home = primary(document)
        self.voice = voice
        self.rules = rules
        self.detect = detect

    def _for(self, language: str | None) -> tuple[str | None, tuple[Callable[[str], str], ...]]:
        if not language or primary(language) == self.home:
            return None, self.rules
        return language, normalizers_for(reading_language(language, self.voice))

    def of_section(self, language: str | None) -> tuple[str | None, tuple[Callable[[str], str], ...]]:
        return self._for(language)

    def of_paragraph(self, paragraph: str, section: str | None) -> tuple[str | None, tuple[Callable[[str], str], ...]]:
        if section:
            return self._for(section)
        if self.detect:
            return self._for(paragraph_language(paragraph, self.document))
        return None, self.rules


def spoken_pieces(written: str, rules: tuple[Callable[[str], str], ...]) -> list[tuple[str, str]]:
    """`written` normalised for speech, as (written, spoken) pieces whose spoken text keeps the
    limits the engine is promised (MAX_SPOKEN_CHARS, no word over MAX_WORD_CHARS).

    The cut by length happens on the written text, but normalising can make it far longer:
    NFKC turns U+FDFA into 18 letters and a ligature into three, numbers become words. A piece
    whose spoken text breaks a limit is cut in as many parts as it overshoots (at clauses, then spaces, then inside a
    word) and each part normalised again. Pieces that say nothing are dropped."""
    spoken = normalize(written, rules)
    if not spoken:
        return []
    longest = max(len(word) for word in spoken.split())
    if len(spoken) <= MAX_SPOKEN_CHARS and longest <= MAX_WORD_CHARS:
        return [(written, spoken)]
    parts = max(2, -(-len(spoken) // MAX_SPOKEN_CHARS), -(-longest // MAX_WORD_CHARS))
    smaller = split_long_sentence(written, max(1, -(-len(written) // parts)))
    if len(smaller) < 2:  # one character that says a whole sentence: cut what it says
        cut = list(split_at_spaces(spoken, MAX_SPOKEN_CHARS))
        return [(written if i == 0 else part, part) for i, part in enumerate(cut)]
    return [piece for part in smaller for piece in spoken_pieces(part, rules)]


def _opens_on_a_subheading(sections: list[Section], index: int, headings: Counter[str | None]) -> bool:
    """A heading with no text of its own over a deeper one that has text and a name other
    sections share ('* Noteworthy changes in release 1.12' over '** Bug fixes'): the chapter
    opens at it, named after it, and holds that first subsection, which would otherwise open it
    under its shared name (GNU's NEWS: ten chapters all called 'Bug fixes'). A subsection with a
    name of its own ('2022-12-28 - Version 3.40.1' under 'Recent News') opens its chapter."""
    following = sections[index + 1] if index + 1 < len(sections) else None
    if following is None or not following.heading or following.level <= sections[index].level \
            or not following.paragraphs:
        return False
    return headings[following.heading] > 1


def _chapter_title(heading: str) -> str:
    """A heading as a chapter title: without the permalink mark a docs page puts after it."""
    return permalink_marks(heading).strip() or heading


def _same_words(first: str, second: str) -> bool:
    """Whether two headings say the same words (a saved page's <title> and its own <h1>, say):
    the title is spoken once, not twice in a row."""
    def words(text: str) -> list[str]:
        return re.findall(r"\w+", text.casefold())

    return bool(words(first)) and words(first) == words(second)


def skip_patterns(patterns: Iterable[str]) -> list[UserPattern]:
    """Compile --skip patterns (run with a time limit); a bad one is a one-line error naming it."""
    return [compile_user(pattern, "--skip", OptionError) for pattern in patterns]


def drop_paragraphs(document: Document, patterns: list[UserPattern]) -> Document:
    """Leave out every paragraph a pattern matches (re.search), e.g. '^\\(Reporting by'."""
    if not patterns:
        return document
    sections = tuple(
        replace(section, paragraphs=tuple(
            p for p in section.paragraphs if not any(pattern.search(p) for pattern in patterns)))
        for section in document.sections
    )
    kept = [section for section in sections if section.paragraphs or section.heading]
    if not any(section.paragraphs for section in kept):
        raise InputError("every paragraph matched --skip: there is nothing left to narrate")
    return replace(document, sections=tuple(kept))
