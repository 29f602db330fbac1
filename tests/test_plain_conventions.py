"""Plain text written the way e-mail, wire copy and technical notes write it: what is read,
what is announced, and what is not read at all."""

import pytest

from narrate.text.credits import drop_credits
from narrate.text.readers.mail import QUOTE_ENDS, QUOTE_OPENS
from narrate.text.readers.plainblocks import DIAGRAM_NOTE, is_code, is_diagram, is_table
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE
from narrate.text.readers.text import read_text
from narrate.text.script import build_script

# The shape of git's howto/revert-a-faulty-merge.txt (git-doc): a message's headers, an
# underlined heading, an indented quotation, commit graphs and an indented command.
HOWTO = """\
Date: Fri, 19 Dec 2008 00:45:19 -0800
From: Linus Torvalds <torvalds@linux-foundation.org>, Junio C Hamano <gitster@pobox.com>
Subject: Re: Odd merge behaviour involving reverts
Abstract: Sometimes a branch that was already merged to the mainline
 is later found to be faulty.
Message-ID: <7vocz8a6zk.fsf@gitster.siamese.dyndns.org>
References: <alpine.LFD.2.00.0812181949450.14014@localhost.localdomain>
Content-type: text/asciidoc

How to revert a faulty merge
============================

Alan <alan@clueserver.org> said:

    I have a master branch.  We have a branch off of that that some
    developers are doing work on.  They claim it is ready.

The history immediately after the "revert of the merge" would look like
this:

 ---o---o---o---M---x---x---W
               /
       ---A---B

where A and B are on the side development that was not so good.

    $ git revert -m 1 M

 P---o---o---M---x---x---W---x
  \\         /
   A---B---C   <-- old branch
    \\
     B'---C'   <-- naively rewritten branch

To recap, these are two very different scenarios:

 - If the faulty side branch was fixed by adding corrections on top, then
   doing a revert of the previous revert would be the right thing to do.

 - If the faulty side branch was rebuilt from scratch, then re-merging
   the result would be the right thing to do.
"""


def spoken(document) -> str:
    return " ".join(chunk.text for chunk in build_script(document).chunks)


def test_a_message_header_block_gives_title_author_and_date_and_is_not_read():
    doc = read_text(HOWTO, "revert-a-faulty-merge.txt")
    assert doc.title == "Odd merge behaviour involving reverts"  # 'Re:' is not part of it
    assert doc.author == "Linus Torvalds, Junio C Hamano"
    assert doc.date == "2008-12-19"
    said = spoken(doc)
    for header in ("Message-ID", "References", "Content-type", "asciidoc", "gitster", "0800", "alpine"):
        assert header not in said
    # the abstract is the article's own summary: read first, its wrapped line joined
    assert doc.paragraphs[0] == "Sometimes a branch that was already merged to the mainline is later found to be faulty."


def test_names_with_addresses_are_read_as_the_names():
    doc = read_text(HOWTO, "revert-a-faulty-merge.txt")
    said = spoken(doc)
    assert "Alan said:" in said
    assert "less than" not in said and "greater than" not in said and "clueserver" not in said


def test_underlined_heading_opens_a_chapter_and_its_underline_is_not_read():
    doc = read_text(HOWTO, "revert-a-faulty-merge.txt")
    assert [s.heading for s in doc.sections] == [None, "How to revert a faulty merge"]
    assert "====" not in " ".join(doc.paragraphs)


def test_commit_graphs_and_commands_are_announced_not_read():
    doc = read_text(HOWTO, "revert-a-faulty-merge.txt")
    paragraphs = doc.paragraphs
    assert paragraphs.count(DIAGRAM_NOTE) == 2
    assert paragraphs.count(CODE_NOTE) == 1
    said = spoken(doc)
    assert "---" not in said and "git revert" not in said and "old branch" not in said
    # the text around them is all there, the indented quotation too
    assert "would look like this:" in said and "where A and B are on the side development" in said
    assert "They claim it is ready." in said


def test_a_list_is_read_item_by_item_without_its_bullets():
    doc = read_text(HOWTO, "revert-a-faulty-merge.txt")
    items = [p for p in doc.paragraphs if p.startswith("If the faulty")]
    assert items == [
        "If the faulty side branch was fixed by adding corrections on top, then doing a revert of the "
        "previous revert would be the right thing to do.",
        "If the faulty side branch was rebuilt from scratch, then re-merging the result would be the "
        "right thing to do.",
    ]


