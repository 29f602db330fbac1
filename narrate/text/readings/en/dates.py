"""Dates, years, decades and times of day.

'July 25 2012' -> 'July twenty-fifth, twenty twelve'; '16 July 1943' -> 'the sixteenth of
July nineteen forty-three'; '2016/07/03' -> 'July third, twenty sixteen' (British English:
'the third of July twenty sixteen'); '10/06/2005' is month first in American English and day
first in British; '(1936)' and 'in 1950' are years, '1950 people' is not; '1980s' ->
'nineteen eighties'; '3:05' -> 'three oh five', '1:59 p.m. EST' -> 'one fifty-nine p.m. EST'.
"""

from __future__ import annotations

import re

from narrate.text.readings.en.patterns import AM_PM, DAY, MONTH, alternatives
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import (
    AMBIGUOUS_MONTHS,
    COUNTED_NOUNS,
    MONTH_FORMS,
    MONTHS,
    NOT_NOUNS,
    QUANTITY_LEADS,
    TIME_ZONES,
    UNITS,
    WEEKDAYS,
    YEAR_LEADS,
)
from narrate.text.readings.framework import Classifier, Context

_DECADE_WORDS = ("hundreds", "tens", "twenties", "thirties", "forties", "fifties", "sixties",
                 "seventies", "eighties", "nineties")
_WEEKDAY = alternatives([*WEEKDAYS, *(day[:3] for day in WEEKDAYS)])
_ZONE = alternatives(TIME_ZONES)
# Words that come before a year in a running list ("in 1939 and 1945", "1914 to 1918").
_YEAR_JOINERS = frozenset({"and", "or", "to", "through", "until", "till", "&", "-", "\u2013", ",", "/"})
_YEAR = re.compile(r"1\d{3}|20\d{2}")
_QUANTITY_NOUNS = frozenset({"total", "sum", "population", "number", "average", "maximum", "minimum", "cost",
                             "price", "value", "figure", "rate", "score", "count", "budget", "height", "depth",
                             "length", "weight", "distance", "speed", "capacity", "crowd", "attendance", "tally",
                             "salary", "income", "revenue", "profit", "loss", "balance", "fine", "debt"})
_PREPOSITIONS = frozenset({"to", "of", "at", "for", "from", "until", "till", "before", "after", "than", "as"})
# Verbs after a number opening a sentence that make it a year ("2020 will be ...").
_YEAR_VERBS = frozenset({"was", "is", "will", "has", "had", "saw", "marked", "brought", "began", "ended",
                         "proved", "became", "turned", "looks", "promises", "marks", "sees"})
# Prepositions after a number opening a sentence that make it a year ("1990 for the team ...").
_OPENING_PREPOSITIONS = frozenset({"for", "in", "on", "at", "with", "during", "through"})
_APPROXIMATELY = frozenset({"about", "around", "roughly", "approximately", "circa", "c.", "ca."})
_AFTER_A_YEAR = frozenset({"and", "or", "when", "until", "through", "onward", "onwards"})
_TWO_WORD_LEADS = frozenset({("soon", "as"), ("early", "as"), ("late", "as"), ("recently", "as"),
                             ("as", "of"), ("end", "of"), ("summer", "of"), ("spring", "of"), ("autumn", "of"),
                             ("winter", "of"), ("fall", "of"), ("class", "of"), ("start", "of"), ("beginning", "of")})
_DETERMINERS = frozenset("the a an this that last next every each its his her their our whose its".split())
YEAR_MEMORY = "year"


def month_number(word: str) -> int | None:
    return MONTH_FORMS.get(word.lower().rstrip("."))


def plausible_month_word(word: str, has_year: bool, has_day: bool) -> bool:
    """'May 5', '17 may 2010', 'jan 5': dates; 'may 5' ('they may 5 times') is not."""
    bare = word.rstrip(".").lower()
    if bare not in MONTH_FORMS:
        return False
    if word[0].isupper():
        return has_day or has_year
    return bare not in AMBIGUOUS_MONTHS or (has_year and has_day)


def year_of(speech: English, written: str) -> str:
    """'2012' -> 'twenty twelve'; "'98" and '98' (of a date) -> 'ninety-eight', '05' -> 'oh five'."""
    digits = written.lstrip("'\u2019")
    if len(digits) == 2:
        value = int(digits)
        return f"oh {speech.cardinal(value)}" if value < 10 else speech.cardinal(value)
    return speech.year(int(digits))


