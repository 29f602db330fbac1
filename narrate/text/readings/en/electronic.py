"""Addresses on the web, e-mail addresses and file paths, said as a person reads them out.

'nvidia.com' -> 'nvidia dot com'; 'https://www.example.com/news' -> 'W W W dot example dot com
slash news' (nobody says 'h t t p s colon slash slash'); a long address with a query or an id
-> 'a link to example dot com'; 'abc1@gmail.com' -> 'abc one at gmail dot com';
'processing/intro.html' -> 'processing slash intro dot html'; '/etc/fstab' -> 'slash E T C
slash fstab'.
"""

from __future__ import annotations

import re

from narrate.text.readings.en.patterns import alternatives
from narrate.text.readings.en.speech import English
from narrate.text.readings.en.words import FILE_EXTENSIONS, SAID_EXTENSIONS, WORD_DOMAINS
from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.link_ids import is_id_link

_TRAILING = ".,;:!?)]}'\""
_SEPARATORS = {".": "dot", "-": "dash", "_": "underscore", "/": "slash", "+": "plus", "&": "ampersand",
               "~": "tilde", "\\": "backslash", ":": "colon", "@": "at", "%": "percent", "=": "equals",
               "#": "hash", "?": "question mark", "!": "bang", ",": "comma", "*": "star", "$": "dollar"}
_PIECE = re.compile(r"[A-Za-z]+|\d+|[^A-Za-z\d]")
_PATH_PIECE = re.compile(r"(?<![A-Za-z\d])__[a-z][a-z\d]*__(?![A-Za-z\d])|[A-Za-z]+|\d+|[^A-Za-z\d]")
# Path words eSpeak reads as something else ("etc" is "et cetera").
_PATH_WORDS = {"etc": "E T C", "usr": "user", "lib": "lib", "bin": "bin", "var": "var", "dev": "dev",
               "tmp": "temp", "src": "source", "opt": "opt"}
_MAX_SPOKEN_SEGMENTS = 4
_MAX_RUN = 20


def pieces(text: str, speech: English, digits_singly: bool = True) -> list[str]:
    """'gma4i-l' -> ['gma', 'four', 'i', 'dash', 'l']: letters as written, digits said,
    separators named."""
    out = []
    for piece in _PIECE.findall(text):
        if piece.isdigit():
            round_number = piece[0] != "0" and piece.endswith("000") and len(piece) <= 12
            out.append(speech.cardinal(int(piece)) if round_number or not (digits_singly or len(piece) > 3 or piece[0] == "0")
                       else speech.digits(piece))
        elif piece.isalpha():
            out.append(piece)
        elif piece in _SEPARATORS:
            out.append(_SEPARATORS[piece])
    return out


def domain_words(host: str, speech: English) -> str:
    """'www.bbc.co.uk' -> 'W W W dot bbc dot co dot U K'."""
    labels = host.split(".")
    spoken = []
    for index, label in enumerate(labels):
        last = index == len(labels) - 1
        if label.lower() == "www":
            spoken.append("W W W")
        elif last and label.isalpha() and len(label) == 2:
            spoken.append(speech.spell(label))
        elif last and label.lower() in WORD_DOMAINS:
            spoken.append(label.lower())
        elif label.isalpha() and len(label) == 2 and not re.search(r"[aeiouy]", label.lower()):
            spoken.append(speech.spell(label))  # 'vs.openwall.org': 'V S', not 'versus' ('dr', 'st', 'ft')
        else:
            spoken.append(" ".join(pieces(label, speech)))
    return " dot ".join(spoken)


def path_words(path: str, speech: English) -> str:
    """'/etc/fstab' -> 'slash E T C slash fstab', 'intro.html' -> 'intro dot html'."""
    words = []
    for piece in _PATH_PIECE.findall(path):
        if piece.startswith("__") and len(piece) > 4:
            words += ["dunder", piece.strip("_")]  # "__init__.py": "dunder init dot pie"
        elif piece.isalpha():
            lower = piece.lower()
            words.append(_PATH_WORDS.get(piece, SAID_EXTENSIONS.get(lower, piece)
                                         if words and words[-1] == "dot" else piece))
        elif piece == "404":
            words.append("four oh four")  # '404.html': the page for "not found"
        elif piece.isdigit():
            words.append(speech.digits(piece) if len(piece) > 3 or piece[0] == "0" else speech.cardinal(int(piece)))
        elif piece in _SEPARATORS:
            words.append(_SEPARATORS[piece])
    return " ".join(words)


def _trim(match: re.Match[str], context: Context, group: str = "url") -> str:
    """The address without the sentence's punctuation after it ('example.com/a.' ends at 'a'),
    but with a closing bracket it opened itself ('.../Python_(language)')."""
    written = match.group(group)
    trimmed = written.rstrip(_TRAILING)
    if trimmed.count("(") > trimmed.count(")") and written[len(trimmed):].startswith(")"):
        trimmed += ")"
    context.end = match.start(group) + len(trimmed)
    return trimmed


