"""The narrated EPUB (-o book.epub): EPUB 3 with Media Overlays, read back as a reading
system would (the package, the pages, the SMIL, the audio decoded by ffmpeg), checked by
EPUBCheck (Debian's package; skipped, saying why, without Java or EPUBCheck), and heard by a
recogniser (the clips say their words)."""

from __future__ import annotations

import json
import posixpath
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from narrate.episode.pipeline import narrate_file
from tests.audio_check import decode
from tests.epub_builder import STYLED_CSS, STYLED_PAGES, build_styled_epub, cover_png

OPF = {"opf": "http://www.idpf.org/2007/opf", "dc": "http://purl.org/dc/elements/1.1/"}
SMIL = "{http://www.w3.org/ns/SMIL}"
XHTML = "{http://www.w3.org/1999/xhtml}"
EPUBCHECK_JAR = Path("/usr/share/java/epubcheck.jar")


def epubcheck_messages(book: Path, tmp_path: Path) -> list[dict]:
    """EPUBCheck's warnings, errors and fatal errors for `book` (its JSON report)."""
    java = shutil.which("java")
    if java is None or not EPUBCHECK_JAR.is_file():
        pytest.skip("EPUBCheck needs Java and Debian's epubcheck package (apt-get install epubcheck; "
                    ".ci/run does this as root)")
    report = tmp_path / f"{book.stem}.epubcheck.json"
    subprocess.run([java, "-jar", str(EPUBCHECK_JAR), str(book), "--json", str(report)],
                   capture_output=True, timeout=300, check=False)
    messages = json.loads(report.read_text(encoding="utf-8"))["messages"]
    return [m for m in messages if m["severity"] in ("WARNING", "ERROR", "FATAL")]


def clock(value: str) -> float:
    hours, minutes, seconds = value.split(":")
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


class Book:
    """A narrated EPUB opened as a reading system sees it."""

    def __init__(self, path: Path, folder: Path) -> None:
        self.zip = zipfile.ZipFile(path)
        self.folder = folder
        container = etree.fromstring(self.zip.read("META-INF/container.xml"))
        self.opf_name = container.find(".//{*}rootfile").get("full-path")
        self.opf = etree.fromstring(self.zip.read(self.opf_name))
        self.base = posixpath.dirname(self.opf_name)
        self.items = {item.get("id"): item for item in self.opf.iterfind(".//opf:item", OPF)}

    def name(self, item_id: str) -> str:
        return posixpath.normpath(posixpath.join(self.base, self.items[item_id].get("href")))

    def meta(self, prop: str, refines: str | None = None) -> list[str]:
        return [m.text for m in self.opf.iterfind(".//opf:meta", OPF)
                if m.get("property") == prop and m.get("refines") == refines]

    def spine_pages(self) -> list[str]:
        return [self.name(ref.get("idref")) for ref in self.opf.iterfind(".//opf:itemref", OPF)]

    def page(self, name: str):  # type: ignore[no-untyped-def]
        return etree.fromstring(self.zip.read(name))

    def overlays(self) -> list[tuple[str, str, list[tuple[str, str, float, float]]]]:
        """(page, SMIL item id, [(fragment, audio name, begin, end)]) for each narrated page."""
        found = []
        for item in self.items.values():
            overlay = item.get("media-overlay")
            if not overlay:
                continue
            smil_name = self.name(overlay)
            smil = etree.fromstring(self.zip.read(smil_name))
            pars = []
            for par in smil.iter(f"{SMIL}par"):
                text, audio = par.find(f"{SMIL}text"), par.find(f"{SMIL}audio")
                fragment = text.get("src").rsplit("#", 1)[1]
                audio_name = posixpath.normpath(posixpath.join(posixpath.dirname(smil_name), audio.get("src")))
                pars.append((fragment, audio_name, clock(audio.get("clipBegin")), clock(audio.get("clipEnd"))))
            found.append((self.name(item.get("id")), overlay, pars))
        return sorted(found, key=lambda entry: self.spine_pages().index(entry[0]))

    def audio_seconds(self, name: str) -> float:
        path = self.folder / posixpath.basename(name)
        path.write_bytes(self.zip.read(name))
        return decode(path).duration_seconds


def _text(element) -> str:  # type: ignore[no-untyped-def]
    return "".join(element.itertext())


def _by_id(root, ident: str):  # type: ignore[no-untyped-def]
    return next(node for node in root.iter() if isinstance(node.tag, str) and node.get("id") == ident)


