"""Version numbers: 'Python 3.12.1' -> 'Python three point twelve point one', 'v2.0' ->
'version two point oh', 'Debian 12.5' -> 'Debian twelve point five', 'version 1.10' -> 'version
one point ten'. A decimal reads its digits one by one ('3.12' is 'three point one two'); a
version reads each part as a number, which is how people say them."""

from __future__ import annotations

import re

from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import MONTH_FORMS, QUANTITY_LEADS
from narrate.text.readings.framework import Classifier, Context

_VERSION_LEADS = frozenset({"version", "versions", "release", "releases", "kernel", "ver", "rev",
                            "revision", "build", "firmware", "update", "patch", "api", "protocol",
                            "level", "rule", "section", "figure", "table", "chapter", "step", "item",
                            "clause", "article", "appendix", "part", "paragraph", "verse", "tag"})
# Capitalised words before a number that do not make it a version ("Only 2.25", "About 3.14").
_NOT_NAMES = frozenset({"only", "about", "just", "some", "over", "under", "nearly", "almost", "around",
                        "roughly", "approximately", "up", "down", "rose", "fell", "and", "or", "the",
                        "to", "at", "by", "of", "in", "on", "from", "with", "than", "was", "is", "are",
                        "were", "be", "been", "it", "its", "a", "an", "this", "that", "these", "those"})


def version_words(speech: English, written: str) -> str:
    """'3.12.1' -> 'three point twelve point one'; a 0 part is 'oh' ('2.0' -> 'two point oh')."""
    parts = []
    for part in written.split("."):
        if part == "0":
            parts.append("oh")
        elif part.startswith("0"):
            parts.append(speech.digits(part, zero="oh"))
        else:
            parts.append(speech.integer(part))
    return " point ".join(parts)


# Words after a number that make it a version ("the 5.10 version of the kernel").
_VERSION_FOLLOWERS = frozenset({"version", "versions", "release", "releases", "kernel", "series", "branch"})
# Words between two versions ("Python 3.11, compared to 3.10", "3.9 or 3.10").
_VERSION_JOINERS = frozenset({"to", "and", "or", "than", "from", "vs", "vs.", "versus", "through", "with"})
VERSION_MEMORY = "version"


def _names_a_product(context: Context) -> bool:
    """'Python 3.12', 'Firefox 115.0', 'section 4.10', 'linux-source-5.10', 'the 5.10 version',
    '3.11, compared to 3.10': the words around say the number is a version."""
    before = context.word_before()
    bare = before.strip("(\"'").rstrip(",:")
    if context.word_after().lower().strip(",.;:") in _VERSION_FOLLOWERS:
        return True
    if context.opens_text() and re.match(r"\. [A-Z]", context.after(3)):
        return True  # a numbered heading: "8.10. Compiling a Kernel"
    if context.memory.get(VERSION_MEMORY) and bare.lower() in _VERSION_JOINERS:
        return True
    if before.endswith("-") and before[-2:-1].isalpha() and context.char_before() == "-":
        return True  # a package's name: "linux-source-5.10", "gcc-12.2"
    if before.startswith("-") and before.endswith((":", ":/")) and context.char_before() in ":/":
        return True  # an option's value: "-V:3.11"
    if before[-1:] in ",:;" or not bare:
        return False
    if bare.lower() in _VERSION_LEADS:
        return True
    if bare.lower() in _NOT_NAMES or bare.lower() in QUANTITY_LEADS or bare.lower().rstrip(".") in MONTH_FORMS:
        return False
    return bare[:1].isupper() and bare.isalnum()


_SUFFIX_WORDS = {"a": "alpha", "b": "beta", "rc": "R C"}  # the others ('pre', 'dev', 'post') are said as written


def _suffix_words(speech: English, suffix: str) -> str:
    """'b1' -> 'beta one', 'rc2' -> 'R C two', a letter after three parts ('1.0.2k') -> 'K'."""
    found = re.fullmatch(r"([a-z]+)(\d*)", suffix)
    letters, digits = found.group(1), found.group(2)
    if not digits:
        return speech.spell(letters)
    return f"{_SUFFIX_WORDS.get(letters, letters)} {speech.integer(digits)}"


def version(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("v_number") or match.group("big_v"):
            context.memory[VERSION_MEMORY] = True
            return "version " + version_words(speech, match.group("v_number") or match.group("big_v"))
        if match.group("series"):  # 'live-build 2.x': every release of the 2 series
            return f"{version_words(speech, match.group('series'))} point x"
        number, suffix = match.group("number"), match.group("suffix")
        if suffix and suffix.isalpha() and number.count(".") < 2:
            return None  # '4.5m', '2.5kg': a measure; a letter only follows a version of three parts ('1.0.2k')
        if suffix or number.count(".") >= 2 or _names_a_product(context):
            context.memory[VERSION_MEMORY] = True
            return version_words(speech, number) + (f" {_suffix_words(speech, suffix)}" if suffix else "")
        return None

    return Classifier(
        "version",
        r"(?<![\w.,])(?:v(?P<v_number>\d+(?:\.\d+)*)|V(?P<big_v>\d+(?:\.\d+)+)"
        r"|(?P<series>\d{1,4}(?:\.\d{1,4}){0,2})\.[xX](?![\w]|\.\w)"
        r"|(?P<number>\d{1,4}(?:\.\d{1,4}){1,3})(?P<suffix>(?:a|b|rc|alpha|beta|pre|dev|post)\d{1,3}|[a-z])?)"
        r"(?![\w]|[.,]\d)",
        say,
    )