REPLY = """\
From: Bob Smith <bob@example.org>
To: Alice <alice@example.org>
Subject: Re: The plan for Friday

On Thursday, Alice <alice@example.org> wrote:
> Can we move the meeting to Friday?
> It would help the whole team.
>
> > Earlier: the room is free all week.

Friday works for me. Write to <rooms@example.org> to book it.

-- 
Bob Smith
Facilities, Example Org
+1 555 0100
"""


def test_a_quoted_reply_is_read_between_spoken_labels_and_the_signature_is_not_read():
    doc = read_text(REPLY, "reply.txt")
    assert doc.title == "The plan for Friday" and doc.author == "Bob Smith"
    assert doc.paragraphs == [
        "On Thursday, Alice wrote:",
        QUOTE_OPENS,
        "Can we move the meeting to Friday? It would help the whole team.",
        "Earlier: the room is free all week.",
        QUOTE_ENDS,
        "Friday works for me. Write to rooms@example.org to book it.",
    ]
    assert "555" not in spoken(doc) and "Facilities" not in spoken(doc)


def test_a_dash_line_inside_a_long_text_is_not_a_signature():
    body = "Intro.\n\n-- \n\n" + "\n\n".join(f"Paragraph {n} goes on." for n in range(12))
    assert len(read_text(body, "x.txt").paragraphs) == 13


def test_headers_need_a_message_field_to_count():
    doc = read_text("Note: this is not a message.\nWarning: nor is this.\n\nBody.", "x.txt")
    assert "Note: this is not a message." in " ".join(doc.paragraphs)


WIRE = """\
AMERICAN EXPRESS <AXP> TO BUY GULFEX STAKE
By Jane Doe and John Roe, Reuters
NEW YORK, March 3 - American Express Co <AXP> said it agreed
to acquire <Gulfex Inc>, a Houston-based oil services company,
for 120 mln dlrs in cash.
    The company said the deal, approved by both boards, should
close in the second quarter.
    Gulfex had sales of 40 mln dlrs last year, it said.
 Reuter
"""


def test_wire_headline_byline_and_dateline_are_split():
    doc = read_text(WIRE, "reut-00077.txt")
    assert doc.title == "AMERICAN EXPRESS (AXP) TO BUY GULFEX STAKE"
    assert doc.author == "Jane Doe, John Roe"
    assert doc.paragraphs[0].startswith("NEW YORK, March 3 - American Express Co (AXP) said")
    assert "Jane Doe" not in " ".join(doc.paragraphs)
    assert spoken(doc).split(" New York, March third. ")[0] == "AMERICAN EXPRESS (AXP) TO BUY GULFEX STAKE"


def test_wire_names_and_tickers_in_angle_brackets_are_read():
    said = spoken(read_text(WIRE, "reut-00077.txt"))
    assert "to acquire Gulfex Inc, a Houston-based" in said
    assert "American Express Co (A.X.P.) said" in said  # the ticker spelled


def test_wire_paragraphs_marked_by_indentation_are_split_and_the_sign_off_is_not_read():
    doc = drop_credits(read_text(WIRE, "reut-00077.txt"))
    assert doc.paragraphs[1:] == [
        "The company said the deal, approved by both boards, should close in the second quarter.",
        "Gulfex had sales of 40 mln dlrs last year, it said.",
    ]
    assert "Reuter" not in spoken(doc)


GNU_NEWS = """GNU gzip NEWS                                    -*- outline -*-

* Noteworthy changes in release 1.12 (2022-04-07) [stable]

** Bug fixes

  'zdiff -C 5' no longer misbehaves by treating '5' as a file name.

** Changes in behavior

  'zless' is no longer installed on platforms lacking 'less'.

* Noteworthy changes in release 1.11 (2021-09-03) [stable]

** Bug fixes

  Configure-time options like --program-prefix now work.
"""


def test_a_gnu_news_file_in_outline_mode_has_its_releases_as_chapters():
    doc = read_text(GNU_NEWS, "NEWS")
    assert doc.title == "GNU gzip NEWS"  # the editor's mode line is not read
    assert [(section.heading, section.level) for section in doc.sections if section.heading][:3] == [
        ("Noteworthy changes in release 1.12 (2022-04-07) [stable]", 1), ("Bug fixes", 2), ("Changes in behavior", 2)]
    # a release opens the chapter that holds its first part, where that part's name is shared
    chapters = [chunk.chapter for chunk in build_script(doc).chunks if chunk.chapter]
    assert chapters == ["GNU gzip NEWS", "Noteworthy changes in release 1.12 (2022-04-07) [stable]",
                        "Changes in behavior", "Noteworthy changes in release 1.11 (2021-09-03) [stable]"]