def date_words(speech: English, month: int, day: int | None, year: str | None,
               day_first: bool, the: bool = True) -> str:
    """The date in the order it is said: 'July twenty-fifth, twenty twelve' (month first) or
    'the twenty-fifth of July twenty twelve' (day first)."""
    name = MONTHS[month - 1]
    if day is None:
        return f"{name} {year_of(speech, year)}" if year else name
    ordinal = speech.ordinal(day)
    if day_first:
        spoken = f"{'the ' if the else ''}{ordinal} of {name}"
        return f"{spoken} {year_of(speech, year)}" if year else spoken
    spoken = f"{name} {ordinal}"
    return f"{spoken}, {year_of(speech, year)}" if year else spoken


def _valid(month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= 31


def numeric_date(speech: English) -> Classifier:
    """'2016-11-03', '2016/07/03', '01.10.2010', '10/06/2005', '11/17/05', '15-01-2020'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        british = speech.british
        if match.group("iso_year"):
            year, month, day = match.group("iso_year"), int(match.group("iso_month")), int(match.group("iso_day"))
            if not _valid(month, day):
                return None
            return date_words(speech, month, day, year, day_first=british)
        separators = {match.group("sep1"), match.group("sep2")}
        if len(separators) != 1:
            return None
        first, second, year = int(match.group("first")), int(match.group("second")), match.group("year")
        if len(year) == 2 and separators != {"/"}:
            return None  # "1.5.20", "5-10-15": versions and ranges, not dates
        month_first = _valid(first, second)
        day_first = _valid(second, first)
        if not (month_first or day_first):
            return None
        if day_first and (british or not month_first):
            return date_words(speech, second, first, year, day_first=True)
        return date_words(speech, first, second, year, day_first=False)

    return Classifier(
        "date",
        r"(?<![\w.,/\-])(?:(?P<iso_year>1\d{3}|20\d{2})(?P<iso_sep>[-/.])(?P<iso_month>\d{1,2})[-/.](?P<iso_day>\d{1,2})"
        r"|(?P<first>\d{1,2})(?P<sep1>[-/.])(?P<second>\d{1,2})(?P<sep2>[-/.])(?P<year>\d{4}|\d{2}))"
        r"(?![\w\-/]|[.,]\d)",
        say,
    )


def month_first_date(speech: English) -> Classifier:
    """'July 25 2012', 'Jan. 15, 2020', 'SEPT. 15', 'Jan-15-2020', 'July 1876', 'june 30'."""
    def say(match: re.Match[str], _: Context) -> str | None:
        word = match.group("month")
        day = match.group("day")
        year = match.group("year") or match.group("year_only")
        if not plausible_month_word(word, bool(year), bool(day)):
            return None
        month = month_number(word)
        assert month is not None
        day_value = int(re.sub(r"\D", "", day)) if day else None
        if day_value is not None and not 1 <= day_value <= 31:
            return None
        weekday = match.group("weekday") or ""
        spoken = date_words(speech, month, day_value, year, day_first=False)
        if speech.british and day_value is not None:  # "July the twenty-fifth"
            spoken = spoken.replace(f"{MONTHS[month - 1]} ", f"{MONTHS[month - 1]} the ", 1)
        return weekday + spoken

    return Classifier(
        "date",
        rf"(?<![\w.])(?P<weekday>(?:{_WEEKDAY})\.?,?\s)?(?P<month>{MONTH})(?![\w])\.?"
        rf"(?:(?:\s?-\s?|\s)(?P<day>{DAY})(?![\d:.,]\d|[\w%])(?:(?:,\s?|\s|-)(?P<year>1\d{{3}}|20\d{{2}})(?![\w%]|[.,]\d))?"
        rf"|\s(?P<year_only>1\d{{3}}|20\d{{2}})(?![\w%]|[.,]\d))",
        say,
    )


def day_first_date(speech: English) -> Classifier:
    """'16 July 1943' -> 'the sixteenth of July nineteen forty-three', 'the 26th May', '25 sept.'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        word = match.group("month")
        year = match.group("year")
        if not plausible_month_word(word, bool(year), True):
            return None
        if not word[0].isupper() and not year and word.lower().rstrip(".") in AMBIGUOUS_MONTHS:
            return None
        month = month_number(word)
        assert month is not None
        day = int(re.sub(r"\D", "", match.group("day")))
        if not 1 <= day <= 31:
            return None
        the = bool(match.group("the")) or context.word_before().lower() != "the"
        prefix = match.group("the_word") or ""
        spoken = date_words(speech, month, day, year, day_first=True, the=the)
        if prefix and prefix[0].isupper():
            spoken = spoken[0].upper() + spoken[1:]
        if match.group(0).endswith(".") and not year and word.rstrip(".").capitalize() in MONTHS \
                and not word.endswith("."):
            spoken += "."  # 'on 3 May. Results follow.': the sentence's full stop, not an abbreviation's
        return spoken

    return Classifier(
        "date",
        rf"(?<![\w.,])(?P<the>(?P<the_word>[Tt]he)\s)?(?P<day>{DAY})(?:\s(?:of\s)?|-)(?P<month>{MONTH})(?![\w])\.?"
        rf"(?:,?\s(?P<year>1\d{{3}}|20\d{{2}})(?![\w%]|[.,]\d))?",
        say,
    )


def quarter(speech: English) -> Classifier:
    """'2Q22' -> 'the second quarter of twenty-two', 'Q3 2024' -> 'the third quarter of twenty twenty-four'."""
    def say(match: re.Match[str], _: Context) -> str:
        number = int(match.group("q") or match.group("q2"))
        year = match.group("y") or match.group("y2")
        return f"the {speech.ordinal(number)} quarter of {year_of(speech, year)}"

    return Classifier(
        "date",
        r"(?<![\w])(?:(?P<q>[1-4])Q(?P<y>\d{2}|\d{4})|Q(?P<q2>[1-4])\s(?P<y2>1\d{3}|20\d{2}))(?![\w])",
        say,
    )


def era_year(speech: English) -> Classifier:
    """'340 A.D' -> 'three forty A.D.', '44 BC' -> 'forty-four B.C.', 'AD 79'."""
    def say(match: re.Match[str], context: Context) -> str:
        year = int(match.group("year") or match.group("year_after"))
        era = re.sub(r"[^A-Za-z]", "", match.group("era") or match.group("era_before")).upper()
        spoken_era = ".".join(era) + "."
        if match.group("era_before"):
            return f"{spoken_era} {speech.year(year)}"
        return f"{speech.year(year)} {spoken_era}"

    era = r"(?:A\.?D\.?|B\.?C\.?(?:E\.?)?|C\.?E\.?|BCE|CE)"
    return Classifier(
        "year",
        rf"(?<![\w.,])(?:(?P<year>\d{{1,4}})\s?(?P<era>{era})(?![\w])"
        rf"|(?P<era_before>AD|A\.D\.)\s(?P<year_after>\d{{1,4}})(?![\w]|[.,]\d))",
        say,
    )


def is_year_context(context: Context) -> bool:
    """Whether the four-digit number at `context` is a year: after a word that introduces
    one, in brackets on its own, in a list after a year, standing alone, or between a
    determiner and a noun ('the 2012 Olympics'); never before a counted noun or a unit."""
    before = context.word_before()
    bare_before = before.lower().strip("(,;:\"'")
    after = context.word_after()
    bare_after = after.lower().strip(",.;:!?)\"'")
    two_before = tuple(word.lower().strip(",") for word in context.words_before(2))
    if bare_after in COUNTED_NOUNS or after.rstrip(",.;:") in UNITS:
        return False
    if two_before in _TWO_WORD_LEADS:
        return True  # "as soon as 2023", "by the end of 2025"
    three_before = [word.lower().strip(",") for word in context.words_before(3)]
    if len(three_before) == 3 and three_before[1:] == ["at", "least"] and three_before[0] in YEAR_LEADS:
        return True  # "until at least 2021"
    value = int(context.text[context.start:context.end])
    if (bare_before == "of" and two_before[:1] and two_before[0] not in _QUANTITY_NOUNS
            and (not after or after[0] in ",.;:!?)" or bare_after in _YEAR_VERBS or bare_after in _AFTER_A_YEAR)
            and 1900 <= value <= 2099):
        return True  # "the first primary of 2020," "the first 63 days of 1970 will" (not "a total of 1950.")
    if (bare_before in _APPROXIMATELY and len(two_before) == 2 and two_before[0] in YEAR_LEADS
            and 1900 <= value <= 2099):
        return True  # "in about 2030", "by around 2050"
    if bare_before in QUANTITY_LEADS:
        return False
    if bare_before in YEAR_LEADS or (before.endswith("-") and bare_before.rstrip("-") in {"mid", "pre", "post"}):
        return True
    if context.char_before() == "(":
        named = next((word for word in reversed(context.words_before(2)) if word != "("), "").strip(",;:")
        if named.islower() and _plural(named):
            return False  # "very long lines (1077)": a count of them
    if context.char_before() == "(" or before.endswith("(") or before in {"(b.", "(d.", "(c.", "(ca."}:
        return True
    if context.memory.get(YEAR_MEMORY) and (bare_before in _YEAR_JOINERS or before.endswith(",")):
        return True
    following = context.words_after(3)
    if (after == "/" and len(following) >= 2 and _YEAR.fullmatch(following[1].strip(",.;:)"))
            and (len(following) < 3 or following[2].lower().strip(",.;:)") not in COUNTED_NOUNS)):
        return True  # "1795 / 1805": two years
    if context.opens_text() and context.closes_text():
        return True  # the number is the whole text: a heading, a caption, a date line
    if bare_before in _DETERMINERS and (after[:1].isalpha() and bare_after not in {"of", "to", "and", "or"}):
        return True
    if bare_before.endswith("'s") and after[:1].isalpha():
        return True  # "America's 1976 bicentennial"
    if (context.sentence_start() or context.char_before() in "\"\u201c") and (
            bare_after in _YEAR_VERBS or bare_after in _OPENING_PREPOSITIONS):
        return True  # '"2020 will be about ...', '1990 for the ...'
    value = int(context.text[context.start:context.end])
    if (1000 <= value <= 2099 and before.endswith(",") and context.text[context.end:context.end + 1] == ","
            and not bare_before.replace(".", "").isdigit()):
        return True  # a record's cells read in a row: 'Repeat Performance, 1947, A woman who ...'
    if 1900 <= value <= 2099 and after.startswith(("'s", "\u2019s")):
        return True  # "2013's Star Trek"
    if 1900 <= value <= 2099 and bare_before in _PREPOSITIONS and (not after or after[0] in ",.;:!?)"):
        return True  # "Flash-forward to 2017, when ...", "the primary of 2020,"
    if 1900 <= value <= 2099 and bare_after.isalpha() and after[:1].isupper() and not after.isupper() \
            and not bare_after.endswith("s"):
        return True  # "the '2018 Welcome Festival'", "a 2020 North American tour"
    if (1900 <= value <= 2099 and bare_after.isalpha() and after[:1].islower() and not _plural(bare_after)
            and bare_after not in NOT_NOUNS):
        return True  # "a crewed 2024 moon mission", "the 2020 budget": a year before a noun
    return False


def _plural(word: str) -> bool:
    return word.endswith("s") and not word.endswith(("ss", "us", "is"))


def year(speech: English) -> Classifier:
    """A four-digit number from 1000 to 2099 read as a year where the context says so."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if not is_year_context(context):
            return None
        context.memory[YEAR_MEMORY] = True
        return speech.year(int(match.group("year")))

    return Classifier(
        "year",
        r"(?<![\w.,$\u00a3\u20ac#/\-])(?P<year>1\d{3}|20\d{2})(?![\w%\u00b0/]|[.,]\d|\s?[-\u2013]\s?\d)",
        say,
    )


def season_years(speech: English) -> Classifier:
    """'the 2022/23 season' -> 'twenty twenty-two twenty-three': a year and the next one's last
    two digits (a season, a school or tax year), not a fraction."""
    def say(match: re.Match[str], _: Context) -> str | None:
        first, second = int(match.group("first")), int(match.group("second"))
        if (first + 1) % 100 != second:
            return None
        return f"{speech.year(first)} {speech.cardinal(second) if second >= 10 else 'oh ' + speech.cardinal(second)}"

    return Classifier("year", r"(?<![\w.,/\-])(?P<first>(?:19|20)\d\d)/(?P<second>\d\d)(?![\w/]|[.,]\d)", say)


def decade(speech: English) -> Classifier:
    """'1980s' -> 'nineteen eighties', "'80s" -> 'eighties', '2000s' -> 'two thousands',
    'mid-1980s' -> 'mid nineteen eighties', '100s' -> 'hundreds'."""
    def say(match: re.Match[str], _: Context) -> str | None:
        mid = "mid " if match.group("mid") else ""
        century = match.group("century")
        if match.group("gap") and century is None:
            return None  # "80 s" is eighty seconds, "100 s" a hundred
        if match.group("round"):
            return mid + {"100": "hundreds", "1000": "thousands"}[match.group("round")]
        tens = int(match.group("tens"))
        if century is None:
            return mid + _DECADE_WORDS[tens]
        if tens == 0 and century.endswith("0"):
            return mid + speech.cardinal(int(century[0])) + " thousands"
        return mid + speech.cardinal(int(century)) + " " + _DECADE_WORDS[tens]

    return Classifier(
        "decade",
        r"(?<![\w'\u2019.,])(?P<mid>[Mm]id-?)?['\u2019]?"
        r"(?:(?P<round>1000|100)|(?P<century>1\d|20)?(?P<tens>\d)0)(?P<gap>\s)?['\u2019]?s(?![\w])",
        say,
    )


def clock_words(speech: English, hour: int, minute: int, with_marker: bool) -> str:
    """3:05 -> 'three oh five', 12:00 -> "twelve o'clock", 15:00 -> 'fifteen hundred'."""
    if minute == 0:
        if with_marker:
            return speech.cardinal(hour)
        return f"{speech.cardinal(hour)} o'clock" if hour <= 12 else f"{speech.cardinal(hour)} hundred"
    if minute < 10:
        return f"{speech.cardinal(hour)} oh {speech.cardinal(minute)}"
    return f"{speech.cardinal(hour)} {speech.cardinal(minute)}"


def _marker(written: str | None) -> str:
    if not written:
        return ""
    return " a.m." if written.strip().lower().startswith("a") else " p.m."


def _zone(written: str | None) -> str:
    if not written:
        return ""
    return " " + re.sub(r"[^A-Za-z]", "", written).upper()


def duration_words(speech: English, hours: int, minutes: int, seconds: int) -> str:
    """'14:10:30' -> 'fourteen hours ten minutes and thirty seconds'."""
    def part(value: int, unit: str) -> str:
        return f"{speech.cardinal(value)} {unit}{'' if value == 1 else 's'}"
    return f"{part(hours, 'hour')} {part(minutes, 'minute')} and {part(seconds, 'second')}"


def time_of_day(speech: English) -> Classifier:
    """'3:05', '12:00', '01:00 a.m.', '1.59 p.m.', '5pm', '1:59 p.m. est', '14:10:30'."""
    def say(match: re.Match[str], _: Context) -> str | None:
        if match.group("hour") is not None:
            hour, minute = int(match.group("hour")), int(match.group("minute"))
            marker = _marker(match.group("ampm"))
            if match.group("second") is not None and not marker:
                return duration_words(speech, hour, minute, int(match.group("second")))
            if marker and not 1 <= hour <= 12:
                return None
            return clock_words(speech, hour, minute, bool(marker)) + marker + _zone(match.group("zone"))
        hour = int(match.group("hour2"))
        if not 1 <= hour <= 12:
            return None
        minute = int(match.group("minute2") or 0)
        return clock_words(speech, hour, minute, True) + _marker(match.group("ampm2")) + _zone(match.group("zone2"))

    zone = rf"(?:\s?(?:{_ZONE}|(?i:e\.s\.t\.?|est|edt|pst|pdt|gmt|utc))(?![\w]))"
    return Classifier(
        "time",
        rf"(?<![\w:.,])(?:(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)(?::(?P<second>[0-5]\d))?"
        rf"(?:\s?(?P<ampm>{AM_PM})(?P<zone>{zone})?)?(?![\d:])"
        rf"|(?P<hour2>[01]?\d)(?:[.:](?P<minute2>[0-5]\d))?\s?(?P<ampm2>{AM_PM})(?P<zone2>{zone})?)",
        say,
    )
