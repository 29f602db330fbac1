"""Web addresses, e-mail addresses and file paths, with the language's names for the signs:
'www.abc.es/efg' -> 'w w w punto abc punto e s barra efg', 'abc@gmail.com' -> 'abc arroba
gmail punto com', '/etc/fstab' -> 'Schrägstrich etc Schrägstrich fstab'. The scheme
('https://') is not said, as a person reading an address aloud does not; a long address with
a query is 'a link to' its site in the language's words."""

from __future__ import annotations

import re

from narrate.text.readings.framework import Classifier, Context
from narrate.text.readings.link_ids import is_id_link
from narrate.text.readings.shared.language import Language

_TRAILING = ".,;:!?)]}'\""
_PIECE = re.compile(r"[^\W\d_]+|\d+|[^\w]|_")
_WORD_DOMAINS = frozenset({"com", "net", "org", "edu", "gov", "info", "int", "mil", "biz"})
_FILE_EXTENSIONS = frozenset({"html", "htm", "php", "py", "js", "txt", "pdf", "json", "xml", "csv", "md",
                              "conf", "cfg", "ini", "sh", "exe", "zip", "gz", "tar", "png", "jpg", "svg",
                              "deb", "rpm", "iso", "css", "yaml", "yml", "toml", "log", "c", "h", "rs", "go",
                              "file", "img", "dat", "bak", "old", "list", "types", "order", "service", "socket",
                              "timer", "mount", "target", "spt", "rules", "desktop", "lst", "xz", "bz2", "tgz",
                              "txz", "cnf", "db", "key", "pem", "crt", "pub", "asc", "gpg", "sig"})
_MAX_SPOKEN_SEGMENTS = 4


_VOWELS = set("aeiouäöüéèêàáíóúâôãõ")


def letters(run: str, language: Language) -> str:
    """A run of letters in an address: as written when it reads as a word ('nvidia', 'amazon'),
    spelled when it does not ('abc', 'cdf', 'asdf': three letters or fewer, or one vowel)."""
    lower = run.lower()
    if lower in language.words.address_words:
        return language.words.address_words[lower]
    if lower in _WORD_DOMAINS or (len(run) > 3 and sum(ch in _VOWELS for ch in lower) >= 2):
        return run
    return " ".join(lower)


# Words of file paths said otherwise than as written ('/etc', '/usr', '/dev/sda1').
_PATH_WORDS = {"etc": "e t c", "usr": "user", "sbin": "s bin", "tmp": "temp", "tty": "t t y", "ttys": "t t y S",
               "mnt": "m n t", "srv": "s r v"}
_DEVICE = re.compile(r"(?:[hsv]d|nvme|xvd)[a-z]?")
_SYLLABLE = re.compile(r"[^aeiou][aeiou][^aeiou]")  # "dev", "lib", "var", "log": read as words


def path_letters(run: str) -> str:
    """A word of a file path: as written (a person reads 'lib', 'systemd', 'motd' as words),
    but 'etc', 'usr' and devices ('sda', 'hda') as people say them."""
    lower = run.lower()
    if lower in _PATH_WORDS:
        return _PATH_WORDS[lower]
    if _DEVICE.fullmatch(lower) or not any(ch in _VOWELS for ch in lower) or (
            len(lower) <= 3 and not _SYLLABLE.fullmatch(lower)):
        return " ".join(lower)  # "sda", "html", "py", "abc"
    return run


def pieces(text: str, language: Language, path: bool = False) -> list[str]:
    """'ab3-sdd' -> ['ab', 'drei', 'Bindestrich', 'sdd']: letters as written, digits said one
    by one, signs named."""
    out = []
    symbols = language.words.symbols
    for piece in _PIECE.findall(text):
        if piece.isdigit():
            out.append(language.digits(piece))
        elif piece.isalpha():
            out.append(path_letters(piece) if path else letters(piece, language))
        elif piece in symbols:
            out.append(symbols[piece])
    return out


def domain_words(host: str, language: Language) -> str:
    """'www.bbc.co.uk' -> 'w w w Punkt bbc Punkt co Punkt u k'."""
    labels = host.split(".")
    spoken = []
    for index, label in enumerate(labels):
        last = index == len(labels) - 1
        if label.lower() == "www":
            spoken.append("w w w")
        elif last and label.isalpha() and len(label) == 2:
            spoken.append(" ".join(label.lower()))
        else:
            spoken.append(" ".join(pieces(label, language)))
    return f" {language.words.symbols['.']} ".join(spoken)


