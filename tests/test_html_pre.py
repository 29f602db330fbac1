"""A <pre> that holds a document (an Internet-Draft as the IETF serves it, a message in a
mailing-list archive) is read as plain text; a <pre> of code, a session or output is still
announced."""

from __future__ import annotations

import lxml.html
import pytest

from narrate.text.readers.html import read_html
from narrate.text.readers.htmlpre import holds_prose, pre_lines
from narrate.text.readers.mail import QUOTE_ENDS, QUOTE_OPENS
from narrate.text.readers.sections import CODE_NOTE
from narrate.text.script import build_script


def spoken(html: str) -> list[str]:
    return [chunk.display for chunk in build_script(read_html(html)).chunks]


# The shape of a pipermail archive page (Mailman 2): the sender over the message, thread
# links around it, the message itself in <pre> with a quoted reply and a signature.
ARCHIVE = """<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2//EN">
<HTML><HEAD><TITLE> [Tutor] Reading files line by line</TITLE></HEAD>
<BODY BGCOLOR="#ffffff">
<H1>[Tutor] Reading files line by line</H1>
<B>Alan Gauld</B> <A HREF="mailto:tutor%40python.org?Subject=Re">alan.gauld at yahoo.co.uk</A><BR>
<I>Tue Mar  3 12:51:02 EST 2020</I>
<P><UL>
<LI>Previous message (by thread): <A HREF="114001.html">[Tutor] Reading files line by line</A></li>
<LI>Next message (by thread): <A HREF="114003.html">[Tutor] Reading files line by line</A></li>
<LI> <B>Messages sorted by:</B> <a href="date.html#114002">[ date ]</a> <a href="thread.html#114002">[ thread ]</a>
<a href="subject.html#114002">[ subject ]</a> <a href="author.html#114002">[ author ]</a></LI>
</UL><HR>
<!--beginarticle-->
<PRE>On 03/03/2020 10:12, Jane Learner wrote:

&gt;<i> I have a file of names and I want to read it one line at a time, but my
</I>&gt;<i> loop only ever prints the first name. What am I doing wrong?
</I>
The problem is that you call readline() once, before the loop starts,
and then print that same line every time round. Files in Python are
iterable, so the simplest fix is to let the for loop do the reading for
you. Each time round the loop you get the next line.

If the file is large this is also the most efficient way, because only
one line is held in memory at a time.

-- 
Alan G
Author of the Learn to Program web site
</PRE>
<!--endarticle-->
<HR><P><UL>
<LI>Previous message (by thread): <A HREF="114001.html">[Tutor] Reading files line by line</A></li>
</UL><hr>
<a href="https://mail.python.org/mailman/listinfo/tutor">More information about the Tutor mailing list</a><br>
</body></html>"""


def test_a_message_in_a_mail_archive_is_read_as_a_message():
    said = spoken(ARCHIVE)
    assert CODE_NOTE not in said
    assert said[1:4] == ["Jane Learner wrote:", QUOTE_OPENS,
                         "I have a file of names and I want to read it one line at a time, but my loop "
                         "only ever prints the first name. What am I doing wrong?"]
    assert said[4] == QUOTE_ENDS
    text = " ".join(said)
    assert "The problem is that you call readline() once, before the loop starts, and then print" in text
    assert "only one line is held in memory at a time." in text
    for not_read in ("Author of the Learn", "Alan G", "yahoo", "12:51", "Previous message", "sorted by"):
        assert not_read not in text


def _draft_page(pages: int = 4) -> str:
    """The shape of an Internet-Draft as tools.ietf.org serves it: a <pre> a printed page, each
    after the first opening with the running head, each ending with the page's foot."""
    body = []
    for number in range(1, pages + 1):
        head = ("<span class='grey'>Internet-Draft              remoteStorage                  "
                "December 2014</span>\n\n") if number > 1 else ""
        body.append(
            f"<pre class='newpage'>{head}"
            f"{number}.  Section {number}\n\n"
            f"   Section {number} of this document describes how a client asks the server for\n"
            "   a document, and what the server answers. A client SHOULD send the request\n"
            "   over a secure connection. The server MUST answer with the current version.\n\n"
            "   Servers that cannot answer in time respond with a status code that says\n"
            "   so, and the client tries again later, waiting longer each time.\n\n"
            "   A server that is asked for a folder answers with the names and current\n"
            "   versions of the documents in it, so that a client can tell what changed\n"
            "   since it last asked, without reading every document again.\n\n\n"
            f"<span class='grey'>de Jong                                                   [Page {number}]</span>"
            + ("\n\n\nHtml markup produced by rfcmarkup 1.111, available from https://tools.ietf.org/tools/rfcmarkup/"
               if number == pages else "") + "</pre><hr class='noprint'>")
    return ("<html><head><title>draft-dejong-remotestorage-04</title></head><body>"
            "<div class='noprint'>[<a href='/html/'>Docs</a>] [<a href='/txt'>txt</a>|<a href='/pdf'>pdf</a>]"
            " [<a href='/tracker'>Tracker</a>]</div>" + "".join(body) + "</body></html>")


