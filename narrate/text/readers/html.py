"""HTML (.html, .htm, a saved web page): the article only, extracted by trafilatura.

trafilatura drops navigation, menus, scripts, styles, cookie banners, ads, share buttons,
comments and footers, and finds title, author and date in the page's metadata (meta tags,
JSON-LD). Measured on tests/data/news-page.html against readability-lxml: both kept all
eight article blocks; readability-lxml also kept an inline advertisement, trafilatura
nothing else (docs/text.md, "Input formats"). It is imported only when an HTML file is read.
"""

from __future__ import annotations

import re
from typing import Any

from narrate.model import Document
from narrate.text.readers.authors import clean_author, title_page_authors
from narrate.text.readers.htmlarticle import ANCHOR_WORDS, Ballot, Vote, article_blocks, doc_container, is_chrome
from narrate.text.readers.htmlblocks import MAX_TABLE_COLUMNS, Block, page_blocks
from narrate.text.readers.htmlprep import prepare_tree
from narrate.text.readers.sections import (CHAPTER_LEVELS, CODE_NOTE, TABLE_NOTE, SectionBuilder,
                                           as_sentence, clean)
from narrate.text.readers.text import document_title
from narrate.text.readers.textblocks import HEADING, PARAGRAPH

_WEB_ADDRESS = re.compile(r"https?://[^\s/]+", re.IGNORECASE)


def is_web_address(text: str | None) -> bool:
    """An http or https URL (what `narrate URL` fetches and a feed item links to)."""
    return bool(text) and _WEB_ADDRESS.match(text) is not None  # type: ignore[arg-type]


def extract_article(page: str) -> Any | None:
    """trafilatura's extraction of the main content (text and metadata), or None when it finds
    no article."""
    import trafilatura

    # The date from the page's markup and metadata only: htmldate's extensive search hands every
    # date-like string to dateparser where it is installed, which took 9 s on a docs page
    # without a date (the same date on 59 of 60 benchmark pages, 44 ms a page instead of 57).
    return trafilatura.bare_extraction(page, with_metadata=True, include_comments=False,
                                       include_tables=True, include_images=False,
                                       include_formatting=False,
                                       date_extraction_params={"extensive_search": False,
                                                               "original_date": True})


TITLE_OVERLAP = 0.7  # of the words of heading and title together, shared: the same headline
SHORT_SHARE = 1.5  # readability's article this many times longer: trafilatura missed part of it


def _may_be_short(extracted: str, blocks: list[Block]) -> bool:
    """Whether trafilatura's article could be much shorter than readability's (whose article
    is text of the page, mostly not chrome, so not longer than that)."""
    prose = sum(block.words for block in blocks if block.kind not in ("code", "table") and not is_chrome(block))
    return SHORT_SHARE * len(extracted.split()) < prose


def readability_text(page: str) -> str | None:
    """readability-lxml's article as text, one line per piece of text (None where it is not
    installed or fails on the page)."""
    try:
        from readability import Document as Readability
    except ImportError:  # optional: without it, trafilatura's votes alone
        return None
    import lxml.html

    try:
        summary = Readability(page).summary(html_partial=True)
        if not summary.strip():
            return ""
        return "\n".join(piece.strip() for piece in lxml.html.fromstring(summary).itertext() if piece.strip())
    except Exception:  # noqa: BLE001 - readability raises several types on odd pages; trafilatura's text stands
        return None


def precise_text(page: str) -> str | None:
    """trafilatura's article when it favours precision: it leaves out more of the site's
    teasers and boxes at the article's edges, and some of the article too."""
    import trafilatura

    try:
        return trafilatura.extract(page, favor_precision=True, include_comments=False,
                                   include_tables=True, include_images=False) or ""
    except Exception:  # noqa: BLE001 - as for readability: the default's vote stands
        return None


def _ballot(page: str, extracted: str, blocks: list[Block]) -> Ballot:
    """The votes on which blocks are the article: trafilatura's (with readability's text too
    where that is much longer: an article split over several containers, a magazine page
    between its ad slots), trafilatura favouring precision, and readability-lxml."""
    if not _may_be_short(extracted, blocks):  # readability runs only if the ballot needs it
        return Ballot(Vote.of(extracted), precise_text(page), lambda: readability_text(page))
    second = readability_text(page)
    own = extracted
    if second is not None and len(second.split()) > SHORT_SHARE * len(extracted.split()):
        own = f"{extracted}\n{second}"
    return Ballot(Vote.of(own), precise_text(page), second)


