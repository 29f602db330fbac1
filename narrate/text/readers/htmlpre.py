"""A <pre> that holds prose, read as plain text rather than announced as code.

Some pages set a whole document in <pre>: an RFC or Internet-Draft as the IETF's tools serve
it (one <pre> a printed page), a message in a mailing-list archive (pipermail, MHonArc), a
text file a site wraps in a page. Announced as "A code example is skipped here.", the
listener heard nothing of it (the IETF page's 5,000 words). Such a block is read the way
narrate reads a .txt file (narrate.text.readers.textblocks): hard-wrapped lines joined into
paragraphs, quoted replies labelled, code, tables and diagrams inside it still announced.

A <pre> is prose only on the evidence of its text and markup together: no class or child
that marks it as code or output, mostly plain words, and sentences.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

from narrate.text.readers.mail import split_headers, unquoted, without_signature
from narrate.text.readers.plainblocks import CODE_LINE, REAL_WORD, word_share
from narrate.text.readers.textblocks import HEADING, PARAGRAPH, Block, read_blocks

PROSE_MIN_WORDS = 40  # fewer: a listing's output or a short command, whatever its words
PROSE_WORD_SHARE = 0.75  # of the tokens plain words (prose about nine in ten, program text a few)
WORDS_PER_SENTENCE = 60  # at most, on average: prose ends its sentences (an RFC's run to 40 and more)
PARAGRAPH_SHARE = 0.6  # of the words, read as paragraphs by the plain-text reader
MAX_LINKS = 64  # links in a <pre> looked for in lines made of links ('[Docs] [txt|pdf] [Tracker]')
PAGE_WINDOW = 6  # <pre> blocks either side of one compared for running heads (each page has them)

# Class or id words that mark a block as code, a session or program output.
_CODE_MARK = re.compile(
    r"(?:^|[-_:])(?:code|codehilite|highlight|highlighter|sourcecode|source|src|lang|language|brush|"
    r"prettyprint|hljs|syntax|console|shell|terminal|screen|programlisting|literal|doctest|example|"
    r"output|diff|cli|command|snippet|bash|sh|python|javascript|js|json|xml|yaml|sql)(?:$|[-_:])")
_CODE_CHILDREN = ("code", "samp", "kbd", "var")
# A printed page's running lines: 'de Jong    Expires 18 June 2015    [Page 4]'.
_PAGE_LINE = re.compile(r"\[Page \d+\]\s*$")
# The tool that made the page: 'Html markup produced by rfcmarkup 1.111, available from ...'.
_GENERATOR_LINE = re.compile(r"\s*(?:html\s+)?(?:markup\s+)?(?:produced|generated|created)\s+(?:by|with|using)\s+"
                             r"[\w.-]+\s+v?\d[\w.]*\b", re.IGNORECASE)
_RUNNING_LINE = re.compile(r"\S\s{3,}\S")  # parts of a line set apart in columns
# A printed contents listing's line: '   4.1.  Requests ..................................... 7'.
_CONTENTS_LINE = re.compile(r"\S\s*\.{4,}\s*\d+\s*$")
_CONTENTS_TITLE = re.compile(r"\s*(?:table of )?contents\s*", re.IGNORECASE)
# A comment opening a line of program text ('-- ', '/*', '** ', '// ', '# '), a program's prompt
# ('sqlite> ', 'mysql> ', '(gdb) '), or a line a statement ends ('CREATE TABLE t(', ');').
_COMMENT_LINE = re.compile(r"\s*(?:--\s|/\*|\*\*\s|\*/|//|#\s|;\s|%\s|rem\s|[\w.-]{1,20}>\s|\(\w+\)\s)|.*[;{}(]\s*$",
                           re.IGNORECASE)
# A session opens with a prompt, a listing often with a comment ('/* Compress from ...', '-- Query ...').
_OPENING_LINE = re.compile(r"\s*(?:(?:[$%#]|>>>|[\w.-]{1,20}[>$#%])\s|/\*|//|--\s|;;)")
# What a machine writes: a prompt with user and host ('jane@laptop:~/src$ '), a log line's time stamp,
# a diff's headers, SQL's statements, a tool's '... Done' and '[Y/n]'.
_MACHINE_LINE = re.compile(
    r"\s*(?:\S+@[\w.-]+:\S*[$#]\s|\[?\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|[A-Z][a-z]{2}\s+\d{1,2}\s\d{2}:\d{2}:\d{2}\s"
    r"|diff --git |index [0-9a-f]{7,}|--- a/|\+\+\+ b/|@@ -\d"
    r"|(?-i:(?:SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER)\s+\S)"
    r"|\(def(?:un|ine|macro)?\s)|.*(?:\.\.\.\s?done|\[y/n\])\s*$", re.IGNORECASE)
CODE_LINE_SHARE = 0.4  # of the lines program text or comments: the block is code (a page with
# an example in it is not)
_SENTENCE_END = re.compile(r"[.!?][\"')\]]*(?=\s|$)")


def _marked_as_code(element: Any) -> bool:
    def marked(node: Any) -> bool:
        words = f"{node.get('class') or ''} {node.get('id') or ''} {node.get('data-lang') or ''}".lower().split()
        return any(_CODE_MARK.search(word) for word in words)

    if marked(element) or any(marked(ancestor) for _, ancestor in zip(range(3), element.iterancestors())):
        return True
    text = element.text_content()
    coded = sum(len(child.text_content()) for child in element.iter(*_CODE_CHILDREN) if child is not element)
    return coded > len(text) / 2 or any(marked(child) for child in element.iterdescendants()
                                        if isinstance(child.tag, str))


def pre_lines(element: Any) -> list[str]:
    """The <pre>'s lines as a printed page has them, less what the page prints around the
    text: the running heads and feet that repeat on its pages (in this <pre> and the ones
    beside it, three times or more, at their tops and bottoms), page-break marks, a printed
    contents listing's lines, the credit of the tool that made the page, and lines made of
    links alone ('[Docs] [txt|pdf] [Tracker]')."""
    lines = [line.rstrip() for line in element.text_content().replace("\f", "\n").replace("\r\n", "\n").split("\n")]
    repeated = _repeated_lines(element)
    links = [re.escape(a.text_content().strip()) for a in islice(element.iter("a"), MAX_LINKS + 1)
             if a.text_content().strip()]  # (a <pre> of more links is no page's toolbar: not looked at)
    linked = re.compile("|".join(sorted(links, key=len, reverse=True))) if 0 < len(links) <= MAX_LINKS else None
    if any(_CONTENTS_LINE.search(line) for line in lines):  # the listing's lines, and its title
        lines = [line for line in lines if not _CONTENTS_LINE.search(line) and not _CONTENTS_TITLE.fullmatch(line)]
    return [line for line in lines
            if not _PAGE_LINE.search(line) and not _GENERATOR_LINE.match(line) and line.strip() not in repeated
            and not (linked is not None and len(linked.findall(line)) >= 2
                     and len(REAL_WORD.findall(linked.sub("", line))) <= 1)]


def _repeated_lines(element: Any) -> set[str]:
    """Running heads and feet: lines set in columns (words apart by runs of spaces, as
    'Internet-Draft      remoteStorage      December 2014'; a poem's refrain is no such line)
    at the top or the bottom of the <pre> blocks around this one (the first or last two with
    text of each, the pages within PAGE_WINDOW either side), printed three times or more."""
    pres = [*islice(element.itersiblings("pre", preceding=True), PAGE_WINDOW), element,
            *islice(element.itersiblings("pre"), PAGE_WINDOW)]
    counts: dict[str, int] = {}
    for pre in pres:
        filled = [line.strip() for line in pre.text_content().split("\n") if _RUNNING_LINE.search(line)]
        for line in set(filled[:2] + filled[-2:]):
            counts[line] = counts.get(line, 0) + 1
    return {line for line, count in counts.items() if count >= 3}


def holds_prose(element: Any) -> bool:
    """Whether a <pre> is a document set in fixed lines (read) rather than code (announced)."""
    return _prose_lines(element) is not None


def _prose_lines(element: Any) -> list[str] | None:
    """The <pre>'s lines (pre_lines) where it holds prose, else None."""
    if element.tag != "pre" or len(element.text_content().split()) < PROSE_MIN_WORDS or _marked_as_code(element):
        return None  # (the cheap tests first: most pages' <pre> blocks are short listings)
    lines = pre_lines(element)
    filled = [line for line in lines if line.strip()]
    words = sum(len(line.split()) for line in filled)
    if words < PROSE_MIN_WORDS or word_share([unquoted(line) for line in filled]) < PROSE_WORD_SHARE:
        return None
    coded = sum(1 for line in filled
                if CODE_LINE.search(line) or _COMMENT_LINE.match(line) or _MACHINE_LINE.match(line))
    first = filled[0]
    if coded >= max(2, CODE_LINE_SHARE * len(filled)) or _OPENING_LINE.match(first) or CODE_LINE.search(first) \
            or _MACHINE_LINE.match(first):
        return None  # code with comments in words ('-- Query for all rows that ...'), a log, a session
    sentences = sum(len(_SENTENCE_END.findall(line)) for line in filled)
    return lines if sentences >= 2 and words / sentences <= WORDS_PER_SENTENCE else None


def prose_blocks(element: Any) -> list[Block] | None:
    """The <pre>'s text as the plain-text reader reads it, or None where it is not mostly
    paragraphs there (a table or listing with words in it)."""
    lines = _prose_lines(element)
    if lines is None:
        return None
    headers, body = split_headers("\n".join(lines))  # an archived message's own headers
    blocks = read_blocks([line.expandtabs(8) for line in without_signature(body.split("\n"))])
    if headers is not None:  # of its headers, what a listener needs: the subject and the summary
        said = [Block(HEADING, text) for text in (headers.title,) if text]
        blocks = said + [Block(PARAGRAPH, text) for text in (headers.summary,) if text] + blocks
    words = sum(len(block.text.split()) for block in blocks)
    read = sum(len(block.text.split()) for block in blocks if block.kind == PARAGRAPH)
    return blocks if words and read >= PARAGRAPH_SHARE * words else None
