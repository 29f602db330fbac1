"""Codes, versions and signs: 'A380' -> 'A dreihundertachtzig', 'COVID-19' -> 'COVID
diecinueve', 'Python 3.12.1' -> 'Python drei Punkt zwölf Punkt eins', '§ 5' -> 'Paragraph
fünf', '#1' -> 'Nummer eins', '~5' -> 'etwa fünf', '2 × 3' -> 'zwei mal drei', '2 + 2 = 4' ->
'dos más dos es igual a cuatro', arrows and signs the engine does not say."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Language
from narrate.text.readings.shared.patterns import alternatives


def code_words(language: Language, code: str) -> str:
    """Letters as written, digit runs as numbers (up to four digits), longer ones digit by digit."""
    words = []
    for run in re.findall(r"[^\W\d_]+|\d+", code):
        if not run.isdigit():
            words.append(run)
        elif run[0] != "0" and len(run) <= 4:
            words.append(language.cardinal(int(run)))
        else:
            words.append(language.digits(run))
    return " ".join(words)


def serial(language: Language) -> Classifier:
    return Classifier(
        "serial",
        r"(?<![\w\-])(?=[\w\-]*\d)(?=[\w\-]*[^\W\d_])[^\W_]+(?:-[^\W_]+)*(?![\w\-(]|[.,]\d)",
        lambda match, _: code_words(language, match.group(0)),
    )


def version(language: Language) -> Classifier:
    """'3.12.1' -> 'drei Punkt zwölf Punkt eins'; 'v2.0' -> 'Version zwei Punkt null'."""
    def say(match: re.Match[str], _: Context) -> str | None:
        written = match.group("number") or match.group("plain")
        if language.decimal_comma and re.fullmatch(r"\d{1,3}(?:\.\d{3})+", written) and not match.group("v"):
            return None  # "1.000.000": a number grouped in thousands
        spoken = f" {language.say['point']} ".join(language.integer(part) for part in written.split("."))
        return f"{language.say['version']} {spoken}" if match.group("v") else spoken

    return Classifier(
        "version",
        r"(?<![\w.,])(?:(?P<v>[vV])(?P<number>\d+(?:\.\d+)*)|(?P<plain>\d+(?:\.\d+){2,3}))(?![\w]|[.,]\d)",
        say,
    )


def manual_page(language: Language) -> Classifier:
    """'cat(1)', 'smartd(8)': a command and the section of its manual page ('cat eins')."""
    return Classifier(
        "serial",
        r"(?<![\w(])(?P<name>[a-z][\w.+\-]*[\w])\((?P<section>[1-9])[a-z]?\)",
        lambda match, _: f"{match.group('name')} {language.cardinal(int(match.group('section')))}",
    )


def numbered_part(language: Language) -> Classifier:
    """'Abschnitt 9.4.14' -> 'Abschnitt neun Punkt vier Punkt vierzehn', 'Sección 9.10' -> '...
    nueve punto diez': the parts of a numbered section, table or version, each a number."""
    words = language.words.section_words

    def say(match: re.Match[str], _: Context) -> str | None:
        if match.group("lead").lower() not in words:
            return None
        parts = match.group("number").split(".")
        spoken = f" {language.say['point']} ".join(language.integer(part) for part in parts)
        return f"{match.group('lead')} {spoken}"

    leads = alternatives({*words, *(word.capitalize() for word in words)})
    return Classifier(
        "version",
        rf"(?<![\w.])(?P<lead>{leads})\s(?P<number>\d{{1,3}}(?:\.\d{{1,3}}){{1,4}})(?![\w]|[.,]\d)",
        say,
        trigger=leads,
    )


_ALWAYS_SPELLED = frozenset({"UUID", "UEFI", "ERE", "IEEE", "EOF", "AES", "IO", "OS", "UI", "EU", "AI", "ISO"})
_SAID_AS_WORDS = frozenset({"GNU", "FAT", "NAT", "LAN", "RAM", "ROM", "PIN", "WAN", "DOS", "SAN", "LED", "CAD",
                            "PAL", "SIM", "VIP", "ZIP", "MAC", "TAR", "WIN", "JAVA", "NASA", "SMART", "BASIC"})
