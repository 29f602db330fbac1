"""What a block of plain-text lines is: prose, a list, a heading, or something drawn with
characters (a diagram, a table, code) that is announced instead of read.

Plain text has no markup, so each shape is recognised from the lines themselves:

- a **diagram** (ASCII art, `---o---o---M` commit graphs, box drawings): most lines drawn
  with symbols rather than written in words;
- a **table**: rows with `|` between cells, `+----+` borders, or columns lined up with runs
  of spaces at the same places in every row;
- **code**: an indented block whose lines look like commands or program text (a `$ `
  prompt, `>>> `, lines ending in `;` or `{`, assignments, `#include`);
- a **list**: lines opening with `-`, `*`, `+`, `•`, `1.` or `a)`;
- a **heading** underlined with `===` or `---` (as Markdown, reStructuredText and AsciiDoc
  write them); a line of symbols alone is a separator and is not read.
"""

from __future__ import annotations

import re

DIAGRAM_NOTE = "A diagram is skipped here."

_DRAWING_CHARS = set("-=_~*#+|/\\<>^.:'`o")
_DRAWING_RUN = re.compile(r"([-=_~*+])\1{2,}|<-+|-+>|[-=]{2,}[|+]|[|+][-=]{2,}")
_PURE_DRAWING = re.compile(r"[/\\|+\-=_*#~<>^()\[\]{}.:'`]")
_BOX = re.compile(r"[\u2500-\u259f\u2190-\u21ff]")
REAL_WORD = re.compile(r"[^\W\d_]{2,}")
_BOX_CELL = re.compile(r"[\u2502\u2503\u2551]")
_BOX_BORDER = re.compile(r"[\u2500-\u257f\s]+")
_RULE = re.compile(r"\s*(?:([-=_~*#+.\u2500-\u2501\u2014])\s*)\1{2,}\s*|\s*(?:[*#~]\s+){2,}[*#~]\s*")
_UNDERLINE = re.compile(r"(=+|-+|~+|\^+|\*+|#+|\++)\s*")
_PROMPT = re.compile(r"(?:\$|%|#|>>>|\.\.\.|PS [^>]{0,40}>|[A-Z]:\\[^>]{0,60}>|\w+@[\w.\-]+[:~$# ][^$#]{0,40}[$#])\s")
# Lines that only program text has: braces, '#include', assignments and keywords opening a line.
CODE_LINE = re.compile(
    r"[{}]\s*$|^\s*[{}]|^\s*#\s*(?:include|define|if|endif)\b|&&|\|\|"
    r"|^\s*(?:def|class|import|return|elif|fi|done|esac|function|var|let|const|public|private|"
    r"static|void|int|char|struct|typedef|package|sub|my)\s"
    r"|^\s*(?:from\s+\S+\s+import|if\s*\(|for\s*\(|while\s*\(|else\s*[{:]?$)"
    r"|^\s*[\w.\[\]]+\s*[+\-*/|&]?=\s*\S"
    # (each further word after whitespace: '(?:\S+\s*){0,6}' split a long path six ways, 19 s a line)
    r"|^\s*(?:sudo|apt|apt-get|git|cd|ls|make|echo|export|cat|cp|mv|rm|mkdir|pip|python3?|npm)"
    r"\s+[-\w./$]\S*(?:\s+\S+){0,6}\s*$"
    # an HTTP exchange: the request or status line, and header fields with hyphenated names
    r"|^\s*(?:GET|PUT|POST|DELETE|HEAD|OPTIONS|PATCH)\s+\S+\s+HTTP/\d|^\s*HTTP/\d(?:\.\d)?\s+\d{3}\b"
    r"|^\s*[A-Z][a-z]+(?:-[A-Z][A-Za-z]*)+:\s+\S"
)
# Signs that prose about code has too ('stat()', 'JSON::PP', a line ending in ';').
_CODE_HINT = re.compile(r";\s*$|==|!=|::|\(\)|=>|->")
_BULLET = re.compile(r"(?P<indent>[ \t]*)(?P<mark>[-*+\u2022\u2013\u25e6o]|\d{1,3}[.)]|[a-zA-Z][.)]|\(\d{1,3}\)|\([a-z]\))[ \t]+(?=\S)")
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*$")


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


_ATX_HEADING = re.compile(r"(?P<marks>#{1,6}|={1,6})[ \t]+(?P<text>[A-Z0-9`\"'(\u00c0-\u024f].*?)(?:[ \t]+(?P=marks))?[ \t]*")
_DELIMITER = re.compile(r"(?:-{4,}|\.{4,}|`{3,}[\w+\-]*|~{3,}[\w+\-]*)")
_TERM = re.compile(r"(?P<term>\S.{0,80}?)(?::{2,4}|;;)")
_DECORATED_HEADING = re.compile(r"(?P<marks>[*=~#-]{2,})[ \t]+(?P<text>[^*=~#\s].{0,70}?)[ \t]+(?P=marks)")
_CONTINUATION_MARK = re.compile(r"\+|--")
_EMPHASIS = re.compile(r"([*_]{1,3})[^\W_][^*_]*?\1")
MAX_DELIMITED_LINES = 400


