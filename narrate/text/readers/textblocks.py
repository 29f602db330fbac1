"""Plain-text lines into blocks: paragraphs, headings, and the spoken notes for what is
announced instead of read (code, diagrams, tables) or around a quotation.

The reader's conventions are in narrate.text.readers.plainblocks (what a block is),
narrate.text.readers.mail (quotes, signatures) and narrate.text.readers.angles (names and
tickers in angle brackets); this module walks the lines with them, block by block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from narrate.text.credits import is_sign_off
from narrate.text.readers.angles import angle_brackets
from narrate.text.readers.mail import QUOTE_ENDS, QUOTE_OPENS, attribution, quote_depth, unquoted, without_signature
from narrate.text.readers.plainblocks import (
    DIAGRAM_NOTE,
    MOSTLY_WORDS,
    delimited_end,
    indent,
    indentation_paragraphs,
    is_code,
    is_continuation_mark,
    is_diagram,
    is_drawing_line,
    is_rule,
    is_table,
    line_per_sentence,
    list_items,
    marked_heading,
    starts_list,
    term,
    term_rows,
    underline_level,
    word_share,
)
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE, as_sentence

__all__ = ["Block", "PARAGRAPH", "HEADING", "SPOKEN_NOTE", "QUOTE_OPENS", "QUOTE_ENDS", "read_blocks", "said"]


PARAGRAPH, HEADING, SPOKEN_NOTE = "paragraph", "heading", "note"
LONG_ITEM_WORDS = 25  # a list with an item longer than this is read item by item, with pauses


@dataclass(frozen=True)
class Block:
    """One thing the plain-text reader found: a paragraph, a heading, or a spoken note
    (for skipped code, a diagram, a table; a quotation's labels)."""

    kind: str
    text: str
    level: int = 1


def read_blocks(lines: list[str]) -> list[Block]:
    """The blocks of plain-text lines, in order: quoted runs between the quotation's labels,
    the rest block by block (blank lines between them)."""
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        end = index
        if quote_depth(lines[index]):
            while end < len(lines) and (quote_depth(lines[end]) or not lines[end].strip() and any(
                    quote_depth(line) for line in _until_text(lines, end))):
                end += 1
            inner = read_blocks(without_signature([unquoted(line) for line in lines[index:end]]))
            if inner:
                blocks += [Block(SPOKEN_NOTE, QUOTE_OPENS), *inner, Block(SPOKEN_NOTE, QUOTE_ENDS)]
        elif (closing := delimited_end(lines, index)) is not None:
            inner = lines[index + 1:closing]
            if _quoted_message(inner):  # a reply set off by rules, as git's howtos quote them
                blocks += read_blocks(inner)
            else:
                blocks.append(Block(SPOKEN_NOTE, CODE_NOTE))  # a fenced or delimited listing
            end = closing + 1
        else:
            while end < len(lines) and not quote_depth(lines[end]) and (
                    end == index or delimited_end(lines, end) is None):
                end += 1
            for block_lines in _blank_separated(lines[index:end]):
                blocks += _read_block(block_lines)
        index = end
    return blocks


def _quoted_message(lines: list[str]) -> bool:
    """Lines that are a quoted reply in words, perhaps under its attribution ('On Fri, 9 Nov
    2007, Yossi wrote:'), and nothing else: what a writer sets between rules to quote it."""
    filled = [line for line in lines if line.strip()]
    quoted = [line for line in filled if quote_depth(line)]
    rest = [line for line in filled if not quote_depth(line)]
    return len(quoted) >= 2 and len(rest) <= 1 and all(attribution(line) != line for line in rest) \
        and word_share([unquoted(line) for line in quoted]) >= MOSTLY_WORDS  # a quoted session is code


def _until_text(lines: list[str], start: int) -> list[str]:
    """The next line with text after `start`, as a one-item list (none at the end)."""
    return next(([lines[index]] for index in range(start, len(lines)) if lines[index].strip()), [])  # (no copy)


def _blank_separated(lines: list[str]) -> list[list[str]]:
    groups: list[list[str]] = [[]]
    for line in lines:
        if line.strip() and not is_continuation_mark(line):
            groups[-1].append(line)
        elif groups[-1]:
            groups.append([])  # a blank line, or AsciiDoc's '+' and '--' between blocks
    return [group for group in groups if group]


def _read_block(lines: list[str]) -> list[Block]:
    """One block of lines with no blank line among them: the headings, terms and rules it
    opens with, one after another (a loop, not a call per line: a run of a thousand heading
    lines went past Python's recursion limit), then its text, then a sign-off."""
    blocks: list[Block] = []
    closing: list[Block] = []
    while len(lines) >= 2 and is_sign_off(lines[-1]):
        closing.insert(0, Block(PARAGRAPH, lines[-1].strip()))
        lines = lines[:-1]
    start = 0
    while start < len(lines):
        rest = lines[start:] if start else lines
        if all(is_rule(line) for line in rest):
            break  # a separator
        framed = _framed_heading(rest)
        if framed:
            blocks.append(Block(HEADING, framed, 1))
            start += framed_lines(rest)
            continue
        if len(rest) >= 2 and (level := underline_level(rest[0], rest[1])):
            blocks.append(Block(HEADING, said(rest[0]), level))
            start += 2
            continue
        if is_rule(rest[0]) or is_continuation_mark(rest[0]):
            start += 1  # a separator or AsciiDoc's '+' above the text: structure only
            continue
        marked = marked_heading(rest[0])
        if marked:
            blocks.append(Block(HEADING, said(marked[0]), marked[1]))
            start += 1
            continue
        named = term(rest[0])
        if named:
            blocks.append(Block(PARAGRAPH, as_sentence(said(named))))
            start += 1
            continue
        pieces = _pieces(rest)
        # (a piece ends at the line that introduces the next: read whole, each is one piece)
        blocks += _read_piece(rest) if len(pieces) == 1 else [block for piece in pieces for block in _read_block(piece)]
        break
    return blocks + closing


def _framed_heading(lines: list[str]) -> str | None:
    """A title between two rules of one character ('*****' / 'Appendix' / 'The Manifesto' /
    '*****'), as reStructuredText and older texts frame them; None when the block opens
    otherwise."""
    end = framed_lines(lines)
    if not end:
        return None
    title = " ".join(line.strip() for line in lines[1:end - 1])
    return said(title) if underline_level(title, lines[end - 1]) else None


def framed_lines(lines: list[str]) -> int:
    """How many lines the framed title at the top of `lines` takes (0: none)."""
    if len(lines) < 3 or not is_rule(lines[0]):
        return 0
    mark = lines[0].strip()[0]
    for end in range(2, min(len(lines), 5)):
        if is_rule(lines[end]) and lines[end].strip()[0] == mark:
            return end + 1
    return 0


def _pieces(lines: list[str]) -> list[list[str]]:
    """A block split after a line that introduces what follows ('...look like this:') when
    the next lines are indented further, drawn, or a list."""
    pieces: list[list[str]] = [[]]
    for position, line in enumerate(lines):
        pieces[-1].append(line)
        following = lines[position + 1] if position + 1 < len(lines) else None
        if following is not None and line.rstrip().endswith(":") and (
                indent(following) > indent(line) or is_drawing_line(following) or starts_list(following)):
            pieces.append([])
    return [piece for piece in pieces if piece]


def _read_piece(lines: list[str]) -> list[Block]:
    if starts_list(lines[0]) and "|" not in lines[0]:
        items = list_items([line for line in lines if not is_rule(line)])
        if items is not None and not is_code(lines):
            return _list_blocks(items)
    if is_table(lines):
        rows = term_rows(lines)
        if rows:
            return [Block(PARAGRAPH, said(" ".join(rows)))]  # terms and their meanings, read
        return [Block(SPOKEN_NOTE, TABLE_NOTE)]
    if is_code([line for line in lines if not is_rule(line)]):
        return [Block(SPOKEN_NOTE, CODE_NOTE)]  # code, with or without rules around it
    if is_diagram(lines):
        return [Block(SPOKEN_NOTE, DIAGRAM_NOTE)]
    lines = [line for line in lines if not is_rule(line)]  # a separator under a paragraph
    if not any(ch.isalnum() for line in lines for ch in line):
        return []  # symbols only ('--', '* *'): nothing to say
    items = list_items(lines)
    if items is not None:
        return _list_blocks(items)
    blocks = []
    for group in indentation_paragraphs(lines) if lines else []:
        if line_per_sentence(group):
            text = " ".join(as_sentence(said(line)) for line in group)
        else:
            text = said(" ".join(line.strip() for line in group))
        if len(group) <= 3:
            text = attribution(text)  # 'On 03/03/2020 10:12, Jane wrote:': 'Jane wrote:'
        if text:
            blocks.append(Block(PARAGRAPH, text))
    return blocks


def _list_blocks(items: list[str]) -> list[Block]:
    """A list: one paragraph of sentences, or one paragraph an item where items are long."""
    sentences = [as_sentence(said(item)) for item in items if item.strip()]
    if any(len(item.split()) > LONG_ITEM_WORDS for item in sentences):
        return [Block(PARAGRAPH, item) for item in sentences]
    return [Block(PARAGRAPH, " ".join(sentences))] if sentences else []


def said(text: str) -> str:
    """Words in angle brackets as they are said; whitespace runs as one space."""
    return angle_brackets(re.sub(r"[ \t]+", " ", text)).strip()
