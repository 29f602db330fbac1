"""Abbreviations, addresses and initialisms.

'Gov. Smith' -> 'Governor Smith', 'i.e.' -> 'that is', 'No. 162' -> 'number one hundred
sixty-two' (but 'No.' alone is the word no); 'Baker St.' -> 'Baker Street' and 'St. Paul' ->
'Saint Paul'; 'Dr. Evil' -> 'Doctor Evil' and 'Mulholland Dr.' -> 'Mulholland Drive';
'1428 Elm St.' -> 'fourteen twenty-eight Elm Street'; 'the UAE' -> 'the U A E' where eSpeak NG
would read it as a word. An abbreviation that ends a sentence keeps the full stop.
"""

from __future__ import annotations

import re

from narrate.text.readings.en.numbers import ordinal_words
from narrate.text.readings.en.patterns import alternatives
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import (
    ABBREVIATIONS,
    BEFORE_NUMBER,
    COMPASS,
    MISREAD_INITIALISMS,
    STATE_ABBREVIATIONS,
    STREET_TYPES,
    US_STATES,
)
from narrate.text.readings.framework import Classifier, Context

# Expansions that come before a name or number and so never end a sentence.
_LEADING = frozenset({"Mister", "Missus", "Miz", "Mix", "Messieurs", "Governor", "Senator", "Representative",
                      "Lieutenant", "General", "Colonel", "Sergeant", "Captain", "Commander", "Admiral",
                      "Major", "Professor", "Reverend", "Superintendent", "Inspector", "Detective",
                      "Honorable", "President", "Mount", "Fort", "Doctor", "Saint", "versus", "compare",
                      "for example", "For example", "that is", "That is", "also known as", "care of", "without"})
# Words before "St." that make it Saint, not Street ("Mount St. Helens", "the St. Louis team").
_SAINT_BEFORE = frozenset({"Mount", "Mt.", "Fort", "Ft.", "Port", "Lake", "Cape", "Isle", "The", "A", "An",
                           "In", "At", "To", "From", "Of", "And", "On", "By", "For", "With", "Near"})
_STREET_TYPES = alternatives(STREET_TYPES)
ADDRESS_MEMORY = "address"


def _ends_sentence(context: Context) -> bool:
    """Whether the abbreviation's full stop also ends the sentence ("Apple Inc. The ...")."""
    rest = context.after()
    stripped = rest.lstrip()
    if not stripped:
        return context.closes_text()
    return (rest[:1].isspace() and (stripped[0].isupper() or stripped[0] in "\"'("))


def _with_stop(words: str, written: str, context: Context) -> str:
    if written.endswith(".") and words not in _LEADING and _ends_sentence(context):
        return words + "."
    return words


def _name_before(context: Context) -> bool:
    """Whether a name stands right before the candidate ("Baker St.", "Mulholland Dr.")."""
    before = context.word_before()
    if not before or before[-1] in ",;:" or before in _SAINT_BEFORE:
        return False
    if re.fullmatch(r"\d+(?:st|nd|rd|th)", before):
        return True
    return before[:1].isupper() and before.isalpha()


