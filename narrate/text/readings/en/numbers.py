"""Cardinal, decimal, ordinal, fraction and percent: numbers on their own."""

from __future__ import annotations

import re

from narrate.text.readings.en.patterns import NUMBER, NUMBER_START
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import FRACTION_WORDS, SCALES, VULGAR_FRACTIONS
from narrate.text.readings.framework import Classifier, Context

# Scale words a bare number may carry ("2bn people", "100K hits"); "m" and "b" alone are
# left to the units ("100m" is metres) and to money ("$5m").
_BARE_SCALES = r"(?<=\d)(?:bn|tn|mn|[kK])|\s?(?:bn|mln|bln|thousand|million|billion|trillion|quadrillion)"
_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}
_VULGAR = "".join(VULGAR_FRACTIONS)
# Words after "1/2" that show it is not "half a ..." ("1/2 of the", "1/2 and").
_NOT_A_NOUN = frozenset("of and or to the a an in on at for is was are by with per".split())


# Words after which a '-' before a number is its sign: 'or -1 on error', 'from -128 to 127'
_VALUE_BEFORE = frozenset("""or and from to returns return returned is are was were be been of at by as than
                             between gives give yields equals reaches reached fell rose hit about around
                             near below above under over with set value values""".split())
_NAMED_BY_DASH = frozenset({"suffix", "suffixes", "prefix", "option", "options", "flag", "flags", "switch",
                            "argument", "parameter", "variant", "tag"})


def signed(match: re.Match[str], context: Context) -> bool:
    """Whether a '-' or '+' written before a number is its sign ("-2", "(-3)", "or -1 on error",
    "from -128 to 127"), not a dash between two things ("1980 - 1986", "page 5 -6")."""
    if not match.group("sign"):
        return False
    before = context.before()
    if before[-1:].isalpha():
        return False  # glued to a word: 'page-5', 'COVID-19'
    words = context.words_before(1)
    if words and words[-1][-1:].isalpha() and words[-1].lower() not in _VALUE_BEFORE:
        return False  # 'kill -9', 'tail -20', '5 kg -10 kg', 'Route A -1': a dash
    if any(word.lower().strip(".,;:!?)") in _NAMED_BY_DASH for word in context.words_after(1)):
        return False  # 'the -64 suffix', 'a -32 flag': a name written with its dash
    before = before.rstrip()
    return not before or not (before[-1].isdigit() or before[-1] in "%)]")


# Words after which a number is read digit by digit ("a card ending in 8876").
_DIGITS_AFTER = (("ending", "in"), ("ends", "in"), ("ending", "with"), ("pin",), ("pin:",), ("otp",), ("code",),
                 ("call",), ("called",), ("calls",), ("calling",), ("dial",), ("dialed",), ("dialled",), ("dialing",))


def _digit_by_digit(context: Context) -> bool:
    """'a card ending in 8876', 'called 911': numbers said digit by digit."""
    words = tuple(word.lower().strip(":") for word in context.words_before(2))
    number = context.text[context.start:context.end]  # ('Source Code, 2011': the comma ends the lead)
    if words[-1:] in {("call",), ("called",), ("calls",), ("calling",), ("dial",), ("dialed",), ("dialled",),
                      ("dialing",)}:
        return len(number) == 3  # an emergency or service number: "nine one one"
    return any(words[-len(lead):] == lead for lead in _DIGITS_AFTER)


# Capitalised words before a three-digit number that do not make it a model or room number.
_NOT_A_MODEL = frozenset({"The", "A", "An", "About", "Over", "Under", "Nearly", "Some", "Only", "Just", "Page",
                          "Pages", "Chapter", "Figure", "Table", "No", "Number", "Total", "In", "On", "At",
                          "By", "And", "Or", "But", "Of", "To", "From", "With", "For", "Top", "Fortune"})


# Words before a three-digit number followed by a name that make it a model ("the 737 Max").
_MODEL_DETERMINERS = frozenset({"the", "a", "an", "its", "their", "his", "her", "our", "my", "your", "new",
                                "this", "that", "first", "latest", "every", "each"})


# Words after "4K", "8K" that make it a screen's resolution.
_RESOLUTION_WORDS = frozenset("""tv tvs television televisions display displays screen screens monitor monitors
                                 video videos resolution hdr uhd streaming camera cameras footage content
                                 projector gaming blu-ray""".split())


def _after_determiner(context: Context) -> bool:
    """'the 737', 'the popular 737': a determiner, or a determiner and a word, before the number."""
    before = [word.lower() for word in context.words_before(2)]
    if before[-1:] and before[-1] in _MODEL_DETERMINERS:
        return True
    return len(before) == 2 and before[0] in _MODEL_DETERMINERS and before[1].isalpha()