def _speakable(segment: str) -> bool:
    runs = re.findall(r"[A-Za-z]+|\d+", segment)
    return bool(runs) and all(len(run) <= _MAX_RUN for run in runs) and all(
        len(run) <= 6 for run in runs if run.isdigit()) and not re.search(r"%[0-9A-Fa-f]{2}", segment)


_CAMEL = re.compile(r"[a-z][A-Z]")


_WORD_TLDS = frozenset({"is", "in", "it", "at", "to", "be", "me", "do", "no", "so", "us", "my", "by", "am",
                        "an", "as", "go", "id", "if"})


def _code_name(host: str, context: Context) -> bool:
    """'logging.info()', 'BaseConfigOption.is_required': a call or an attribute in code, not
    a web address, though '.info' and '.is' are top-level domains ('YouTube.com' is one)."""
    first, _, tld = host.partition(".")
    return context.char_after() == "(" or (bool(_CAMEL.search(first)) and tld.lower() in _WORD_TLDS)


def url(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        written = _trim(match, context)
        scheme = (match.group("scheme") or "").lower()
        rest = written.split("://", 1)[1] if "://" in written else written
        if scheme == "file":
            return path_words(rest, speech)
        host, slash, path = rest.partition("/")
        host = host.split("@")[-1]  # user:password@ is not said
        host, colon, port = host.partition(":")
        tld = host.rsplit(".", 1)[-1]
        if not scheme and not host.lower().startswith("www.") and _code_name(host, context):
            return None
        if not scheme and not host.lower().startswith("www.") and not (
                tld.lower() in WORD_DOMAINS or (len(tld) == 2 and tld.isalpha() and tld.lower() not in FILE_EXTENSIONS)):
            return None
        spoken_host = domain_words(host, speech)
        if colon and port.isdigit():
            spoken_host += " colon " + speech.digits(port)
        if not slash or not path:
            return spoken_host  # the root's slash is not said: "(https://www.sqlite.org/)"
        segments = [segment for segment in path.split("/")]
        if ("?" in path or "#" in path or "=" in path or len([s for s in segments if s]) > _MAX_SPOKEN_SEGMENTS
                or not all(_speakable(segment) for segment in segments if segment) or is_id_link(host, segments)):
            return f"a link to {spoken_host.removeprefix('W W W dot ')}"
        return f"{spoken_host} slash {' '.join(pieces(path, speech))}".strip()

    return Classifier(
        "url",
        r"(?<![\w@./\-])(?P<url>(?P<scheme>(?i:https?|ftp|file))://[^\s<>\"'`]+"
        r"|(?i:www)\.[\w\-]+(?:\.[\w\-]+)+[^\s<>\"'`]*"
        r"|[A-Za-z0-9][\w\-]*(?:\.[\w\-]+)*\.[a-z]{2,}(?:/[^\s<>\"'`]*)?)(?![\w@])",
        say,
    )


def email(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str:
        local, domain = match.group("local"), match.group("domain")
        spoken = f"{' '.join(pieces(local, speech))} at {domain_words(domain, speech)}"
        if match.group("path"):
            path = _trim(match, context, "path")
            spoken += " " + " ".join(pieces(path, speech))
        return spoken

    return Classifier(
        "email",
        r"(?<![\w.+\-&])(?P<local>[\w][\w.+&\-]*)@(?P<domain>[\w\-]+(?:\.[\w\-]+)*\.[A-Za-z]{2,})"
        r"(?P<path>/[^\s<>\"']*)?(?![\w\-]|\.\w)",
        say,
    )


_EXTENSIONS = alternatives(FILE_EXTENSIONS)


def file_path(speech: English) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        written = _trim(match, context, "path")
        if not written or written in {"/", "//"} or context.char_after() == "(" and "/" not in written:
            return None  # 'logging.info()': a call, not the file 'logging.info'
        return path_words(written, speech)

    return Classifier(
        "file path",
        r"(?<![\w/.\\:])(?P<path>[A-Za-z]:\\[^\s<>\"']+"
        r"|(?:~|\.{1,2}|\.[A-Za-z][\w\-]*|\$\{?[A-Za-z_]\w*\}?)?(?:/[\w.+@%~\-]+(?:\*[\w.\-]*)?)+/?"
        r"|(?:~|\.{1,2})/(?=[\s,;:)\"']|$)|\.[A-Za-z][\w\-]*(?:\.[\w\-]+)*(?=[\s,;:)\"']|\.(?!\w)|$)"
        rf"|[\w.\-]+(?:/[\w.\-]+)+\.(?:{_EXTENSIONS}|[a-z]{{2,8}})(?![\w/])"
        rf"|(?:[\w\-]|%[0-9A-Fa-f]{{2}})+(?:\.[\w\-]+)*\.(?:{_EXTENSIONS})(?![\w/]|\.\w))",
        say,
    )
