"""Times of day: '14:30 Uhr', '14h30', '14 h 30', '08:00', '1.05 h', '5:02 p.m.', '12h02m00s',
'17:15:26', '1 Uhr'; each language says them its way (`Language.time`): 'vierzehn Uhr
dreißig', 'quatorze heures trente', 'catorce y media', 'catorze horas e trinta'."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Language
from narrate.text.readings.shared.patterns import alternatives

_AM_PM = r"(?:[aApP]\.\s?[mM]\.?|[aApP][mM]\b)"
_ZONES = ("UTC", "GMT", "MEZ", "MESZ", "CET", "CEST", "EST", "PST", "WEZ", "BST", "EDT", "PDT", "CST", "MST")


def time_of_day(language: Language) -> Classifier:
    hour_words = alternatives(language.hour_words)
    units = language.words.units
    minute = units.get("min")
    minute_forms = [] if minute is None else [
        *(form for form, noun in units.items() if noun == minute),
        *(word for form in (minute.one, minute.many) for word in (form, form.capitalize()))]
    lasting = rf"\s(?P<lasting>{alternatives(minute_forms)})(?![\w])" if minute_forms else r"(?P<lasting>(?!))"

    def zone(n: int) -> str:
        return (rf"(?:\s?(?P<zone{n}>{alternatives(_ZONES)}|(?i:est|pst|gmt|utc))"
                rf"(?P<offset{n}>\s?[+-]\s?\d{{1,2}}(?::\d\d)?)?(?![\w]))?")

    def say(match: re.Match[str], context: Context) -> str | None:
        groups = match.groupdict()
        marker = None
        ampm = groups["ampm"] or groups["ampm_h"]
        if ampm:
            marker = "am" if ampm.lower().startswith("a") else "pm"
        if groups["lasting"] and minute is not None:  # '3:41 Minuten': a race's time, not a clock's
            minutes, seconds = int(groups["hour"]), int(groups["minute"])
            return f"{language.count(minutes, minute)} {minute.of(minutes == 1)} {language.cardinal(seconds)}"
        if groups["hour"] is not None:
            hour, minute_value = int(groups["hour"]), int(groups["minute"])
            second = int(groups["second"]) if groups["second"] else None
            if groups["dot"] and not (groups["word"] or marker or language.time_lead(context)
                                      or (language.dot_times and language.decimal_comma)):
                return None  # "12.15" alone: a number written the English way, not a time
            if groups["dot"] and not groups["word"]:
                following = context.word_after().strip(",.;:)")
                if context.after(2).lstrip().startswith("%") or following in language.words.units \
                        or following in language.words.currencies:
                    return None  # "12.15 %", "3.50 €"
        elif groups["h_hour"] is not None:
            hour = int(groups["h_hour"])
            minute_value = int(groups["h_minute"] or 0)
            second = int(groups["h_second"]) if groups["h_second"] else None
            if not groups["h_minute"] and groups["h_gap"] and not groups["h_hour"].startswith("0"):
                return None  # "3 h" is three hours: a measure
        else:
            hour, minute_value, second = int(groups["w_hour"]), 0, None
        if hour > 24 or (marker and not 1 <= hour <= 12):
            return None
        if second == 0:
            second = None  # "12:00:00": twelve o'clock
        spoken = language.time(hour, minute_value, second, marker, context)
        found_zone = groups["zone1"] or groups["zone2"]
        if found_zone:
            spoken += " " + " ".join(found_zone.upper())
            offset = groups["offset1"] or groups["offset2"]
            if offset:
                spoken += " " + language.offset(offset.replace(" ", ""))
        return spoken

    return Classifier(
        "time",
        rf"(?<![\w:.,])(?:(?P<hour>[01]?\d|2[0-4])(?:(?P<colon>:)|(?P<dot>\.))(?P<minute>[0-5]\d)"
        rf"(?::(?P<second>[0-5]\d))?(?![\d:]|[.,]\d)(?:{lasting})?"
        rf"(?:\s?(?P<word>{hour_words})(?![\w]))?(?:\s?(?P<ampm>{_AM_PM}))?{zone(1)}"
        rf"|(?P<h_hour>[01]?\d|2[0-4])(?P<h_gap>\s?)[hH](?:\s?(?P<h_minute>[0-5]\d)(?:\s?m(?:in)?\.?"
        rf"(?:\s?(?P<h_second>[0-5]\d)\s?(?:s|seg|sec)\.?)?)?)?(?![\w])"
        rf"(?:\s?(?P<ampm_h>{_AM_PM}))?{zone(2)}"
        rf"|(?P<w_hour>[01]?\d|2[0-4])\s(?P<w_word>{alternatives(language.o_clock_words)})(?![\w]))",
        say,
    )
