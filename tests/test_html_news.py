"""News and blog pages: what of the site sits inside the story and is not read (pointers to
other stories, invitations to follow, teaser headlines, cards that pop up over a name), what of
the story is (its paragraphs, a heading with a link), and the three extractors' ballot."""

from __future__ import annotations

import pytest

from narrate.model import ChunkKind
from narrate.text.readers.html import _without_site, is_title_heading, read_html
from narrate.text.readers.htmlarticle import Ballot, Vote, article_blocks, in_chrome
from narrate.text.readers.htmlblocks import page_blocks
from narrate.text.readers.htmlprep import prepare_tree
from narrate.text.script import build_script

STORY = [
    "The council voted on Tuesday to keep the night ferry running through the winter months, after "
    "a campaign by islanders who said the service was the only way to reach the hospital at night.",
    "The decision followed three hours of debate in which members weighed the cost of the crossing "
    "against the needs of the four hundred people who live on the island all year round.",
    "Officials said the ferry would carry passengers and light vehicles, and that the timetable would "
    "be published next week, once the harbour master had agreed the times of the last sailings.",
    "A public meeting will be held at the quay in the spring, where the operator will answer questions "
    "from passengers about fares, the new boat and the plans for the summer season.",
]


def news_page(extra_story: str = "", after: str = "") -> str:
    paragraphs = "".join(f"<p>{text}</p>" for text in STORY[:2])
    rest = "".join(f"<p>{text}</p>" for text in STORY[2:])
    return (
        "<!DOCTYPE html><html lang='en'><head><title>Opinion | Council keeps the night ferry | The Ledger</title>"
        "<meta property='og:title' content='Opinion | Council keeps the night ferry'></head><body>"
        "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
        "<article><h1>Council keeps the night ferry</h1>"
        f"{paragraphs}{extra_story}{rest}</article>{after}"
        "<footer><p>All rights reserved.</p></footer></body></html>")


def spoken(html: str) -> str:
    return "\n".join(chunk.display for chunk in build_script(read_html(html)).chunks)


def read_without(html: str, *phrases: str) -> str:
    """What is said for a news page: none of `phrases`, and the whole story."""
    text = spoken(html)
    for phrase in phrases:
        assert phrase not in text
    assert all(paragraph in text for paragraph in STORY)
    return text


def test_the_story_is_read_whole():
    text = spoken(news_page())
    assert all(paragraph in text for paragraph in STORY)


def test_the_headline_is_said_once_when_the_page_title_adds_a_section_name():
    text = spoken(news_page())
    assert text.count("Council keeps the night ferry") == 1


def test_pointers_to_other_stories_and_invitations_to_follow_are_not_read():
    extra = ("<p>Read more: <a href='/a'>Bridge plan delayed again as costs rise</a></p>"
             "<p>RELATED: <a href='/b'>Islanders march for the ferry</a></p>"
             "<p>Follow The Ledger on Facebook, Twitter and Instagram.</p>"
             "<p>Like this story? Share it with a friend!</p>")
    read_without(news_page(extra), "Bridge plan delayed", "Islanders march", "Follow The Ledger", "Share it")


def test_a_sentence_that_only_starts_like_a_pointer_is_read():
    extra = ("<p>Related to the vote, the council also agreed to repair the slipway at the east quay "
             "before the first storms of the autumn.</p>"
             "<p>Watch the harbour master explain the timetable on the council's own channel.</p>")
    text = spoken(news_page(extra))
    assert "Related to the vote, the council also agreed" in text
    assert "Watch the harbour master explain" in text


def chosen_when_the_extractor_keeps_everything(body: str) -> str:
    """What narrate reads of a page whose every block the extractor kept (as trafilatura keeps
    teaser headlines set in the article's own container on some sites)."""
    root, _ = prepare_tree(f"<html><body>{body}</body></html>")
    blocks = page_blocks(root.find("body"))
    return "\n".join(block.text for block in article_blocks(blocks, Vote.of("\n".join(b.text for b in blocks))))


def test_teaser_headlines_and_lists_of_links_are_not_read_even_where_the_extractor_kept_them():
    story = "".join(f"<p>{text}</p>" for text in STORY)
    teasers = ("<div><a href='/c'><h3>Bridge plan delayed again as costs rise sharply</h3></a></div>"
               "<div><h3><a href='/d'>Islanders march through the town for their ferry</a></h3></div>")
    links = ("<ul><li><a href='/e'>Ten photos of the harbour in winter light</a></li>"
             "<li><a href='/f'>What the new boat will look like inside</a></li></ul>")
    text = chosen_when_the_extractor_keeps_everything(f"<div>{story[:len(story) // 2]}{links}"
                                                      f"{story[len(story) // 2:]}{teasers}</div>")
    for phrase in ("Bridge plan delayed", "Islanders march", "Ten photos", "new boat will"):
        assert phrase not in text
    assert all(paragraph in text for paragraph in STORY)


def test_a_heading_with_a_link_that_introduces_text_is_read():
    extra = ("<h2><a href='#votes'>How the members voted</a></h2>"
             "<p>Eleven members voted for the night ferry and four against it, with two members of the "
             "council away on the day of the vote.</p>")
    text = spoken(news_page(extra))
    assert "How the members voted" in text
    assert "Eleven members voted" in text


def test_a_card_that_pops_up_over_a_name_is_not_read():
    extra = ("<p>The motion was put by councillor <span class='rollover-people'>"
             "<a class='rollover-people-link' href='/people/ada'>Ada Lindqvist</a>"
             "<span class='rollover-people-block'><img src='ada.jpg' alt=''>"
             "<a href='/people/ada'>Ada Lindqvist</a> <a href='/g'>Councillor wins award for harbour work</a>"
             "</span></span>, who has sat for the island ward since her election, and was seconded by the "
             "member for the harbour.</p>"
             "<p>The ferry's <span class='tooltip'>operator<span class='tooltiptext'>Island Lines Ltd, "
             "since 2009</span></span> welcomed the vote and thanked the members of the council for it.</p>")
    text = spoken(news_page(extra))
    assert "put by councillor Ada Lindqvist, who has sat for the island ward" in text
    assert "Councillor wins award" not in text
    assert "The ferry's operator welcomed the vote" in text


def test_is_title_heading():
    assert is_title_heading("Is Football Violence a Crime?", "Opinion | Is Football Violence a Crime?")
    assert is_title_heading("High School Roundup: Viera defeats Rockledge to remain undefeated",
                            "HS Roundup: Viera defeats Rockledge to remain undefeated")
    assert not is_title_heading("What the islanders say", "Council keeps the night ferry")
    assert not is_title_heading("Ferry", "Council keeps the night ferry")  # too short to say


STORY_WORDS = "the council voted on tuesday to keep the night ferry running through the winter"
TEASER = "sign up for the morning briefing and get the news in your inbox"


def test_the_ballot_keeps_what_precision_mode_keeps_or_what_both_others_keep():
    both = f"{STORY_WORDS}\n{TEASER}"
    assert Ballot(Vote.of(both), STORY_WORDS, both).take(TEASER)  # the default and readability
    ballot = Ballot(Vote.of(both), STORY_WORDS, STORY_WORDS)
    assert ballot.take(STORY_WORDS)
    assert not ballot.take(TEASER)  # the default alone
    assert Ballot(Vote.of(STORY_WORDS), STORY_WORDS, "").take(STORY_WORDS)  # precision mode alone


def test_a_missing_vote_is_the_defaults():
    assert Ballot(Vote.of(TEASER), None, None).take(TEASER)
    assert not Ballot(Vote.of(STORY_WORDS), None, None).take(TEASER)


def test_short_lines_follow_the_default():
    ballot = Ballot(Vote.of("one\ntwo"), "", "")
    assert ballot.take("one")
    assert ballot.take("two")


def test_a_shortcode_the_theme_did_not_expand_is_not_read():
    extra = ("<p>[button link=\u201dhttp://example.com/submit/\u201d type=\u201dbig\u201d newwindow=\u201dyes\u201d]"
             "Send us your review of the new ferry timetable and the boat[/button]</p>"
             "<p>The harbour master [sic] said the times were final, citing rule [1] of the charter.</p>")
    text = spoken(news_page(extra))
    assert "Send us your review of the new ferry timetable and the boat" in text
    assert "button" not in text and "newwindow" not in text
    assert "[sic]" in text and "[1]" in text  # brackets of the text itself are left to the normaliser


def test_a_paragraph_that_repeats_the_headline_is_said_once():
    page = news_page().replace("<h1>Council keeps the night ferry</h1>",
                               "<p class='titulo'>Opinion | Council keeps the night ferry</p>")
    assert spoken(page).count("Council keeps the night ferry") == 1