def _heading_levels(blocks: list[Block]) -> dict[int, int]:
    """Page heading levels to section levels: the two highest levels the article uses open
    chapters (1 and 2), deeper ones are read as a sentence of their own."""
    used = sorted({block.level for block in blocks if block.kind == "heading"})
    return {level: (rank + 1 if rank < 2 else CHAPTER_LEVELS + 1) for rank, level in enumerate(used)}


TITLE_ITEM_EXTRA = 3  # words a breadcrumb's item may add to the title ('Opinion', a section's name)


def _build(blocks: list[Block], builder: SectionBuilder, title: str | None, story: bool = True) -> None:
    """Headings, paragraphs, lists, boxes and notes into sections, in reading order. In a
    `story` (not a documentation page), tables of up to six columns are read row by row."""
    labels = {id(block) for index, block in enumerate(blocks)
              if block.kind == "heading" and _label_over_heading(blocks, index)}
    if title:
        repeats: list[Block] = []
        title_words = _words(title)
        for block in blocks:
            # the headline (set as a paragraph on some sites), and a breadcrumb's last item
            # before it, are the title said again (not a list item that goes on past it: a
            # course page's 243-word transcript opens 'Welcome to "What is a smartphone?"')
            if (block.kind == "item" and block.words <= len(title_words) + TITLE_ITEM_EXTRA) \
                    or (block.kind == "text" and _words(block.text) == title_words):
                if is_title_heading(block.text, title):
                    repeats.append(block)
                    continue
            elif id(block) in labels:
                continue  # a kicker over the headline ('<h2 class="kicker">Politics</h2><h1>...')
            elif block.kind == "heading":
                if is_title_heading(block.text, title):
                    repeats.append(block)
                break
            if block.words >= ANCHOR_WORDS:
                break  # the article has begun: a later heading is one of its own
        blocks = [b for b in blocks if not any(b is repeat for repeat in repeats)]
    levels = _heading_levels(blocks)
    index = 0
    while index < len(blocks):
        block = blocks[index]
        if block.kind == "item":
            run = [block]
            while index + 1 < len(blocks) and blocks[index + 1].kind == "item" \
                    and _same_list(blocks[index + 1], block):
                index += 1
                run.append(blocks[index])
            _list(run, builder)
        elif id(block) in labels:
            builder.paragraph(as_sentence(block.text))
        elif block.kind == "heading" and (block.level == 1 or not prose_heading(block.text)):
            builder.heading(block.text, levels[block.level])
        elif block.kind == "heading":
            builder.paragraph(block.text)
        elif block.kind == "code":
            builder.note(CODE_NOTE)
        elif block.kind == "plain":
            _plain(block, builder)
        elif block.kind == "table" and block.rows and (story or block.columns <= MAX_TABLE_COLUMNS):
            builder.items(list(block.rows))
        elif block.kind == "table":
            builder.note(TABLE_NOTE)
        elif block.kind == "term" and block.text.endswith(":") and index + 1 < len(blocks) \
                and blocks[index + 1].kind == "definition" and blocks[index + 1].words <= 8:
            index += 1  # a field list: 'author: Peter Moody.'
            builder.paragraph(as_sentence(f"{block.text} {blocks[index].text}"))
        elif block.kind in ("term", "box-title", "caption"):
            builder.paragraph(as_sentence(block.text))
        else:
            builder.paragraph(block.text)
        index += 1


_MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
# A line that is only a date: 'Feb 11, 2026', '11 February 2026', '2026-02-11', '02/11/2026'.
_DATE_ONLY = re.compile(rf"^\s*(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}\.?\s+{_MONTH},?\s+\d{{4}}"
                        r"|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/(?:\d{4}|\d{2}))\s*$", re.IGNORECASE)
# A designer's small label above a heading, by a word of its class: 'eyebrow', 'is-eyebrow__RA8XI',
# 't-eyebrow-reduced', 'kicker' (not Tailwind's 'hover:overline', not 'title--with-eyebrow', 'has-kicker').
_LABEL_CLASS = re.compile(r"^(?!.*(?:^|[-_])(?:has|with|no)[-_]+(?:eyebrow|kicker|overline))"
                          r"(?:[\w-]*[-_])?(?:eyebrow|kicker|overline)(?:[-_][\w-]*)?$", re.IGNORECASE)


