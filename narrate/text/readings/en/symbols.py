"""Codes of letters and digits, and symbols between words.

'B2A23C' -> 'B two A twenty-three C', 'COVID19' -> 'COVID nineteen', 'ab9453' -> 'ab nine four
five three', '0x10FFFF' -> 'hex one zero F F F F'; '#1' -> 'number one', '#MeToo' -> 'hashtag
MeToo', 'C#' -> 'C sharp', '~5' -> 'about five'; 'his/her' -> 'his or her', '24/7' ->
'twenty-four seven', 'TCP/IP' -> 'TCP IP', 'HTTP/1.1' -> 'HTTP one point one', '100K hits/day' ->
'... hits per day'. A slash nothing here takes is said 'slash' by the last step of normalisation.
"""

from __future__ import annotations

import re

from narrate.text.readings.en.maths import SIGN_WORDS
from narrate.text.readings.en.patterns import alternatives
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.versions import version_words
from narrate.text.readings.en.words import PER_UNITS, PRONOUN_SETS, SLASH_OR, SYMBOL_WORDS, british_spelling
from narrate.text.readings.framework import Classifier, Context

_SLASHED_NUMBERS = {"24/7": "twenty-four seven", "9/11": "nine eleven", "7/11": "seven eleven",
                    "50/50": "fifty-fifty", "20/20": "twenty-twenty", "365/24/7": "three sixty-five, twenty-four seven"}
_SLASH_WORDS = {"w/": "with", "w/o": "without", "b/c": "because", "c/o": "care of", "a/k/a": "also known as",
                "n/a": "not applicable", "N/A": "not applicable", "y/o": "year old", "A/C": "A C",
                "P/E": "P E", "Q/A": "Q and A", "y/y": "year on year", "Y/Y": "year on year",
                "q/q": "quarter on quarter", "Q/Q": "quarter on quarter", "m/m": "month on month"}
_PER = alternatives(PER_UNITS)


def _pairs(speech: English, digits: str) -> str:
    """'350' -> 'three fifty', '509' -> 'five oh nine'."""
    head, tail = int(digits[0]), int(digits[1:])
    return f"{speech.cardinal(head)} {'oh ' + speech.cardinal(tail) if tail < 10 else speech.cardinal(tail)}"


# Letters in a code that are always an initialism, also in small letters ("ipv6").
_SPELLED_IN_CODES = frozenset({"ipv"})


def _letters(run: str, speech: English) -> str:
    """A run of letters in a code: as written, but spelled where capitals are mixed with small
    letters after them ('IPv' in 'IPv4', 'SSHv' in 'SSHv2'), which eSpeak reads as a word."""
    if sum(ch.isupper() for ch in run) >= 2 and any(ch.islower() for ch in run) and len(run) <= 5:
        return speech.spell(run)
    if run.lower() in _SPELLED_IN_CODES:
        return speech.spell(run.upper())  # "ipv6", as "IPv6"
    return run


def code_words(speech: English, code: str) -> str:
    """Letters as written, digit runs as numbers (up to three digits, or round thousands),
    longer ones digit by digit; hyphens and underscores become spaces; a version inside a
    package's name is said as one ('libgtk2.0-dev': 'libgtk two point oh dev')."""
    words = []
    for run in re.findall(r"\d+(?:\.\d+)+|[A-Za-z]+|\d+", code):
        if "." in run:
            words.append(version_words(speech, run))
        elif not run.isdigit():
            words.append(_letters(run, speech))
        elif run[0] != "0" and len(run) == 3 and not run.endswith("00"):
            words.append(_pairs(speech, run))  # "A350": "A three fifty", "777X": "seven seventy-seven X"
        elif run[0] != "0" and (len(run) <= 3 or (len(run) == 4 and run.endswith("000"))):
            words.append(speech.cardinal(int(run)))
        else:
            words.append(speech.digits(run))
    return " ".join(words)


_HEX_ID = re.compile(r"[0-9a-f]+(?:-[0-9a-f]+)*|[0-9A-F]+(?:-[0-9A-F]+)*")
HEX_ID_LENGTH = 8  # hex digits: a hash, a UUID, a commit id ('B2A23C' is a code)