@pytest.fixture(scope="module")
def styled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, object]:
    folder = tmp_path_factory.mktemp("styled")
    source = build_styled_epub(folder / "harbour.epub")
    out = folder / "harbour.narrated.epub"
    episode = narrate_file(source, out, jobs=1)
    return source, out, episode


def test_an_epub_keeps_its_own_pages_styling_and_images(styled, tmp_path):  # type: ignore[no-untyped-def]
    source, out, _ = styled
    book = Book(out, tmp_path)
    original = zipfile.ZipFile(source)
    assert book.zip.namelist()[0] == "mimetype" and book.zip.read("mimetype") == b"application/epub+zip"
    assert book.zip.getinfo("mimetype").compress_type == zipfile.ZIP_STORED
    # the book's own files, as they were: style sheet, images, the cover marked as such
    assert book.zip.read("OEBPS/styles/book.css").decode() == STYLED_CSS
    assert book.zip.read("OEBPS/images/harbour.png") == original.read("OEBPS/images/harbour.png") == cover_png()
    assert book.opf.get("version") == "3.0"
    covers = [i for i in book.items.values() if "cover-image" in (i.get("properties") or "")]
    assert [book.name(c.get("id")) for c in covers] == ["OEBPS/images/cover.png"]
    assert book.spine_pages() == list(STYLED_PAGES)
    for name in STYLED_PAGES:
        before, after = etree.fromstring(original.read(name)), book.page(name)
        # the same text, the same markup around it: only spans with ids (and a style sheet) added
        body_before, body_after = before.find(f"{XHTML}body"), after.find(f"{XHTML}body")
        assert _text(body_after) == _text(body_before)
        tags = lambda root: [n.tag for n in root.iter() if isinstance(n.tag, str) and n.tag != f"{XHTML}span"  # noqa: E731
                             or n.get("class")]
        assert tags(body_after) == tags(body_before)
        links = [link.get("href") for link in after.iter(f"{XHTML}link")]
        assert links == ["../styles/book.css", "../narration/overlay.css"]
    harbour = book.page("OEBPS/text/harbour.xhtml")
    assert harbour.find(f".//{XHTML}p[@class='first']") is not None
    assert harbour.find(f".//{XHTML}img").get("src") == "../images/harbour.png"
    # a word across an inline element is one span, the element inside it
    spans = {_text(s): s for s in harbour.iter(f"{XHTML}span") if s.get("id")}
    assert spans["Northanger"].find(f"{XHTML}i").text == "Nor"
    assert spans["old"].getparent().tag == f"{XHTML}em" and spans["dawn,"].find(f"{XHTML}span").get("class") == "smallcaps"


def test_every_word_is_a_clip_of_its_pages_audio_and_the_durations_add_up(styled, tmp_path):  # type: ignore[no-untyped-def]
    _, out, episode = styled
    book = Book(out, tmp_path)
    overlays = book.overlays()
    assert [page for page, _, _ in overlays] == list(STYLED_PAGES)
    total = 0.0
    for page_name, overlay, pars in overlays:
        root = book.page(page_name)
        words = [_text(_by_id(root, fragment)) for fragment, _, _, _ in pars]
        # word by word, in reading order; the footnote (not read inline) is not marked
        expected = " ".join(_text(p) for p in root.iter(f"{XHTML}p") if p.getparent().tag != f"{XHTML}aside")
        headings = " ".join(_text(h) for h in root.iter(f"{XHTML}h1", f"{XHTML}h2"))
        assert " ".join(words) == f"{headings} {expected}".replace("sea1 ", "sea ")
        assert len({audio for _, audio, _, _ in pars}) == 1  # one audio file per page
        audio = pars[0][1]
        assert pars[0][2] == 0.0
        assert all(a[3] == b[2] for a, b in zip(pars, pars[1:]))  # clips follow each other, no gap
        seconds = book.audio_seconds(audio)
        assert pars[-1][3] == pytest.approx(seconds, abs=0.06)
        duration = clock(book.meta("media:duration", f"#{overlay}")[0])
        assert duration == pytest.approx(pars[-1][3], abs=0.0011)
        total += duration
    assert clock(book.meta("media:duration")[0]) == pytest.approx(total, abs=0.0011)
    assert book.meta("media:active-class") == ["-epub-media-overlay-active"]
    css = book.zip.read("OEBPS/narration/overlay.css").decode()
    assert ".-epub-media-overlay-active" in css and "background" in css
    assert episode.duration == pytest.approx(total, abs=0.01)


