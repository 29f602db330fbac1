"""Inputs that broke the readers' newer paths (a <pre> of prose, e-mail conventions, the site's
lines, tables of records), replayed against the real CLI: each ended in a traceback, took
minutes where it should take a second, or said what it should not.

Each runs `narrate inspect` in a subprocess with a time limit and an address-space limit, so
a regression fails its test instead of hanging the suite; the limits are far above what
the fixed code takes (under 2 s each here) and far below what the broken code took.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_hostile import bounded

SENTENCE = "The committee met on Tuesday and agreed that the draft should be published soon."


def inspect(path: Path, timeout: float = 60) -> str:
    run = bounded("inspect", path, timeout=timeout)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    return run.stdout


def page(body: str, title: str = "Archive") -> str:
    return f"<html><head><title>{title}</title></head><body><h1>{title}</h1>{body}</body></html>"


@pytest.mark.parametrize("suffix", [".html", ".txt"])
def test_a_reply_quoted_two_thousand_levels_deep_is_one_quotation(tmp_path, suffix):
    lines = [*[SENTENCE] * 400, "", ">  " * 2000 + "Quoted text that goes on.", "", SENTENCE]
    text = "\n".join(lines)
    path = tmp_path / f"deep{suffix}"
    path.write_text(page(f"<pre>{text}</pre>") if suffix == ".html" else text, encoding="utf-8")
    out = inspect(path)  # a RecursionError traceback before
    assert "Quoted text that goes on." in out


@pytest.mark.parametrize("line", ["== Did the plan of the council work out?", "Did the plan of the council work out? ::"])
def test_a_run_of_two_thousand_heading_lines_is_read(tmp_path, line):
    path = tmp_path / "run.txt"
    path.write_text("Plans\n\n" + "\n".join([line] * 2000) + f"\n\n{SENTENCE}\n", encoding="utf-8")
    assert "Did the plan of the council work out" in inspect(path)  # a RecursionError before


def test_a_mail_line_with_a_long_path_is_read_at_once(tmp_path):
    # the shell line's pattern split the path six ways: 19 s for this line, minutes for a longer path
    path = "/usr/share/doc/narrate/examples/" + "x" * 40 + "configuration-file-example.conf"
    message = (f"I ran into a problem that others will meet as well, so I am writing it down here for the list.\n"
               f"The documentation says the defaults are sensible, but it does not list them anywhere. Run\n"
               f"cat {path} to see every option that the program understands today.\n"
               "After that it is easy to change what you need, and the program starts without errors.\n")
    file = tmp_path / "mail.html"
    file.write_text(page(f"<pre>{message}</pre>", "Setting up the release"), encoding="utf-8")
    assert "program starts without errors" in inspect(file, timeout=30)


def test_patterns_of_the_site_lines_are_linear(tmp_path):
    story = "".join(f"<p>{SENTENCE} It lasted well into the night and left several members unhappy.</p>" for _ in range(3))
    odd = ("<p>" + "11111/" * 40 + "x</p>"  # a slideshow counter's pattern: exponential before
           + "<p>Checksum published 3 March: " + "Ab1" * 13000 + "</p>"  # a sender's: quadratic before
           + "<p>Am" + "\u00a0" * 3000 + "schrieb" + "\u00a0" * 3000 + "x</p>")  # an attribution's: cubic
    file = tmp_path / "story.html"
    file.write_text(page(f"<article>{story}{odd}{story}</article>", "Council approves budget"), encoding="utf-8")
    assert "left several members unhappy" in inspect(file, timeout=30)


def test_a_paragraph_of_200_kb_is_split_into_sentences_in_linear_time(tmp_path):
    file = tmp_path / "long.txt"
    file.write_text("Title\n\n" + " ".join([SENTENCE] * 2500) + "\n", encoding="utf-8")  # 41 s before
    assert "published soon." in inspect(file, timeout=30)


def test_quoted_lines_with_blank_lines_between_are_read_in_linear_time(tmp_path):
    quoted = "\n".join(f"> {SENTENCE}\n>" for _ in range(20000))
    file = tmp_path / "quoted.txt"
    file.write_text("Title\n\nJane wrote:\n\n" + quoted + "\n", encoding="utf-8")
    assert "Quote." in inspect(file, timeout=60)



@pytest.mark.parametrize("empty", ["<span></span>", "<a id='x'></a>"])
def test_a_long_text_followed_by_empty_elements_is_read_in_linear_time(tmp_path, empty):
    # the credit and spacing checks looked at the whole last piece for every element: 74 s at 8,000
    body = "<p>" + "Some words of the story here. " * 8000 + empty * 8000 + "</p>"
    body += "<figure><figcaption>" + "A caption of the story. " * 8000 + empty * 8000 + "</figcaption></figure>"
    file = tmp_path / "empty.html"
    file.write_text(page(f"<article>{body}<p>{SENTENCE}</p></article>", "Council approves budget"), encoding="utf-8")
    assert "published soon" in inspect(file, timeout=30)


def test_a_page_nested_a_hundred_thousand_deep_is_read_in_bounded_time(tmp_path):
    # the HTML5 parse (lexbor) looks through the open elements at each tag: 17 s for this page
    story = "".join(f"<p>{SENTENCE} It lasted well into the night and left several members unhappy.</p>" for _ in range(3))
    file = tmp_path / "deep.html"
    file.write_text(page(f"<article>{story}</article>" + "<div>" * 100_000 + "x" + "</div>" * 100_000,
                         "Council approves budget"), encoding="utf-8")
    assert "left several members unhappy" in inspect(file, timeout=12)
