"""Words in capitals: said as a word ('NASA') or spelled ('AFP'), and their possessive.

eSpeak NG reads a run of capitals as a word whenever it can sound one out, also where every
reader spells it ("according to AFP," as "afp", "the IMF," as "imf", "UAAR" as "yoo-ar"), and
it drops the possessive after a capitalised word it says as a word ("NASA's mission" is heard
"NASA mission"). narrate spells capitals that no English word could be (by the shape of their
letters: 'AFP' ends in 'fp', 'UAAR' has 'uaa') and that start with a vowel, which is where
eSpeak NG sounds them out, and writes a possessive so that it is heard: 'Nasa's', 'I E's'.
Capitals said as words although their letters do not look it ('JPEG', 'ASCII') are listed.
"""

from __future__ import annotations

import re

from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import MISREAD_INITIALISMS, SAID_AS_WORDS
from narrate.text.readings.framework import Classifier, Context

_VOWELS = "AEIOU"
# Vowel letters that may stand together in an English word ("AIDS", "IKEA", "UEFA").
_VOWEL_PAIRS = frozenset("AI AU AY EA EE EI EU EY IE OA OE OI OO OU OY UE UI".split())
_ONSETS = frozenset("B C D F G H J K L M N P Q R S T V W X Y Z BL BR CH CL CR DR DW FL FR GL GR GN KN "
                    "KR PH PL PR QU SC SCH SCR SH SK SL SM SN SP SPL SPR ST STR SW TH THR TR TW WH WR".split())
_CODAS = frozenset("B C D F G K L M N P R S T V X Y Z CH CK CT DS FT GH LD LF LK LL LM LP LS LT MP MS ND "
                   "NG NK NS NT NCH NDS NTS PS PT RB RC RD RG RK RL RM RN RP RS RT RST RTS SH SK SP SS ST "
                   "TH TS TCH ZZ KS".split())
_ROMAN = re.compile(r"[IVXLCDM]+")
# Two capitals that spell a word of their own: initials when a name follows ("by AS Heagle").
_WORD_INITIALS = frozenset("AS AT AN IS IT ON OR TO BY IF OF IN DO GO NO SO UP WE ME HE MY BE AM".split())


def word_like(letters: str) -> bool:
    """Whether capitals could be an English word: vowels where English has them, and only
    consonant clusters English words start or end with ('NASA', 'OPEC'; not 'AFP', 'UAAR')."""
    runs = re.findall(r"[AEIOU]+|[^AEIOU]+", letters.upper().replace("Y", "I") if not letters.startswith("Y")
                      else "Y" + letters[1:].upper().replace("Y", "I"))
    if not any(run[0] in _VOWELS for run in runs):
        return False
    for index, run in enumerate(runs):
        if run[0] in _VOWELS:
            if len(run) > 2 or (len(run) == 2 and run not in _VOWEL_PAIRS):
                return False
        elif index == 0:
            if run not in _ONSETS:
                return False
        elif index == len(runs) - 1:
            if run not in _CODAS:
                return False
        elif not (run in _ONSETS or run in _CODAS
                  or any(run[:cut] in _CODAS and run[cut:] in _ONSETS and (len(run) < 3 or len(run) - cut >= 2)
                         for cut in range(1, len(run)))):
            return False  # three consonants between vowels open a syllable of two ('ASPCA' is spelled)
    return True


def capitals(speech: English) -> Classifier:
    """'according to AFP,' -> 'according to A.F.P.,', 'NASA's' -> "Nasa's", 'IE's' -> "I E's",
    'by AS Heagle' -> 'by A.S. Heagle', 'its AAA rating' -> 'its triple A rating'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        letters, suffix = match.group("letters"), match.group("suffix") or ""
        if _ROMAN.fullmatch(letters) or letters in MISREAD_INITIALISMS or _shouting(context):
            return None
        possessive = suffix[:1] in "'\u2019" if suffix else False
        if len(letters) == 3 and len(set(letters)) == 1 and letters[0] in "ABC" and suffix[:1] != "s":
            return f"triple {letters[0]}" + ("'s" if possessive else "")  # a rating, a battery: 'AAA'
        if suffix and not possessive:
            return None  # a plural ("ACLs") is read well as it is
        if letters in _WORD_INITIALS and not suffix:
            following = context.word_after()
            if (following[:1].isupper() and following[1:2].islower() and not context.sentence_start()
                    and context.char_after() == " " and not _emphasis(context)):
                return speech.spell(letters)  # "a paper by AS Heagle", "the IT Department"
            return None
        said_as_word = letters in SAID_AS_WORDS or word_like(letters)
        if said_as_word:
            if possessive and len(letters) >= 3:
                return letters.capitalize() + "'s"  # "Nasa's": heard with its s
            if possessive:
                return speech.spell(letters) + "'s"  # "IE's", "UK's"
            return None
        if letters[0] in _VOWELS or possessive:
            return speech.spell(letters) + ("'s" if suffix else "")
        return None

    return Classifier(
        "initialism",
        r"(?<![\w.&'\u2019\-])(?P<letters>[A-Z]{2,6})(?P<suffix>['\u2019]s|s)?(?![\w'\u2019&\-]|\.\w)",
        say,
    )


_CAPITAL_WORD = re.compile(r"\b(?:%s)\b" % "|".join(sorted(_WORD_INITIALS)))


def _emphasis(context: Context) -> bool:
    """Whether small words are written in capitals elsewhere in the text ("AS good AS new")."""
    return len(_CAPITAL_WORD.findall(context.text)) > 1


def _shouting(context: Context) -> bool:
    """Whether the text is mostly capitals (a heading, a shouted line): its capital words are words."""
    cached = context.memory.get("shouting")
    if cached is None:
        letters = [ch for ch in context.text if ch.isalpha()]
        cached = bool(letters) and sum(ch.isupper() for ch in letters) > 0.6 * len(letters) and len(letters) > 6
        context.memory["shouting"] = cached
    return bool(cached)