def test_the_smil_clips_start_where_the_transcript_times_each_word(styled, tmp_path):  # type: ignore[no-untyped-def]
    _, out, _ = styled
    book = Book(out, tmp_path)
    manifest = json.loads(out.with_name(out.stem + ".narrate.json").read_text(encoding="utf-8"))
    assert manifest["format"] == "EPUB"
    heard = [w for cue in manifest["timeline"]["cues"] for w in cue.get("words", [])]
    assert heard, "the manifest times every word"
    offset, position = 0.0, 0
    for page_name, _, pars in book.overlays():
        root = book.page(page_name)
        for index, (fragment, _, begin, _) in enumerate(pars[1:], 1):  # the first clip starts at 0
            text = _text(_by_id(root, fragment))
            # the word heard next with this text and this start (words on no page, such as the
            # book's title, are heard but have no clip)
            at = next((i for i in range(position, len(heard)) if heard[i][2] == text
                       and abs(heard[i][0] - offset - begin) <= 0.0011), None)
            assert at is not None and at - position < 8, (text, begin + offset, heard[position:position + 8])
            position = at + 1
        offset += pars[-1][3]


def test_the_narrated_epub_passes_epubcheck(styled, tmp_path):  # type: ignore[no-untyped-def]
    source, out, _ = styled
    assert epubcheck_messages(source, tmp_path) == []  # the input is a valid book
    assert epubcheck_messages(out, tmp_path) == []


ARTICLE = ("# Harbour trams return\n\nCouncillors voted on Tuesday to bring back the trams. The vote was close.\n\n"
           "## What happens next\n\nWork starts in May. The first line opens in 2027.\n\n"
           "## Reactions\n\nShop owners welcomed the vote, though some worried about parking.\n")


def test_a_markdown_article_becomes_a_book_a_page_per_chapter_sentence_by_sentence(tmp_path):
    source = tmp_path / "trams.md"
    source.write_text(ARTICLE, encoding="utf-8")
    out = tmp_path / "trams.epub"
    narrate_file(source, out, jobs=1, overlay="sentence")
    book = Book(out, tmp_path)
    assert book.opf.findtext(".//dc:title", namespaces=OPF) == "Harbour trams return"
    assert book.opf.findtext(".//dc:language", namespaces=OPF) == "en"
    pages = book.spine_pages()
    assert len(pages) == 3
    said = []
    for page_name, _, pars in book.overlays():
        root = book.page(page_name)
        said.append([_text(_by_id(root, fragment)) for fragment, _, _, _ in pars])
    assert said == [["Harbour trams return", "Councillors voted on Tuesday to bring back the trams.", "The vote was close."],
                    ["What happens next", "Work starts in May.", "The first line opens in 2027."],
                    ["Reactions", "Shop owners welcomed the vote, though some worried about parking."]]
    nav = next(i for i in book.items.values() if "nav" in (i.get("properties") or "").split())
    titles = [_text(a) for a in book.page(book.name(nav.get("id"))).iter(f"{XHTML}a")]
    assert titles == ["Harbour trams return", "What happens next", "Reactions"]
    covers = [i for i in book.items.values() if "cover-image" in (i.get("properties") or "")]
    assert len(covers) == 1 and book.zip.read(book.name(covers[0].get("id")))[:4] == b"\x89PNG"
    assert epubcheck_messages(out, tmp_path) == []


STORY = ("The Lantern Festival\n\n"
         "Every winter the old town hangs paper lanterns along the river. "
         "Thousands of visitors walk beside the water after dark. "
         "Children carry small lanterns shaped like rabbits and fish.\n\n"
         "The festival ends with fireworks above the bridge at midnight.\n")


