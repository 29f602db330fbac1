"""Mathematics and chemistry: 'x^2' -> 'x squared', '2^48' (and '2**48') -> 'two to the forty-eighth',
'2*8' -> 'two times eight', '2x8' -> 'two by eight', '10x' -> 'ten times', '1-2=5' -> 'one
minus two equals five', 'if n < 128' -> 'if n less than 128'; 'CO2' -> 'C O two', 'H2SO4' ->
'H two S O four'."""

from __future__ import annotations

import re

from narrate.text.readings.en.patterns import NUMBER, NUMBER_START, UNIT
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import ELEMENTS
from narrate.text.readings.framework import Classifier, Context

_OPERATORS = {"+": "plus", "-": "minus", "\u2212": "minus", "*": "times", "\u00d7": "times",
              "\u00b7": "times", "/": "over", "\u00f7": "divided by", "=": "equals", "<": "is less than",
              ">": "is greater than", "\u2264": "is at most", "\u2265": "is at least", "\u2260": "is not equal to",
              "\u2248": "is about"}
_OPERAND = rf"(?:[-\u2212](?=\d))?(?:{NUMBER})|(?<![\w.])[A-Za-z](?![\w.])"
_TOKENS = re.compile(rf"{NUMBER}|[A-Za-z]|[-+*/=<>\u2212\u00d7\u00b7\u00f7\u2264\u2265\u2260\u2248]")
_ARTICLES = frozenset({"a", "A", "I"})
_MATHS_OPERATORS = frozenset("=+*\u00d7\u00b7\u00f7\u2264\u2265\u2260\u2248")
SIGN_WORDS = {"<=": "less than or equal to", ">=": "greater than or equal to", "==": "equals",
          "!=": "is not equal to", "=>": "gives", "->": "to", "<-": "from", "<": "less than",
          ">": "greater than", "=": "equals"}


def _operators_of(tokens: list[str]) -> list[str]:
    """The operators between operands, skipping the sign of a negative operand ('1=-2')."""
    operators, expect_operand = [], True
    for token in tokens:
        if expect_operand and token in "-\u2212":
            continue
        if not expect_operand:
            operators.append(token)
        expect_operand = not expect_operand
    return operators


def _operand(speech: English, written: str) -> str:
    return written if written.isalpha() else speech.number(written)


def power(speech: English) -> Classifier:
    def say(match: re.Match[str], _: Context) -> str:
        base = "" if match.group("bracket") is not None else _operand(speech, match.group("base"))
        exponent = match.group("exponent")
        negative = "minus " if match.group("minus") else ""
        if exponent.isalpha():
            return f"{base} to the {negative}{exponent}"
        value = int(exponent)
        if not negative and value == 2:
            return f"{base} squared"
        if not negative and value == 3:
            return f"{base} cubed"
        return f"{base} to the {negative}{speech.ordinal(value)}"

    return Classifier(
        "math",
        # the base: a number, a letter (Latin or Greek: 'σ^2'), or a bracket closed just before
        rf"(?:(?P<base>(?<![\w.])(?:{NUMBER})|(?<![\w.])[A-Za-z\u0391-\u03c9])|(?<=\))(?P<bracket>))"
        r"(?:\s?\^\s?|\*\*)(?P<minus>[-\u2212])?(?P<exponent>\d{1,4}|[A-Za-z])(?![\w]|\.\w)",
        say,
    )