def test_a_breadcrumb_that_repeats_the_headline_is_not_said_again():
    """The breadcrumb's last item is the headline and comes first: it took the extractor's
    vote from the heading, and the title was said twice (a German ministry's press release)."""
    crumbs = ("<ul class='crumbs-list'><li><a href='/'>Start</a></li>"
              "<li>Council keeps the night ferry through the winter months</li></ul>")
    page = news_page().replace("<article><h1>Council keeps the night ferry</h1>",
                               f"{crumbs}<article><h1>Council keeps the night ferry through the winter months</h1>")
    page = page.replace("Council keeps the night ferry'", "Council keeps the night ferry through the winter months'")
    assert spoken(page).count("Council keeps the night ferry through the winter months") == 1


RESULTS = ("<table><thead><tr><th>Pos</th><th>Player</th><th>Plays</th><th>%</th><th>Stats</th></tr></thead>"
           "<thead><tr><th>Pos</th><th>Player</th><th>Plays</th><th>%</th><th>Stats</th></tr></thead>"
           "<tr><td>DL</td><td>Larry Ogunjobi</td><td>63</td><td>85%</td><td>1 tackle</td></tr>"
           "<tr><td>DL</td><td>Myles Garrett</td><td>57</td><td>77%</td><td>3 hits</td></tr></table>")


def test_a_small_table_of_a_story_is_read_row_by_row_its_header_once():
    text = spoken(news_page(RESULTS))
    assert text.count("Pos, Player, Plays, %, Stats.") == 1
    assert "DL, Larry Ogunjobi, 63, 85%, 1 tackle." in text
    assert "A table is skipped here." not in text


FILMS = ("<table class='wikitable sortable'><caption>Films with time loops</caption>"
         "<tr><th>Film</th><th>Year</th><th>Description</th></tr>"
         + "".join(f"<tr><td><i><a href='/wiki/{title}'>{title}</a></i></td><td>{year}</td><td>{about}</td></tr>"
                   for title, year, about in (
                       ("Repeat Performance", 1947, "A woman who shot her husband on New Year's Eve wishes she "
                        "could live the year all over again and somehow gets her chance, which leads her to try "
                        "and stop the events of the past, to futile results, in a story that was told again on "
                        "the radio and on the stage, and once more on television, thirty years later."),
                       ("The Time Travelers", 1964, "Scientists test a time-viewing device but the screen "
                        "becomes a portal which they enter."),
                       ("Groundhog Day", 1993, "A television weatherman is forced to relive the same day over "
                        "and over."))) + "</table>")


def test_a_table_of_records_is_read_a_row_a_sentence_with_its_linked_names():
    # a cell too long for a table of data, yet not a layout table: each row is said whole
    # (the films' names, links in their own cells, were left out and the years said alone)
    text = spoken(news_page(FILMS))
    assert "Repeat Performance, 1947, A woman who shot her husband" in text
    assert "The Time Travelers, 1964, Scientists test a time-viewing device" in text
    assert "Groundhog Day, 1993, A television weatherman" in text
    assert all(paragraph in text for paragraph in STORY)


def test_a_table_of_records_keeps_its_caption_and_title_row():
    table = FILMS.replace("<tr><th>Film</th>", "<tr><th colspan='3'>Films of the last century</th></tr><tr><th>Film</th>")
    lines = spoken(news_page(table)).splitlines()
    assert "Films with time loops." in lines and "Films of the last century" in lines
    assert lines.index("Films with time loops.") < lines.index("Films of the last century") \
        < lines.index("Film, Year, Description")


def test_a_table_whose_cells_hold_paragraphs_or_pictures_is_not_read_as_records():
    # a two-column table of paragraphs (Python's logging howto) keeps its paragraphs apart;
    # an infobox with photos is not read as rows of captions and figures
    rows = "".join(f"<tr><td>When {n}</td><td><p>{STORY[0]}</p><p>{STORY[1]}</p></td></tr>" for n in range(3))
    blocks = _story_blocks(news_page(f"<table>{rows}</table>"))
    assert sum(block.text == STORY[0] for block in blocks) == 4  # three cells and the story's own
    infobox = "".join(f"<tr><td><img src='c{n}.jpg' alt=''><br>City {n}</td><td>{n * 100000}</td>"
                      f"<td>{STORY[2]} {STORY[3]}</td></tr>" for n in range(3))  # too long for data
    assert not any(block.text.startswith("City 0,") for block in _story_blocks(news_page(f"<table>{infobox}</table>")))


def test_a_layout_table_is_read_as_the_text_it_holds():
    layout = (f"<table><tr><td><p>{STORY[0]}</p><p>{STORY[1]}</p></td><td><ul><li><a href='/a'>Home</a></li>"
              "</ul></td></tr></table>")
    page = news_page().replace("<article>", f"<article>{layout}").replace(
        f"<p>{STORY[0]}</p><p>{STORY[1]}</p>", "", 1)
    assert spoken(page).count(STORY[0]) == 1


def test_on_a_documentation_page_only_narrow_tables_are_read():
    page = ("<html><head><meta name='generator' content='Sphinx 5.3'></head><body>"
            "<div class='documentwrapper'><div class='body' role='main'>"
            f"<h1>Results</h1><p>{STORY[0]}</p>{RESULTS}<p>{STORY[1]}</p></div></div></body></html>")
    text = spoken(page)
    assert "A table is skipped here." in text and "Larry Ogunjobi" not in text


def test_a_quotation_and_an_embedded_post_of_the_story_are_read():
    extra = ("<div class='article-widget'><blockquote class='twitter-tweet'><p>I can\u2019t thank the crew "
             "enough for every winter crossing they have made for us over the years.</p>"
             "\u2014 Island School (@islandschool) November 19, 2019</blockquote></div>"
             "<blockquote><p>We do not need a faster boat, we need a boat at night for the people who "
             "work late in the town.</p></blockquote>")
    text = spoken(news_page(extra))
    assert "I can\u2019t thank the crew enough" in text
    assert "We do not need a faster boat" in text


def test_readability_is_asked_only_where_the_other_two_disagree():
    asked = []

    def readability() -> str:
        asked.append(True)
        return STORY_WORDS

    agreed = Ballot(Vote.of(STORY_WORDS), STORY_WORDS, readability)
    assert agreed.take(STORY_WORDS) and not agreed.take(TEASER)
    assert asked == []
    split = Ballot(Vote.of(f"{STORY_WORDS}\n{TEASER}"), "", readability)
    assert split.take(STORY_WORDS) and not split.take(TEASER)
    assert asked == [True]


def test_headings_the_story_ends_with_are_not_read():
    body = ("<div>" + "".join(f"<p>{text}</p>" for text in STORY)
            + "<section><h3>Pick Six Newsletter</h3><h4>Get the day's big stories in your inbox.</h4></section></div>")
    text = chosen_when_the_extractor_keeps_everything(body)
    assert "Pick Six" not in text and "big stories" not in text
    assert all(paragraph in text for paragraph in STORY)


def test_escaped_angle_brackets_of_the_text_are_read_as_plain_text_writes_them():
    extra = ("<p>In this example, <code>vimdiff &lt;a&gt; &lt;b&gt;</code> will be called with "
             "<code>&lt;a&gt;</code> and <code>&lt;b&gt;</code> being two temporary files that hold the "
             "conflicting versions of the timetable.</p>")
    script = build_script(read_html(news_page(extra)))
    said = " ".join(chunk.text for chunk in script.chunks)
    assert "vimdiff a b will be called with a and b being two temporary files" in said


def test_lines_only_a_reader_on_the_screen_can_use_are_not_read():
    extra = ("<p>Click here to see the full timetable of the winter sailings.</p>"
             "<p>3 min read</p><p>Reading time: 4 minutes</p>"
             "<p>ferries@ledger-news.example</p><p>twitter.com/ledgerferry</p>"
             "<p>by Ada Lindqvist Monday, November 18, 2019</p>"
             "<p>5:45 AM PST 11/19/2019 by Peter Moody</p>")
    read_without(news_page(extra), "Click here", "min read", "Reading time", "ferries@", "twitter.com",
                 "Ada Lindqvist", "Peter Moody")


def test_sentences_that_only_look_like_those_lines_are_read():
    extra = ("<p>By the spring of 2020, the operator said, the new boat would be in service by 6:30 in "
             "the morning on every day of the week.</p>"
             "<p>Clicking turnstiles will count the passengers at the quay from next month.</p>")
    text = spoken(news_page(extra))
    assert "By the spring of 2020" in text
    assert "Clicking turnstiles will count" in text