def _model_number(written: str, context: Context) -> bool:
    """'Boeing 737', 'Room 101', 'Interstate 405', 'the 737 Max': three digits after a name or
    before a model's name are said in pairs."""
    if not (len(written) == 3 and written.isdigit() and written[0] != "0" and not written.endswith("00")):
        return False
    before = context.word_before()
    start = context.start - len(before) - 1
    name = before[:-2] if before.endswith(("'s", "\u2019s")) else before
    after = context.word_after().strip(",.;:")
    if after[:1].isupper() and after.isalpha() and not after.endswith("s") and not after.isupper() \
            and _after_determiner(context) and not context.sentence_start():
        return True  # "the 737 Max", "a 787 Dreamliner" (not "the 112 Democrats", "over 345 Muslim pilgrims")
    return (name[:1].isupper() and name.isalpha() and name not in _NOT_A_MODEL
            and not context.sentence_start(max(start, 0)))


def _in_pairs(speech: English, digits: str) -> str:
    """'737' -> 'seven thirty-seven', '101' -> 'one oh one'."""
    head, tail = int(digits[0]), int(digits[1:])
    return f"{speech.cardinal(head)} {'oh ' + speech.cardinal(tail) if tail < 10 else speech.cardinal(tail)}"


def scientific(speech: English) -> Classifier:
    """'1.845e+19' -> 'one point eight four five times ten to the power of nineteen',
    '4.9407e-324' -> '... to the power of minus three hundred twenty-four'."""
    def say(match: re.Match[str], _: Context) -> str:
        sign = "minus " if match.group("sign") == "-" else ""
        return (f"{speech.number(match.group('mantissa'))} times ten to the power of "
                f"{sign}{speech.cardinal(int(match.group('power')))}")

    return Classifier("cardinal", r"(?<![\w.])(?P<mantissa>\d+(?:\.\d+)?)[eE](?P<sign>[+-]?)(?P<power>\d{1,3})(?![\w.])",
                      say)


# Numbers said as their digits where they are a name: the emergency number, the web's "not found".
_CALL_WORDS = frozenset({"call", "calls", "caller", "callers", "dispatcher", "dispatchers", "operator",
                         "operators", "center", "centre", "centers", "emergency", "system", "line"})
_DIALLING = frozenset({"call", "called", "calling", "calls", "dial", "dialed", "dialled", "dialing", "dialling"})
_NOT_FOUND_WORDS = frozenset({"page", "pages", "error", "errors", "not", "response", "responses", "status"})


def named_number(speech: English) -> Classifier:
    """'911 calls', 'call 911' -> 'nine one one'; 'a 404 page', '404 Not Found' -> 'four oh
    four'. A Porsche 911 or 404 people are numbers."""
    def say(match: re.Match[str], context: Context) -> str | None:
        after = context.word_after().lower().strip(",.;:!?)\"'")
        before = context.word_before().lower().strip(",.;:(\"'")
        if match.group(0) == "911" and (after in _CALL_WORDS or before in _DIALLING):
            return "nine one one"
        if match.group(0) == "404" and after in _NOT_FOUND_WORDS:
            return "four oh four"
        return None

    return Classifier("cardinal", r"(?<![\w.,])(?:911|404)(?![\w.,]\d?)", say)