def test_items_of_stars_in_an_outline_mode_file_are_read_as_items_not_headings():
    # sed's and diffutils' older releases list their changes with stars, each item alone or
    # wrapped onto indented lines: the items were taken for headings and lost
    news = ("GNU sed NEWS                                    -*- outline -*-\n\nSed 4.1.5\n\n"
            "* fix parsing of a negative character class not including a closed bracket,\n  like [^]] or [^]a-z].\n\n"
            "* output the result of commands a, r, R when a q command is found.\n\n"
            "* more translations\n\n* portability fixes.\n")
    doc = read_text(news, "NEWS")
    text = spoken(doc)
    assert not any(section.heading for section in doc.sections)
    assert "fix parsing of a negative character class not including a closed bracket, like" in text
    assert "more translations" in text and "portability fixes" in text and "code example" not in text


def test_stars_outside_outline_mode_are_a_list():
    doc = read_text("Shopping\n\n* apples\n* pears\n\nThat is all we need this week.\n", "list.txt")
    assert not any(section.heading for section in doc.sections)


def test_a_hanging_indent_under_a_label_goes_on_its_paragraph():
    # xz's FAQ: 'A:  ' then lines indented to where the answer's text starts (each answer was cut
    # after its first line, with a paragraph's pause in mid-sentence)
    faq = ("XZ Utils FAQ\n============\n\nQ:  What do the letters XZ mean?\n\n"
           "A:  Nothing. They are just two letters, which come from the file format\n"
           "    suffix .xz. The .xz suffix was selected, because it seemed to be\n"
           "    pretty much unused. It has no deeper meaning.\n")
    doc = read_text(faq, "faq.txt")
    assert doc.paragraphs[-1] == ("A: Nothing. They are just two letters, which come from the file format suffix"
                                  " .xz. The .xz suffix was selected, because it seemed to be pretty much unused."
                                  " It has no deeper meaning.")


def test_a_line_indented_further_after_one_that_runs_on_goes_on_its_paragraph():
    """bc's README: each configure option's second line is indented two more; the sentence was
    cut after 'that allows', with a paragraph's pause. Wire copy's indented first lines still
    start paragraphs: the line before them ends a sentence."""
    readme = ("GNU bc version 1.07:\n\nExtra configuration options:\n\n"
              "\t--with-readline tells bc to use the readline package that allows\n"
              "\t  for editing input lines when run interactive.\n")
    assert read_text(readme, "README").paragraphs[-1] == (
        "--with-readline tells bc to use the readline package that allows for editing input lines when run"
        " interactive.")
    wire = ("Ferry deal agreed\n\n   The council agreed on Tuesday to keep the night ferry running\n"
            "through the winter.\n   Islanders welcomed the vote, which came after a long campaign.\n")
    assert len(read_text(wire, "wire.txt").paragraphs) == 2


@pytest.mark.parametrize("ending", ["\nReuter\n", "\n REUTER\n", "\nAP\n", "\n(AP)\n"])
def test_a_sign_off_with_no_blank_line_before_it_is_not_read(ending):
    doc = drop_credits(read_text("Headline Here\n\nPrices rose, the ministry said." + ending, "x.txt"))
    assert doc.paragraphs == ["Prices rose, the ministry said."]


def test_a_run_on_sign_off_is_not_read():
    doc = drop_credits(read_text("Prices rose, the ministry said. Reuter", "x.txt"))
    assert doc.paragraphs == ["Prices rose, the ministry said."]
    assert read_text("He works for Reuter", "x.txt").paragraphs == ["He works for Reuter"]


@pytest.mark.parametrize(("written", "said"), [
    ("Linus Torvalds <torvalds@linux-foundation.org> wrote it.", "Linus Torvalds wrote it."),
    ("Mail me at <news@example.com> today.", "Mail me at news@example.com today."),
    ("write to <news@example.com> today.", "write to news@example.com today."),
    ("See <https://example.com/a> now.", "See https://example.com/a now."),
    ("Texaco Inc <TX> and Shell <RD.AS> rose.", "Texaco Inc (TX) and Shell (RD) rose."),
    ("It bought <Gulfex Inc>, a Houston firm.", "It bought Gulfex Inc, a Houston firm."),
    ("Copy <file> to <target dir>.", "Copy file to target dir."),
    ("If x<y and y>z then stop.", "If x<y and y>z then stop."),  # comparisons are the normaliser's
    ("When a < b and c > d, stop.", "When a < b and c > d, stop."),
])
def test_angle_brackets_as_they_are_said(written, said):
    assert read_text(written, "x.txt").paragraphs == [said]


