"""Cardinal, decimal, ordinal, fraction and percent, in any language with a `Language`.

'1.234,5' -> 'eintausendzweihundertvierunddreißig Komma fünf', '2 Mio.' -> 'zwei Millionen',
'1.º' -> 'primero', '1re' -> 'première', '3/4' -> 'tres cuartos', '50 %' -> 'cinquanta per
cento'; '3.5' in a language with a decimal comma is read as written ('drei Punkt fünf': a
version or a foreign decimal, never a date).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import MAX_PLAIN_DIGITS, Language, Noun
from narrate.text.readings.shared.patterns import NUMBER_START, number, scale

VULGAR_FRACTIONS = {"\u00bd": (1, 2), "\u2153": (1, 3), "\u2154": (2, 3), "\u00bc": (1, 4), "\u00be": (3, 4),
                    "\u2155": (1, 5), "\u2156": (2, 5), "\u2157": (3, 5), "\u2158": (4, 5), "\u2159": (1, 6),
                    "\u215a": (5, 6), "\u2150": (1, 7), "\u215b": (1, 8), "\u215c": (3, 8), "\u215d": (5, 8),
                    "\u215e": (7, 8), "\u2151": (1, 9), "\u2152": (1, 10)}
_VULGAR = "".join(VULGAR_FRACTIONS)


def signed(match: re.Match[str], context: Context) -> bool:
    """Whether a '-' or '+' before a number is its sign ('-2', '(-3)'), not a dash between two
    things ('1980 - 1986')."""
    if not match.group("sign"):
        return False
    before = context.before().rstrip()
    return not before or not (before[-1].isalnum() or before[-1] in "%)]")


def cardinal(language: Language) -> Classifier:
    """'1.200' -> the number; '-2' -> minus two; '2 Mio.' -> two millions; '3,14' -> three comma
    one four (in the language's way); '3.5' in a decimal-comma language -> three point five."""
    scales = language.words.scales

    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("sign") and not signed(match, context):
            return None
        written = match.group("number")
        if match.group("foreign"):
            whole, _, decimals = match.group("foreign").partition(".")
            return f"{language.integer(whole)} {language.say['point']} {language.digits(decimals)}"
        spoken = language.number((match.group("sign") or "") + written)
        following = context.after(30).lstrip(" ").split(" ", 1)[0].rstrip(",.;:!?)") if context.after(1) == " " else ""
        feminine = language.feminine_noun(following) if following.isalpha() and following.islower() else None
        if feminine is not None and not match.group("scale") and "," not in written and "." not in written.strip(".") \
                and language.plain(written).isdigit() and len(language.plain(written)) <= MAX_PLAIN_DIGITS:
            value = int(language.plain(written))
            counted = language.count(value, Noun(following, following, feminine))
            return f"{language.say['minus']} {counted}" if match.group("sign") == "-" else counted
        found = match.group("scale")
        if found:
            noun = scales[found]
            return f"{language.scaled((match.group('sign') or '') + written, noun)}"
        return spoken

    point = r"(?P<foreign>\d{1,3}\.\d{1,2}|\d+\.\d{4,})" if language.decimal_comma else r"(?P<foreign>(?!))"
    return Classifier(
        "cardinal",
        rf"(?P<sign>[-\u2212+](?=\d))?{NUMBER_START}(?:{point}(?![\w]|[.,]\d)|(?P<number>{number(language)})"
        rf"(?:\s?(?P<scale>{scale(language)})(?![\w]))?(?![\w]))",
        say,
    )


def digits(language: Language) -> Classifier:
    """Any digit no other class took ('abc123' inside a word): said, never left to the engine."""
    return Classifier("cardinal", r"\d+", lambda match, _: language.integer(match.group(0)))


OrdinalWords = Callable[[int, str, Context], "str | None"]


def ordinal(language: Language, suffixes: str, words: OrdinalWords) -> Classifier:
    """A number with an ordinal suffix of the language ('1.º', '2ª', '3e', '1er', '4to'):
    `words(value, suffix, context)` says it (or declines)."""
    def say(match: re.Match[str], context: Context) -> str | None:
        value = int(re.sub(r"\D", "", match.group("number")))
        return words(value, match.group("suffix"), context)

    return Classifier(
        "ordinal",
        rf"{NUMBER_START}(?P<number>\d{{1,3}}(?:[. \u00a0\u202f]\d{{3}})+|\d+)(?P<suffix>{suffixes})(?![\w])",
        say,
    )


def not_a_fraction(numerator: int, denominator: int, context: Context, names: bool = True) -> bool:
    """'Saison 2021/22', 'ObOWi 860/21', 'Decreto 34/11', 'Windows 10/11': a season, a file's
    number, two of a name, not a fraction (ten times the denominator or more, or straight after
    a name; not in German, where every noun has a capital: 'am Ende 3/4 der Stimmen'). A person
    reads them as the numbers they are."""
    if numerator >= 10 * denominator:
        return True
    if not names:
        return False
    name = context.word_before().strip("(\"'")
    return name[:1].isupper() and name.isalpha() and not context.sentence_start(context.start - len(context.word_before()) - 1)


def fraction(language: Language, fraction_words: Callable[[int, int], str]) -> Classifier:
    """'3/4' -> 'tres cuartos', '1 1/2' -> 'uno y medio' (the language's words), '½' too."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("vulgar"):
            numerator, denominator = VULGAR_FRACTIONS[match.group("vulgar")]
        else:
            numerator, denominator = int(match.group("numerator")), int(re.sub(r"\D", "", match.group("denominator")))
            if match.group("numerator").startswith("0") or match.group("denominator").startswith("0"):
                return None
            if denominator == 0:
                return f"{language.cardinal(numerator)} {language.say['over']} {language.cardinal(0)}"
            if not match.group("whole") and not_a_fraction(numerator, denominator, context,
                                                            names=not language.capitalises_nouns):
                return None
        if match.group("whole"):
            spoken = language.mixed(int(match.group("whole").strip(" -")), numerator, denominator)
        else:
            spoken = fraction_words(numerator, denominator)
        if match.group("sign") and signed(match, context):
            spoken = f"{language.say['minus']} {spoken}"
        elif match.group("sign"):
            return None
        return spoken

    return Classifier(
        "fraction",
        rf"(?P<sign>[-\u2212](?=\d|[{_VULGAR}]))?{NUMBER_START}"
        rf"(?:(?P<whole>\d+(?:\s+|-|(?=[{_VULGAR}])))(?=\d{{1,4}}[/\u2044]\d|[{_VULGAR}]))?"
        rf"(?:(?P<numerator>\d{{1,6}})[/\u2044](?P<denominator>\d{{1,3}}(?:\.\d{{3}})+|\d{{1,7}})(?![\w/]|[.,]\d)"
        rf"|(?P<vulgar>[{_VULGAR}]))",
        say,
    )


def percent(language: Language) -> Classifier:
    """'50 %' -> 'fünfzig Prozent', '-8,52 %' -> 'menos ocho coma cincuenta y dos por ciento'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("sign") and not signed(match, context):
            return None
        written = match.group("number") or match.group("point").replace(".", ",")  # '23.1%': a decimal point
        return f"{language.number((match.group('sign') or '') + written)} {language.say['percent']}"

    point = r"|(?P<point>\d{1,3}\.\d{1,2})" if language.decimal_comma else ""
    return Classifier(
        "percent",
        rf"(?P<sign>[-\u2212+](?=\d))?{NUMBER_START}(?:(?P<number>{number(language)}){point})\s?(?:%|\u066a)",
        say,
    )
