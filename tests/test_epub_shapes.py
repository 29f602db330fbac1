"""EPUBs shaped like real books that break the rules: Debian's live-manual (SiSU: fragments in
the manifest, spine and table of contents, sub-chapters marked without headings, paragraph
numbers), Ubuntu's packaging guide (Sphinx: navigation and footers in every chapter,
translated chapters with no language declared), and broken or missing tables of contents."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate.text.readers import read_document
from narrate.text.readers.sections import CODE_NOTE
from narrate.text.script import build_script
from tests.epub_builder import build_raw_epub, package_document, xhtml

NCX = "application/x-dtbncx+xml"
XHTML = "application/xhtml+xml"


def spoken(document) -> str:
    return " ".join(chunk.text for chunk in build_script(document).chunks)


def chapters(document) -> list[str]:
    return [chunk.chapter for chunk in build_script(document).chunks if chunk.chapter]


# --- live-manual (SiSU) ---------------------------------------------------------------

def _sisu_paragraph(number: int, text: str, css: str = "i0") -> str:
    return (f'<div class="substance"><label class="ocn"><a href="#o{number}" class="lnkocn">{number}</a></label>'
            f'<p class="{css}" id="o{number}">{text}</p></div>')


def _ncx(points: list[tuple[str, str, list]]) -> str:
    def render(entries: list, counter: list[int]) -> str:
        out = []
        for label, src, children in entries:
            counter[0] += 1
            out.append(f'<navPoint id="np{counter[0]}" playOrder="{counter[0]}"><navLabel><text>{label}</text>'
                       f'</navLabel><content src="{src}"/>{render(children, counter)}</navPoint>')
        return "".join(out)

    return ('<?xml version="1.0" encoding="utf-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" '
            f'version="2005-1"><head/><docTitle><text>Live Systems Manual</text></docTitle>'
            f"<navMap>{render(points, [0])}</navMap></ncx>")


@pytest.fixture(scope="module")
def live_manual(tmp_path_factory) -> Path:
    about = xhtml(
        '<div class="content">'
        + _sisu_paragraph(4, "1. About this manual", "bold").replace('<p class="bold"', '<h1 class="norm"').replace("</p>", "</h1>")
        + _sisu_paragraph(5, "This manual serves as a single access point to all documentation related to the project.")
        + _sisu_paragraph(8, '<a name="8"></a><a name="h1.1"/>1.1 For the impatient', "bold")
        + _sisu_paragraph(9, "While we believe that everything in this manual is important, read it in this order.")
        + _sisu_paragraph(10, "# apt-get install make po4a ruby<br/>", "code")
        + _sisu_paragraph(12, "1.2 Terms", "bold")
        + _sisu_paragraph(13, "Live system: an operating system that can boot without installation.")
        + _sisu_paragraph(46, "1.2.1 Applying changes", "bold")
        + _sisu_paragraph(47, "In order to make changes to the manual, edit the right files.")
        + "</div>", html_attributes="").replace("<body>", '<body lang="en">')
    contents = xhtml(
        '<p class="centerbold">Live Systems Manual</p>'
        '<p class="centerbold">Live Systems Project &amp;lt;debian-live@lists.debian.org&amp;gt;</p>'
        + "".join(f'<h1 class="toc"><a href="about.xhtml#o{n}">{title}</a></h1>'
                  for n, title in ((4, "1. About this manual"), (8, "1.1 For the impatient"),
                                   (12, "1.2 Terms"), (46, "1.2.1 Applying changes")))
        + '<p class="toc"><a href="about.xhtml">About this manual: everything you need to know about it</a></p>')
    opf = package_document(
        "Live Systems Manual", "Live Systems Project <debian-live@lists.debian.org>", "en", version="2.0",
        manifest=[("ncx", "toc.ncx", NCX), ("index.xhtml", "index.xhtml", XHTML), ("part.xhtml", "part.xhtml", XHTML),
                  ("about.xhtml", "about.xhtml", XHTML),
                  ("about.xhtml#o8", "about.xhtml#o8", XHTML), ("about.xhtml#o12", "about.xhtml#o12", XHTML),
                  ("about.xhtml#o46", "about.xhtml#o46", XHTML), ("section_b25.xhtml", "section_b25.xhtml", XHTML),
                  ("metadata.xhtml", "metadata.xhtml", XHTML)],
        spine=["index.xhtml", "part.xhtml", "about.xhtml", "about.xhtml#o8", "about.xhtml#o12", "about.xhtml#o46",
               "section_b25.xhtml", "metadata.xhtml"], toc="ncx")
    ncx = _ncx([("Table of Contents", "index.xhtml", []),
                ("1. About this manual", "about.xhtml", [
                    ("1.1 For the impatient", "about.xhtml#o8", []),
                    ("1.2 Terms", "about.xhtml#o12", [("1.2.1 Applying changes", "about.xhtml#o46", [])])])])
    return build_raw_epub(tmp_path_factory.mktemp("sisu") / "live-manual.en.epub", {
        "OEBPS/content.opf": opf, "OEBPS/toc.ncx": ncx, "OEBPS/index.xhtml": contents, "OEBPS/about.xhtml": about,
        # a part page that only names the chapter after it
        "OEBPS/part.xhtml": xhtml('<div class="substance"><h1 class="norm" id="o3">About this manual</h1></div>'),
        # SiSU's closing part page and its record of the file: labels and values, hashes, build dates
        "OEBPS/section_b25.xhtml": xhtml('<div class="substance"><h1 class="norm" id="o90">Metadata</h1></div>'),
        "OEBPS/metadata.xhtml": xhtml(
            "<div><p><b>Document Metadata</b>:</p>" + "".join(
                f"<p><b>{label}</b>: {value}</p>" for label, value in (
                    ("Title", "Live Systems Manual"), ("Publisher", "Live Systems Project"),
                    ("Sourcefile", "live-manual.ssm.sst"), ("Filetype", "SiSU text 2.0, ASCII text"),
                    ("Source Digest", "SHA2-256(live-manual.ssm.sst)= 5946f730f5507ab7b8fd85c9c536b89b"),
                    ("Generated by", "SiSU 7.2.1_pre_rel of 2019w35/4 (2019-09-05)"),
                    ("Document (ao) last generated", "2022-06-14 13:52:54 +0000"))) + "</div>")})


def test_fragments_in_manifest_spine_and_toc_are_read(live_manual):
    doc = read_document(str(live_manual))  # was: "There is no item named 'OEBPS/about.xhtml#o8'"
    assert doc.title == "Live Systems Manual" and doc.author == "Live Systems Project"
    assert "While we believe that everything in this manual is important" in spoken(doc)


def test_sub_chapters_start_where_the_toc_points_into_the_file(live_manual):
    doc = read_document(str(live_manual))
    assert [(s.heading, s.level) for s in doc.sections] == [
        ("1. About this manual", 1), ("1.1 For the impatient", 2), ("1.2 Terms", 2), ("1.2.1 Applying changes", 3)]
    assert chapters(doc)[1:] == ["1. About this manual", "1.1 For the impatient", "1.2 Terms", "1.2.1 Applying changes"]
    assert spoken(doc).count("About this manual") == 1  # the part page's echo of it is not said
    assert doc.sections[1].paragraphs == ("While we believe that everything in this manual is important, "
                                          "read it in this order.", CODE_NOTE)


def test_the_generators_record_of_the_file_is_not_read(live_manual):
    """SiSU ends the book with a page about the file (digests, build dates) under a part heading
    "Metadata": a minute and a half of hashes. The book ends where its text does."""
    doc = read_document(str(live_manual))
    said = spoken(doc)
    assert "Digest" not in said and "SiSU" not in said and "Metadata" not in said
    assert doc.sections[-1].heading == "1.2.1 Applying changes"


def test_paragraph_numbers_code_paragraphs_and_the_printed_contents_are_not_read(live_manual):
    said = spoken(read_document(str(live_manual)))
    assert "apt-get" not in said and "po4a" not in said
    assert "Table of Contents" not in said and "everything you need to know" not in said
    assert "debian-live" not in said and "less than" not in said
    for number in ("5", "9", "10", "13", "47"):
        assert f" {number} " not in f" {said} "


# --- packaging guide (Sphinx) ---------------------------------------------------------

GERMAN = ("Die Paketierung von Programmen in Ubuntu wird von mehreren Teams betreut, die eng mit den "
          "Entwicklern von Debian zusammenarbeiten. Die meisten unserer Pakete werden aus der Arbeit dieser "
          "Teams abgeleitet, und wir teilen unsere Verbesserungen mit ihnen, damit alle davon profitieren. "
          "Wenn Sie Fragen haben, wenden Sie sich bitte an die Mailingliste oder an den Kanal im Chat, wo "
          "Ihnen die Mitglieder der Teams gerne weiterhelfen. Bevor Sie ein Paket hochladen, sollten Sie es "
          "sorgfältig testen und die Änderungen im Protokoll beschreiben.")
FRENCH = ("L'empaquetage des programmes dans Ubuntu est géré par plusieurs équipes qui travaillent avec les "
          "développeurs de Debian.")


def _sphinx_chapter(number: int, title: str, body: str, previous: str = "previous", following: str = "next") -> str:
    related = ('<div class="related" role="navigation" aria-label="related navigation"><h3>Navigation</h3><ul>'
               f'<li class="right"><a href="c{number + 1}.xhtml" accesskey="N">{following}</a> |</li>'
               f'<li class="right"><a href="c{number - 1}.xhtml" accesskey="P">{previous}</a> |</li>'
               '<li class="nav-item nav-item-0"><a href="index.xhtml">Ubuntu Packaging Guide</a> &#187;</li>'
               f'<li class="nav-item nav-item-this"><a href="">{title}</a></li></ul></div>')
    footer = ('<div class="footer" role="contentinfo">&#169; Copyright 2010-2021, Ubuntu Developers, Creative '
              "Commons Attribution-ShareAlike 3.0. Created using Sphinx 4.2.0.</div>")
    return xhtml(f'{related}<div class="document"><div class="body" role="main"><section id="s{number}">'
                 f'<h1><span class="section-number">{number}. </span>{title}</h1>{body}</section></div></div>'
                 f"{related}{footer}")


@pytest.fixture(scope="module")
def packaging_guide(tmp_path_factory) -> Path:
    english = [(n, f"Chapter {n} of the guide",
                f"<p>This is the text of chapter {n}: it explains how packages are built, "
                '<a class="reference external" href="https://wiki.debian.org/Packaging">tested</a>'
                '<span class="link-target"> [https://wiki.debian.org/Packaging]</span> and uploaded.</p>'
                f"<p>Chapter {n} ends here with a last sentence of its own.</p>") for n in range(1, 6)]
    files = {f"c{n}.xhtml": _sphinx_chapter(n, title, body) for n, title, body in english}
    files["de/c1.xhtml"] = _sphinx_chapter(1, "KDE Paketierung", f"<p>{GERMAN}</p>", "zurück", "weiter")
    files["fr/c1.xhtml"] = _sphinx_chapter(1, "Empaquetage pour KDE", f"<p>{FRENCH}</p>", "précédent", "suivant") \
        .replace("<html ", '<html xml:lang="fr" lang="fr" ')
    files["de/nav.xhtml"] = xhtml('<nav epub:type="toc"><h1>Table of Contents</h1><ol>'
                                  '<li><a href="kde.xhtml">KDE Paketierung</a></li></ol></nav>',
                                  html_attributes=' lang="de"')  # points at a file that is not there
    files["nav.xhtml"] = xhtml('<nav epub:type="toc"><ol>' + "".join(
        f'<li><a href="c{n}.xhtml">{n}. {title}</a></li>' for n, title, _ in english) + "</ol></nav>")
    manifest = [("nav", "nav.xhtml", "nav"), ("denav", "de/nav.xhtml", XHTML)]
    manifest += [(name.replace("/", "-"), name, XHTML) for name in files if name.endswith("c1.xhtml") or
                 name.startswith("c")]
    spine = [f"c{n}.xhtml" for n, _, _ in english] + [("denav", "no"), ("de-c1.xhtml", "no"), ("fr-c1.xhtml", "no")]
    opf = package_document("Ubuntu Packaging Guide", "Ubuntu Developers", "en", manifest, spine)
    return build_raw_epub(tmp_path_factory.mktemp("sphinx") / "ubuntu-packaging-guide.epub",
                          {"content.opf": opf, **files}, opf_name="content.opf")


def test_sphinx_navigation_footers_and_link_targets_are_not_read(packaging_guide):
    doc = read_document(str(packaging_guide))
    said = spoken(doc)
    for chrome in ("Navigation", "next", "previous", "zurück", "suivant", "Created using Sphinx", "Copyright",
                   "wiki dot debian", "a link to"):
        assert chrome not in said
    assert "it explains how packages are built, tested and uploaded." in " ".join(doc.paragraphs)
    assert chapters(doc)[1:] == [f"{n}. Chapter {n} of the guide" for n in range(1, 6)] + [
        "1. KDE Paketierung", "1. Empaquetage pour KDE"]


def test_a_chapter_in_another_language_carries_it(packaging_guide):
    doc = read_document(str(packaging_guide))
    languages = {s.heading: s.language for s in doc.sections}
    assert doc.language == "en"
    assert languages["1. Chapter 1 of the guide"] is None  # the book's own language
    assert languages["1. KDE Paketierung"] == "de"          # not declared: told from its text
    assert languages["1. Empaquetage pour KDE"] == "fr"     # declared: xml:lang="fr"


def test_text_repeated_at_the_edges_of_most_chapters_is_dropped(tmp_path):
    running = "The Lighthouse, by Iris Calloway"
    files = {}
    for n in range(1, 6):
        note = "<p>Note.</p>" if n % 2 else ""
        files[f"OEBPS/c{n}.xhtml"] = xhtml(f"<p>{running}</p><h1>Part {n}</h1><p>First paragraph {n}.</p>"
                                           f"<p>Second paragraph {n}.</p>{note}<p>Third paragraph {n}.</p>"
                                           f"<p>Fourth paragraph {n}.</p><p>Last paragraph {n}.</p>"
                                           + ("<p>Only in two chapters, at the end.</p>" if n <= 2 else ""))
    manifest = [(f"c{n}", f"c{n}.xhtml", XHTML) for n in range(1, 6)]
    files["OEBPS/content.opf"] = package_document("The Lighthouse", "Iris Calloway", "en", manifest,
                                                  [f"c{n}" for n in range(1, 6)])
    doc = read_document(str(build_raw_epub(tmp_path / "running.epub", files)))
    assert running not in doc.paragraphs
    assert doc.paragraphs.count("Note.") == 3  # inside the chapters: the author's
    assert doc.paragraphs.count("Only in two chapters, at the end.") == 2
    assert [s.heading for s in doc.sections] == [f"Part {n}" for n in range(1, 6)]


# --- broken or missing tables of contents, missing files --------------------------------

def _two_chapters() -> dict[str, str]:
    return {"OEBPS/one.xhtml": xhtml("<p>The first chapter has no heading of its own.</p>"),
            "OEBPS/two.xhtml": xhtml("<h2>Two</h2><p>The second chapter.</p><h3>Two and a half</h3><p>More.</p>")}


@pytest.mark.parametrize("toc", ["none", "broken-ncx", "dangling-nav"])
def test_a_missing_or_broken_toc_still_reads_the_book(tmp_path, toc):
    files = _two_chapters()
    manifest = [("one", "one.xhtml", XHTML), ("two", "two.xhtml", XHTML)]
    if toc == "broken-ncx":
        files["OEBPS/toc.ncx"] = "<ncx><navMap><navPoint><navLabel><text>One</text"  # cut off
        manifest.append(("ncx", "toc.ncx", NCX))
    elif toc == "dangling-nav":
        files["OEBPS/nav.xhtml"] = xhtml('<nav epub:type="toc"><ol><li><a href="gone.xhtml">Gone</a></li>'
                                         '<li><a href="one.xhtml">One</a></li></ol></nav>')
        manifest.append(("nav", "nav.xhtml", "nav"))
    files["OEBPS/content.opf"] = package_document("Book", "A. Writer", "en", manifest, ["one", "two"],
                                                  toc="ncx" if toc == "broken-ncx" else None)
    doc = read_document(str(build_raw_epub(tmp_path / f"{toc}.epub", files)))
    assert doc.paragraphs == ["The first chapter has no heading of its own.", "The second chapter.", "More."]
    headings = [s.heading for s in doc.sections]
    assert headings == (["One", "Two", "Two and a half"] if toc == "dangling-nav" else [None, "Two", "Two and a half"])


def test_files_missing_from_the_book_are_skipped_with_a_warning(tmp_path):
    files = _two_chapters()
    manifest = [("one", "one.xhtml", XHTML), ("two", "two.xhtml", XHTML), ("lost", "lost.xhtml", XHTML),
                ("img", "cover.png", "image/png")]
    files["OEBPS/content.opf"] = package_document("Book", "A. Writer", "en", manifest, ["one", "lost", "two"])
    doc = read_document(str(build_raw_epub(tmp_path / "lost.epub", files)))
    assert doc.paragraphs[0] == "The first chapter has no heading of its own."
    assert any("OEBPS/lost.xhtml" in warning for warning in doc.warnings)


def test_a_book_with_none_of_its_reading_order_is_a_clear_error(tmp_path):
    from narrate.errors import InputError

    files = {"OEBPS/content.opf": package_document("Book", "A. Writer", "en", [("a", "a.xhtml", XHTML)], ["a"])}
    with pytest.raises(InputError, match="not a readable EPUB .none of its reading order"):
        read_document(str(build_raw_epub(tmp_path / "empty.epub", files)))


def test_a_zip_whose_directory_asks_for_an_unknown_version_is_a_clear_error(tmp_path):
    """Found by the fuzz test: one flipped byte made the central directory ask for zip version
    23.5, and Python's zipfile raised NotImplementedError through every reader of zips."""
    import io
    import zipfile

    from narrate.errors import InputError
    from narrate.voice.archive import ArchiveError, members

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", "application/epub+zip")
        archive.writestr("META-INF/container.xml", "<container/>")
    data = bytearray(buffer.getvalue())
    for start in range(len(data) - 4):
        if data[start:start + 4] == b"PK\x01\x02":
            data[start + 6] = 235  # 'version needed to extract': 23.5
    book = tmp_path / "bad.epub"
    book.write_bytes(bytes(data))
    with pytest.raises(InputError, match="not a readable EPUB .zip file version 23.5"):
        read_document(str(book))
    archive_file = tmp_path / "voices.zip"
    archive_file.write_bytes(bytes(data))
    with pytest.raises(ArchiveError, match="damaged zip archive"):
        list(members(archive_file))