DIAGRAMS = [
    "                  |-- Preprocessing controller --|\n                  |                              |-- Downsampling\n"
    "Main controller --|",
    " ---o---o---o---M---x---x---W\n               /\n       ---A---B",
    " ---o---o---o---M---x---x---W---x",
    "   A'---B'---C'  <-- completely rewritten branch\n  /\n P---o---o---M",
    "+--------+      +--------+\n| client | ---> | server |\n+--------+      +--------+",
    "  \u250c\u2500\u2500\u2500\u2500\u2510\n  \u2502 box \u2502\n  \u2514\u2500\u2500\u2500\u2500\u2518",
    "    /\\_/\\\n   ( o.o )\n    > ^ <",
    # labels placed around the strokes (git-doc's rebase-from-internal-branch.txt draws so)
    "   here                    *my \"main\" head\n  origin --> #1 --> #2 --> #3\n    was   \\\n"
    "   once     \\--> #X --> #2' --> #3'\n                              *their head",
]
TABLES = [
    "\u250c\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\u2510\n\u2502Key\u2502G1L1\u2502\n"
    "\u251c\u2500\u2500\u2500\u253c\u2500\u2500\u2500\u2500\u2524\n\u25028  \u2502Q   \u2502\n"
    "\u2514\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2500\u2518",
    "    ID    Size      Check name\n    0x00   0 bytes  None\n    0x01   4 bytes  CRC32\n    0x04   8 bytes  CRC64",
    "| name | size |\n|------|------|\n| a    | 1    |",
    "+------+------+\n| name | size |\n+------+------+\n| a    | 1    |\n+------+------+",
    "Name        Size    Date\nfoo.txt     12 KB   2024\nbar.txt     3 KB    2023\nbaz.txt     7 KB    2022",
]
CODE = [
    "    $ git revert -m 1 M",
    "    $ git checkout E\n    $ git rebase --no-ff P",
    "    int main(void) {\n        return 0;\n    }",
    "    >>> data = [1, 2, 3]\n    >>> sum(data)\n    6",
    "$ make\n$ sudo make install",
    # an HTTP exchange, as RFCs set them
    "      HTTP/1.1 412 Conflict\n      Access-Control-Allow-Origin: https://drinks.example.com\n"
    "      Content-Type: application/json; charset=UTF-8\n      ETag: \"1382694048000\"",
    "      PUT /storage/michiel/drinks/test HTTP/1.1\n      Host: storage.example.com\n      If-Match: \"1382694045000\"",
]
PROSE = [
    "        Denotes a small issue that should be fixed, such as a typographical error\n"
    "        or mis-alignment of conditions in an `if()` statement.",
    "        Represents repository with path /somerepo accessible over\n        git protocol at abstract namespace address /git-server.",
    "  The JSON::PP module is now available in a separate distribution\n  and corresponding Debian package.",
    "objects/pack::\n\tPacks (and their index) live here.",
    "It was a dark and stormy night; the rain fell in torrents -- except at\noccasional intervals.",
    "Sales rose 10 pct - a record - in the first quarter, the company said.",
    "    I have a master branch.  We have a branch off of that that some\n    developers are doing work on.",
    "Her father was a clergyman, without being\nneglected, or poor, and a very respectable man, though his name\nwas Richard--and he had never been handsome.",
    "    Shr 28 cts vs 22 cts\n    Net 2,560,000 vs 1,825,000\n    Revs 37.0 mln vs 29.4 mln",
    "Faulty.  Linus and Junio give guidance on\nrecovering from such a premature merge.  And continuing development\nafter the offending branch is fixed.  It works.",
    "* * *",
    "x = the number of apples, y = the number of pears.",
    "  From:      the editor\n  To:        every reader\n  Subject:   the spring issue",
]


@pytest.mark.parametrize("block", DIAGRAMS)
def test_diagrams_are_recognised(block):
    lines = block.split("\n")
    assert is_diagram(lines) or is_table(lines)
    assert read_text("Intro text here.\n\n" + block + "\n\nAfter it.", "x.txt").paragraphs[1] in (DIAGRAM_NOTE, TABLE_NOTE)