def test_a_subheading_set_as_a_styled_block_is_read_as_one():
    extra = ("<div class='pf_subheadline'>Who pays for the crossing?</div>"
             "<p>The island's council pays two thirds of the cost of each sailing, and the county pays "
             "the rest from its transport budget, under an agreement signed ten years ago.</p>"
             "<div class='article-subhead'>What happens next</div>")
    text = spoken(news_page(extra))
    assert "Who pays for the crossing?\nThe island's council pays" in text
    assert "What happens next." in text
    assert all(paragraph in text for paragraph in STORY)


def test_a_list_of_addresses_in_the_text_is_read():
    extra = ("<p>The timetable and the fares are published at these addresses:</p>"
             "<ul><li>https://ledger-news.example/ferry</li><li>https://island.example/sailings</li></ul>")
    text = spoken(news_page(extra))
    assert "ledger-news.example" in text and "island.example" in text


def test_a_story_the_page_keeps_in_noscript_is_read():
    """Blogger and some CMS pages draw the story with JavaScript and keep it, for readers
    without, in <noscript>: narrate runs no JavaScript, so that copy is the story. (Before,
    nothing of such a page was read: 0 words where trafilatura found 600.)"""
    story = "".join(f"<p>{text}</p>" for text in STORY)
    page = ("<html><head><title>The night ferry</title></head><body><div id='app'></div>"
            f"<noscript><article><h1>Council keeps the night ferry</h1>{story}</article></noscript>"
            "<noscript><img src='/pixel.gif'></noscript><script>render()</script></body></html>")
    text = spoken(page)
    assert all(paragraph in text for paragraph in STORY)
    assert text.count(STORY[1]) == 1


def test_the_main_content_is_read_where_broken_markup_nests_it_in_the_menu():
    """An unclosed <li> of a menu makes the parser put the whole page inside the menu: what is
    in <main> is still the page's own (before: every block was chrome, nothing was read)."""
    story = "".join(f"<p>{text}</p>" for text in STORY)
    page = ("<html><head><title>The night ferry</title></head><body>"
            "<p>Tickets for the next home game are on sale at the box office.</p><nav><ul><li><a href='/'>Home</a>"
            "<div class='navigation__sub-menu'><ul><li><a href='/news'>News</a>"
            f"<main><article><h1>Council keeps the night ferry</h1>{story}</article></main>"
            "</body></html>")
    text = spoken(page)
    assert all(paragraph in text for paragraph in STORY)
    assert "News" not in text.split("\n")
    root, _ = prepare_tree(page)
    assert not in_chrome(root.find(".//main//p")) and in_chrome(root.find(".//nav//a"))


def test_soft_hyphens_do_not_split_words_or_hide_paragraphs_from_the_extractor():
    """German pages mark where words may break with U+00AD: as a space it read 'Bekämp fung',
    and narrate's blocks no longer matched the extractor's text, which has none (a whole press
    release was left out but for one sentence)."""
    hyphenated = [text.replace("ferry", "fer\u00adry").replace("island", "is\u00adland") for text in STORY]
    page = news_page().replace("".join(f"<p>{t}</p>" for t in STORY[:2]),
                               "".join(f"<p>{t}</p>" for t in hyphenated[:2]))
    text = spoken(page)
    assert "\u00ad" not in text and STORY[0] in text and STORY[1] in text


def test_ruby_readings_are_not_read_beside_the_words_they_gloss():
    """<rt> is a reading aid over a word ('子<rt>こ</rt>ども'): read as text it doubled the word."""
    page = ("<html lang='ja'><head><title>法律</title></head><body><article><h1>法律ができる</h1>"
            + "".join(f"<p>子<rt>こ</rt>どもへの虐待<rp>(</rp><rt>ぎゃくたい</rt><rp>)</rp>をなくすための"
                      f"法律ができて、親が子どもを教育するために体罰を禁止することになりました。その{n}。</p>"
                      for n in range(4))
            + "</article></body></html>")
    text = spoken(page)
    assert "子どもへの虐待をなくすための" in text and "こども" not in text and "ぎゃくたい" not in text


STANDFIRST = "Islanders won their fight for the only crossing that runs after dark, at least until spring."


def standfirst_page(description: str) -> str:
    story = "".join(f"<p>{text}</p>" for text in STORY)
    return ("<!DOCTYPE html><html lang='en'><head><title>Council keeps the night ferry</title>"
            f"<meta name='description' content='{description}'></head><body>"
            "<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
            "<article><h1>Council keeps the night ferry</h1>"
            f"<p class='article-teaser teaser-text'>{STANDFIRST}</p>"
            "<p class='byline'>By Ann Lee</p>"
            f"<div class='article-body'>{story}</div></article>"
            "<footer><p>All rights reserved.</p></footer></body></html>")


def test_the_standfirst_under_the_headline_is_read_where_the_page_describes_itself_with_it():
    """Sites mark the standfirst as a teaser, and every extractor left it out; the page's own
    description says it is the story's (trafilatura's evaluation set counts it as article)."""
    lines = spoken(standfirst_page(STANDFIRST)).splitlines()
    assert lines[:2] == ["Council keeps the night ferry", STANDFIRST]
    assert lines.count(STANDFIRST) == 1 and all(paragraph in lines for paragraph in STORY)


def test_the_standfirst_between_a_kept_headline_and_the_story_is_read():
    """RT sets its standfirst ('article__summary') under the headline, date, picture and share
    bar: the extractors kept the long headline and the story and left the standfirst out, and
    it was lost between them."""
    headline = "Council keeps the night ferry running after a long fight by the islanders"
    story = "".join(f"<p>{text}</p>" for text in STORY)
    root, _ = prepare_tree(
        f"<html><body><nav><a href='/'>Home</a> <a href='/news'>News</a></nav>"
        f"<div class='article'><h1 class='article__heading'>{headline}</h1>"
        "<div class='article__date'>20 Nov, 2019 05:47</div>"
        "<div class='article__share'><a href='/f'>Facebook</a> <a href='/t'>Twitter</a></div>"
        f"<div class='article__summary summary'>{STANDFIRST}</div>"
        f"<div class='article__text'>{story}</div></div></body></html>")
    blocks = page_blocks(root.find("body"))

    def read(summary: str) -> list[str]:
        vote = Vote.of("\n".join([headline, *STORY]))  # a vote is spent as blocks take it
        return [block.text for block in article_blocks(blocks, vote, None, summary)]
    assert read(STANDFIRST) == [headline, STANDFIRST, *STORY]
    assert read("The Ledger: news from the islands, every day.") == [headline, *STORY]
    related = [block for block in blocks if block.text == STANDFIRST][0].element
    related.set("class", "related-story")  # the page describes itself with another story's teaser
    assert read(STANDFIRST) == [headline, *STORY]


def test_a_standfirst_whose_opening_is_the_page_s_description_cut_short_is_read_whole():
    """SPIP's chapeau is 143 words, far above the story (its 'chapo' class out of reach); the
    page describes itself with its first twenty and '(...)'. The whole standfirst is the
    story's; a description that is not cut short must say the paragraph itself."""
    chapo = (STANDFIRST + " The vote came after a winter of letters, meetings and a petition signed by"
             " nearly every household on the three islands, and the operator has promised a new boat.")
    story = "".join(f"<p>{text}</p>" for text in STORY)
    root, _ = prepare_tree(
        "<html><body><h1>Turpitude et architecture</h1>"
        f"<div class='crayon article-1946'><p>{chapo}</p></div><p class='auteur'>par Didier Roy, 21 juin 2018</p>"
        f"<figure><img src='a.jpg'><figcaption>cc zuk0</figcaption></figure><div class='texte'>{story}</div>"
        "</body></html>")
    blocks = page_blocks(root.find("body"))

    def read(summary: str) -> list[str]:
        vote = Vote.of("\n".join(STORY))  # a vote is spent as blocks take it
        return [block.text for block in article_blocks(blocks, vote, None, summary)]
    cut_short = " ".join(chapo.split()[:20])[:-2] + " (...)"
    assert read(cut_short) == [chapo, *STORY]
    assert read(cut_short[:-6]) == STORY  # the same words, not cut short: another paragraph


def test_a_teaser_that_is_not_the_page_s_description_is_not_read():
    text = spoken(standfirst_page("The Ledger: news from the islands, every day."))
    assert STANDFIRST not in text and all(paragraph in text for paragraph in STORY)


