"""Telephone numbers and IP addresses, in their groups: '+49 30 1234567', '(0411) 1234-1234',
'030/1234567', '01 23 45 67 89' (French in pairs: 'zéro un, vingt-trois, ...'), '(11)
99999-8888', '123-123-5678'; '192.168.1.1' -> 'uno nove due punto ...'. An extension after
'ext.' or a fourth group after a hyphen is said as one."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Language

_SEP = r"[\s.\-/]"


def _after_a_number_word(language: Language, context: Context) -> bool:
    """'N° 464-2021', 'n°2019-1130', 'Nr. 860-21': a document's number, not a telephone's."""
    before = context.before()[-8:].rstrip()
    return any(before.endswith(form) for form in language.words.before_number)


def telephone(language: Language) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        written = match.group("phone") or match.group("ip")
        if match.group("ip"):
            groups = written.split(".")
            if any(int(group) > 255 or (len(group) > 1 and group[0] == "0") for group in groups):
                return None  # "1.000.000.000": a number in groups of thousands
            return f" {language.words.symbols['.']} ".join(language.digits(part) for part in written.split("."))
        if re.fullmatch(r"\d{3}-\d{4}", written) and written[0] in "01":
            return None
        years = re.fullmatch(r"(1\d{3}|20\d{2})-(1\d{3}|20\d{2})", written)
        if years and int(years.group(2)) > int(years.group(1)):
            return None  # "1914-1918": a range of years
        groups = re.findall(r"\+?\d+", written)
        if _after_a_number_word(language, context) and not written.startswith(("+", "(", "0")):
            return ", ".join(language.cardinal(int(group)) for group in groups)  # 'N° 464-2021': a file's number
        spoken = [language.phone_group(group) for group in groups]
        if match.group("extension"):
            spoken.append(f"{language.say['extension']} {language.digits(match.group('extension'))}")
        return ", ".join(spoken)

    international = rf"\+\d{{1,3}}(?:{_SEP}?\(\d{{1,5}}\))?(?:{_SEP}?\d{{1,5}}){{1,5}}"
    area = r"\(\d{2,5}\)\s?\d{3,5}(?:[\s\-]\d{2,5}){0,3}"
    national = r"0\d{1,4}(?:\s?/\s?|\s|-)\d{3,8}(?:[\s\-]\d{2,5}){0,3}"
    pairs = r"0\d(?:[\s.]\d\d){4}"
    american = r"\d{3}-\d{3}-\d{3,4}|\d{4,5}-\d{4}|\d{3}-\d{4}|\d{2}\s\d{4,5}-\d{4}"
    return Classifier(
        "telephone",
        rf"(?<![\w+(.\-/])(?:(?P<ip>\d{{1,3}}(?:\.\d{{1,3}}){{3}})(?![\w.]|\.\d)"
        rf"|(?P<phone>{international}|{area}|{pairs}|{national}|{american})"
        rf"(?:(?:\s?(?i:ext|extensión|extensão|Durchwahl|poste|interno)\.?\s?|-)(?P<extension>\d{{1,5}}))?"
        rf"(?![\w\-]|[.,]?\d))",
        say,
    )