@pytest.mark.parametrize("block", TABLES)
def test_tables_are_recognised(block):
    assert is_table(block.split("\n"))
    assert read_text("Intro text here.\n\n" + block + "\n\nAfter it.", "x.txt").paragraphs == [
        "Intro text here.", TABLE_NOTE, "After it."]


@pytest.mark.parametrize("block", CODE)
def test_code_is_recognised(block):
    assert is_code(block.split("\n"))
    assert read_text("Run this:\n\n" + block + "\n\nAfter it.", "x.txt").paragraphs == [
        "Run this:", CODE_NOTE, "After it."]


@pytest.mark.parametrize("block", PROSE)
def test_prose_is_read(block):
    lines = block.split("\n")
    assert not (is_diagram(lines) or is_table(lines) or is_code(lines))
    paragraphs = read_text("Intro text here.\n\n" + block + "\n\nAfter it.", "x.txt").paragraphs
    assert DIAGRAM_NOTE not in paragraphs and TABLE_NOTE not in paragraphs and CODE_NOTE not in paragraphs


def test_a_column_of_figures_is_read_line_by_line():
    doc = read_text("Results\n\n    Shr 28 cts vs 22 cts\n    Net 2,560,000 vs 1,825,000\n"
                    "    Revs 37.0 mln vs 29.4 mln\n", "x.txt")
    assert doc.paragraphs == ["Shr 28 cts vs 22 cts. Net 2,560,000 vs 1,825,000. Revs 37.0 mln vs 29.4 mln."]


def test_a_diagram_right_under_its_introduction_is_split_from_it():
    doc = read_text("The history would look like this:\n ---o---o---M\n       ---A---B\n\nThen more.", "x.txt")
    assert doc.paragraphs == ["The history would look like this:", DIAGRAM_NOTE, "Then more."]


def test_framed_and_underlined_headings():
    text = ("Preface line here.\n\n********************\nAppendix\nThe Debian Manifesto\n"
            "********************\n\nWhat is Debian?\n===============\n\nDebian is new.\n\n"
            "Why now?\n--------\nBecause.\n")
    doc = read_text(text, "manifesto.txt")
    assert [(s.heading, s.level, s.paragraphs) for s in doc.sections] == [
        (None, 1, ("Preface line here.",)),
        ("Appendix The Debian Manifesto", 1, ()),  # a heading with no text of its own is kept
        ("What is Debian?", 1, ("Debian is new.",)),
        ("Why now?", 2, ("Because.",)),
    ]
    said = spoken(doc)
    assert "Appendix The Debian Manifesto" in said
    assert "***" not in said and "===" not in said and "---" not in said


def test_asciidoc_and_markdown_structure_in_a_text_file():
    text = ("== Setting up\n\nInstall it first, then configure it:\n\n----\n$ make\n\n$ make install\n----\n\n"
            "=== `struct rev_info`\n\nThe walk starts here.\n\n--list::\n\tList all variables.\n+\n--\n"
            "no::\n\tMoved lines are not highlighted.\n--\n\n"
            "*** System overview ***\n\nThe system has parts.\n\n## Next steps\n\nRead on.\n\n"
            "```\nplain fenced code\n```\n")
    doc = read_text(text, "howto.txt")
    assert [(s.heading, s.level) for s in doc.sections] == [
        ("Setting up", 1), ("struct rev_info", 2), ("System overview", 2), ("Next steps", 2)]
    assert doc.sections[0].paragraphs == ("Install it first, then configure it:", CODE_NOTE)
    assert doc.sections[1].paragraphs == ("The walk starts here.", "--list.", "List all variables.", "no.",
                                          "Moved lines are not highlighted.")
    assert doc.sections[3].paragraphs == ("Read on.", CODE_NOTE)


def test_a_root_prompt_is_code_not_a_heading():
    assert read_text("Then:\n\n# apt-get install make\n\nDone.", "x.txt").paragraphs == ["Then:", CODE_NOTE, "Done."]