def test_what_the_page_marks_as_a_control_is_not_read():
    """A recipe's steps, each with a <div role="button"> 'Bild anzeigen' and a progress bar:
    before, the buttons' labels were read seventeen times (and two votes kept them)."""
    step = ("<div class='step'><div role='progressbar' aria-valuenow='40'>40 %</div>{text}"
            "<div role='button' class='image-toggle'><span>Show the picture</span><span>Close the picture</span></div>"
            "<span role='switch' aria-checked='false'>Toggle</span></div>")
    html = news_page("".join(step.format(text=text) for text in STORY[:2]))
    text = spoken(html)
    for label in ("Show the picture", "Close the picture", "Toggle", "40 %"):
        assert label not in text
    assert all(paragraph in text for paragraph in STORY)


def test_the_standfirst_set_as_a_heading_past_the_share_bar_is_read_as_a_paragraph():
    story = "".join(f"<p>{text}</p>" for text in STORY)
    html = ("<!DOCTYPE html><html lang='en'><head><title>Council keeps the night ferry</title>"
            f"<meta property='og:description' content='{STANDFIRST}'>"
            "<meta name='description' content='The Ledger: news from the islands.'></head><body>"
            "<article><h1>Council keeps the night ferry</h1>"
            f"<h2 class='subtitle'>{STANDFIRST}</h2><p>By Ann Lee, 3 March 2024</p>"
            "<div class='share'><h3>Share this story</h3><ul><li><a href='/f'>Facebook</a></li>"
            "<li><a href='/t'>Twitter</a></li><li><a href='/e'>Email</a></li></ul></div>"
            "<figure><img src='ferry.jpg'><figcaption>The night ferry at the quay.</figcaption></figure>"
            f"<div class='article-body'>{story}</div></article></body></html>")
    chunks = build_script(read_html(html)).chunks
    assert [chunk.display for chunk in chunks[:2]] == ["Council keeps the night ferry", STANDFIRST]
    assert chunks[1].kind is ChunkKind.TEXT  # a paragraph: it opens no chapter
    assert "Share this story" not in spoken(html)


def test_an_embedded_post_is_read_with_its_author_and_date_not_its_handle():
    tweet = ("<blockquote class='twitter-tweet'><p lang='en'>Our new view of the Moon's south pole is "
             "here, and it is sharper than ever before. <a href='https://t.co/x'>pic.twitter.com/s96jjh8AlD</a>"
             "</p>&mdash; NASA (@NASA) <a href='https://twitter.com/NASA/status/1190000000000000000'>"
             "November 1, 2019</a></blockquote>")
    text = spoken(news_page(tweet))
    assert "Our new view of the Moon's south pole" in text
    assert "NASA, November 1, 2019" in text
    assert "@" not in text and "pic.twitter" not in text
    assert all(paragraph in text for paragraph in STORY)


def test_a_bracket_set_in_bold_is_not_a_run_in_heading():
    # digg.com credits each quoted review as <b>[</b><a><b>Engadget</b></a><b>]</b>: '[. Engadget]'
    credit = ("<blockquote><p>Stadia delivers on its promise of games at up to 4K on existing internet "
              "connections, with no lag that we could notice.</p></blockquote>"
              "<p><strong>[</strong><a href='https://www.engadget.com/x'><strong>Engadget</strong></a>"
              "<strong>]</strong></p>")
    text = spoken(news_page(credit))
    assert "[Engadget]" in text and "[." not in text


def test_the_site_s_credit_lines_and_comment_invitations_are_not_read():
    after_story = ("<p>SOURCE: Al Jazeera News</p>"
                   "<p>This article is republished from The Conversation under a Creative Commons "
                   "license. Read the original article.</p>"
                   "<p>A version of this article appears in print on Nov. 20, 2019, Section A, Page 1.</p>"
                   "<p>Tell us what YOU think...</p><p>comments</p>")
    read_without(news_page(after_story), "SOURCE", "Read the original", "appears in print", "Tell us", "comments")


def test_a_paragraph_s_closing_click_here_sentence_is_not_read():
    offer = ("<p>The harbour master will publish the winter timetable on the council's website, with "
             "the times of every sailing until March. Click here for more information.</p>")
    text = spoken(news_page(offer))
    assert "with the times of every sailing until March." in text
    assert "Click here" not in text


def _story_blocks(html: str) -> list:
    root, _ = prepare_tree(html)
    return page_blocks(root.find("body"))


def test_what_the_default_kept_between_the_ballots_first_and_last_paragraphs_is_read():
    # precision mode kept the first paragraph, readability the last: the two votes failed on
    # the middle of the story, which the default kept (a review page lost 1,500 words so)
    blocks = _story_blocks(news_page())
    everything = "\n".join(STORY)
    ballot = Ballot(Vote.of(everything), STORY[0], STORY[-1])
    chosen = [block.text for block in article_blocks(blocks, ballot)]
    assert chosen[-4:] == STORY


def test_what_only_the_default_kept_after_the_story_stays_out():
    teasers = "".join(f"<p>{text}</p>" for text in (
        "Council workers strike over pay as talks with the island ferry operator break down again",
        "Harbour master retires after forty years of guiding boats across the sound to the quay"))
    blocks = _story_blocks(news_page(after=f"<div>{teasers}</div>"))
    default = "\n".join([*STORY, *(block.text for block in blocks[-3:])])
    ballot = Ballot(Vote.of(default), "\n".join(STORY), "\n".join(STORY))
    chosen = " ".join(block.text for block in article_blocks(blocks, ballot))
    assert all(paragraph in chosen for paragraph in STORY)
    assert "Council workers strike" not in chosen and "Harbour master retires" not in chosen


def test_pointers_in_other_languages_are_not_read():
    extra = ("<p>Weiterlesen: <a href='/a'>Brückenplan erneut verschoben</a></p>"
             "<p>Lire aussi : <a href='/b'>Les insulaires manifestent pour le ferry</a></p>"
             "<p>Leggi anche: <a href='/c'>Il traghetto notturno resta</a></p>")
    read_without(news_page(extra), "Brückenplan", "insulaires", "traghetto")


def test_a_lead_the_markup_names_is_read_where_the_description_says_something_else():
    # the shape of telebasel.ch's story pages: the intro in its own <div> over the share bar,
    # which the extractors leave out; the page's description is another summary
    lead = "In der Nacht auf Samstag haben zwei junge Lenker unabhängig voneinander einen Unfall gebaut."
    body = [
        "Ein Neulenker ist in der Nacht auf Samstag auf der Autobahn mit seinem Wagen in eine Leitplanke "
        "gefahren, wie die Kantonspolizei am Samstag mitteilte. Verletzt wurde niemand bei dem Unfall.",
        "Der junge Mann verlor kurz nach der Einfahrt aus ungeklärten Gründen die Herrschaft über den "
        "Wagen. Am Auto und an der Leitplanke entstand ein Sachschaden von vielen tausend Franken.",
        "Die Behörden suchen Zeugen, welche Auskunft über das Fahrverhalten des Mannes zwischen den beiden "
        "Orten und dem Autobahnanschluss geben können, und bitten sie, sich bei der Polizei zu melden.",
    ]
    page = ("<html lang='de'><head><title>Junge Lenker schrotten zwei Sportwagen</title>"
            "<meta name='description' content='Am Freitagabend krachte ein Neulenker in eine Leitplanke.'>"
            "</head><body><nav><a href='/'>Start</a></nav><article><header><h1>Junge Lenker schrotten zwei "
            f"Sportwagen</h1></header><div class='tb-article-intro'>{lead}</div>"
            "<div class='shariff'><ul><li><a href='https://facebook.com/share'>teilen</a></li></ul></div>"
            "<div class='tb-article-content'>" + "".join(f"<p>{text}</p>" for text in body)
            + "</div></article><footer><p>Alle Rechte vorbehalten.</p></footer></body></html>")
    text = spoken(page)
    assert lead in text and text.index(lead) < text.index(body[0])
    assert all(paragraph in text for paragraph in body)


def test_a_noscript_whose_markup_was_saved_as_text_is_not_a_block():
    # a page saved by a browser keeps a <noscript>'s markup escaped, as text: a tracking
    # pixel's '<img src=...>', not words
    page = news_page().replace("<nav>", "<noscript>&lt;img height=\"1\" width=\"1\" style=\"display:none\"\n"
                               "src=\"https://www.example.com/tr?id=6871&amp;ev=PageView&amp;noscript=1\"\n/&gt;"
                               "</noscript><nav>")
    root, _ = prepare_tree(page)
    assert not any("<img" in block.text for block in page_blocks(root.find("body")))


