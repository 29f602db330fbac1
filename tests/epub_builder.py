"""Builds a small EPUB with ebooklib for the reader tests (kept in code, not as a binary)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image


def cover_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 64), (30, 90, 160)).save(buffer, format="PNG")
    return buffer.getvalue()


CHAPTERS = [
    ("The Lighthouse Keeper", "chap_01.xhtml",
     "<h1>The Lighthouse Keeper</h1>"
     "<p>Every evening at dusk, Ada climbed the hundred and twelve steps to light the lamp.</p>"
     "<p>She counted them aloud<sup><a epub:type=\"noteref\" href=\"#n1\">1</a></sup>, "
     "as her father had done before her.</p>"),
    ("A Ship in the Fog", "chap_02.xhtml",
     "<section><h2>A Ship in the Fog</h2>"
     "<p>On the third night of the fog, a bell rang somewhere out on the water.</p>"
     "<ul><li>The bell rang twice</li><li>then stopped</li></ul></section>"),
    ("Morning", "chap_03.xhtml",
     "<h2>Morning</h2><p>By morning the fog had lifted, and the bay was empty and bright.</p>"),
]


def build_epub(path: Path, with_cover: bool = True) -> Path:
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("narrate-test-lighthouse")
    book.set_title("The Lighthouse")
    book.set_language("en")
    book.add_author("Iris Calloway")
    book.add_metadata("DC", "date", "2021-06-01")
    if with_cover:
        book.set_cover("cover.png", cover_png())
    items = []
    for title, name, body in CHAPTERS:
        item = epub.EpubHtml(title=title, file_name=name, lang="en")
        item.content = f"<html><body>{body}</body></html>"
        book.add_item(item)
        items.append(item)
    book.toc = tuple(epub.Link(item.file_name, title, item.file_name) for item, (title, _, _) in zip(items, CHAPTERS))
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    # Reading order: the nav document first (as many books have it), then the chapters.
    book.spine = ["nav", *items]
    epub.write_epub(str(path), book)
    return path


CONTAINER = ('<?xml version="1.0"?><container version="1.0" '
             'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
             '<rootfile full-path="{opf}" media-type="application/oebps-package+xml"/></rootfiles></container>')


def package_document(title: str, creator: str, language: str, manifest: list[tuple[str, str, str]],
                     spine: list[str | tuple[str, str]], version: str = "3.0", toc: str | None = None) -> str:
    """An OPF written out by hand, so a test can make the mistakes real books make.

    `manifest`: (id, href, media type or 'nav'); `spine`: ids, or (id, 'no') for linear="no"."""
    from xml.sax.saxutils import escape

    items = []
    for item_id, href, media in manifest:
        properties = ' properties="nav"' if media == "nav" else ""
        media = "application/xhtml+xml" if media == "nav" else media
        items.append(f'<item id="{escape(item_id)}" href="{escape(href)}" media-type="{media}"{properties}/>')
    refs = []
    for ref in spine:
        item_id, linear = (ref, None) if isinstance(ref, str) else ref
        refs.append(f'<itemref idref="{escape(item_id)}"' + (f' linear="{linear}"' if linear else "") + "/>")
    toc_attribute = f' toc="{toc}"' if toc else ""
    return (f'<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" '
            f'version="{version}" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f'<dc:identifier id="id">urn:test</dc:identifier><dc:title>{escape(title)}</dc:title>'
            f'<dc:creator>{escape(creator)}</dc:creator><dc:language>{language}</dc:language></metadata>'
            f'<manifest>{"".join(items)}</manifest><spine{toc_attribute}>{"".join(refs)}</spine></package>')


def xhtml(body: str, head: str = "", html_attributes: str = "") -> str:
    return ('<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
            f'xmlns:epub="http://www.idpf.org/2007/ops"{html_attributes}><head>{head}</head>'
            f"<body>{body}</body></html>")


def build_raw_epub(path: Path, files: dict[str, str | bytes], opf_name: str = "OEBPS/content.opf") -> Path:
    """An EPUB zipped from the given members (the package document among them), as written."""
    import zipfile

    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        archive.writestr("META-INF/container.xml", CONTAINER.format(opf=opf_name))
        for name, content in files.items():
            archive.writestr(name, content, compress_type=zipfile.ZIP_DEFLATED)
    return path


STYLED_CSS = "body { font-family: serif; } p.first::first-letter { font-size: 2em; } .smallcaps { font-variant: small-caps; }\n"
STYLED_PAGES = {
    "OEBPS/text/harbour.xhtml": (
        "The Harbour",
        '<section epub:type="chapter"><h1 class="chapter">The Harbour</h1>'
        '<p class="first">The <em>old</em> harbour was quiet at <span class="smallcaps">dawn</span>, and the boats '
        '<a href="fog.xhtml#fog">waited</a> for the tide.</p>'
        '<figure><img src="../images/harbour.png" alt="Boats in the harbour"/></figure>'
        "<p>Nobody knew where <i>Nor</i>thanger had gone, nor why the <b>lighthouse keeper</b> had left "
        "his lamp burning through the night.</p></section>"),
    "OEBPS/text/fog.xhtml": (
        "Fog",
        '<section epub:type="chapter"><h2 id="fog">Fog</h2>'
        '<p>Fog came in from the sea<a epub:type="noteref" href="#n1">1</a> before noon.</p>'
        '<aside epub:type="footnote" id="n1"><p>It always did in March.</p></aside>'
        "<p>By evening it had lifted, and the bay was empty and bright.</p></section>"),
}


def build_styled_epub(path: Path) -> Path:
    """A valid EPUB 3 with what a narrated copy must keep: a style sheet and classes, an image
    in the text, inline elements inside and across words, a footnote, a navigation document
    and a cover."""
    manifest = [("nav", "nav.xhtml", "nav"), ("css", "styles/book.css", "text/css"),
                ("harbour-image", "images/harbour.png", "image/png"), ("cover", "images/cover.png", "image/png")]
    files: dict[str, str | bytes] = {}
    for number, (name, (title, body)) in enumerate(STYLED_PAGES.items(), 1):
        files[name] = xhtml(body, f'<title>{title}</title><link rel="stylesheet" type="text/css" '
                            'href="../styles/book.css"/>', ' xml:lang="en" lang="en"')
        manifest.append((f"page{number}", name.removeprefix("OEBPS/"), "application/xhtml+xml"))
    nav = ('<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>'
           '<li><a href="text/harbour.xhtml">The Harbour</a></li><li><a href="text/fog.xhtml#fog">Fog</a></li></ol></nav>')
    files["OEBPS/nav.xhtml"] = xhtml(nav, "<title>Contents</title>", ' xml:lang="en" lang="en"')
    files["OEBPS/styles/book.css"] = STYLED_CSS
    files["OEBPS/images/harbour.png"] = cover_png()
    files["OEBPS/images/cover.png"] = cover_png()
    opf = package_document("The Harbour at Dawn", "Iris Calloway", "en", manifest,
                           ["page1", "page2"])
    opf = opf.replace('<item id="cover" ', '<item id="cover" properties="cover-image" ')
    opf = opf.replace("</metadata>", '<meta property="dcterms:modified">2024-01-01T00:00:00Z</meta></metadata>')
    files["OEBPS/content.opf"] = opf
    return build_raw_epub(path, files)


XHTML11 = ('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" '
           '"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en">'
           '<head><title>{title}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>'
           "<body>{body}</body></html>")


def build_epub2(path: Path) -> Path:
    """A valid EPUB 2 book as older tools wrote them: XHTML 1.1 pages with `<tt>` and `<big>`,
    an NCX and no navigation document, the cover named by `<meta name="cover">`, `opf:role`
    on the author."""
    chapters = {
        "ch1.xhtml": ("Arrival", '<h1 id="arrival">Arrival</h1><p>The train reached the coast at '
                      "<tt>noon</tt>, an hour late. <big>Nobody</big> was waiting on the platform.</p>"),
        "ch2.xhtml": ("Departure", '<h1 id="departure">Departure</h1><p>She left the next morning, '
                      'as <a href="ch1.xhtml#arrival">before</a>, without a word.</p>'),
    }
    files: dict[str, str | bytes] = {
        f"OEBPS/{name}": XHTML11.format(title=title, body=body) for name, (title, body) in chapters.items()}
    files["OEBPS/style.css"] = "tt { font-family: monospace; }\n"
    files["OEBPS/cover.png"] = cover_png()
    points = "".join(f'<navPoint id="p{n}" playOrder="{n}"><navLabel><text>{title}</text></navLabel>'
                     f'<content src="{name}"/></navPoint>' for n, (name, (title, _)) in enumerate(chapters.items(), 1))
    files["OEBPS/toc.ncx"] = ('<?xml version="1.0" encoding="utf-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" '
                              'version="2005-1"><head><meta name="dtb:uid" content="urn:test"/></head>'
                              f"<docTitle><text>The Coast</text></docTitle><navMap>{points}</navMap></ncx>")
    manifest = [("ncx", "toc.ncx", "application/x-dtbncx+xml"), ("css", "style.css", "text/css"),
                ("cover-image", "cover.png", "image/png"),
                *[(f"c{n}", name, "application/xhtml+xml") for n, name in enumerate(chapters, 1)]]
    opf = package_document("The Coast", "Iris Calloway", "en", manifest, ["c1", "c2"], version="2.0", toc="ncx")
    opf = opf.replace('<package xmlns="http://www.idpf.org/2007/opf"',
                      '<package xmlns="http://www.idpf.org/2007/opf" xmlns:opf="http://www.idpf.org/2007/opf"')
    opf = opf.replace("<dc:creator>", '<dc:creator opf:role="aut">')
    opf = opf.replace("</metadata>", '<meta name="cover" content="cover-image"/></metadata>')
    files["OEBPS/content.opf"] = opf
    return build_raw_epub(path, files)