def test_terms_lined_up_with_their_meanings_are_read():
    text = ("Options:\n\n        -flip horizontal        Mirror image horizontally (left-right).\n"
            "        -flip vertical          Mirror image vertically (top-bottom).\n"
            "        -rotate 90              Rotate image 90 degrees\n"
            "                                clockwise.\n\nAUTHORS         - the authors of the library\n"
            "BUGS            - bugs in it - please read this file!\nCOPYING         - the licence, version 3\n")
    assert read_text(text, "x.txt").paragraphs == [
        "Options:",
        "-flip horizontal. Mirror image horizontally (left-right). -flip vertical. Mirror image vertically "
        "(top-bottom). -rotate 90. Rotate image 90 degrees clockwise.",
        "AUTHORS. the authors of the library. BUGS. bugs in it - please read this file! COPYING. the licence, version 3.",
    ]


def test_an_indented_list_mentioning_code_is_a_list():
    text = ("News:\n\n    * Debian version of `realpath' required all the path components to exist;\n"
            "    * Debian version of `realpath -s' required no path components to exist.\n")
    assert read_text(text, "x.txt").paragraphs == [
        "News:", "Debian version of `realpath' required all the path components to exist; "
        "Debian version of `realpath -s' required no path components to exist."]


@pytest.mark.parametrize("written, said", [
    ("On 03/03/2020 10:12, Jane Learner wrote:", "Jane Learner wrote:"),
    ("On Tue, Mar 3, 2020 at 10:12 AM Jane Learner <jane@example.com> wrote:",
     "Jane Learner <jane@example.com> wrote:"),
    ("On Fri, 19 Dec 2008 00:45:19 -0800 Linus Torvalds <torvalds@linux-foundation.org> wrote:",
     "Linus Torvalds <torvalds@linux-foundation.org> wrote:"),
    ("On 2019-12-01 Bob Smith wrote:", "Bob Smith wrote:"),
    ("Am 03.03.2020 um 10:12 schrieb Jane Learner:", "Jane Learner schrieb:"),
    ("Le 3 mars 2020 à 10:12, Jane Learner a écrit :", "Jane Learner a écrit:"),
    # no date in it: as written
    ("On Thursday, Alice wrote:", "On Thursday, Alice wrote:"),
    ("On the other hand, Bob wrote:", "On the other hand, Bob wrote:"),
    ("On 3 March the council wrote to every household.", "On 3 March the council wrote to every household."),
    # prose that introduces a quotation is not a mail program's line
    ("On page 12 of his report, the inspector wrote:", "On page 12 of his report, the inspector wrote:"),
    ("On the night of 3 March 1943, the commander of the garrison wrote:",
     "On the night of 3 March 1943, the commander of the garrison wrote:"),
    ("Am 9. November 1989 schrieb die Zeitung:", "Am 9. November 1989 schrieb die Zeitung:"),
    # however long the runs of (no-break) spaces, at once
    ("Am" + "\u00a0" * 5000 + "schrieb" + "\u00a0" * 5000 + "x", "Am" + "\u00a0" * 5000 + "schrieb" + "\u00a0" * 5000 + "x"),
])
def test_a_replys_attribution_is_said_without_its_date(written, said):
    from narrate.text.readers.mail import attribution

    assert attribution(written) == said


def test_the_attribution_over_a_quoted_reply_is_read_without_its_date():
    doc = read_text("On Tue, Mar 3, 2020 at 10:12 AM Alice <alice@example.org> wrote:\n"
                    "> Can we move the meeting to Friday?\n\nFriday works for me.\n", "reply.txt")
    assert doc.paragraphs[0] == "Alice wrote:"


def test_a_quoted_reply_set_off_by_rules_is_a_quotation_not_a_listing():
    # git's howto/recover-corrupted-blob-object.txt quotes the question between AsciiDoc's
    # listing rules; a listing of code between the same rules is still announced
    text = ("How to recover\n==============\n\n" + "-" * 40 + "\nOn Fri, 9 Nov 2007, Yossi Leybovich wrote:\n>\n"
            "> Did not help still the repository look for this object?\n> Any one know how can I track it\n"
            + "-" * 40 + "\n\nSo exactly because the hash is secure, it tells you nothing.\n\n"
            + "-" * 40 + "\n> [ib]$ git-fsck --full\n> broken link from tree 2d9263c6d23595e7cb2a21e5ebbb53655278dff8\n"
            "> to blob 4b9458b3786228369c63936db65827de3cc06200\n" + "-" * 40 + "\n")
    doc = read_text(text, "howto.txt")
    assert doc.paragraphs[:4] == ["Yossi Leybovich wrote:", QUOTE_OPENS,
                                  "Did not help still the repository look for this object? Any one know how can I track it",
                                  QUOTE_ENDS]
    assert doc.paragraphs[-1] == CODE_NOTE