def test_teaser_cards_labels_and_share_lines_inside_the_story_are_not_read():
    extra = ("<aside class='inset'><h3>How Stores Manipulate Your Senses</h3><p>When you walk into almost any "
             "store, you're immediately overloaded with sights, sounds,\u2026 <a href='/x'>Read more</a></p></aside>"
             "<p>Topics: ferries, islands, council, winter timetable</p>"
             "<ul class='tools'><li>Share on Twitter</li><li>Share on Facebook</li></ul>")
    read_without(news_page(extra), "overloaded with sights", "Topics", "Share on")


def test_a_how_tos_step_labels_are_read_over_their_steps():
    # eHow's shape: each step's label a short line of its own over the step, which the
    # extractors left out (a caption with its credit under each step's picture)
    steps = [f"<div class='mod step'><div class='stepContent'><div class='content'> <span class='headline2 head "
             f"block'>Step {n}</span><p>{text}</p></div></div></div>" for n, text in enumerate(STORY, start=1)]
    page = news_page().replace("".join(f"<p>{text}</p>" for text in STORY[:2]), "", 1).replace(
        "".join(f"<p>{text}</p>" for text in STORY[2:]),
        "<p>What You'll Need:</p><ul><li>A ferry timetable for the winter</li><li>A warm coat</li></ul>"
        + "".join(steps), 1)
    blocks = _story_blocks(page)
    votes = "\n".join(["A ferry timetable for the winter", "A warm coat", *STORY])  # no labels
    chosen = [block.text for block in article_blocks(blocks, Ballot(Vote.of(votes), votes, votes))]
    for n, text in enumerate(STORY, start=1):
        assert chosen[chosen.index(text) - 1] == f"Step {n}"
    assert chosen[chosen.index("A ferry timetable for the winter") - 1] == "What You'll Need:"


def test_picture_credits_gallery_links_and_slideshow_controls_are_not_read():
    extra = ("<p>CreditNitashia Johnson for The Ledger</p><p>Credit Kevin Frayer/Getty Images</p>"
             "<h3>Gallery: The night ferry | 14 Photos</h3>"
             "<ul class='slides'><li>1 of 5</li><li>Close</li><li>Fullscreen</li><li>Thumbnails</li></ul>"
             "<p>Previous. Next.</p><p>Credit card debt on the island rose by a tenth last winter, the council said.</p>")
    text = read_without(news_page(extra), "Nitashia", "Getty", "Gallery", "Fullscreen", "Previous")
    assert "Credit card debt on the island rose" in text  # a sentence that opens with the word


def test_a_teaser_cards_headline_goes_with_its_blurb():
    extra = ("<h3>How Stores Manipulate Your Senses So You Spend More Money</h3><p>When you walk into almost any "
             "store, you're immediately overloaded with sights, sounds,\u2026 <a href='/x'>Read more</a></p>")
    text = spoken(news_page(extra))
    assert "How Stores Manipulate" not in text and "overloaded" not in text
    assert all(paragraph in text for paragraph in STORY)


def test_sentences_that_look_like_site_lines_are_read():
    # each of these was dropped as a line of the site
    lines = ["<h3>How to help your children read more</h3>",
             "<p>Parents who read aloud every evening found that their children wanted to read more</p>",
             "<p>Topics: the future of the branches and the opening hours dominated the meeting, which lasted hours.</p>",
             "<p>The vote was taken at 11.45 on 3 March and the plan passed easily.</p>",
             "<p>Share on Facebook of the library's own posts fell by half after the change, the report says.</p>",
             "<p>The librarians' union said its members would continue reading</p>"]
    text = spoken(news_page("".join(lines)))
    for phrase in ("help your children read more", "wanted to read more", "Topics: the future", "taken at 11.45",
                   "Share on Facebook of the library", "would continue reading"):
        assert phrase in text


def test_a_lead_of_pictures_a_video_or_a_podcast_is_no_standfirst():
    for lead in ("<div class='lead-media'><img src='a.jpg'><p>Firefighters at the scene of the blaze on Monday evening, "
                 "photographed by a neighbour from her window.</p></div>",
                 "<div class='video-lead'><p>Watch our video of the moment the roof of the storeroom collapsed, "
                 "filmed from across the square.</p></div>",
                 "<div class='podcast-intro'><p>This story is also available as audio: listen to it read by one of "
                 "our presenters in the app.</p></div>"):
        blocks = _story_blocks(news_page().replace("<h1>Council keeps the night ferry</h1>",
                                                   f"<h1>Council keeps the night ferry</h1>{lead}"))
        story = "\n".join(STORY)
        chosen = " ".join(block.text for block in article_blocks(blocks, Ballot(Vote.of(story), story, story)))
        assert "Firefighters" not in chosen and "Watch our video" not in chosen and "available as audio" not in chosen


def test_a_layout_table_with_a_menu_beside_each_row_is_not_read_as_records():
    menu = "<a href='/'>Home</a> <a href='/news'>News</a> <a href='/about'>About</a>"
    table = "<table>" + "".join(f"<tr><td>{menu}</td><td><p>{text}</p></td></tr>" for text in STORY) + "</table>"
    text = spoken(news_page().replace("<article>", f"<article>{table}").replace(
        "".join(f"<p>{t}</p>" for t in STORY[:2]), "", 1).replace("".join(f"<p>{t}</p>" for t in STORY[2:]), "", 1))
    assert "Home" not in text and all(paragraph in text for paragraph in STORY)


def test_a_video_players_interface_saved_with_the_page_is_not_read():
    player = ("<div class='video-js vjs-default-skin'><div class='vjs-control-bar'><span class='vjs-control-text'>"
              "Chapters</span><ul class='vjs-menu-content'><li class='vjs-menu-item vjs-selected'>subtitles off,"
              " selected</li></ul></div><div class='vjs-modal-dialog-content'>This is a modal window.</div></div>"
              "<div class='jw-controls'><span class='jw-text'>Live Broadcast</span></div>")
    texts = [block.text for block in _story_blocks(news_page(player))]
    assert not any(phrase in text for text in texts
                   for phrase in ("Chapters", "subtitles off", "modal window", "Live Broadcast"))
    assert STORY[2] in texts


@pytest.mark.parametrize(("title", "site", "said"), [
    ("Il Climate Clock ha iniziato a scorrere - Vegolosi.it", "Vegolosi", "Il Climate Clock ha iniziato a scorrere"),
    ("Buß- und Ordnungsgeld gegen Anwalt | Recht | Haufe", "Haufe.de News und Fachwissen",
     "Buß- und Ordnungsgeld gegen Anwalt"),
    ("Investigating WeWork – TechCrunch", "TechCrunch", "Investigating WeWork"),
    ("A - B test results - Acme", "Acme Corp", "A - B test results"),
    ("The Long Game - Long", "Longreads", "The Long Game - Long"),  # 'Long' is no short 'Longreads'
    ("Python - Wikipedia", "Wikipedia", "Python - Wikipedia"),  # one word left: the title stays whole
])
def test_the_sites_name_is_not_read_with_the_title_where_the_title_writes_it_its_own_way(title, site, said):
    assert _without_site(title, site) == said


def test_a_story_after_a_header_button_left_open_is_read():
    # A large publisher's header ('<button><div class="menu-button-inner"><div></button>'):
    # libxml2 ignored the </button>, so the article was parsed inside the header's menu button
    # and not a word of it was read. A browser closes the button there; so does narrate.
    page = news_page().replace(
        "<nav>", "<header role='banner'><div><button class='menu-button'><span>Menu</span>"
                 "<div class='menu-button-inner'><div></button></div></header><nav>")
    read_without(page, "Menu")


def test_a_britannica_style_md_content_div_is_no_mkdocs_container():
    # Britannica's article sits in <div class="md-content">: no generator, so the ballot
    # decides and the site's menus in <main> around it are not read whole.
    menu = "".join(f"<li><a href='/{n}'>Section {n} of the encyclopaedia</a></li>" for n in range(12))
    page = news_page().replace("<article>", f"<main><div class='md-content'><ul>{menu}</ul><article>") \
        .replace("</article>", "</article></div></main>")
    read_without(page, "Section 3 of the encyclopaedia")


def test_where_precision_and_readability_keep_only_the_lead_the_defaults_article_is_read():
    # a wedding checklist: precision mode and readability kept its lead, 8 % of what the
    # default kept (lists under headings); they lost the article rather than found chrome
    blocks = _story_blocks(news_page())
    everything = "\n".join(STORY)
    ballot = Ballot(Vote.of(everything), STORY[0][:60], STORY[0][:60])
    chosen = [block.text for block in article_blocks(blocks, ballot)]
    assert all(paragraph in chosen for paragraph in STORY)