def _trim(match: re.Match[str], context: Context, group: str) -> str:
    written = match.group(group)
    trimmed = written.rstrip(_TRAILING)
    if trimmed.count("(") > trimmed.count(")") and written[len(trimmed):].startswith(")"):
        trimmed += ")"
    context.end = match.start(group) + len(trimmed)
    return trimmed


def _is_abbreviation(written: str, language: Language) -> bool:
    tables = (language.words.abbreviations, language.words.titles, language.words.before_number)
    forms = {form.lower().replace(" ", "") for table in tables for form in table}
    return written.lower() in forms or written.lower().rstrip(".") + "." in forms


def url(language: Language) -> Classifier:
    slash = language.words.symbols["/"]

    def say(match: re.Match[str], context: Context) -> str | None:
        written = _trim(match, context, "url")
        scheme = bool(match.group("scheme"))
        rest = written.split("://", 1)[1] if "://" in written else written
        host, has_slash, path = rest.partition("/")
        host = host.split("@")[-1].partition(":")[0]
        tld = host.rsplit(".", 1)[-1].lower()
        if not scheme and not any(ch.isalpha() for ch in host.rsplit(".", 1)[0]):
            return None  # "3.er", "1.º": a number and a suffix
        if not scheme and _is_abbreviation(written, language):
            return None  # "Sig.ra", "p.za": the language's abbreviations
        if not scheme and not host.lower().startswith("www.") and not (
                tld in _WORD_DOMAINS or (len(tld) == 2 and tld.isalpha())) or tld in _FILE_EXTENSIONS:
            return None
        spoken_host = domain_words(host, language)
        if not has_slash or not path:
            return spoken_host
        segments = [segment for segment in path.split("/") if segment]
        if "?" in path or "#" in path or "=" in path or len(segments) > _MAX_SPOKEN_SEGMENTS \
                or is_id_link(host, segments):
            return f"{language.say['link']} {spoken_host.removeprefix('w w w ' + language.words.symbols['.'] + ' ')}"
        return f"{spoken_host} {slash} {' '.join(pieces(path, language, path=True))}".strip()

    return Classifier(
        "url",
        r"(?<![\w@./\-])(?P<url>(?P<scheme>(?i:https?|ftp))://[^\s<>\"'`]+"
        r"|(?i:www)\.[\w\-]+(?:\.[\w\-]+)+[^\s<>\"'`]*"
        r"|[A-Za-z0-9][\w\-]*(?:\.[\w\-]+)*\.[a-z]{2,}(?:/[^\s<>\"'`]*)?)(?![\w@])",
        say,
    )


def email(language: Language) -> Classifier:
    at = language.words.symbols["@"]

    def say(match: re.Match[str], _: Context) -> str:
        return f"{' '.join(pieces(match.group('local'), language))} {at} {domain_words(match.group('domain'), language)}"

    return Classifier(
        "email",
        r"(?<![\w.+\-&])(?P<local>[\w][\w.+&\-]*)@(?P<domain>[\w\-]+(?:\.[\w\-]+)*\.[A-Za-z]{2,})(?![\w\-]|\.\w)",
        say,
    )


def handle(language: Language) -> Classifier:
    """'@jensen' -> 'arroba jensen' (a user name on a social network)."""
    at = language.words.symbols["@"]
    return Classifier(
        "email",
        r"(?<![\w@])@(?P<name>[A-Za-z][\w.]*\w)",
        lambda match, _: f"{at} {domain_words(match.group('name'), language)}",
    )


def file_path(language: Language) -> Classifier:
    def say(match: re.Match[str], context: Context) -> str | None:
        written = _trim(match, context, "path")
        if not written or written in {"/", "//"}:
            return None
        return " ".join(pieces(written, language, path=True))

    extensions = "|".join(sorted(_FILE_EXTENSIONS, key=len, reverse=True))
    return Classifier(
        "file path",
        r"(?<![\w/.\\:])(?P<path>(?:~|\.{1,2})?(?:/[\w.+@%~\-]+)+/?"
        rf"|[\w.\-]+(?:/[\w.\-]+)+\.(?:{extensions})(?![\w/])"
        rf"|[\w\-]+(?:\.[\w\-]+)*\.(?:{extensions})(?![\w/.]|\.\w))",
        say,
    )