def hex_id_words(speech: English, code: str) -> str | None:
    """A hash, UUID or commit id ('fe3e1db5-6454-...', '897a837f') character by character, a
    pause between its groups, as a person reads one out; None for anything else."""
    plain = code.replace("-", "")
    if len(plain) < HEX_ID_LENGTH or not _HEX_ID.fullmatch(code) or plain.isdigit() or plain.isalpha():
        return None
    return ", ".join(" ".join(speech.spell(ch) if ch.isalpha() else speech.digits(ch) for ch in group)
                     for group in code.split("-"))


LONG_HEX = 20  # characters: a git hash shortened to 7-12 is still read out
_HEX = re.compile(r"[0-9A-Fa-f]+")


def serial(speech: English) -> Classifier:
    def say(match: re.Match[str], _: Context) -> str:
        code = match.group(0)
        if len(code) >= LONG_HEX and _HEX.fullmatch(code):
            # a key's fingerprint or a full commit hash: forty characters said one by one help no
            # listener (nodejs' README read its release keys for seven minutes)
            return f"a {speech.cardinal(len(code))}-character hexadecimal string"
        if match.group("hex"):
            return "hex " + " ".join(ch.upper() if ch.isalpha() else speech.digits(ch) for ch in match.group("hex"))
        return hex_id_words(speech, code) or code_words(speech, code)

    return Classifier(
        "serial",
        r"(?<![\w\-])(?:0[xX](?P<hex>[0-9A-Fa-f]+)"
        r"|(?=[\w\-]*\d)(?=[\w\-]*[A-Za-z])[A-Za-z\d]+(?:(?:[-_]|(?<=\d)\.(?=\d))[A-Za-z\d]+)*)"
        r"(?![\w\-(]|[.,]\d)",
        say,
    )


def standard_number(speech: English) -> Classifier:
    """'X.509' -> 'X five oh nine', 'H.264' -> 'H two sixty-four': a standard's letter and number."""
    def say(match: re.Match[str], _: Context) -> str:
        digits = match.group("digits")
        number = _pairs(speech, digits) if len(digits) == 3 else speech.cardinal(int(digits))
        return f"{match.group('letter')} {number}"

    return Classifier("serial", r"(?<![\w.])(?P<letter>[A-Z])\.(?P<digits>[1-9]\d{1,2})(?![\w]|\.\d)", say)


# Series of numbered documents whose numbers are said in pairs, like years: "PEP 3147" is
# "PEP thirty-one forty-seven", "ISO 8601" "ISO eighty-six oh one", "RFC 822" "RFC eight twenty-two".
_NUMBERED_DOCUMENTS = ("PEP", "PEPs", "RFC", "RFCs", "ISO", "IEC", "IEEE", "ECMA", "ANSI", "DIN", "BS", "EN")


def document_number(speech: English) -> Classifier:
    """The number of a standard or a proposal after its series' name, in pairs."""
    def say(match: re.Match[str], _: Context) -> str:
        digits = match.group("digits")
        if len(digits) == 3:
            spoken = _pairs(speech, digits)
        elif digits.endswith("000"):
            spoken = speech.cardinal(int(digits))
        elif digits.endswith("00"):
            spoken = f"{speech.cardinal(int(digits[:2]))} hundred"
        else:
            tail = int(digits[2:])
            spoken = f"{speech.cardinal(int(digits[:2]))} {'oh ' + speech.cardinal(tail) if tail < 10 else speech.cardinal(tail)}"
        return f"{match.group('series')} {spoken}"

    return Classifier(
        "serial",
        rf"(?<![\w.])(?P<series>{alternatives(_NUMBERED_DOCUMENTS)})[ \u00a0](?P<digits>[1-9]\d{{2,3}})(?![\w]|[.,]\d)",
        say,
    )


_NEGATED = frozenset({"inf", "infinity", "nan"})  # values; a lone letter ("-x") is an option