def abbreviation(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        written = match.group(0)
        if written in BEFORE_NUMBER:
            if not context.text[context.end:context.end + 2].lstrip()[:1].isdigit():
                return None  # "No." alone is the word no
            words = ABBREVIATIONS[written]
            if not context.sentence_start():
                words = words.lower()
            return words
        return _with_stop(ABBREVIATIONS[written], written, context)

    return Classifier(
        "abbreviation",
        rf"(?<![\w.])(?:{alternatives(ABBREVIATIONS)})(?![\w/])",
        say,
    )


_DOTLESS_TITLES = {"Mr": "Mister", "Ms": "Miz", "Mx": "Mix", "Messrs": "Messieurs"}  # ("Mrs" is the engine's, as "Mrs." is)


def dotless_title(speech: English) -> Classifier:
    """'Mr Mugabe', 'Ms Ardern', 'Mr and Mrs Smith': a title in the British style, with no full
    stop, before a name, said as 'Mr. Mugabe' is ('The Mr Men books' is a name)."""
    def say(match: re.Match[str], context: Context) -> str | None:
        after = context.word_after()
        if not (after[:1].isupper() or after in ("and", "&")) or context.word_before() == "The":
            return None
        return _DOTLESS_TITLES[match.group(0)]

    return Classifier("abbreviation", rf"(?<![\w.])(?:{'|'.join(sorted(_DOTLESS_TITLES, key=len, reverse=True))})(?![\w.'\u2019])", say)


def _place_before(context: Context) -> bool:
    """Whether a capitalised word and a comma stand just before ('Dekalb, ', 'Boston, '); not
    a comma alone (', MA 02110' where a template left the city out)."""
    before = context.before().rstrip()
    words = before[:-1].split() if before.endswith(",") else []
    return bool(words) and words[-1][:1].isupper()


def state_abbreviation(speech: English) -> Classifier:
    """'Dekalb, Ill.' -> 'Dekalb, Illinois': a news-style state after a place and a comma."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if not _place_before(context):
            return None
        return _with_stop(STATE_ABBREVIATIONS[match.group(0)], match.group(0), context)

    return Classifier("abbreviation", rf"(?<![\w.])(?:{alternatives(STATE_ABBREVIATIONS)})(?![\w])", say)


def saint_street_doctor_drive(speech: English) -> Classifier:
    """'St.' is Street after a name and Saint before one; 'Dr.' Drive after a name, else Doctor."""
    def say(match: re.Match[str], context: Context) -> str | None:
        street = match.group("kind") == "St"
        if _name_before(context):  # "Baker St.", "Elm St. It was ...", "Mulholland Dr."
            return _with_stop("Street" if street else "Drive", match.group(0), context)
        if context.word_after()[:1].isupper() or not street:
            return "Saint" if street else "Doctor"
        return None

    return Classifier("abbreviation", r"(?<![\w.])(?P<kind>St|Dr)\.?(?![\w'])", say)


def house_number(speech: English, written: str) -> str:
    """'1428' -> 'fourteen twenty-eight', '123' -> 'one twenty-three', '708' -> 'seven oh eight'."""
    value = int(written)
    if written.startswith("0") or value >= 10000:
        return speech.digits(written)
    if value < 100:
        return speech.cardinal(value)
    if value < 1000:
        hundreds, rest = divmod(value, 100)
        if rest == 0:
            return speech.cardinal(value)
        tail = f"oh {speech.cardinal(rest)}" if rest < 10 else speech.cardinal(rest)
        return f"{speech.cardinal(hundreds)} {tail}"
    return speech.year(value)


def address(speech: English) -> Classifier:
    """'2788 San Tomas Expy, Santa Clara, CA 95051' -> 'twenty-seven eighty-eight San Tomas
    Expressway, Santa Clara, California nine five zero five one'."""
    def say(match: re.Match[str], context: Context) -> str:
        parts = [house_number(speech, match.group("number"))]
        if match.group("compass"):
            parts.append(COMPASS[match.group("compass").rstrip(".")])
        for word in match.group("name").split():
            ordinal = re.fullmatch(r"(\d+)(st|nd|rd|th)", word)
            parts.append(ordinal_words(speech, int(ordinal.group(1)), ordinal.group(2)) if ordinal else word)
        kind = match.group("type")
        parts.append(STREET_TYPES.get(kind) or STREET_TYPES[kind.capitalize()])
        spoken = " ".join(parts)
        if match.group("dot") and not match.group("tail"):
            spoken = _with_stop(spoken, ".", context)
        tail = match.group("tail")
        if tail:
            spoken += match.group("city") or ""
            state = match.group("state")
            spoken += ", " + US_STATES.get(state, state)
            if match.group("zip"):
                spoken += " " + zip_code(speech, match.group("zip"), match.group("plus"))
        context.memory[ADDRESS_MEMORY] = True
        return spoken

    return Classifier(
        "address",
        rf"(?<![\w.,])(?P<number>\d{{1,5}})\s(?:(?P<compass>[NSEW]|NE|NW|SE|SW)\.?\s)?"
        rf"(?P<name>(?:(?:[A-Z][a-z]+|\d+(?:st|nd|rd|th))\s){{1,3}})(?P<type>(?i:{_STREET_TYPES}))(?P<dot>\.)?(?![\w])"
        rf"(?P<tail>(?P<city>(?:,\s[A-Z][a-z]+(?:\s[A-Z][a-z]+){{0,2}}){{0,1}}),\s(?P<state>{alternatives(US_STATES)})"
        rf"(?:,?\s(?P<zip>\d{{5}})(?:-(?P<plus>\d{{4}}))?)?(?![\w]))?",
        say,
    )


def zip_code(speech: English, five: str, four: str | None) -> str:
    """'02110' -> 'zero two one one zero'; '02110-1301' -> 'zero two one one zero, one three
    zero one' (the ZIP+4's two groups, each digit by digit)."""
    spoken = speech.digits(five)
    return f"{spoken}, {speech.digits(four)}" if four else spoken


# State codes that are also a label before a number ('Jane Smith, ID 40213', 'Bob Jones, MD
# 21201'): a state only with a ZIP+4.
_ALSO_ABBREVIATIONS = frozenset({"ID", "MD"})


def city_state_zip(speech: English) -> Classifier:
    """'Boston, MA 02110-1301' -> 'Boston, Massachusetts zero two one one zero, one three zero
    one': a place, its state's postal code and a ZIP code, as every GPL notice ends ('51
    Franklin St, Fifth Floor, Boston, MA 02110-1301 USA'), and not 'M.A. zero two one one
    zero-one thousand three hundred one'. Only after a capitalised place and a comma."""
    def say(match: re.Match[str], context: Context) -> str | None:
        state = match.group("state")
        if not _place_before(context) or (state in _ALSO_ABBREVIATIONS and not match.group("plus")):
            return None
        return f"{US_STATES[state]} {zip_code(speech, match.group('zip'), match.group('plus'))}"

    return Classifier(
        "address",
        rf"(?<![\w.])(?P<state>{alternatives(US_STATES)})\s{{1,2}}(?P<zip>\d{{5}})(?:-(?P<plus>\d{{4}}))?(?![\w-])",
        say,
    )


def initialism(speech: English) -> Classifier:
    """Capitals eSpeak NG reads as a word though they are letters ('the UAE' as 'yui', 'PhDs')."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if _shouting(context):
            return None
        letters = match.group("letters")
        if letters == "PhD":
            return "PhD's" if match.group("plural") else None
        spelled = speech.spell(letters)
        return spelled + ("'s" if match.group("plural") else "")

    return Classifier(
        "initialism",
        rf"(?<![\w.&'\-])(?P<letters>{alternatives(MISREAD_INITIALISMS)})(?P<plural>s)?(?![\w'&\-]|\.\w)",
        say,
    )


def _shouting(context: Context) -> bool:
    """Whether the text is mostly capitals (a heading, a shouted line): its capital words are words."""
    cached = context.memory.get("shouting")
    if cached is None:
        letters = [ch for ch in context.text if ch.isalpha()]
        cached = bool(letters) and sum(ch.isupper() for ch in letters) > 0.6 * len(letters) and len(letters) > 6
        context.memory["shouting"] = cached
    return bool(cached)
