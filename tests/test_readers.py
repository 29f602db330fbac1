import pytest

from narrate.errors import InputError
from narrate.text.readers import read_document
from narrate.text.readers.decode import decode_text
from narrate.text.readers.text import lede_title, read_text, split_paragraphs, title_from_name


def test_utf8_with_bom_and_crlf():
    decoded = decode_text("\ufeffTitle\r\n\r\nBody line one\r\nline two.\r\n".encode("utf-8"))
    assert decoded.text == "Title\n\nBody line one\nline two.\n"
    assert decoded.warning is None


def test_utf16_with_bom():
    assert decode_text("Hello there.".encode("utf-16")).text == "Hello there."


def test_legacy_encoding_falls_back_with_a_warning():
    decoded = decode_text("Caf\u00e9 \u201cquoted\u201d.".encode("cp1252"), "old.txt")
    assert decoded.text == "Caf\u00e9 \u201cquoted\u201d."
    assert "not valid UTF-8" in decoded.warning and "old.txt" in decoded.warning


@pytest.mark.parametrize("encoding, declaration", [
    ("gb2312", "<meta http-equiv='Content-Type' content='text/html; charset=gb2312'>"),
    ("shift_jis", "<meta charset='Shift_JIS'>"),
    ("cp1251", "<meta charset=\"windows-1251\">"),
    # an archive's toolbar declares UTF-8 above the page's own declaration
    ("gb2312", "<meta charset='utf-8'><meta http-equiv='Content-Type' content='text/html; charset=gb2312'>"),
])
def test_a_saved_page_is_read_in_the_encoding_it_declares(tmp_path, encoding, declaration):
    """A page saved from a Chinese, Japanese or Russian site keeps its legacy encoding: read as
    Windows-1252 it was spoken as mojibake ('Ò»¸öÔ¼¶¨')."""
    words = {"gb2312": "话剧在张家口演出", "shift_jis": "東京の天気は晴れです", "cp1251": "Паром пришёл утром"}[encoding]
    page = tmp_path / "page.html"
    page.write_bytes(f"<html><head>{declaration}<title>{words}</title></head><body><p>{words}. {words}.</p>"
                     f"</body></html>".encode(encoding))
    document = read_document(str(page))
    assert document.title == words and words in document.paragraphs[0]
    assert document.warnings == ()


@pytest.mark.parametrize("where", [
    "<meta name='description' content='Pages in charset=koi8-r are rare'>",  # a description's words
    "<!-- <meta charset='koi8-r'> -->",  # a comment
    "<script>document.write('<meta charset=\"koi8-r\">')</script>",  # a script's string
])
def test_only_a_real_meta_tag_declares_the_encoding(tmp_path, where):
    page = tmp_path / "page.html"
    page.write_bytes(f"<html><head>{where}<title>Caf\u00e9</title></head><body><p>Cr\u00e8me br\u00fbl\u00e9e "
                     f"at the caf\u00e9.</p></body></html>".encode("cp1252"))
    assert read_document(str(page)).paragraphs == ["Cr\u00e8me br\u00fbl\u00e9e at the caf\u00e9."]


def test_iso_2022_jp_is_read_though_its_bytes_are_valid_utf8(tmp_path):
    """ISO-2022-JP is 7-bit: as UTF-8 it was spoken as '$BEl5~$NE75$(B'."""
    page = tmp_path / "page.html"
    page.write_bytes("<html><head><meta charset='iso-2022-jp'><title>東京の天気</title></head>"
                     "<body><p>東京の天気は晴れです。</p></body></html>".encode("iso2022_jp"))
    document = read_document(str(page))
    assert document.title == "東京の天気" and document.paragraphs == ["東京の天気は晴れです。"]


def test_a_page_that_declares_two_legacy_encodings_is_read_with_a_warning(tmp_path):
    page = tmp_path / "page.html"
    page.write_bytes("<html><head><meta charset='windows-1252'><meta charset='gb2312'><title>话剧</title>"
                     "</head><body><p>话剧在张家口演出。</p></body></html>".encode("gb2312"))
    (warning,) = read_document(str(page)).warnings
    assert "declares 2 encodings (cp1252, gb18030)" in warning and "\n" not in warning


def test_unusable_labels_do_not_use_up_the_declarations_read():
    from narrate.text.readers.charsets import declared_charsets

    head = "".join(f"<meta charset='x-bogus-{n}'>" for n in range(20)) + "<meta charset='utf-8'>" * 20
    assert declared_charsets(f"<html><head>{head}<meta charset='gb2312'></head>".encode()) == ["utf-8", "gb18030"]


def test_valid_utf8_is_read_as_utf8_whatever_the_page_declares(tmp_path):
    """A browser that saves a page as UTF-8 may keep the page's old <meta charset>."""
    page = tmp_path / "page.html"
    page.write_bytes("<html><head><meta charset='windows-1251'><title>Паром</title></head>"
                     "<body><p>Паром пришёл утром.</p></body></html>".encode("utf-8"))
    assert read_document(str(page)).paragraphs == ["Паром пришёл утром."]


def test_bytes_that_are_not_what_the_page_declares_are_read_with_a_warning():
    decoded = decode_text("<meta charset='gb2312'><p>话剧</p>".encode("gb2312") + b"\xff\xff", "x.html",
                          ["gb18030"])
    assert "话剧" in decoded.text and decoded.warning and "not valid gb18030" in decoded.warning


def test_binary_is_refused():
    with pytest.raises(InputError, match="binary"):
        decode_text(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))


def test_hard_wrapped_lines_are_joined_and_blank_lines_split():
    text = "First line\nwrapped here.\n\nSecond   paragraph.\n \nThird."
    assert split_paragraphs(text) == ["First line wrapped here.", "Second paragraph.", "Third."]