def command_option(speech: English) -> Classifier:
    """'-i', '-P' and '--verbose' on their own (in quotes, after a space): 'dash i', 'dash P',
    'dash dash verbose', 'dash dash assume dash yes'. A quote before it opens ('"-v"', after
    a space, a bracket, ',', '/', ':' or '=': '["-v","-q"]'); one that closes a word is no
    option's ("'NULL'-terminated" is 'null-terminated')."""
    def say(match: re.Match[str], _: Context) -> str:
        name = match.group("name")
        if len(match.group("dashes")) == 1 and name in _NEGATED:
            return f"minus {name}"  # '(nan, inf, -inf)': a value, not an option
        if len(match.group("dashes")) == 2:
            name = name.replace("-", " dash ")  # "--assume-yes" ("-sixty-four" is a number, said already)
        return " ".join(["dash"] * len(match.group("dashes")) + [name])

    return Classifier("symbol", r"(?:(?<=[\s(\u201c])|(?<=[\s(\[,/:=][\"'])|(?<=^[\"'])|^)(?P<dashes>--?)(?P<name>[a-z][a-z\d]*(?:-[a-z\d]+)*|[A-Z](?=[\s\"']))"
                      r"(?=[\s\"'),.;:\u201d]|$)", say)


def code_call(speech: English) -> Classifier:
    """'logging.info()', 'BaseConfigOption.is_required()', 'math.log(x)' -> 'logging dot info',
    'BaseConfigOption dot is required', 'math dot log(x)': a call in code, said as its
    programmers say it, the same for every name ('.info', '.is' are also web domains, '.log' a
    file's extension; 'logging.debug' is neither). Empty brackets are not read."""
    def say(match: re.Match[str], _: Context) -> str | None:
        parts = match.group("name").split(".")
        if any(part.startswith("__") for part in parts):
            return None  # the dunder class says those
        return " dot ".join(" ".join(piece for piece in part.split("_") if piece) for part in parts)

    return Classifier("symbol", r"(?<![\w.])(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(\)|(?=\())", say)


def dunder_name(speech: English) -> Classifier:
    """'object.__getstate__()' -> 'object dot dunder getstate': Python's special names, said as
    their programmers say them (the underscores alone would leave 'object. getstate')."""
    def say(match: re.Match[str], context: Context) -> str | None:
        name = match.group("name")
        if not (match.group("dot") or context.char_after() == "(" or name in _DUNDERS):
            return None  # "__bold__" in plain text is emphasis
        return (" dot " if match.group("dot") else "") + "dunder " + name

    return Classifier("symbol", r"(?P<dot>(?<=[\w)\]])\.)?(?<![\w/])__(?P<name>[a-z][a-z\d]*(?:_[a-z\d]+)*)__(?![\w/]|\.\w)", say)


_DUNDERS = frozenset("""init new del repr str bytes format hash bool getattr getattribute setattr delattr dir get
                        set delete slots dict class name qualname module doc file main all version len iter next
                        reversed contains getitem setitem delitem missing enter exit call eq ne lt le gt ge add
                        sub mul truediv floordiv mod pow and or xor neg pos abs invert index await aiter anext
                        aenter aexit traceback future builtins annotations getstate setstate reduce""".split())


def ampersand_initials(speech: English) -> Classifier:
    """'AT&T' -> 'A.T. and T', 'R&D' -> 'R and D' (eSpeak reads 'AT&T' as "at and T")."""
    def say(match: re.Match[str], _: Context) -> str:
        return f"{speech.spell(match.group('first'))} and {speech.spell(match.group('second'))}"

    return Classifier("initialism", r"(?<![\w&])(?P<first>[A-Z]{1,3})&(?P<second>[A-Z]{1,3})(?![\w&])", say)


_CONSTRUCTORS = frozenset({"Some", "Ok", "Err"})


def optional_plural(speech: English) -> Classifier:
    """'inverter(s)' -> 'inverters', 'box(es)' -> 'boxes': the plural a reader says (eSpeak
    NG and Piper said "inverter ess")."""
    def say(match: re.Match[str], _: Context) -> str | None:
        if match.group("word") in _CONSTRUCTORS and match.group("end") == "s":
            return None  # 'returns Some(s) if ...': Rust's constructor around a value, not 'Somes'
        return match.group("word") + match.group("end")

    # (not a call: 'x.split(s)', 'len(s)[0]'; a word of three letters or more: 'f(s)' is maths)
    return Classifier("symbol", r"(?<![\w(.])(?P<word>[A-Za-z]{3,})\((?P<end>e?s)\)(?![\w(\[])", say)