def _label_over_heading(blocks: list[Block], index: int) -> bool:
    """A box's label set as a heading over the box's own heading ('<h3 class="eyebrow">QUICK
    QUESTION</h3><h4>What are the different types of solar installations?</h4>'): read as a
    sentence, it opens no chapter of its own. 'Key takeaways' set the same way, over text, is a
    heading."""
    following = blocks[index + 1] if index + 1 < len(blocks) else None
    return following is not None and following.kind == "heading" \
        and any(_LABEL_CLASS.match(token) for token in (blocks[index].element.get("class") or "").split())


HEADING_WORDS = 20  # a heading longer than this, unless a question, is a paragraph set large


def prose_heading(text: str) -> bool:
    """A paragraph the page set in a heading's type ('No matter what the motivation for your
    home renovation may be, you'll want to know ... (39 words)'): read as a paragraph, it
    opens no chapter named after body text. An FAQ's question stays a heading, however long,
    and so does an <h1>: a long headline is still the headline.
    Of WCXB's 1,497 development pages, 45 have a heading over 20 words; 19 of them questions."""
    return len(text.split()) > HEADING_WORDS and not text.rstrip().rstrip("\"')]\u201d\u2019\u00bb*").endswith(
        ("?", "\u061f", "\uff1f"))


def _plain(block: Block, builder: SectionBuilder) -> None:
    """A <pre> of prose, read as a text file is: its paragraphs, its headings as sentences
    (the page's own headings open the chapters), notes for the code and tables inside it."""
    for piece in block.pieces:
        if piece.kind == PARAGRAPH:
            builder.paragraph(piece.text)
        elif piece.kind == HEADING:
            builder.heading(piece.text, CHAPTER_LEVELS + 1)
        else:
            builder.note(piece.text)


def _same_list(block: Block, other: Block) -> bool:
    if block.item is None or other.item is None:
        return False
    return block.item.getparent() is other.item.getparent()


def _list(run: list[Block], builder: SectionBuilder) -> None:
    """A list of one short block per item is one paragraph of sentences; items with several
    paragraphs of their own keep them."""
    items = [block.item for block in run]
    simple = len(set(map(id, items))) == len(items) and all(block.words <= 40 for block in run)
    if simple:
        builder.items([block.text for block in run])
    else:
        for block in run:
            builder.paragraph(as_sentence(block.text))


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def is_title_heading(heading: str, title: str) -> bool:
    """Whether the page's first heading is its headline, said already as the title: the same
    words, or nearly (the <title> or og:title adds a section name, 'Opinion | ...', or
    shortens a word, 'HS Roundup' for 'High School Roundup')."""
    first, second = _words(heading), _words(title)
    if not first or not second:
        return False
    if first == second or first == _words(_SITE_SEPARATOR.split(title)[0]):
        return True  # 'Tutorial' under 'Tutorial — vdirsyncer 0.19.0 documentation'

    shorter, longer = sorted((first, second), key=len)
    if len(shorter) >= 4 and any(longer[i:i + len(shorter)] == shorter for i in range(len(longer))):
        return True
    common = set(first) & set(second)
    return len(common) >= 4 and len(common) >= TITLE_OVERLAP * len(set(first) | set(second))


def _body(root: Any) -> Any:
    body = root.find("body")
    return body if body is not None else root


def _language(html: str) -> str | None:
    match = re.search(r"<html[^>]*\blang=[\"']?([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)?)", html[:4000], re.IGNORECASE)
    return match.group(1) if match else None


_TAG = re.compile(r"<[^<>]*(?:>|$)")  # linear: a '<' without its '>' stops at the next '<'
_SITE_SEPARATOR = re.compile(r"\s+[|\u2013\u2014\-\u00b7:]\s+")


HEADLINE_WORDS = (3, 40)  # a headline, not a site's or section's name ('Opinion'), nor a page of text


def page_title(page: str, extracted: str | None, headline: str | None = None) -> str | None:
    """The page's own title: og:title, else <title> without its " - Site name" part.

    Where the <title> and the page's headline (its first <h1>) say the same and og:title does
    not, the two win: og:title is the one a site forgets to update ('How to Install Solar
    Panels in 2025' over a page whose <title> and <h1> say 2026).
    The extractor's guess is kept only when the page's <title> agrees with it: on pages with
    dialogs or sidebars it can pick a heading that is not the article's (a help dialog's
    "Keyboard shortcuts", say)."""
    return _own_title(_head_titles(page[:20000]), extracted, headline)