def test_headline_first_line_becomes_title():
    doc = read_text("A Short Headline\n\nThe body starts here. It goes on.", "x.txt")
    assert doc.title == "A Short Headline"
    assert doc.paragraphs == ["The body starts here. It goes on."]


def test_sentence_first_line_is_not_a_title():
    doc = read_text("This is a sentence.\n\nAnother one.", "my_saved-article.txt")
    assert doc.title == "My saved article"
    assert doc.paragraphs == ["This is a sentence.", "Another one."]


def test_single_line_article_is_body_not_title():
    line = " ".join(["Word"] * 600) + "."
    doc = read_text(line, "news.txt")
    assert doc.title == "News"
    assert doc.paragraphs == [line]


def test_forced_title_wins():
    assert read_text("Headline\n\nBody.", "a.txt", title="Mine").title == "Mine"


@pytest.mark.parametrize(("name", "title"), [
    ("some/dir/the_big-story.txt", "The big story"),
    ("notes-2024.md", "Notes 2024"),
    ("-", None),
    ("002_897a837f814b329f.txt", None),  # an id: "zero zero two eight hundred ninety seven a..."
    ("d41d8cd98f00b204e9800998ecf8427e.html", None),  # a hash
    ("20240105-143210.txt", None),  # a timestamp
    ("2024-01-05.txt", None),
    ("article_3f2a9c.txt", None),
    ("12345.txt", None),
    ("reut-00001.txt", None),  # a zero-padded serial number
])
def test_title_from_name_only_when_it_reads_as_words(name, title):
    assert title_from_name(name) == title


@pytest.mark.parametrize(("paragraph", "title"), [
    ("Short lede.", "Short lede"),
    ("BEIRUT/MOSCOW (Reuters) \u2013 Russia and Lebanon agreed on Monday to extend talks on the "
     "border for another week, officials said.",
     "Russia and Lebanon agreed on Monday to extend talks on the border for another\u2026"),
    ("One sentence. Another sentence follows it.", "One sentence"),
])
def test_lede_title_is_the_opening_words_cut_at_a_word(paragraph, title):
    assert lede_title([paragraph]) == title
    assert len(lede_title([paragraph])) <= 81


def test_a_story_under_an_id_like_name_is_titled_by_its_lede_which_is_not_spoken_twice():
    doc = read_text("LONDON (Reuters) - Prices rose in May.\n\nMore.\n", "002_897a837f814b329f.txt")
    assert doc.title == "Prices rose in May" and not doc.title_spoken
    assert read_text("Body text only.\n\nMore.", "the_big-story.txt").title_spoken


@pytest.mark.parametrize(("content", "message"), [
    (b"", "is empty"),
    (b"   \n\t\n  ", "is empty"),
    (b"\x00\x01\x02binary\x00", "binary"),
])
def test_unusable_input(tmp_path, content, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(InputError, match=message):
        read_document(str(path))


def test_missing_and_directory(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_document(str(tmp_path / "nope.txt"))
    with pytest.raises(InputError, match="is a directory"):
        read_document(str(tmp_path))


def test_plain_text_section_headings_become_sections():
    text = "CHAPTER 1\n\nIt began.\n\nIt went on.\n\nCHAPTER 2\n\nIt ended.\n\nPART TWO: THE RETURN\n\nAgain."
    doc = read_text(text, "northanger-abbey.txt")
    assert doc.title == "Northanger abbey"  # a chapter heading is not the book's title
    assert [(s.heading, s.paragraphs) for s in doc.sections] == [
        ("CHAPTER 1", ("It began.", "It went on.")),
        ("CHAPTER 2", ("It ended.",)),
        ("PART TWO: THE RETURN", ("Again.",)),
    ]


@pytest.mark.parametrize("line", ["Chapter II", "Epilogue", "BREAKING NEWS", "Part 3 - Home"])
def test_section_heading_shapes(line):
    from narrate.text.readers.text import looks_like_section_heading

    assert looks_like_section_heading(line)


@pytest.mark.parametrize("line", ["It was late.", "Chapter and verse were quoted at length by all of them here",
                                  "A normal short line", "OK"])
def test_prose_is_not_a_section_heading(line):
    from narrate.text.readers.text import looks_like_section_heading

    assert not looks_like_section_heading(line)


@pytest.mark.parametrize(("written", "read"), [
    # UTF-8 read as Windows-1252 and saved again, as 12 of WCXB's 793 development articles hold it
    ("Artificial intelligence isn\u00e2\u20ac\u2122t just changing websites.", "Artificial intelligence isn\u2019t just changing websites."),
    ("\u00e2\u20ac\u0153The fact is there are healthy fats,\u00e2\u20ac\u009d she said.", "\u201cThe fact is there are healthy fats,\u201d she said."),
    ("The caf\u00c3\u00a9 charges \u00c2\u00a35 a cup.", "The caf\u00e9 charges \u00a35 a cup."),
    # the same, read as Latin-1 ('z\u00e2\\x80\\x99s each night')
    ("the recommended number of z\u00e2\u0080\u0099s each night", "the recommended number of z\u2019s each night"),
])
def test_text_a_site_encoded_twice_is_read_as_written(written, read):
    assert decode_text(written.encode("utf-8")).text == read


@pytest.mark.parametrize("text", ["S\u00c3O PAULO and N\u00c3O are Portuguese capitals.", "A na\u00efve caf\u00e9 \u2014 \u201cquoted\u201d \u00a35.",
                                  "Voil\u00e0: \u00c3 is a letter of its own."])
def test_text_with_no_sign_of_double_encoding_is_left_alone(text):
    assert decode_text(text.encode("utf-8")).text == text