_SYMBOL_NAMES = {":": "colon", ";": "semicolon", ",": "comma", ".": "dot", "|": "pipe", "-": "dash",
                 "_": "underscore", "#": "hash", "*": "star", "@": "at", "&": "ampersand", "=": "equals",
                 "+": "plus", "~": "tilde", "^": "caret", "%": "percent", "$": "dollar", "!": "bang",
                 "?": "question mark", "<": "less than", ">": "greater than", "\\": "backslash",
                 "[": "left bracket", "]": "right bracket", "{": "left brace", "}": "right brace",
                 "(": "left parenthesis", ")": "right parenthesis", "/": "slash", "'": "quote", '"': "double quote"}


_OPERATOR_WORDS = {"||": "or", "&&": "and", ">>": "double greater than", "<<": "double less than"}
# Commands a pipe feeds, after a plain word ('grep foo | wc -l'); after a name with a symbol
# or a digit in it ('col -x | more', 'foo.tar.xz | tar xf -') any word is one.
_COMMANDS = frozenset("""wc sort uniq less more head tail grep egrep fgrep awk gawk sed tr cut xargs tee cat tac
    nl tar gzip gunzip zcat xz bzip2 sh bash zsh python python3 perl ruby jq column fmt fold rev od hexdump
    base64 md5sum sha256sum gpg ssh sudo dd mail lpr pv nc socat""".split())