_FILE_TITLE = re.compile(r"^(?:readme|index|untitled|document|changelog|news)(?:\.[a-z]{1,8})?$", re.IGNORECASE)


def _own_title(head: tuple[str | None, str | None, str | None], extracted: str | None,
               headline: str | None) -> str | None:
    """page_title's choice from the page's og:title, <title> and site name (_head_titles)."""
    og, tag, site = head
    full = _without_site(clean(_TAG.sub("", tag)), site) if tag else ""
    separators = list(_SITE_SEPARATOR.finditer(full))
    shown = _words(headline) if headline else []
    if og and HEADLINE_WORDS[0] <= len(shown) <= HEADLINE_WORDS[1] and _words(clean(og)) != shown \
            and (not site or shown != _words(site)):
        for candidate in (full, full[:separators[-1].start()] if separators else ""):
            if _words(candidate) == shown:
                return candidate.strip()
    if og:
        return _without_site(clean(og), site) or extracted
    if not full:
        return extracted
    if headline and _FILE_TITLE.match(full.strip()):
        return headline  # pandoc titles a README.md 'README'; its <h1> says what it is ('Lunr.js')
    site_part = full[separators[-1].end():].strip().casefold() if separators else ""
    if extracted and extracted.casefold() in full.casefold() and extracted.casefold() != full.casefold() \
            and extracted.strip().casefold() != site_part:
        return extracted  # the extractor's headline, inside the <title> with the site's name
        # (not the site's name itself: mdBook's menu bar sets the book's title as an <h1>)
    if separators:  # "datetime — Basic date and time types — Python 3.11.2 documentation"
        head_part = full[:separators[-1].start()]
        return head_part if len(head_part.split()) >= 2 else full
    return full


def _without_site(title: str, site: str | None) -> str:
    """'Investigating WeWork – TechCrunch' less its site's name (og:site_name), at either end;
    also where the title writes the name with its domain or shorter ('... - Vegolosi.it' for
    'Vegolosi', '... | Recht | Haufe' for 'Haufe.de News und Fachwissen'), with the section
    named just before it."""
    if not site or not title:
        return title
    name = re.escape(clean(site).strip())
    for pattern in (rf"\s*[|\u2013\u2014\-\u00b7:,]\s*{name}\s*$", rf"^\s*{name}\s*[|\u2013\u2014\-\u00b7:]\s*"):
        shorter = re.sub(pattern, "", title, flags=re.IGNORECASE)
        if shorter != title and len(shorter.split()) >= 2:
            return shorter.strip()
    cuts = list(_TITLE_PARTS.finditer(title))
    if cuts and _names_site(title[cuts[-1].end():], site):
        end = cuts[-1].start()
        if len(cuts) >= 2 and len(title[cuts[-2].end():end].split()) <= 2 \
                and len(title[:cuts[-2].start()].split()) >= 2:
            end = cuts[-2].start()  # the section: 'Recht' in '... | Recht | Haufe'
        if len(title[:end].split()) >= 2:
            return title[:end].strip()
    return title


_TITLE_PARTS = re.compile(r"\s+[|\u2013\u2014\-\u00b7]\s+")


def _names_site(part: str, site: str) -> bool:
    """'Vegolosi.it' names the site 'Vegolosi'; 'Haufe' names 'Haufe.de News und Fachwissen'."""
    def bare(text: str) -> str:
        return re.sub(r"\.(?:[a-z]{2,3})(?:\.[a-z]{2})?\b", "", text.casefold()).strip()
    written, name = bare(part), bare(clean(site))
    if not written or len(written.split()) > 3:
        return False
    return f"{name} ".startswith(f"{written} ") or f"{written} ".startswith(f"{name} ")


