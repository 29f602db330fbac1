"""Money: '12,50 €', '€12,50', 'EUR 12,50', 'R$ 1.000', '$2', '2,5 Mio. €', '€2 billones',
'12,50 Euro': the amount, then the currency, then the cents where there are some
('zwölf Euro fünfzig Cent', 'doce reais e cinco centavos', 'dos millones de euros')."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.shared.language import Currency, Language
from narrate.text.readings.shared.numbers import signed
from narrate.text.readings.shared.patterns import alternatives, currency, number, scale


def amount_words(language: Language, found: Currency, written: str, scale_noun: str | None) -> str:
    """An amount in words: major units, then minor ones when there are any (and the currency
    has them), else the number as a decimal."""
    scales = language.words.scales
    if scale_noun is not None:
        scale_words = scales[scale_noun]
        if scale_words.many == "mil":  # 'R$ 50 mil': 'cinquenta mil reais', no 'de'
            return f"{language.scaled(written, scale_words)} {found.major.many}"
        return f"{language.scaled(written, scale_words)} {language.of(found.major.many)}"
    mark = "," if language.decimal_comma else "."
    whole, _, decimals = written.lstrip("+").partition(mark)
    while len(decimals) > 2 and decimals.endswith("0"):
        decimals = decimals[:-1]
    if len(decimals) > 2 or (decimals and found.minor is None):
        return f"{language.number(written)} {found.major.many}"
    cents = int(decimals.ljust(2, "0")) if decimals else 0
    plain = language.plain(whole) if whole else "0"
    major = int(plain) if plain.isdigit() else 0
    if len(plain) > 15:
        return f"{language.number(written)} {found.major.many}"
    minor_words = ""
    if cents and found.minor is not None:
        minor_words = f"{language.count(cents, found.minor)} {found.minor.of(cents == 1)}"
    if cents and not major:
        return minor_words
    major_words = language.money_major(major, found.major)
    return language.money_join(major_words, minor_words, cents) if cents else major_words


def _names_a_currency(context: Context, names: set[str]) -> bool:
    """The text goes on with a currency's name ('US$ 3 millones de dólares', '$ 50 mil pesos',
    '3 milliards d'euros')."""
    after = [word.lower().strip(",.;:") for word in context.words_after(2)]
    if not after:
        return False
    first = after[0].removeprefix("d'").removeprefix("d\u2019")
    return first in names or (len(after) > 1 and after[0] == "de" and after[1] in names)


def _without_currency(language: Language, spoken: str, currency_words: str) -> str:
    """'tres millones de dólares estadounidenses' less its currency: 'tres millones'."""
    if not spoken.endswith(currency_words):
        return spoken
    rest = spoken[: -len(currency_words)].rstrip()
    joiner = language.say.get("of", "")
    return rest[: -len(joiner)].rstrip() if joiner and rest.endswith(" " + joiner) else rest


def money(language: Language) -> Classifier:
    currencies = language.words.currencies
    # words ('Euro', 'dólares') follow an amount and are read by it only with its cents;
    # symbols and codes ('€', 'EUR', 'chf', 'ptas') may stand before it or after it
    words = {key for key in currencies if key.isalpha() and len(key) >= 5 or key in {"Euro", "euro"}}
    symbols = {key for key in currencies if key not in words}
    names = {key.lower() for key in words} | {name.lower() for found in currencies.values()
                                             for name in (found.major.one, found.major.many)}

    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("sign") and not signed(match, context):
            return None
        code = match.group("before") or match.group("after") or match.group("word")
        found = currencies.get(code) or currencies.get(code.lower())
        if found is None:
            return None
        written = match.group("amount") or match.group("amount_before") or match.group("amount_word")
        found_scale = match.group("scale") or match.group("scale_before")
        if match.group("word") and not found_scale and not re.search(r"[,.]\d\d$", written):
            return None  # "12 Euro": the number and the word as written say it already
        spoken = amount_words(language, found, written, found_scale)
        if match.group("before") and _names_a_currency(context, names):
            # 'US$ 3 millones de dólares', '$ 50 mil pesos': the text names the currency after the amount
            spoken = _without_currency(language, spoken, found.major.many)
        if match.group("sign"):
            spoken = f"{language.say['minus']} {spoken}"
        return spoken

    amount = number(language)
    symbol = alternatives(symbols)
    word = alternatives(words | {w.capitalize() for w in words})
    return Classifier(
        "money",
        rf"(?P<sign>[-\u2212](?=\D{{0,4}}\d))?"
        rf"(?:(?<![\w$])(?P<before>{symbol})\s?(?P<amount>{amount})(?:\s?(?P<scale>{scale(language)})(?![\w]))?"
        rf"|(?<![\w.,])(?P<amount_before>{amount})(?:\s?(?P<scale_before>{scale(language)})(?![\w]))?\s?(?P<after>{symbol})(?![\w$])"
        rf"|(?<![\w.,])(?P<amount_word>{amount})\s(?P<word>{word})(?![\w]))",
        say,
    )


__all__ = ["amount_words", "currency", "money"]
