"""What the loopback site serves in the fetching tests: feeds, pages and OPML, built around
its address (feeds need absolute links)."""

from __future__ import annotations

from pathlib import Path

NEWS_PAGE = (Path(__file__).parent / "data" / "news-page.html").read_bytes()
CANONICAL = "https://www.coastal-ledger.example/news/2024/03/14/tram-line-vote"


def article_page(title: str, body: str, charset: str = "utf-8", meta: str = "") -> str:
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"{charset}\">{meta}<title>{title}</title>"
            f"</head><body><nav><a href=\"/\">Home</a> <a href=\"/about\">About</a></nav>"
            f"<article><h1>{title}</h1>{body}</article><footer>Copyright the Ferry Gazette</footer></body></html>")


CP1252_PAGE = article_page(
    "Caf\u00e9 owners cheer the ferry", "<p>The caf\u00e9 on the pier \u2013 \u201cour caf\u00e9\u201d, "
    "the locals say \u2013 will stay open all winter.</p><p>Its owner said the ferry brings customers.</p>",
    charset="windows-1252").encode("cp1252")


def rss_item(base: str, key: str, title: str, day: int, content: str | None = None) -> str:
    encoded = f"<content:encoded><![CDATA[{content}]]></content:encoded>" if content else ""
    return (f"<item><title>{title}</title><link>{base}/articles/{key}.html</link>"
            f"<guid isPermaLink=\"false\">item-{key}</guid><dc:creator>Ada Reporter</dc:creator>"
            f"<pubDate>{['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][(day + 5) % 7]}, {day:02} Mar 2024 "
            f"08:00:00 +0000</pubDate><description>A short summary of {title}.</description>{encoded}</item>")


def rss_feed(base: str, items: list[str]) -> str:
    return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" "
            "xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" "
            "xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><channel><title>The Ferry Gazette</title>"
            f"<link>{base}/</link><description>News from the harbour</description>{''.join(items)}"
            "</channel></rss>\n")


FULL_A = ("<p>The morning ferry now leaves at seven.</p>"
          "<p>Passengers asked for an earlier crossing, and the harbour board agreed.</p>")
FULL_D = ("<p>A new lighthouse keeper starts on Monday.</p>"
          "<p>She will be the first keeper on the island for twenty years.</p>")
PAGE_B = article_page("Tide tables are printed again",
                      "<p>The printed tide tables are back in the library.</p>"
                      "<p>Fishermen said the phone app was no substitute.</p>")
PAGE_C = article_page("The pier reopens",
                      "<p>The pier reopened after the storm repairs.</p><p>Anglers returned at dawn.</p>")


def atom_feed(base: str) -> str:
    return ("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">"
            f"<title>Island Notes</title><link href=\"{base}/\"/><id>urn:island-notes</id>"
            "<updated>2024-03-15T09:00:00Z</updated>"
            f"<entry><title>The bakery's new oven</title><link href=\"{base}/notes/oven.html\"/>"
            "<id>urn:island-notes:oven</id><updated>2024-03-15T09:00:00Z</updated>"
            "<author><name>Ben Baker</name></author>"
            "<content type=\"html\">&lt;p&gt;The bakery has a new oven.&lt;/p&gt;&lt;p&gt;Bread is ready "
            "an hour earlier.&lt;/p&gt;</content></entry>"
            f"<entry><title>School choir sings</title><link href=\"{base}/notes/choir.html\"/>"
            "<id>urn:island-notes:choir</id><updated>2024-03-14T09:00:00Z</updated>"
            "<summary>The choir sang.</summary></entry></feed>\n")


PAGE_CHOIR = article_page("School choir sings",
                          "<p>The school choir sang in the harbour church.</p><p>Parents filled every pew.</p>")


def opml(feeds: list[tuple[str, str]]) -> str:
    outlines = "".join(f"<outline text=\"{title}\" type=\"rss\" xmlUrl=\"{url}\"/>" for url, title in feeds)
    return (f"<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><head><title>Reader export</title></head>"
            f"<body><outline text=\"News\">{outlines}</outline></body></opml>\n")