def test_where_the_ballot_keeps_a_third_of_the_defaults_words_the_rest_stays_out():
    blocks = _story_blocks(news_page(after="<div>" + "".join(
        f"<p>{text} Another story from the archive, number {n}, about the harbour.</p>"
        for n, text in enumerate(STORY)) + "</div>"))
    story = "\n".join(STORY)
    default = "\n".join(block.text for block in blocks)
    chosen = " ".join(block.text for block in article_blocks(blocks, Ballot(Vote.of(default), story, story)))
    assert all(paragraph in chosen for paragraph in STORY) and "from the archive" not in chosen


def test_a_list_item_that_opens_with_the_title_and_goes_on_is_read():
    # a course page: the video's transcript, a list item, opens 'Welcome to "What is a
    # smartphone?"'; only a breadcrumb's item, about as long as the title, is the title again
    transcript = ("Welcome to What is a smartphone. In this video we explore smartphones and what you can "
                  "do with them: a smartphone is a lot like a tablet computer, but small enough to carry.")
    page = ("<html><head><title>What is a smartphone</title></head><body>"
            "<ul class='crumbs'><li>Home</li><li>What is a smartphone</li></ul><main>"
            f"<ul><li>{transcript}</li></ul>"
            + "".join(f"<p>{text}</p>" for text in STORY) + "</main></body></html>")
    text = spoken(page)
    assert transcript in text


def test_an_embedded_instagram_posts_link_to_itself_is_not_read():
    post = ("<blockquote class='instagram-media'><a href='https://www.instagram.com/p/x/'><div><div></div>"
            "<div>View this post on Instagram</div></div></a><p><a href='https://www.instagram.com/p/x/'>A post shared by Patagonia "
            "(@patagonia)</a></p></blockquote>")
    read_without(news_page(post), "View this post")


def test_a_pointer_in_brackets_is_not_read():
    extra = "<p>[ Also read <a href='/x'>Island ferries: three lessons from the winter timetable</a>. ]</p>"
    read_without(news_page(extra), "Island ferries")


def test_a_story_in_a_page_wide_form_and_a_next_js_mount_is_read_with_its_boxes():
    # an ASP.NET page wraps the whole body in <form>, Next.js in <div id="__next">: layout
    # around the article, not chrome; a box inside the story is read (it was lost with them)
    box = "<aside class='note'><p>Fares for islanders stay at the winter rate until the end of March.</p></aside>"
    page = news_page(box).replace("<body>", "<body><form id='aspnetForm'><div id='__next'>") \
        .replace("</body>", "</div></form></body>")
    assert "Fares for islanders stay at the winter rate" in read_without(page)


def test_a_list_of_links_precision_mode_kept_is_read_and_one_only_the_default_kept_is_not():
    changes = ["Make the type check support floating point types", "Allow casts between integers and pointers",
               "Add support for the weak variable attribute"]
    # (each item a link but for its pull request's number: a list of all links is other stories)
    listing = "<ul>" + "".join(f"<li><a href='/commit/{n}'>{text}</a> (#1{n})</li>" for n, text in enumerate(changes)) \
        + "</ul>"
    blocks = _story_blocks(news_page(listing))
    story = "\n".join([*STORY[:2], *changes, *STORY[2:]])
    kept_by_precision = [block.text for block in article_blocks(blocks, Ballot(Vote.of(story), story, story))]
    assert all(f"{change} (#1{n})" in kept_by_precision for n, change in enumerate(changes))
    only_default = "\n".join(STORY)
    chosen = [block.text for block in article_blocks(blocks, Ballot(Vote.of(story), only_default, only_default))]
    assert not any(f"{change} (#1{n})" in chosen for n, change in enumerate(changes)) and all(p in chosen for p in STORY)


@pytest.mark.parametrize("label", ["Table of Contents", "Table of Contents Show", "In this article", "Inhaltsverzeichnis"])
def test_a_table_of_contents_label_is_not_read(label):
    toc = (f"<div class='ez-toc-container'><p class='ez-toc-title'>{label}</p><ul>"
           "<li><a href='#vote'>The vote</a></li><li><a href='#winter'>The winter timetable</a></li></ul></div>")
    text = read_without(news_page(toc), label)
    assert "The winter timetable" not in text


def test_a_pointer_to_the_sites_full_review_is_not_read():
    extra = "<p>Read our full <a href='/review/ferry'>Island Ferry X200 review</a>.</p>"
    read_without(news_page(extra), "Island Ferry X200")


FOLDED = ("Width matters as much as length: you should have two fingers of room across the lacing, "
          "and the best way to be sure is to have your feet measured in a shop by someone who knows.")


@pytest.mark.parametrize("section", [
    # the WAI-ARIA accordion: a heading's button opens the panel it controls
    "<h3><button aria-expanded='false' aria-controls='fit'><img src='arrow.svg' alt=''><p>Fit</p></button></h3>"
    f"<div id='fit' hidden aria-hidden='true'><p>{FOLDED}</p></div>",
    # a link as the button, its heading inside it, the panel shut by its style
    "<div class='es-accordion'><a id='p0-head' role='button' aria-controls='p0' tabindex='0'>"
    "<span role='heading' aria-level='3'>Fit</span><svg><path d='M0 0'/></svg></a>"
    f"<div id='p0' style='display:none;' role='region' aria-labelledby='p0-head'><div><p>{FOLDED}</p></div></div></div>",
    # a panel its name calls folded (Chakra's collapse), its control elsewhere
    "<h3><button aria-expanded='false'>Fit</button></h3>"
    f"<div class='chakra-collapse' style='overflow:hidden;display:none'><p>{FOLDED}</p></div>",
])
def test_a_section_the_page_folds_away_is_read_with_its_heading(section):
    text = read_without(news_page(extra_story=section))
    assert FOLDED in text
    assert "Fit" in text.split("\n")


@pytest.mark.parametrize("hidden", [
    f"<div style='display: none'><p>{FOLDED}</p></div>",  # no control opens it: a copy, a template
    f"<div class='collapse-menu' style='display:none'><nav><p>{FOLDED}</p></nav></div>",  # a menu folded away
])
def test_hidden_text_no_control_opens_stays_out(hidden):
    read_without(news_page(extra_story=hidden), FOLDED)


def test_a_folded_panel_outside_the_article_stays_out():
    panel = ("<aside><h3><button aria-expanded='false' aria-controls='q1'>Can you help me grow?</button></h3>"
             f"<div id='q1' hidden><p>{FOLDED}</p></div></aside>")
    read_without(news_page(after=panel), FOLDED)


def test_a_placeholder_for_text_still_loading_is_not_read():
    read_without(news_page(extra_story="<p>Loading specifications\u2026</p><p>Loading prices for your region...</p>"),
                 "Loading")


def headings_of(html: str) -> list[str]:
    return [section.heading for section in read_html(html).sections if section.heading]


def test_a_paragraph_set_as_a_heading_opens_no_chapter_and_a_long_question_does():
    prose = ("No matter what the motivation for your home renovation may be, you will want to know that "
             "your money is well spent on the work you choose.")
    question = ("I need my tax return to renew my ITIN, so can the volunteers help with both my tax filing "
                "and my ITIN on the same day?")
    html = news_page(extra_story=f"<h2>{prose}</h2><h2>{question}</h2><p>{FOLDED}</p>")
    assert headings_of(html) == [question]
    assert prose in read_without(html)


def test_a_callouts_heading_is_its_title_not_a_chapter():
    callout = ("<div class='comp mntl-sc-block finance-sc-block-callout mntl-sc-block-universal-callout'>"
               "<h3 class='mntl-sc-block-universal-callout__heading'>Important</h3>"
               f"<div class='mntl-sc-block-universal-callout__body'><p>{FOLDED}</p></div></div>")
    html = news_page(extra_story=f"<h2>The crossing</h2>{callout}")
    assert headings_of(html) == ["The crossing"]
    assert f"Important.\n{FOLDED}" in read_without(html)


def test_a_long_heading_in_a_box_stays_a_heading():
    """Only a short heading is a box's title ('Important', 'Key takeaways'); a related story's
    headline in an <aside> is left to the rules for teasers."""
    headline = "How Stores Manipulate Your Senses So You Spend More Money"
    aside = f"<aside class='referenced-wide js_inset'><h3>{headline}</h3><p>{FOLDED}</p></aside>"
    blocks = page_blocks(prepare_tree(news_page(extra_story=aside))[0])
    assert [block.kind for block in blocks if block.text == headline] == ["heading"]