def command_operator(speech: English) -> Classifier:
    """Between the words of a command or an expression: 'command1 || command2' -> 'command one or
    command two', 'make && make install' -> 'make and make install', 'command >> foo' ->
    'command double greater than foo', 'grep foo | wc -l' -> 'grep foo pipe wc dash l',
    '2>&1' -> 'two greater than ampersand one'. A bar between names stays a pause ('Home | News',
    'Prices | Reuters')."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("redirect"):
            first, second = match.group("redirect")[0], match.group("redirect")[-1]
            return f"{speech.cardinal(int(first))} greater than ampersand {speech.cardinal(int(second))}"
        if match.group("sign"):
            return f" {_OPERATOR_WORDS[match.group('sign')]} "
        before, after = context.word_before(), context.word_after()
        if not after or not (after[:1].islower() or after[:1] == "-"):
            return None  # 'Home | News': the symbol step makes it a pause
        if before.isalpha() and after.lower().strip("\"'.,;:)") not in _COMMANDS:
            return None  # 'the testing lab | photo by Joan': words, not a command's output and the next
        return " pipe "

    return Classifier(
        "symbol",
        r"(?<![\w&])(?P<redirect>[012]>&[012])(?!\w)|(?<=[^\s|&<>\"'`])\s+(?P<sign>\|\||&&|>>|<<)\s+(?=[^\s|&<>\"'])"
        r"|(?<=[^\s|])\s+(?P<bar>\|)\s+(?=[^\s|])",
        say,
    )


def quoted_symbol(speech: English) -> Classifier:
    """Signs on their own in quotes are named: 'with ":" separated entries' -> '"colon"',
    '"<<" and ">>"' -> '"less than less than" and ...', "'###'" -> "'hash hash hash'"."""
    def say(match: re.Match[str], _: Context) -> str:
        signs = match.group(0)
        if signs in SIGN_WORDS:
            return SIGN_WORDS[signs]  # '"<="': "less than or equal to", as in a formula
        return " ".join(_SYMBOL_NAMES[sign] for sign in signs)

    return Classifier("symbol", r"(?<=[\"'\u201c\u2018])(?:[:;,.|\-_#*@&=+~^%$!?<>\\\[\]{}()/]{1,3}"
                                r"|(?<=\")'(?=\")|(?<=')\"(?='))(?=[\"'\u201d\u2019])", say)


def plan_code(speech: English) -> Classifier:
    """'401(k)' -> 'four oh one K', '403(b)': a section of a code, said as its digits."""
    def say(match: re.Match[str], _: Context) -> str:
        digits = match.group("digits")
        return f"{speech.cardinal(int(digits[0]))} {speech.digits(digits[1:], zero='oh')} {match.group('letter').upper()}"

    return Classifier("serial", r"(?<![\w\-])(?P<digits>[1-9]\d{2})\((?P<letter>[a-z])\)", say)


def manual_page(speech: English) -> Classifier:
    """'crontab(5)' -> 'crontab five', 'grep-dctrl(1)' -> 'grep-dctrl one': a manual page and its
    section, without the brackets."""
    def say(match: re.Match[str], _: Context) -> str:
        name = match.group("name").replace(".", " dot ")
        return f"{name} {speech.cardinal(int(match.group('section')))}"

    return Classifier("serial", r"(?<![\w/.\-])(?P<name>[a-z][\w+]+(?:[.\-][\w+]+)*)\((?P<section>[1-9])[a-z]{0,3}\)", say)


_CHAT_WORDS = frozenset({"channel", "channels", "irc", "libera", "freenode", "oftc", "matrix", "slack"})


_PREPROCESSOR = frozenset({"include", "define", "undef", "ifdef", "ifndef", "if", "elif", "else", "endif",
                           "pragma", "error", "warning", "import", "line"})


def number_sign(speech: English) -> Classifier:
    """'#1' -> 'number 1', '#MeToo' -> 'hashtag MeToo', 'C#' -> 'C sharp', '~5' and '≈5' ->
    'about 5' ('a ~5 GB file': 'a roughly five gigabyte file'); '"?123"' (a numbered parameter) ->
    'question mark 123'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        if match.group("number"):
            return "number"
        if match.group("note"):
            return f"{match.group('note')} sharp"
        if match.group("question"):
            return "question mark"
        if match.group("about"):
            return "roughly" if context.word_before().lower() == "a" else "about"  # "a ~60 MiB file"
        if context.word_after().lower().rstrip(",.;:") in _PREPROCESSOR:
            return "hash"  # '#include <stdio.h>': C's preprocessor, not a hashtag
        near = {word.lower().strip(",.;:()\"'") for word in context.words_before(4) + context.words_after(4)}
        if near & _CHAT_WORDS:
            return "hash"  # "the #debian-live channel on IRC": a chat channel, not a hashtag
        return "hashtag"

    return Classifier(
        "symbol",
        r"(?<![\w&#])(?P<number>#)\s?(?=\d)|(?<![\w])(?P<note>[A-G])#(?![\w#])"
        r"|(?<![\w&])(?P<hashtag>#+)(?=[A-Za-z])|(?<!\S)(?P<about>[~\u2248])\s?(?=\d)"
        r"|(?:(?<=[\s\"'(\u201c])|^)(?P<question>\?)(?=\d)",
        say,
    )


def slash(speech: English) -> Classifier:
    """A slash between two words, said as a person says it, where that is not 'slash'."""
    def say(match: re.Match[str], context: Context) -> str | None:
        written = match.group(0)
        if written in _SLASHED_NUMBERS:
            return _SLASHED_NUMBERS[written]
        if written in _SLASH_WORDS:
            return _SLASH_WORDS[written]
        first, _, second = written.partition("/")
        if match.group("protocol"):
            return f"{match.group('protocol')} {version_words(speech, match.group('protocol_version'))}"
        if written.lower() == "and/or":
            return f"{first} or"
        if written.lower() in SLASH_OR:
            return f"{first} or {second}"
        if written.lower() in PRONOUN_SETS:
            return f"{first}, {second}"  # a person's pronouns (nodejs' README names 182 people so)
        if first.isupper() and second.isupper() and first.isalpha() and second.isalpha():
            return f"{first} {second}"  # "TCP/IP", "I/O", "AC/DC"
        if second in PER_UNITS and first.isalpha() and not second.isupper():
            unit = PER_UNITS[second]
            return f"{first} per {british_spelling(unit) if speech.british else unit}"
        return None

    numbers = alternatives(_SLASHED_NUMBERS)
    words = alternatives(_SLASH_WORDS)
    return Classifier(
        "symbol",
        rf"(?<![\w/.])(?:{numbers}|{words}|[A-Za-z]+/(?:{_PER}|[A-Za-z]+)"
        r"|(?P<protocol>[A-Z]{2,})/(?P<protocol_version>\d{1,2}(?:\.\d{1,2})?))(?![\w/]|\.\w)",
        say,
    )