def test_an_internet_draft_set_in_pre_is_read_without_its_page_heads_and_feet():
    said = spoken(_draft_page())
    text = " ".join(said)
    assert CODE_NOTE not in said
    for number in (1, 2, 3):
        assert f"Section {number} of this document describes how a client asks the server for a document" in text
    assert "waiting longer each time." in text
    assert "Page 1" not in text and "December 2014" not in text and "de Jong" not in text
    assert "rfcmarkup" not in text


def test_running_heads_are_left_out_of_the_lines():
    root = lxml.html.fromstring(_draft_page())
    lines = [line.strip() for line in pre_lines(root.findall(".//pre")[1]) if line.strip()]
    assert lines[0] == "2.  Section 2" and not any("Page" in line or "December" in line for line in lines)


CODE_BLOCKS = {
    "a shell session": "$ git clone https://example.org/repo.git\nCloning into 'repo'...\n"
                       "remote: Enumerating objects: 42, done.\nremote: Counting objects: 100% (42/42), done.\n"
                       "$ cd repo\n$ make test\nAll the tests passed, and the build is ready to be installed on "
                       "this machine or copied to another one.\n",
    "SQL with comments in words": "-- Query for all rows that contain at least once instance of the term\n"
                                  "-- \"fts5\" (in any column). Return results in order from best to worst\n"
                                  "-- match, so that the best match is the first row the caller sees.\n"
                                  "SELECT * FROM email WHERE email MATCH 'fts5' ORDER BY rank;\n"
                                  "-- The same query, but only the rows where the subject matches, which is\n"
                                  "-- faster when the table is large and the subject is short.\n"
                                  "SELECT * FROM email WHERE subject MATCH 'fts5';\n",
    "C with a comment in words": "/* Compress from file source to file dest until EOF on source.\n"
                                 "   def() returns Z_OK on success, Z_MEM_ERROR if memory could not be\n"
                                 "   allocated for processing, Z_STREAM_ERROR if an invalid compression\n"
                                 "   level is supplied, Z_VERSION_ERROR if the version of zlib.h and the\n"
                                 "   version of the library linked do not match, or Z_ERRNO if there is\n"
                                 "   an error reading or writing the files. */\nint def(FILE *source, FILE *dest, int level)\n{\n",
    "a program's help": "sqlite> .help\n.archive ...             Manage SQL archives\n"
                        ".auth ON|OFF             Show authorizer callbacks for the whole session\n"
                        ".backup ?DB? FILE        Backup DB (default \"main\") to FILE, then stop.\n"
                        ".bail on|off             Stop after hitting an error. Default OFF.\n"
                        ".binary on|off           Turn binary output on or off. Default OFF.\n"
                        ".cd DIRECTORY            Change the working directory to DIRECTORY.\n",
    "a diff": "diff --git a/README.md b/README.md\nindex 3b18e51..a9c2f0d 100644\n--- a/README.md\n+++ b/README.md\n"
              "@@ -1,6 +1,7 @@\n This project reads articles aloud and writes them as audio files that you can\n"
              " listen to later on your phone or in your car on the way to work.\n-It needs Python 3.9 or later and "
              "about two hundred megabytes of disk space.\n+It needs Python 3.11 or later and about three hundred.\n",
    "a function and its docstring": 'def normalise(text, language=None):\n    """Return the text with its whitespace '
                                    'collapsed and its quotes made straight.\n\n    The function is used by every reader '
                                    'before sentences are split. It does not\n    change the words themselves, only the '
                                    'spaces and punctuation between them, so\n    that the speech engine hears one space '
                                    'where the page had several.\n    """\n    return " ".join(text.split())\n',
    "a log": "\n".join(f"2024-03-03 10:12:0{n} INFO The server started and is listening for connections on port "
                       f"808{n}, and the clients may now connect to it." for n in range(6)),
    "a session with user and host": "jane@laptop:~/src$ narrate inspect article.html\nReading the article and working "
                                    "out what will be spoken, which takes a moment.\nThe article has twelve paragraphs "
                                    "and two headings, and it takes about four minutes.\njane@laptop:~/src$ narrate speak "
                                    "article.html\nWriting the audio file to the folder you named, one chapter at a time.\n",
    "SQL between sentences": "SELECT name, year FROM films WHERE year > 1990 ORDER BY year;\nThe query above lists every "
                             "film made after nineteen ninety, the oldest first.\nIt uses the films table that the loader "
                             "created when the data was imported.\nAnother query counts the films of each year and shows "
                             "only the busy ones.\nSELECT year, count(*) FROM films GROUP BY year HAVING count(*) > 10;\n",
    "Lisp with comments in words": ";; This function walks the list of buffers and kills every one that is\n;; visiting a "
                                   "file which no longer exists on the disk. It asks first, and it tells you.\n"
                                   "(defun kill-orphan-buffers ()\n  \"Kill every buffer whose file has been deleted from "
                                   "the disk, asking first.\"\n  (interactive)\n  (dolist (buffer (buffer-list))\n",
}
PROSE = ("Section one of this document describes how a client asks the server for a document,\n"
         "and what the server answers. A client SHOULD send the request over a secure\n"
         "connection. The server MUST answer with the current version of the document.\n"
         "Servers that cannot answer in time respond with a status code that says so.\n")