def test_a_listicles_items_set_like_the_story_are_read_with_their_headings():
    """The extractors kept the introduction and the last word, and dropped every item between:
    each set in a slide, its paragraph styled as the story's are."""
    intro = STORY[:3]
    items = [("Havenly", "Havenly starts you off with a style quiz and asks about your needs for the room, "
              "from a blank space to a room that is partway there, before you choose a designer."),
             ("RoomLift", "RoomLift is a more personable option, allowing you to work with a small team of "
              "designers who send a plan, a shopping list and a floor plan within two weeks."),
             ("Decorilla", "Decorilla asks you to fill out a questionnaire about your budget and preferences, "
              "then shows you two images at a time and asks you to choose the one you like more.")]

    def styled(text: str) -> str:
        return f"<p class='css-6wxqfj emevuu60'>{text}</p>"

    slides = "".join(
        f"<section id='slide-{n}' data-journey-listicle-slide='true' class='css-deak4w'>"
        f"<div class='listicle-slide-inner'><span>{n}</span><h2>{name}</h2>"
        f"<figure><img src='{name}.jpg' alt=''><figcaption>{name}</figcaption></figure>"
        f"{styled(text)}<a class='learn-more' href='/go'>LEARN MORE</a></div></section>"
        for n, (name, text) in enumerate(items, 1))
    html = ("<html><head><title>The Best Online Interior Design Services</title></head><body>"
            "<nav><a href='/'>Home</a></nav><main><div class='listicle-container'>"
            "<h1>The Best Online Interior Design Services</h1>"
            f"<div class='listicle-intro'>{''.join(map(styled, intro))}</div>"
            f"<div class='listicle-slides'>{slides}</div>{styled(STORY[3])}</div></main>"
            "<footer>All rights reserved.</footer></body></html>")
    text = spoken(html)
    assert all(paragraph in text for paragraph in STORY)
    for name, paragraph in items:
        assert f"{name}\n" in text and paragraph in text
    assert "LEARN MORE" not in text



OPENER = "<button aria-expanded='false' aria-controls='{0}'>Open</button>"


@pytest.mark.parametrize("hidden", [
    # hidden for other reasons than folding, though a control names it (by its style: trafilatura
    # keeps what only the hidden attribute hides, and a kept block is read)
    OPENER.format("c") + f"<div id='c' role='dialog' style='display:none'><h2>We value your privacy</h2><p>{FOLDED}</p></div>",
    OPENER.format("o") + f"<div id='o' class='promo' style='display:none'><p>{FOLDED}</p></div>",
    OPENER.format("m") + f"<nav id='m' hidden><h3>Sport</h3><p>{FOLDED}</p></nav>",
    OPENER.format("t") + f"<div id='t' role='tabpanel' style='display:none'><p>{FOLDED}</p></div>",
    OPENER.format("l") + f"<div id='l' class='lightbox' aria-hidden='true'><p>{FOLDED}</p></div>",
    f"<div class='faq-item-template' style='display:none'><h3>{{{{ question }}}}</h3><p>{{{{ answer }}}} {FOLDED}</p></div>",
    f"<div class='d-none'><div class='accordion-panel' style='display:none'><p>{FOLDED}</p></div></div>",
    f"<div class='accordion mobile-only' style='display:none'><p>{FOLDED}</p></div>",
    # a second element of the id its control names: the control opens the first after it
    OPENER.format("dup") + "<div id='dup' style='display:none'><p>The stations close one at a time.</p></div>"
    f"<div id='dup' style='display:none'><p>{FOLDED}</p></div>",
    # a control character in the id (parsed from '&#1;'): no error, nothing read
    "<div class='modal' id='x\x01y' style='display:none'><h3>Sign up</h3><p>" + FOLDED + "</p></div>",
])
def test_hidden_text_that_is_no_folded_section_stays_out(hidden):
    read_without(news_page(extra_story=hidden), FOLDED, "Sport", "We value your privacy", "Sign up")


@pytest.mark.parametrize("heading, read_as", [
    ("<h3><button aria-expanded='false' aria-controls='f'><span>What is covered by the budget?</span>"
     "<span class='sr-only'>Expand section</span><span aria-hidden='true'>+</span></button></h3>",
     "What is covered by the budget?"),
    ("<h2><span>What the budget means for riders</span> <button aria-expanded='false' aria-controls='f'>"
     "Share</button></h2>", "What the budget means for riders"),
    ("<h3><button aria-expanded='false' aria-controls='f'>Show transcript</button></h3>", None),
    ("<h2><span role='combobox' aria-expanded='false'>Sort: Newest first</span></h2>", None),
    ("<div role='button' aria-controls='f'><h3>Commuter e-bike X2</h3><span>$1,299 · Add to cart</span></div>", None),
])
def test_only_a_control_that_is_a_whole_heading_is_read_as_one(heading, read_as):
    html = news_page(extra_story=heading + f"<div id='f' hidden><p>{FOLDED}</p></div>")
    assert headings_of(html) == ([read_as] if read_as else [])
    text = spoken(html)
    assert "Expand section" not in text and "Share" not in text and "Add to cart" not in text


def test_a_section_folded_twice_in_copies_is_read_once():
    html = news_page(extra_story=(
        "<h3><button aria-expanded='false' aria-controls='k'>Key dates</button></h3>"
        f"<div id='k' hidden><p>{FOLDED}</p></div>"
        f"<div class='accordion-copy' style='display:none'><p>{FOLDED}</p></div>"))
    assert spoken(html).count(FOLDED) == 1


def test_a_theme_box_holding_sections_keeps_their_chapters():
    sections = "".join(f"<div class='box'><h2>{name}</h2><p>{FOLDED}</p><p>{STORY[3]}</p></div>"
                       for name in ("How the money will be spent", "Who pays"))
    assert headings_of(news_page(extra_story=sections)) == ["How the money will be spent", "Who pays"]


@pytest.mark.parametrize("question", [
    "\u201cCan the volunteers help with both my tax filing and my ITIN on the same day, or do I need to "
    "book two separate appointments at the centre?\u201d",
    "(Can the volunteers help with both my tax filing and my ITIN on the same day, or do I need to "
    "book two separate appointments at the centre?)",
])
def test_a_long_question_in_quotes_or_brackets_stays_a_heading(question):
    assert headings_of(news_page(extra_story=f"<h2>{question}</h2><p>{FOLDED}</p>")) == [question]


def test_a_heading_or_line_that_begins_with_loading_is_read():
    html = news_page(extra_story=f"<h2>Loading the trucks before dawn...</h2><p>{FOLDED}</p>"
                                 "<ul><li>Loading zones will move to side streets\u2026</li></ul>")
    text = read_without(html)
    assert "Loading the trucks" in text and "Loading zones" in text


def test_a_long_headline_in_h1_stays_the_first_chapter():
    headline = ("Council keeps the night ferry running through the winter after islanders campaign for the "
                "only crossing that reaches the hospital at night")
    html = news_page().replace("<h1>Council keeps the night ferry</h1>", f"<h1>{headline}</h1>")
    html = html.replace("<title>Opinion | Council keeps the night ferry | The Ledger</title>", "<title>The Ledger</title>")
    html = html.replace("<meta property='og:title' content='Opinion | Council keeps the night ferry'>", "")
    assert headline in [read_html(html).title, *headings_of(html)]


def test_accordions_that_share_one_id_each_open_their_own_panel():
    """A broken component names every panel 'undefined_0_content', each after its own button."""
    steps = [("1. Understand your bill", FOLDED), ("2. Check your roof", STORY[3].replace("quay", "roof"))]
    html = news_page(extra_story="".join(
        f"<div class='es-accordion'><a id='undefined_0_header_action' role='button' aria-controls='undefined_0_content'>"
        f"<span role='heading' aria-level='3'>{name}</span></a><div id='undefined_0_content' style='display:none;' "
        f"role='region' aria-labelledby='undefined_0_header_action'><p>{text}</p></div></div>" for name, text in steps))
    text = spoken(html)
    assert headings_of(html) == [name for name, _ in steps]
    assert all(body in text for _, body in steps)


def test_folded_sections_whose_short_labels_recur_are_all_read_with_their_headings():
    steps = [("1. Understand your bill", FOLDED), ("2. Check your roof", STORY[3].replace("quay", "roof")),
             ("3. Explore incentives", STORY[2].replace("harbour", "county"))]
    html = news_page(extra_story="".join(
        f"<h3><button aria-expanded='false' aria-controls='s{n}'>{name}</button></h3>"
        f"<div id='s{n}' style='display:none'><p>Week 1</p><p>{text}</p></div>" for n, (name, text) in enumerate(steps)))
    assert headings_of(html) == [name for name, _ in steps]