# A sign standing alone is talked about, not used, when a word like these is beside it:
# 'Note the ? and # in the URI', 'the * character', 'a # sign', 'the = and + signs'.
_TALKED_ABOUT_BEFORE = frozenset({"the", "a", "an", "and", "or", "nor", "single", "literal", "character",
                                  "sign", "symbol", "key", "type", "press", "insert", "add", "use"})
_TALKED_ABOUT_AFTER = frozenset({"and", "or", "nor", "sign", "signs", "character", "characters", "symbol",
                                 "symbols", "key", "keys", "mark", "marks", "prefix", "suffix", "operator",
                                 "operators"})


def lone_symbol(speech: English) -> Classifier:
    """A sign between spaces that the sentence talks about is named ('the ? and # characters'
    -> 'the question mark and hash characters'); elsewhere ('Is it ? No.', 'Tom & Jerry') it
    is left to the rules after the classes."""
    def say(match: re.Match[str], context: Context) -> str | None:
        before = context.word_before().lower().strip(",;:(\"'\u201c")
        after = context.word_after().lower().strip(",.;:)\"'\u201d")
        if before in _TALKED_ABOUT_BEFORE or after in _TALKED_ABOUT_AFTER:
            return _SYMBOL_NAMES.get(match.group(0), "double slash")
        return None

    return Classifier("symbol", r"(?<!\S)(?://|[?!#*|~^=+%$@&\\<>])(?=[\s,.;:)]|$)", say)


def menu_path(speech: English) -> Classifier:
    """The steps of a menu path ('Privacy and Security settings > Security > Enhanced') are
    said as steps, 'settings, then Security': 'greater than' compares, and dropped the signs
    run the names together. A word of two letters or more on the left, a capitalised one on the
    right (or 'and' or 'or' after the path's last step, where a page left its sign); numbers
    and one-letter names ('x > y', 'A > B') are comparisons and left to the signs."""
    def say(match: re.Match[str], _: Context) -> str:
        return ", then " if match.group("next")[0].isupper() else ", "

    return Classifier("symbol", r"(?<=[A-Za-z]{2})[^\S\n]+>[^\S\n]+(?=(?P<next>[A-Z][a-z]|(?:and|or)\b))", say, ">")


def link_arrow(speech: English) -> Classifier:
    """An arrow that only points at a link ('\u2192 https://tunnelbroker.net', as Debian's
    handbook marks its links) is not read: 'to tunnelbroker dot net' says what is not there."""
    return Classifier("symbol", r"[\u2192\u21d2\u279c\u2794]\s*(?=(?i:https?://|ftp://|www\.))", lambda match, _: " ")


def shell_variable(speech: English) -> Classifier:
    """'${FOO} instead of $FOO' -> 'dollar FOO instead of dollar FOO': a variable of the shell
    (or of a build file), said as its users say it; the braces are not read."""
    return Classifier("symbol", r"(?<![\w$\\])\$(?:\{(?P<braced>[A-Za-z_]\w*)\}|(?P<bare>[A-Z_][A-Z0-9_]*|[a-z_]\w*(?=[\s,.;:)]|$)))"
                      r"(?![\w(/])", lambda match, _: _variable_words(match))


def _variable_words(match: re.Match[str]) -> str:
    name = match.group("braced") or match.group("bare")
    return "dollar " + " ".join(piece for piece in name.split("_") if piece)


def symbol_words(speech: English) -> Classifier:
    """Arrows and signs the engine reads badly or not at all ('\u2192' -> 'to')."""
    return Classifier("symbol", f"[{''.join(SYMBOL_WORDS)}]", lambda match, _: SYMBOL_WORDS[match.group(0)])


def decoration(speech: English) -> Classifier:
    """Asterisks that are not a multiplication ('*', '**bold**', 'note*') are not read."""
    return Classifier("symbol", r"(?<!\w)\*+|\*+(?!\w)", lambda match, _: " ")