def dimensions(speech: English) -> Classifier:
    """'2x8' -> 'two by eight', '1920x1080' -> 'nineteen twenty by ...' (read as numbers), '2x8 m2'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        written = match.group(0)
        if re.match(r"0[xX][0-9A-Fa-f]", written):
            return None  # 0x10: hexadecimal
        if match.group("times"):
            first = match.group("first")
            if len(first.split(".")[0].replace(",", "")) > 2 and "." not in first:
                return None  # "777x": a model, not "seven hundred seventy-seven times"
            return f"{speech.number(first)} times"
        sides = [match.group("first"), match.group("second")] + ([match.group("third")] if match.group("third") else [])
        spoken = [speech.number(side) for side in sides[:-1]]
        spoken.append(context.read(sides[-1] + (match.group("unit") or "")))
        return " by ".join(spoken)

    return Classifier(
        "math",
        rf"{NUMBER_START}(?P<first>{NUMBER})(?:\s?[x\u00d7]\s?(?P<second>{NUMBER})(?:\s?[x\u00d7]\s?(?P<third>{NUMBER}))?"
        rf"(?P<unit>\s?(?:{UNIT})(?![\w\u00b2\u00b3]))?|(?P<times>\s?x)(?![\w]|\s?[-+=*/^]))(?![\w])",
        say,
    )


def equation(speech: English) -> Classifier:
    """Operands and operators with an equals sign or a plus between them ('y=x +1', '2+3', '2*8')."""
    def say(match: re.Match[str], context: Context) -> str | None:
        tokens = _TOKENS.findall(match.group(0))
        operators = _operators_of(tokens)
        if not set(operators) & _MATHS_OPERATORS:
            return None  # "1-2", "3/4": ranges and fractions have their own classes
        if operators == ["+"] and all(token.isalpha() for token in tokens if token != "+"):
            return None  # "A+B" is read well by the engine
        if tokens[0] in _ARTICLES and "=" not in operators:
            return None  # "a ≈60 MiB file": the article, not a variable
        spoken, expect_operand = [], True
        for token in tokens:
            if expect_operand and token in "-\u2212":
                spoken.append("minus")
                continue
            if expect_operand:
                spoken.append(_operand(speech, token))
            else:
                spoken.append(_OPERATORS[token])
            expect_operand = not expect_operand
        return " ".join(spoken)

    operator = r"\s?[-+*/=<>\u2212\u00d7\u00b7\u00f7\u2264\u2265\u2260\u2248]\s?"
    return Classifier(
        "math",
        rf"(?<![\w.])(?:{_OPERAND})(?:{operator}(?:{_OPERAND}))+(?![\w.=+*/<>-])",
        say,
    )


def signs(speech: English) -> Classifier:
    """'if the code point is < 128' -> '... is less than 128': eSpeak drops '<' and '>' without
    a sound, which can say the opposite of the text. Only between things compared."""
    def say(match: re.Match[str], _: Context) -> str:
        return f" {SIGN_WORDS[match.group('sign')]} "

    return Classifier(
        "math",
        r"(?:(?<=[\w)\]'\"%.])|^)[^\S\n]*(?P<sign><=|>=|==|!=|=>|->|<-|<|>|=)(?![<>=])"
        r"[^\S\n]*(?=[\w(\-'\"$.])",
        say,
    )


# What stands on either side of an operator in a formula: a number, a variable ('t', 'x1',
# 'n'), a call or a bracket ('julianday(\'now\')', '(x // y)'); not an ordinary word.
_ARITHMETIC_OPERAND = re.compile(r"[(\[]*(?:-?\d+(?:\.\d+)?|[A-Za-z]\d*|[A-Za-z_][\w.]*\(.*\)|\(.*\)?|.*\))[)\],;:.]*")
_ARITHMETIC = {"-": "minus", "*": "times", "//": "floor divided by", "%": "modulo"}


def _is_operand(word: str, equation: bool = False) -> bool:
    """A number, a variable ('t2'), a call or a bracket; after an equals sign, a name of code
    too ('date2 = date1 - timedelta': outside an equation 'pct - a record' is a dash)."""
    if equation and _NAME_OPERAND.fullmatch(word):
        return True
    return bool(word) and bool(_ARITHMETIC_OPERAND.fullmatch(word)) and word not in {"a", "A", "I"}


EQUATION_REACH = 60  # characters back to look for the ' = ' of an equation
_NAME_OPERAND = re.compile(r"[(\[]*[A-Za-z_][\w.]*[)\],;:.]*")


def arithmetic(speech: English) -> Classifier:
    """'t1 = t2 - t3' -> '... t two minus t three', 't2 * i' -> 't two times i', 'x % y' -> 'x
    modulo y', 'n-1' -> 'n minus one': an operator between two operands, spaced, or a minus
    between a lower-case variable and a number. Between words ('10 pct - a record', 'N-1'
    beside 'F-16') a dash stays a dash."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("variable"):
            return f"{match.group('variable')} minus {speech.integer(match.group('count'))}"
        before, after = context.word_before(), context.word_after()
        equation = " = " in context.text[max(0, context.start - EQUATION_REACH):context.start]
        if not (_is_operand(before, equation) and _is_operand(after, equation)):
            return None
        if before.rstrip(",;:.") != before:
            return None  # 'x, - y': the operator does not continue across punctuation
        numeric = re.compile(r"[(\[]*-?\d[\d.,]*[)\]]*")
        if numeric.fullmatch(before) and numeric.fullmatch(after) and "=" not in context.text:
            return None  # '170 - 45190': two numbers are a range or a pause unless an equation says
        return f" {_ARITHMETIC[match.group('operator')]} "

    return Classifier(
        "math",
        r"(?<=\S)[^\S\n](?P<operator>-|\*|//|%)[^\S\n](?=\S)"
        r"|(?<![\w\-.])(?P<variable>[a-z])-(?P<count>\d{1,3})(?![\w\-.]|\.\d)",
        say,
    )


def chemical_formula(speech: English) -> Classifier:
    """Element symbols with counts: each symbol's letters named, each count said."""
    def say(match: re.Match[str], _: Context) -> str | None:
        formula = match.group(0)
        parts = re.findall(r"([A-Z][a-z]?)(\d*)", formula)
        if not all(symbol in ELEMENTS for symbol, _ in parts) or not any(count for _, count in parts):
            return None
        if len(parts) == 1 and len(parts[0][0]) == 1 and int(parts[0][1] or 0) > 9:
            return None  # "C24", "B52": codes, not formulas
        words, letters = [], ""
        for symbol, count in parts:
            letters += symbol
            if count:
                words += [speech.spell(letters), speech.integer(count)]
                letters = ""
        if letters:
            words.append(speech.spell(letters))
        return " ".join(words)

    return Classifier(
        "chemical formula",
        r"(?<![\w\-])(?=[A-Z][A-Za-z\d]*\d)(?:[A-Z][a-z]?\d{0,3}){1,8}(?![\w\-])",
        say,
    )