def marked_heading(line: str) -> tuple[str, int] | None:
    """'## Setting up' (Markdown) or '=== Setting up' (AsciiDoc) written in a plain-text file:
    (the words, the level); None for anything else. A '#' before a lower-case word is a root
    prompt ('# apt-get install'), not a heading."""
    decorated = _DECORATED_HEADING.fullmatch(line.strip())
    if decorated and looks_like_words(decorated.group("text")):
        return decorated.group("text"), 2  # '*** System overview ***', '=== Notes ==='
    match = _ATX_HEADING.fullmatch(line.rstrip())
    if not match or len(match.group("text").split()) > 16 or match.group("text").rstrip().endswith((".", ",", ";")):
        return None
    marks = match.group("marks")
    level = len(marks) if marks[0] == "#" else max(1, len(marks) - 1)  # AsciiDoc's '=' is the title
    return match.group("text").strip("` "), level


def delimited_end(lines: list[str], start: int) -> int | None:
    """Where a delimited block that opens at `start` closes (the index of its closing line):
    Markdown's ``` and ~~~ fences, AsciiDoc's ---- listings and .... literals, written tight
    around their content; None when `start` opens none."""
    opening = lines[start].strip()
    if not _DELIMITER.fullmatch(opening) or start + 1 >= len(lines) or not lines[start + 1].strip():
        return None
    fence = opening[0] in "`~"
    before = lines[start - 1].strip() if start else ""
    if before and not fence and not before.endswith(":"):
        return None  # 'Title' / '-----': an underline, not a listing
    for end in range(start + 1, min(len(lines), start + MAX_DELIMITED_LINES)):
        closing = lines[end].strip()
        if (closing.startswith(opening[:3]) and _DELIMITER.fullmatch(closing) if fence else closing == opening):
            if fence or lines[end - 1].strip():
                return end
    return None


def term(line: str) -> str | None:
    """An AsciiDoc definition-list term ('--list::', 'objects/pack::', '-m:::'), without its marks."""
    match = _TERM.fullmatch(line.strip())
    return match.group("term").strip() if match and any(ch.isalnum() for ch in match.group("term")) else None


def is_continuation_mark(line: str) -> bool:
    """AsciiDoc's '+' (the next block continues a list item) and '--' (an open block): structure only."""
    return bool(_CONTINUATION_MARK.fullmatch(line.strip()))


def looks_like_words(text: str) -> bool:
    return len(REAL_WORD.findall(text)) >= 1 and len(text.split()) <= 12


def is_rule(line: str) -> bool:
    """A separator drawn across the page ('-----', '* * *', '====='): a pause, not words."""
    return bool(line.strip()) and bool(_RULE.fullmatch(line))


def underline_level(title: str, underline: str) -> int | None:
    """The heading level when `underline` underlines `title` ('=' 1, '-' 2, others 3)."""
    mark = _UNDERLINE.fullmatch(underline.strip())
    text = title.strip()
    if not mark or not text or indent(underline) > 3 or len(mark.group(1)) < 3:
        return None
    if len(mark.group(1)) < min(len(text), 40) // 2 or not any(ch.isalpha() for ch in text):
        return None
    if len(text.split()) > 16 or is_drawing_line(title):
        return None
    return {"=": 1, "-": 2}.get(mark.group(1)[0], 3)


def is_drawing_line(line: str) -> bool:
    """A line drawn with characters rather than written in words: box-drawing characters; only
    symbols ('   /   \\', '+------+'); or a run of them ('---o---M', 'A---B  <-- old branch')
    with few words beside it. A lone '/' in 'objects/pack::' or a path is not a drawing."""
    text = line.strip()
    if not text:
        return False
    if _BOX.search(text):
        return True
    if _EMPHASIS.fullmatch(text):
        return False  # '***subject***', '_data_': emphasis, read as its words
    letters = sum(1 for ch in text if ch.isalnum())
    if not letters:
        return bool(_PURE_DRAWING.search(text)) and len(text) >= 1
    words = len(REAL_WORD.findall(text))
    if words > 4:
        return False
    drawn = sum(1 for ch in text if ch in _DRAWING_CHARS and not ch.isalnum())
    return (bool(_DRAWING_RUN.search(text)) and words <= 3) or (drawn >= 4 and drawn > 1.5 * letters)