def test_a_picture_credited_to_the_site_itself_has_no_caption_read():
    # EnergySage's solar guide: '<figcaption>EnergySage</figcaption>' under its own drawing was
    # read 'EnergySage.' between two sections
    def page(caption: str) -> str:
        return news_page(f"<figure><img src='quay.jpg' alt=''><figcaption>{caption}</figcaption></figure>") \
            .replace("</head>", "<meta property='og:site_name' content='The Ledger'></head>")

    assert "Ledger" not in read_without(page("The Ledger"))
    assert "Ledger" not in read_without(page("the ledger."))
    assert "The Ledger's new office at the quay." in read_without(page("The Ledger's new office at the quay"))
    assert "The night ferry at the quay." in read_without(page("The night ferry at the quay"))


def test_a_label_set_over_a_boxs_heading_opens_no_chapter():
    # EnergySage: '<h3 class="eyebrow">QUICK QUESTION</h3><h4>What are ...?</h4>' made a chapter
    # 'QUICK QUESTION'; its 'Key takeaways', set the same way over text, is a chapter
    question = "What are the different types of ferry crossings?"
    box = (f"<div class='bg-yellow-100'><h3 class='eyebrow font-size-75'>QUICK QUESTION</h3>"
           f"<h4 class='font-weight-bold h4'>{question}</h4><p>{FOLDED}</p></div>")
    takeaways = f"<h2 class='eyebrow mb-100'>Key takeaways</h2><p>{STORY[3]}</p>"
    html = news_page(extra_story=f"<h2>The crossing</h2><p>{STORY[3]}</p><h3>The boat</h3>{box}", after="") \
        .replace("<article><h1>Council keeps the night ferry</h1>",
                 f"<article><h1>Council keeps the night ferry</h1>{takeaways}")
    assert headings_of(html) == ["Key takeaways", "The crossing", "The boat"]
    assert f"QUICK QUESTION.\n{question}\n{FOLDED}" in read_without(html)
    # a label of its own over text, and a plain heading over a heading, stay headings
    plain = news_page(extra_story=f"<h2>The crossing</h2><h3>The boat</h3><p>{FOLDED}</p>")
    assert headings_of(plain) == ["The crossing", "The boat"]


def test_the_dates_left_after_the_story_are_not_read():
    # EnergySage's solar guide ended 'February eleventh, twenty twenty-six. July seventh, ...':
    # the dates of three related stories' cards, whose headlines (links) were rightly not read
    for tail in ["<p>Feb 11, 2026</p><p>Jul 7, 2025</p>",
                 "<div><p><span>11 February 2026</span></p><p><span>6 min read</span></p></div>"]:
        text = read_without(news_page().replace("</article>", f"{tail}</article>"), "2026", "2025")
        assert text.rstrip().endswith(STORY[3])
    # a date inside the story, or closing it with words of its own, is read
    assert "Feb 11, 2026" in read_without(news_page(extra_story="<p>Feb 11, 2026</p>"))
    signed = news_page().replace("</article>", "<p>Written in Kirkwall, Feb 11, 2026</p></article>")
    assert "Written in Kirkwall, Feb 11, 2026" in read_without(signed)


@pytest.mark.parametrize("label_class", ["hover:overline font-bold", "title--with-eyebrow", "has-kicker"])
def test_a_heading_whose_class_only_mentions_a_label_stays_a_chapter(label_class):
    html = news_page(extra_story=f"<h2 class='{label_class}'>The crossing</h2><h3>The boat</h3><p>{FOLDED}</p>")
    assert headings_of(html) == ["The crossing", "The boat"]


def test_a_kicker_over_the_headline_is_read_and_the_headline_is_not_said_twice():
    html = news_page().replace("<article><h1>", "<article><h2 class='kicker'>Islands</h2><h1>")
    text = read_without(html)
    assert text.count("Council keeps the night ferry") == 1
    assert "Islands." in text


@pytest.mark.parametrize("tail", [
    "<h2>Deadline</h2><p>March 3, 2026</p>",                    # the date is the section
    "<p><strong>Applications close:</strong></p><p>March 3, 2026</p>",
    "<p>The bridge opened on</p><p>May 1, 1931</p>",
    "<p>Yours sincerely,</p><p>Margaret Hill</p><p>11 February 2026</p>",  # a letter's date
])
def test_a_date_that_answers_the_line_before_it_is_read(tail):
    text = read_without(news_page().replace("</article>", f"{tail}</article>"))
    assert text.rstrip().endswith(("March 3, 2026", "May 1, 1931", "11 February 2026"))


@pytest.mark.parametrize("page", ["<p>Feb 11, 2026</p>", "<h1>Release day</h1><p>2026-02-11</p>"])
def test_a_page_of_little_more_than_a_date_is_read(page):
    html = f"<html><head><title>Release day</title></head><body>{page}</body></html>"
    assert "2026" in spoken(html)


@pytest.mark.parametrize("line", ["Mark 12, 2026", "24/7/365"])
def test_what_only_looks_like_a_date_is_read(line):
    assert line in read_without(news_page().replace("</article>", f"<p>{line}</p></article>"))


def _read_with_vote(body: str, kept: list[str]) -> list[str]:
    """What narrate reads of `body` where the extractor kept only the `kept` texts."""
    root, _ = prepare_tree(f"<html><body>{body}</body></html>")
    blocks = page_blocks(root.find("body"))
    return [block.text for block in article_blocks(blocks, Vote.of("\n".join(kept)))]


RELEASE_ITEMS = ["Fixed the parser so that it reads every entity reference in attribute values",
                 "Conformance testing and many fixes to the Relax NG and XInclude implementations",
                 "Portability: Windows updates and path canonicalisation for network shares",
                 "A new function to escape addresses before they are written to the output",
                 "Python bindings generator fixes for functions that return a list of nodes",
                 "Documentation of the streaming reader interface and its error callbacks"]


def test_an_item_every_vote_dropped_between_kept_items_of_its_list_is_read():
    """GCC's release notes: 'P2242R3, Non-literal variables ... (PR102601)' was dropped between
    two kept C++23 items of the same list."""
    items = "".join(f"<li>{text}</li>" for text in RELEASE_ITEMS)
    body = (f"<h2>Release notes for the parser library</h2><p>{STORY[0]}</p><ul>{items}</ul><p>{STORY[1]}</p>"
            "<ul class='tags'><li>Parsing things well and quickly since the year two thousand</li></ul>")
    kept = [STORY[0], RELEASE_ITEMS[0], RELEASE_ITEMS[3], RELEASE_ITEMS[5], STORY[1]]
    assert _read_with_vote(body, kept) == ["Release notes for the parser library", STORY[0], *RELEASE_ITEMS, STORY[1]]
    # a list none of whose items were kept, under no heading, stays out; so do items past the last kept one
    assert RELEASE_ITEMS[4] not in _read_with_vote(body, [STORY[0], RELEASE_ITEMS[0], RELEASE_ITEMS[3], STORY[1]])


def test_a_release_s_list_every_vote_dropped_is_read_where_the_page_is_headings_over_lists():
    """libxml2's release notes: the seven items under '2.5.4: Feb 20 2003' were lost, and the
    chapter was four seconds of its heading."""
    releases = [(f"Release 2.5.{n}: February {n + 1}, 2003", RELEASE_ITEMS[n:n + 2]) for n in range(4)]
    body = "".join(f"<h3>{title}</h3><ul>{''.join(f'<li>{text}</li>' for text in items)}</ul>"
                   for title, items in releases)
    kept = [text for n, (title, items) in enumerate(releases) for text in ([title, *items] if n != 2 else [title])]
    read = _read_with_vote(body, kept)
    assert read == [text for title, items in releases for text in (title, *items)]


def test_the_site_s_name_in_a_menu_bar_heading_is_not_the_title():
    """mdBook sets the book's title as an <h1> in its menu bar; the <title> is 'What is
    Ownership? - The Rust Programming Language'. Every chapter was titled with the book."""
    story = "".join(f"<p>{text}</p>" for text in STORY)
    html = ("<html><head><title>What is Ownership? - The Rust Programming Language</title></head><body>"
            "<div id='menu-bar'><h1 class='menu-title'>The Rust Programming Language</h1></div>"
            f"<main><h2>What Is Ownership?</h2>{story}</main></body></html>")
    assert read_html(html).title == "What is Ownership?"
