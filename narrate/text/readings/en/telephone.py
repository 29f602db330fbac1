"""Telephone numbers and IP addresses, digit by digit in their groups:
'+1 123-123-5678' -> 'plus one, one two three, one two three, five six seven eight';
'555-1234' -> 'five five five, one two three four'; '123.123.0.40' -> 'one two three dot one
two three dot zero dot four zero'."""

from __future__ import annotations

import re

from narrate.text.readings.en.speech import English
from narrate.text.readings.framework import Classifier, Context


_RANGE_WORDS = frozenset({"pages", "page", "pp.", "from", "between", "years", "nos.", "lines"})


# Words before a dotted number that make it the number of a part of a document, not an address.
_NUMBERED_PARTS = frozenset({"section", "sections", "chapter", "chapters", "\u00a7", "\u00a7\u00a7", "part", "parts",
                             "paragraph", "clause", "step", "figure", "table", "appendix", "item", "rule", "article"})


_TITLE_AFTER = re.compile(r"\.\s+[A-Z]")  # a heading's number as script.py writes it: '8.5.1.1. Dates'


def telephone(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        written = match.group(0)
        if match.group("ip"):
            if context.word_before().lower().strip("(\"'") in _NUMBERED_PARTS:
                return None  # 'Section 9.2.1.1': the version class says 'nine point two ...'
            if not context.before().strip() and _TITLE_AFTER.match(context.after()) \
                    and all(re.fullmatch(r"[1-9]\d?", part) for part in written.split(".")):
                return None  # '8.5.1.1. Dates': a heading's section number (PostgreSQL's manual)
            parts = written.split(".")
            return " dot ".join(speech.digits(part) for part in parts)
        if re.fullmatch(r"\d{3}-\d{4}", written) and (
                written[0] in "01" or context.word_before().lower().strip("(,") in _RANGE_WORDS):
            return None  # "pages 100-1000", "from 150-1200": a range
        groups = re.findall(r"\+?\d+", written)
        spoken = []
        for group in groups:
            if group.startswith("+"):
                spoken.append("plus " + speech.digits(group))
            elif len(group) == 3 and group.endswith("00") and group != "000":
                spoken.append(speech.cardinal(int(group)))  # "1-800-...": "one, eight hundred, ..."
            else:
                spoken.append(speech.digits(group))
        return ", ".join(spoken)

    sep = r"[\s.\-]"
    north_american = (rf"(?:\+?1{sep}?|\+\d{{1,3}}{sep})?(?:\(\d{{3}}\){sep}?|\(\d{{3}}\)|\d{{3}}{sep})"
                      rf"\d{{3}}{sep}\d{{4}}(?:-\d{{1,4}})?")
    international = (rf"\+\d{{1,3}}{sep}?\(0\){sep}?\d{{1,8}}(?:{sep}\d{{1,8}}){{1,4}}"  # "+44 (0)20 7946 0958"
                     rf"|\+\d{{1,3}}(?:{sep}\(?\d{{1,8}}\)?){{2,5}}")
    national = r"0\d{2,4} \d{3,4} \d{3,4}"  # "0800 123 4567", "020 7946 0018"
    return Classifier(
        "telephone",
        rf"(?<![\w+(.\-])(?:(?P<ip>\d{{1,3}}(?:\.\d{{1,3}}){{3}})(?![\w]|\.\d)"
        rf"|(?:{north_american}|{international}|{national}|\d{{3}}-\d{{2}}-\d{{4}}|\d{{3}}-\d{{4}})(?![\w\-]|[.,]?\d))",
        say,
    )