@pytest.mark.parametrize("name", sorted(CODE_BLOCKS))
def test_code_sessions_and_output_in_pre_are_still_announced(name):
    assert not holds_prose(lxml.html.fromstring(f"<pre>{CODE_BLOCKS[name]}</pre>"))


@pytest.mark.parametrize("markup", [
    "<pre class='language-text'>{}</pre>", "<pre><code>{}</code></pre>", "<div class='highlight'><pre>{}</pre></div>",
    "<pre class='literal-block'>{}</pre>", "<pre data-lang='yaml'>{}</pre>",
])
def test_a_pre_marked_as_code_is_code_whatever_its_words(markup):
    root = lxml.html.fromstring(f"<div>{markup.format(PROSE)}</div>")
    assert not holds_prose(next(root.iter("pre")))


def test_prose_in_a_plain_pre_is_prose():
    assert holds_prose(lxml.html.fromstring(f"<pre>{PROSE}</pre>"))
    assert not holds_prose(lxml.html.fromstring("<pre>A short line.\nAnother one.</pre>"))  # too short to tell


def test_a_contents_listing_in_pre_is_not_read_and_the_text_after_it_is():
    pre = ("<pre>Table of Contents\n\n   1. Introduction ....................................... 2\n"
           "   2. Terminology ........................................ 3\n\n1.  Introduction\n\n"
           "   Many services for data storage are available over the internet. This\n"
           "   specification describes a vendor-independent interface for such services.\n"
           "   It is based on https, cross-origin requests and bearer tokens, and it lets a\n"
           "   client keep its documents on a server that somebody else runs for it.\n\n"
           "   The exchange looks like this:\n\n      HTTP/1.1 412 Conflict\n"
           "      Access-Control-Allow-Origin: https://drinks.example.com\n"
           "      Content-Type: application/json; charset=UTF-8\n\n"
           "   A client that receives it fetches the document again before it retries.</pre>")
    said = spoken(f"<html><head><title>remoteStorage</title></head><body>{pre}</body></html>")
    text = " ".join(said)
    assert "Contents" not in text and "Terminology" not in text and "...." not in text
    assert "Many services for data storage are available over the internet." in text
    assert "fetches the document again before it retries." in text
    assert CODE_NOTE in said and "Conflict" not in text


def test_a_poems_refrain_is_no_running_head():
    stanza = ("{first}\nThe river runs beneath the hill tonight,\nand every lantern in the valley burns.\n"
              "We count the boats that never came back home,\nand wait for morning while the water turns.\n"
              "The nets are mended and the ropes are dry,\nthe old men talk of weather on the quay.\n"
              "So sing the song of those who sailed away,\nSo sing the song of those who sailed away.")
    firsts = ["The winter came and closed the harbour door,", "My father built a boat of pine and tar,",
              "The gulls went quiet over Fisher Bay,", "And now the children ask me where they are,"]
    said = " ".join(spoken("<html><body><h1>The Sailing Song</h1>"
                           + "".join(f"<pre>{stanza.format(first=first)}</pre>" for first in firsts) + "</body></html>"))
    assert said.count("The river runs beneath the hill tonight") == 4
    assert said.count("So sing the song of those who sailed away") == 8


def test_a_memo_in_pre_keeps_its_subject():
    memo = ("From: Office Manager <office@example.org>\nTo: All staff\nSubject: The office moves to Leeds in June\n\n"
            "The whole office will move to the new building in Leeds at the start of June. The removal firm\n"
            "will pack every desk on the last Friday of May, so please take home what you need before then.\n\n"
            "Parking at the new site is limited, and the council has asked us to come by train or bus where we can.\n")
    said = spoken(f"<html><head><title>Staff memo</title></head><body><pre>{memo}</pre></body></html>")
    assert said[1] == "The office moves to Leeds in June."
    assert "office@example.org" not in " ".join(said) and "All staff" not in " ".join(said)