_VOWEL_LETTERS = set("AEIOU")


def initialism(language: Language) -> Classifier:
    """Capitals that are letters, spelled ('CPU', 'MTU', 'SSH', 'UUID', 'IPv4': 'I P v vier'),
    as eSpeak NG reads some of them as words in one voice and not in another; those said as
    words ('GNU', 'FAT', 'SMART') and text in capitals (a heading) are left as written."""
    def say(match: re.Match[str], context: Context) -> str | None:
        letters = match.group("letters")
        if _shouting(context):
            return None
        if letters in _SAID_AS_WORDS:
            return None
        if letters not in _ALWAYS_SPELLED and sum(ch in _VOWEL_LETTERS for ch in letters) > 1:
            return None  # 'NATO', 'UNESCO': read as words
        spelled = " ".join(letters)
        return spelled + (" v" if match.group("v") else "") + (" " if match.group("v") and context.char_after().isdigit() else "")

    return Classifier(
        "initialism",
        r"(?<![\w.&\-])(?P<letters>[A-Z]{2,4})(?P<v>v)?(?![a-z'&]|\.\w)(?=[\W\d]|$)",
        say,
    )


def _shouting(context: Context) -> bool:
    cached = context.memory.get("shouting")
    if cached is None:
        letters = [ch for ch in context.text if ch.isalpha()]
        cached = bool(letters) and sum(ch.isupper() for ch in letters) > 0.6 * len(letters) and len(letters) > 6
        context.memory["shouting"] = cached
    return bool(cached)


def word_slash(language: Language) -> Classifier:
    """'Eingabe-/Ausgabegeräte' -> 'Eingabe- und Ausgabegeräte' (a compound that shares its
    end), 'GNU/Linux' and 'CD-ROM/DVD' -> 'GNU Linux', 'CD-ROM DVD'; other slashes between
    words are said by the symbol step ('debian/changelog')."""
    def say(match: re.Match[str], _: Context) -> str | None:
        first, second = match.group("first"), match.group("second")
        if match.group("hyphen"):
            return f"{first}- {language.say['and_word']} {second}"
        if first[:1].isupper() and second[:1].isupper():
            return f"{first} {second}"
        return None

    return Classifier(
        "symbol",
        r"(?<![\w/.\-])(?P<first>[^\W\d_][\w\-]*?)(?P<hyphen>-)?/(?P<second>[^\W\d_][\w\-]*)(?![\w/]|\.\w)",
        say,
    )


def signs(language: Language) -> Classifier:
    """'§ 5', '§§ 3-5', '#1', '~5', 'n°', '×' and '=' between numbers, arrows."""
    symbols = language.words.symbols

    def say(match: re.Match[str], _: Context) -> str:
        sign = match.group(0).strip()
        if sign == "§§":
            return language.say["sections"]
        if sign in {"\u00d7", "x", "*"}:
            return language.say["times"]
        if sign in {"-", "\u2212"}:
            return language.say["minus"]
        return language.say.get(sign) or symbols.get(sign, "")

    return Classifier(
        "symbol",
        r"\u00a7\u00a7?(?=\s?\d)|(?<![\w&#])#(?=\s?\d)|(?<!\S)~(?=\s?\d)"
        r"|(?<=\d)\s?[\u00d7x*]\s?(?=\d)|(?<=\d\s)=(?=\s\d|\s[-\u2212]\d)|(?<=\d\s)[+](?=\s\d)"
        r"|(?<=\d\s)[-\u2212](?=\s\d[^=\n]{0,40}\s=\s)"
        r"|[\u2192\u2190\u2248\u2264\u2265\u2260\u00f7\u221e\u2030\u2116]",
        say,
    )
