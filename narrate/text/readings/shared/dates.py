"""Dates, day first as every language here writes them: '24. Juli 2013', '24 de julio de 2013',
'1er janvier', '10/10/1989', '2013-07-24', '02.03.' and 'Juli 2013'; each language says them
in its own order (`Language.date`)."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Language
from narrate.text.readings.shared.patterns import month, weekday

_YEAR = r"(?:1\d{3}|20\d{2})"
_OF = r"(?:\s(?:de|del|di|d')\s?)"


def _valid(month_number: int, day: int) -> bool:
    return 1 <= month_number <= 12 and 1 <= day <= 31


def month_number(language: Language, word: str) -> int | None:
    return language.words.month_forms.get(word.lower().rstrip("."))


def numeric_date(language: Language) -> Classifier:
    """'24.07.2013', '10/10/1989', '1/5/2025', '2013-07-24', '24.07.13'; '03/15/2024' is month
    first (there is no fifteenth month); '02.03.' and '17.06' (two digits each, no decimal
    comma in sight) are a day and a month."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("short_day2"):
            return _short(language, match, context)
        if match.group("iso_year"):
            year, month_value, day = match.group("iso_year"), int(match.group("iso_month")), int(match.group("iso_day"))
            if not _valid(month_value, day) or match.group("iso_sep") != match.group("iso_sep2"):
                return None
            return language.date(day, month_value, year, context)
        if match.group("short_day"):
            day, month_value = int(match.group("short_day")), int(match.group("short_month"))
            if not _valid(month_value, day):
                return None
            if match.group("short_stop") and context.char_after() == " " and context.after(3)[1:2].isdigit():
                return None  # "12.05. 2013"? let the written date take it
            return language.date(day, month_value, None, context)
        separators = {match.group("sep1"), match.group("sep2")}
        if len(separators) != 1:
            return None
        first, second, year = int(match.group("first")), int(match.group("second")), match.group("year")
        if len(year) == 2 and separators == {"-"}:
            return None  # "5-10-15": a range or a code
        if _valid(second, first):
            return language.date(first, second, year, context)
        if _valid(first, second):
            return language.date(second, first, year, context)  # "03/15/2024"
        return None

    return Classifier(
        "date",
        r"(?<![\w.,/\-])(?:(?P<iso_year>1\d{3}|20\d{2})(?P<iso_sep>[-/.])(?P<iso_month>\d{1,2})(?P<iso_sep2>[-/.])(?P<iso_day>\d{1,2})"
        r"|(?P<first>\d{1,2})(?P<sep1>[-/.])(?P<second>\d{1,2})(?P<sep2>[-/.])(?P<year>\d{4}|\d{2})"
        r"|(?P<short_day>\d{1,2})\.(?P<short_month>\d{1,2})(?P<short_stop>\.)(?=\s|$)"
        r"|(?P<short_day2>[0-3]\d)\.(?P<short_month2>[01]\d)(?=\s|$|[,;)]))"
        r"(?![\w\-/]|[.,]\d)",
        say,
    )


def _short(language: Language, match: re.Match[str], context: Context) -> str | None:
    day, month_value = int(match.group("short_day2")), int(match.group("short_month2"))
    if not _valid(month_value, day) or language.dot_times:
        return None
    following = context.word_after().strip(".,;:")
    if following in language.words.units or following in language.words.currencies:
        return None  # "17.06 m": a number written the English way
    return language.date(day, month_value, None, context)


def _sentence_stop(language: Language, match: re.Match[str], word: str, month_value: int) -> str:
    """The full stop after a month written in full ('hasta el 13 de mayo. Segundo...') ends the
    sentence and is kept (after 'sept.' it is the abbreviation's)."""
    if match.group(0).endswith(".") and word.lower() == language.words.months[month_value - 1].lower():
        return "."
    return ""


def written_date(language: Language) -> Classifier:
    """'24. Juli 2013', '24 juillet 2013', '24 de julio de 2013', '1º de maio', '1er janvier',
    '30 julio del 2020', 'Juli 2013', 'abril 30', 'junio 11 2000', 'vier. 10 de mayo'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        word = match.group("month") or match.group("month_first") or match.group("month_only")
        month_value = month_number(language, word)
        if month_value is None:
            return None
        day_written = match.group("day") or match.group("day_after")
        year = match.group("year") or match.group("year_after") or match.group("year_only")
        if not word[0].isupper() and language.ambiguous_month(word) and not (day_written and year):
            return None  # Portuguese 'mar', Italian 'set': words as well
        if match.group("month_only") and not word[0].isupper() and language.capitalises_months:
            return None
        day = int(day_written) if day_written else None
        if day is not None and not 1 <= day <= 31:
            return None
        if match.group("month_only") and word.endswith(".") and len(word) <= 4:
            return None  # "Jan. 2013"? rare; "Nr. 2013" is no month
        weekday_words = ""
        if match.group("weekday"):
            comma = "," if match.group("weekday_comma") else ""
            weekday_words = language.words.weekdays[match.group("weekday").lower().rstrip(".")] + comma + " "
        year_joiner = match.group("of_year") or ""
        return weekday_words + language.date(day, month_value, year, context, year_joiner.strip()) \
            + _sentence_stop(language, match, word, month_value)

    of = r"(?:\s(?:de|del|di|d')\s?)"
    return Classifier(
        "date",
        rf"(?<![\w.])(?:(?P<weekday>{weekday(language)})\.?(?P<weekday_comma>,)?\s)?"
        rf"(?:(?P<day>[12]\d|3[01]|0?[1-9])(?:\.|º|ª|°|o|er|ᵉʳ)?(?:{of}|\s)(?P<month>{month(language)})(?![\w])\.?"
        rf"(?:(?P<of_year>{of}|,?\s)(?P<year>{_YEAR})(?![\w%]|[.,]\d))?"
        rf"|(?P<month_first>{month(language)})(?![\w])\.?\s(?P<day_after>[12]\d|3[01]|0?[1-9])(?![\w:]|[.,]\d)"
        rf"(?:,?\s(?P<year_after>{_YEAR})(?![\w%]|[.,]\d))?"
        rf"|(?P<month_only>{month(language)})(?![\w])\.?(?:{of}|\s)(?P<year_only>{_YEAR})(?![\w%]|[.,]\d))",
        say,
    )


def days_of_a_month(language: Language) -> Classifier:
    """'les 17/18 juin', '17-18-19 mars 2025': several days of one month, each said."""
    def say(match: re.Match[str], context: Context) -> str | None:
        days = [int(day) for day in re.split(r"\.?[/\-]", match.group("days").rstrip("."))]
        if not all(1 <= day <= 31 for day in days) or days != sorted(days):
            return None
        month_value = month_number(language, match.group("month"))
        if month_value is None:
            return None
        year = match.group("year")
        last = language.date(days[-1], month_value, year, context) \
            + _sentence_stop(language, match, match.group("month"), month_value)
        words = [language.day_alone(day, context) for day in days[:-1]]
        return " ".join(words) + " " + last if words else last

    return Classifier(
        "date",
        rf"(?<![\w.,/\-])(?P<days>\d{{1,2}}\.?(?:[/\-]\d{{1,2}})+\.?)(?:{_OF}|\s)(?P<month>{month(language)})(?![\w])\.?"
        rf"(?:(?:{_OF}|,?\s)(?P<year>{_YEAR})(?![\w%]|[.,]\d))?",
        say,
    )