def is_diagram(lines: list[str]) -> bool:
    """Most lines drawn, none written as a sentence; a lone separator is not a diagram."""
    filled = [line for line in lines if line.strip()]
    if not filled or len(filled) == 1 and (is_rule(filled[0]) or not any(ch.isalnum() for ch in filled[0])):
        return False  # a separator, or a lone '--': nothing drawn
    drawn = sum(1 for line in filled if is_drawing_line(line) and not is_rule(line))
    if any(_is_sentence(line) for line in filled):
        return False
    if drawn >= 2:  # the labels placed around a drawing count with it ('   where      *your head')
        drawn += sum(1 for line in filled if not is_drawing_line(line) and _is_label_line(line))
    return drawn >= max(1, (len(filled) + 1) // 2) and (drawn >= 2 or len(filled) == 1)


_LABEL_GAP = re.compile(r"\S\s{5,}\S")


def _is_label_line(line: str) -> bool:
    """A few words placed in space, or beside a stroke: 'used   \\', '      *upstream head'."""
    return len(REAL_WORD.findall(line)) <= 4 and bool(
        _LABEL_GAP.search(line.strip()) or any(ch in "\\/|*" for ch in line))


def _is_sentence(line: str) -> bool:
    return len(REAL_WORD.findall(line)) >= 6 and not is_drawing_line(line)


def is_table(lines: list[str]) -> bool:
    """Rows with '|' between cells or '+---+' borders, or columns lined up with spaces."""
    filled = [line.rstrip() for line in lines if line.strip()]
    if len(filled) < 2:
        return False
    boxed = sum(1 for line in filled if len(_BOX_CELL.findall(line)) >= 2 or _BOX_BORDER.fullmatch(line.strip()))
    if boxed >= len(filled) * 0.8 and any(len(_BOX_CELL.findall(line)) >= 3 for line in filled):
        return True  # a table drawn with box characters: '│Key│G1L1  │', '├───┼───┤'
    piped = sum(1 for line in filled if re.search(r"\S\s*\|\s*\S", line) or re.fullmatch(r"\s*[+|][-=+|: ]{3,}", line))
    if piped >= max(2, len(filled) * 0.6) and any(line.count("|") >= 2 for line in filled):
        return True
    return _aligned_columns(filled)


def _aligned_columns(lines: list[str]) -> bool:
    """Three rows or more, each with a cell starting after two spaces or more at one place."""
    return bool(_column_starts(lines))


def _column_starts(lines: list[str]) -> list[int]:
    """The places where most rows (four in five, three at least) start a cell after a gap."""
    if len(lines) < 3:
        return []
    starts: dict[int, int] = {}
    for line in lines:
        seen = set()
        for match in re.finditer(r"(?<=[^\s.!?:;,])[ \t]{2,}(?=\S)", line):
            seen.add(match.end())
        for column in seen:
            starts[column] = starts.get(column, 0) + 1
    found = []
    for column, count in starts.items():
        rows = sum(1 for line in lines if indent(line) < column)  # a line starting there goes on a cell
        if count >= max(3, rows * 0.8):
            found.append(column)
    return sorted(found)


def term_rows(lines: list[str]) -> list[str] | None:
    """A two-column list of terms and what they mean, lined up with spaces ('-flip vertical
    Mirror image...', 'AUTHORS   - the authors'): each row as 'term. meaning.'; None for a
    table of values, which is announced instead."""
    filled = [line.rstrip() for line in lines if line.strip()]
    columns = _column_starts(filled)
    if len(columns) != 1:
        return None
    column = columns[0]
    rows: list[list[str]] = []
    for line in filled:
        left, right = line[:column].strip(), line[column:].strip()
        if line[column - 1:column] != " " and len(line) > column:
            return None  # a row that runs across the column: not two columns
        right = re.sub(r"^[-:\u2013\u2014]\s+", "", right)
        if left or not rows:
            rows.append([left, right])
        else:
            rows[-1][1] = f"{rows[-1][1]} {right}".strip()  # the meaning goes on
    described = sum(1 for _, right in rows if len(REAL_WORD.findall(right)) >= 2)
    if described < len(rows) * 0.6:
        return None
    return [" ".join(part for part in (_sentence(left), _sentence(right)) if part) for left, right in rows]


def _sentence(text: str) -> str:
    text = text.strip()
    return text + "." if text and not re.search(r"[.!?:;][\"')\]]*$", text) else text


def is_code(lines: list[str]) -> bool:
    """An indented block that reads as program text or commands, or any block of prompts.
    Indented prose that mentions code ('by checking stat() information.') is prose: most of
    its tokens are words."""
    filled = [line for line in lines if line.strip()]
    if not filled:
        return False
    prompts = sum(1 for line in filled if _PROMPT.match(line.lstrip()))
    if prompts and prompts >= len(filled) / 2 and not any(_is_prose(line) for line in filled):
        return True
    if min(indent(line) for line in filled) < 2:
        return False
    strong = sum(1 for line in filled if _PROMPT.match(line.lstrip()) or CODE_LINE.search(line))
    hints = sum(1 for line in filled if _CODE_HINT.search(line))
    share = word_share(filled)
    if strong >= max(1, len(filled) / 2) and share < MOSTLY_WORDS and not all(_is_prose(line) for line in filled):
        return True
    return strong + hints >= max(1, len(filled) / 2) and share < PROSE_WORD_SHARE


PROSE_WORD_SHARE = 0.6  # below this, a block with hints of code is code
MOSTLY_WORDS = 0.8      # at or above this, even a block with code-like lines is prose


def word_share(lines: list[str]) -> float:
    """The share of a block's tokens that are plain words ('the', 'index,'): about nine in ten
    in prose, a few in program text."""
    tokens = " ".join(lines).split()
    words = sum(1 for token in tokens if re.fullmatch(r"[(\"'`]?[^\W\d_]+(?:['\u2019-][^\W\d_]+)*[.,;:!?)\"'`]*", token))
    return words / len(tokens) if tokens else 0.0


def _is_prose(line: str) -> bool:
    text = line.strip()
    return len(REAL_WORD.findall(text)) >= 5 and bool(_SENTENCE_END.search(text)) and not CODE_LINE.search(text)


def list_items(lines: list[str]) -> list[str] | None:
    """The items of a block that is a list (its first line opens one), each item's wrapped
    lines joined; None when the block is not a list."""
    if not lines or not _BULLET.match(lines[0]):
        return None
    base = indent(lines[0])
    items: list[list[str]] = []
    for line in lines:
        bullet = _BULLET.match(line)
        if bullet and indent(line) <= base + 8:
            number = bullet.group("mark")
            items.append([f"{number} " if number[0].isdigit() or number[0] == "(" else ""])
            items[-1][0] += line[bullet.end():].strip()
        else:
            items[-1].append(line.strip())
    if len(items) == 1 and re.match(r"\s*[a-zA-Z][.)]\s", lines[0]):
        return None  # 'A. Smith said...' is a sentence, not a one-item list
    return [_item_text(item) for item in items]


def _item_text(lines: list[str]) -> str:
    """An item's lines joined; a short first line over a body that starts afresh ('1. Free
    Redistribution' / 'The license...') is the item's title, a sentence of its own."""
    if len(lines) > 1 and len(lines[0].split()) <= 12 and not re.search(r"[.!?:;,]$", lines[0]) and (
            lines[1][:1].isupper() or lines[1][:1].isdigit()):
        return lines[0] + ". " + " ".join(lines[1:])
    return " ".join(lines)


def starts_list(line: str) -> bool:
    return bool(_BULLET.match(line))


def indentation_paragraphs(lines: list[str]) -> list[list[str]]:
    """A block split where a line is indented past the block's margin after one that is not:
    wire copy and older typescripts mark paragraphs by indenting their first line only. A
    line indented to where a label's text starts ('A:  Nothing. They are just two letters,'
    over '    suffix .xz.') goes on the label's paragraph: a hanging indent, not a new one; so
    does one after a line that ends no sentence (bc's README: '--with-readline tells bc to use
    the readline package that allows' over '  for editing input lines'): a paragraph of wire
    copy ends with its sentence."""
    margin = min(indent(line) for line in lines)
    groups: list[list[str]] = [[]]
    for position, line in enumerate(lines):
        previous = lines[position - 1] if position else ""
        if position and indent(line) >= margin + 2 and indent(previous) == margin and groups[-1] \
                and not _hangs_under(previous, line) and _SENTENCE_END.search(previous.rstrip()):
            groups.append([])
        groups[-1].append(line)
    return groups


_LABEL_TEXT = re.compile(r"[ \t]*(?:\S{1,12}:[ \t]+|\S{1,12}?[ \t]{2,})(?=\S)")


def _hangs_under(label_line: str, line: str) -> bool:
    """'A:  Nothing...' then '    suffix .xz.': the line starts where the label's text does."""
    label = _LABEL_TEXT.match(label_line)
    return bool(label) and label.end() == indent(line)


def line_per_sentence(lines: list[str]) -> bool:
    """Short lines each standing alone (a column of figures, an address, a poem): three
    lines or more, each opening with a capital or digit, none running on into the next."""
    if len(lines) < 3:
        return False
    texts = [line.strip() for line in lines]
    return (max(len(text) for text in texts) <= 50
            and all(text[:1].isupper() or text[:1].isdigit() for text in texts)
            and not any(text.endswith((",", "-", "\u2013", "\u2014", "and", "or", "the", "of")) for text in texts[:-1]))