def cardinal(speech: English) -> Classifier:
    """'1,200' -> 'one thousand two hundred', '-2' -> 'minus two', '3.14' -> 'three point
    one four', '2bn' -> 'two billion'; '007' and runs over nine digits digit by digit."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("sign") and not signed(match, context):
            return None
        spoken = speech.number((match.group("sign") or "") + match.group("number"))
        scale = (match.group("scale") or "").strip()
        if scale in {"K", "k"} and context.word_after().lower().strip(",.;:") in _RESOLUTION_WORDS:
            return f"{spoken} K"  # "a 4K TV": the resolution, not four thousand
        if scale:
            spoken += " " + SCALES.get(scale, scale.lower())
        elif _digit_by_digit(context) and match.group("number").isdigit():
            spoken = speech.digits(match.group("number"))
        elif _model_number(match.group("number"), context):
            spoken = _in_pairs(speech, match.group("number"))
        return spoken

    return Classifier(
        "cardinal",
        rf"(?P<sign>[-\u2212+](?=[\d.]))?{NUMBER_START}(?P<number>{NUMBER})"
        rf"(?P<scale>{_BARE_SCALES})?(?![\w])",
        say,
    )


def digits(speech: English) -> Classifier:
    """Any digit no other class took ("abc123" inside a word): said, never left to the engine."""
    return Classifier("cardinal", r"\d+", lambda match, _: speech.integer(match.group(0)))


def ordinal_words(speech: English, value: int, suffix: str) -> str:
    """'21' 'st' -> 'twenty-first'; a wrong suffix ('4rd') is read as written: 'four r d'."""
    expected = "th" if 10 <= value % 100 <= 20 else _ORDINAL_SUFFIX.get(value % 10, "th")
    if suffix.lower() == expected:
        return speech.ordinal(value)
    return f"{speech.cardinal(value)} {suffix.lower()}"


def ordinal(speech: English) -> Classifier:
    """'21st' -> 'twenty-first', '1,000th' -> 'one thousandth'."""
    def say(match: re.Match[str], _: Context) -> str:
        number = match.group("number").replace(",", "")
        if len(number) > 15:
            return speech.ordinal_of(number)
        return ordinal_words(speech, int(number), match.group("suffix"))

    return Classifier(
        "ordinal",
        rf"{NUMBER_START}(?P<number>\d{{1,3}}(?:,\d{{3}})+|\d+)(?P<suffix>(?i:st|nd|rd|th))(?![\w])",
        say,
    )


# Plural words a fraction may stand before ("3/4 inches", "2/3 cups").
_FRACTION_UNITS = frozenset("""inches feet miles yards cups teaspoons tablespoons pounds ounces tons hours minutes
                               seconds days weeks months years points gallons liters litres pints""".split())


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def fraction_words(speech: English, numerator: int, denominator: int, article: bool = False) -> str:
    """3/4 -> 'three quarters', 1/8 -> 'one eighth' ('an eighth' with `article`), 5/1 -> 'five over one'."""
    if denominator <= 1:
        return f"{speech.cardinal(numerator)} over {speech.cardinal(denominator)}"
    one, many = FRACTION_WORDS.get(denominator, (None, None))
    if one is None or many is None:
        one = speech.ordinal(denominator)
        many = one[:-1] + "ves" if one.endswith("f") else one + "s"
    if numerator == 1:
        return f"{'an' if one[0] in 'aeio' else 'a'} {one}" if article else f"one {one}"
    return f"{speech.cardinal(numerator)} {many}"


def fraction(speech: English) -> Classifier:
    """'3/4' -> 'three quarters', '2 1/2' -> 'two and a half', '72-5/8' -> 'seventy-two and
    five eighths', '1/4th' -> 'a quarter', '½ cup' -> 'half a cup'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("vulgar"):
            numerator, denominator = VULGAR_FRACTIONS[match.group("vulgar")]
        else:
            numerator, denominator = int(match.group("numerator")), int(match.group("denominator"))
            if match.group("numerator").startswith("0") or match.group("denominator").startswith("0"):
                return None
            if numerator == denominator and not match.group("whole"):
                return None  # "50/50": the slash class says "fifty-fifty"
            if numerator >= 10 * denominator and not match.group("whole"):
                return None  # "the 2021/22 season", "case 860/21": not a fraction
        whole = match.group("whole")
        following = context.word_after().lower().strip(",.;:")
        noun_follows = following.isalpha() and following not in _NOT_A_NOUN
        if whole:
            common = denominator in FRACTION_WORDS and numerator == 1
            return (f"{speech.integer(whole.strip(' -'))} and "
                    f"{fraction_words(speech, numerator, denominator, article=common)}")
        if numerator == 1 and denominator == 2 and noun_follows:
            return "half a"
        name = context.word_before()
        if (not match.group("whole") and not match.group("vulgar") and name[:1].isupper() and name.isalpha()
                and name.lower() not in _NOT_A_NOUN and not context.sentence_start(context.start - len(name) - 1)):
            return None  # "Windows 10/11", "ALIX 2/3": two of a name, not a fraction
        plural = following.rstrip(")]\"'")
        if (plural.isalpha() and plural not in _NOT_A_NOUN and _plural(plural) and plural not in _FRACTION_UNITS
                and not match.group("suffix") and not match.group("vulgar")):
            return None  # "ALIX 2/3 boards": two things, not two thirds of one
        suffix = bool(match.group("suffix"))
        return fraction_words(speech, numerator, denominator,
                              article=numerator == 1 and (suffix or (bool(match.group("vulgar")) and noun_follows)))

    return Classifier(
        "fraction",
        rf"{NUMBER_START}(?<![/\u2044])(?:(?P<whole>\d+(?:\s+|-|(?=[{_VULGAR}])))(?=\d{{1,4}}[/\u2044]\d|[{_VULGAR}]))?"
        rf"(?:(?P<numerator>\d{{1,6}})[/\u2044](?P<denominator>\d{{1,6}})"
        r"(?P<suffix>(?i:st|nd|rd|th))?(?![\w/]|[.,]\d)"
        rf"|(?P<vulgar>[{_VULGAR}]))",
        say,
    )


def percent(speech: English) -> Classifier:
    """'50%' -> 'fifty percent', '-0.5 %' -> 'minus zero point five percent'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("sign") and not signed(match, context):
            return None
        return speech.number((match.group("sign") or "") + match.group("number")) + " percent"

    return Classifier(
        "percent",
        rf"(?P<sign>[-\u2212+](?=[\d.]))?{NUMBER_START}(?P<number>{NUMBER})\s?(?:%|\u066a)",
        say,
    )