def _head_titles(head: str) -> tuple[str | None, str | None, str | None]:
    """The first og:title (or twitter:title) meta content, the first <title>'s text and the
    site's name (og:site_name),
    found by libxml2's HTML parser: linear in the page, whatever its tags look like (a
    pattern over the raw markup can backtrack for hours on a 19 KB page)."""
    from lxml import etree

    if not head.strip():
        return None, None, None
    parser = etree.HTMLParser(encoding="utf-8", no_network=True, remove_comments=True)
    try:
        root = etree.fromstring(head.encode("utf-8", "replace"), parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None, None, None
    if root is None:
        return None, None, None
    og = site = None
    for meta in root.iter("meta"):
        key = (meta.get("property") or meta.get("name") or "").strip().lower()
        content = (meta.get("content") or "").strip()
        if key in ("og:title", "twitter:title") and content and og is None:
            og = meta.get("content")
        elif key == "og:site_name" and content and site is None:
            site = content
    title = root.find(".//title")
    return og, ("".join(title.itertext()) if title is not None else None), site


def read_html(text: str, source: str | None = None, title: str | None = None) -> Document:
    if not re.search(r"<body[\s>]", text, re.IGNORECASE):
        text = f"<html><body>{text}</body></html>"  # a fragment, e.g. pasted on stdin
    root, notes = prepare_tree(text)
    extracted = extract_article(text)
    meta: dict[str, str] = {}
    blocks = page_blocks(_body(root)) if root is not None else []
    container = doc_container(root) if root is not None else None
    chosen: list[Block] = []
    if extracted is not None:
        meta = {key: value for key in ("title", "author", "date", "url")
                if isinstance(value := getattr(extracted, key, None), str) and value}
        vote = extracted.text or ""
        # a docs page's container is read whole: one vote is enough there
        ballot = Vote.of(vote) if container is not None else _ballot(text, vote, blocks)
        chosen = article_blocks(blocks, ballot, container, descriptions(root))
    if not any(block.kind not in ("code", "table") for block in chosen):
        chosen = [block for block in blocks if not is_chrome(block)]  # a page too small to vote on
    chosen = _without_trailing_dates(chosen)
    head = _head_titles(text[:20000])
    site = head[2]
    if site and (site_words := _words(site)):
        # a picture credited to the site itself ('<figcaption>EnergySage</figcaption>'): no caption
        chosen = [block for block in chosen if block.kind != "caption" or _words(block.text) != site_words]
    builder = SectionBuilder()
    headline = next((block.text for block in chosen if block.kind == "heading" and block.level == 1), None)
    own_title = _own_title(head, meta.get("title"), headline)
    _build(chosen, builder, own_title, story=container is None)
    for note in notes:
        builder.footnote(note)
    sections = builder.sections()
    document_name, spoken = document_title(title, own_title, source,
                                           [p for s in sections for p in s.paragraphs])
    return Document(
        title=document_name,
        title_spoken=spoken,
        sections=sections,
        author=title_page_authors(root) or clean_author(meta.get("author")),  # a manual's own list first
        date=meta.get("date"),
        language=_language(text),
        source=source,
        link=_link(meta.get("url"), source),
    )


def _without_trailing_dates(chosen: list[Block]) -> list[Block]:
    """The article less the lines that are only a date after its last sentence: the dates of
    related stories' cards whose headlines were not read ('Feb 11, 2026', 'Jul 7, 2025'). A
    date that answers the line before it ('Deadline', 'Applications close:', a letter's
    'Margaret Hill') is read, and so is an article of little more than a date."""
    end = len(chosen)
    while end > 0 and chosen[end - 1].kind == "text" and _DATE_ONLY.match(chosen[end - 1].text):
        end -= 1
    if end == len(chosen) or end == 0:
        return chosen
    last = chosen[end - 1]
    finished = last.kind in ("text", "item") and last.text.rstrip().endswith(_SENTENCE_ENDS)
    if not finished or sum(block.words for block in chosen[:end]) < DATED_ARTICLE_WORDS:
        return chosen
    return chosen[:end]


_SENTENCE_ENDS = (".", "!", "?", "\u201d", "\u2019", "\"", "'", ")", "\u2026")
DATED_ARTICLE_WORDS = 40  # less than this before the dates, and they may be what the page is about


def descriptions(root: Any) -> str | None:
    """The page's descriptions of itself (meta description, og: and twitter:), one a line."""
    if root is None:
        return None
    found = [(meta.get("content") or "").strip() for meta in root.iter("meta")
             if (meta.get("name") or meta.get("property") or "").strip().lower()
             in ("description", "og:description", "twitter:description")]
    return "\n".join(dict.fromkeys(text for text in found if text)) or None


def _link(canonical: str | None, source: str | None) -> str | None:
    """The page's canonical address, else the address it was fetched from (a file has none)."""
    if is_web_address(canonical):
        return canonical
    return source if is_web_address(source) else None