def test_the_ear_an_independent_aligner_hears_each_word_where_its_clip_starts(tmp_path):
    """pocketsphinx's forced alignment of each sentence in the page's own audio puts the
    words where the SMIL clips say they start."""
    pytest.importorskip("pocketsphinx")
    import re
    import statistics

    from pocketsphinx import Decoder

    source = tmp_path / "lanterns.txt"
    source.write_text(STORY, encoding="utf-8")
    out = tmp_path / "lanterns.epub"
    narrate_file(source, out, jobs=1)
    book = Book(out, tmp_path)
    [(page_name, _, pars)] = book.overlays()
    root = book.page(page_name)
    clips = [(_text(_by_id(root, fragment)), begin) for fragment, _, begin, _ in pars]
    cues = json.loads(out.with_name("lanterns.narrate.json").read_text(encoding="utf-8"))["timeline"]["cues"]
    assert [w for w, _ in clips] == [w[2] for cue in cues for w in cue["words"]]
    pcm = decode(_extract(book, pars[0][1], tmp_path), 16000).raw_data
    timed = [w for cue in cues for w in cue["words"]]  # [start, end, text]
    sentences, first = [], 0
    for index, word in enumerate(timed):
        if re.search(r"[.!?]$", word[2]) or index + 1 == len(timed) or index == 2:  # the title: 3 words
            sentences.append((first, index + 1))
            first = index + 1
    decoder = Decoder(samprate=16000, loglevel="FATAL")
    errors = []
    for first, end in sentences:  # each sentence aligned in the audio between its neighbours' words
        words = [re.sub(r"[^a-z']", "", w[2].lower()) for w in timed[first:end]]
        begin = timed[first - 1][1] if first else 0.0
        until = timed[end][0] if end < len(timed) else len(pcm) / 32000
        decoder.set_align_text(" ".join(words))
        decoder.start_utt()
        decoder.process_raw(pcm[int(begin * 16000) * 2:int(until * 16000) * 2], full_utt=True)
        decoder.end_utt()
        heard = [(re.sub(r"\(\d+\)$", "", seg.word), begin + seg.start_frame / 100) for seg in decoder.seg() or ()
                 if not seg.word.startswith(("<", "[", "(NULL"))]
        if [w for w, _ in heard] != words:
            continue  # the aligner gave up on this one
        errors += [abs(at - clips[first + k][1]) for k, (_, at) in enumerate(heard) if first + k]
    assert len(errors) >= 0.7 * len(clips)
    assert statistics.median(errors) <= 0.05, sorted(errors)


def _extract(book: Book, name: str, folder: Path) -> Path:
    path = folder / posixpath.basename(name)
    path.write_bytes(book.zip.read(name))
    return path


def test_what_a_narrated_epub_cannot_be_is_refused_before_any_synthesis(tmp_path):
    from narrate.errors import OutputError

    source = tmp_path / "a.txt"
    source.write_text("A short note.\n", encoding="utf-8")
    for options in ({"transcript": "srt"}, {"chapters_json": True}, {"overlay": "paragraph"},
                    {"sample_rate": 96000}):
        with pytest.raises(OutputError):
            narrate_file(source, tmp_path / "a.epub", **options)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt"]


def test_an_epub_2_book_becomes_a_valid_epub_3(tmp_path):
    from tests.epub_builder import build_epub2

    source = build_epub2(tmp_path / "coast.epub")
    out = tmp_path / "coast.narrated.epub"
    narrate_file(source, out, jobs=1)
    book = Book(out, tmp_path)
    assert book.opf.get("version") == "3.0"
    page = book.zip.read("OEBPS/ch1.xhtml").decode()
    assert "<!DOCTYPE html>" in page and "xhtml11.dtd" not in page
    assert "<tt>" not in page and "<code>noon</code>" in page  # HTML5's element for it
    nav = next(i for i in book.items.values() if "nav" in (i.get("properties") or "").split())
    # the navigation document EPUB 3 needs, from the book's NCX (which is left out)
    assert [_text(a) for a in book.page(book.name(nav.get("id"))).iter(f"{XHTML}a")] == ["Arrival", "Departure"]
    assert not any(i.get("media-type") == "application/x-dtbncx+xml" for i in book.items.values())
    covers = [book.name(i.get("id")) for i in book.items.values() if "cover-image" in (i.get("properties") or "")]
    assert covers == ["OEBPS/cover.png"]
    assert [page for page, _, _ in book.overlays()] == ["OEBPS/ch1.xhtml", "OEBPS/ch2.xhtml"]
    assert epubcheck_messages(source, tmp_path) == []  # a valid EPUB 2...
    assert epubcheck_messages(out, tmp_path) == []  # ...is a valid EPUB 3


def test_html5_asks_for_ids_where_epub_2_pages_named_their_anchors():
    from narrate.episode.epub.assemble import as_epub3

    root = etree.fromstring('<html xmlns="http://www.w3.org/1999/xhtml"><body><p><a name="x"/>one <a name="y" id="z"/>'
                            '<a name="x"/><center>two</center></p></body></html>')
    as_epub3(root)
    anchors = list(root.iter(f"{XHTML}a"))
    assert [(a.get("id"), a.get("name")) for a in anchors] == [("x", None), ("z", None), (None, None)]
    assert root.find(f".//{XHTML}div").get("style") == "text-align: center"
