"""Property-based fuzzing (hypothesis) of every reader and of the feed writer.

Whatever bytes arrive, a reader either returns a Document or raises a NarrateError (one line
for the user); the feed writer writes a feed a podcast app can parse whatever the episodes'
titles and file names hold. Each example must finish in bounded time and memory.
"""

from __future__ import annotations

import io
import json
import os
import resource
import shutil
import tempfile
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import podcastparser
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutagen.id3 import ID3, TIT2, TPE1

from narrate.errors import NarrateError
from narrate.model import Document
from narrate.text.readers import read_document

SECONDS_PER_EXAMPLE = 10.0
GROWTH_PER_EXAMPLE = 300 * 1024 * 1024  # bytes the process's peak memory may rise by
FUZZ = settings(max_examples=int(os.environ.get("NARRATE_FUZZ_EXAMPLES", "60")), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _peak() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def bounded(call: Callable[[], Any]) -> Any:
    """Run `call`; only a NarrateError may escape; time and peak memory stay bounded."""
    before, started = _peak(), time.monotonic()
    try:
        return call()
    except NarrateError as exc:
        assert str(exc) and "\n" not in str(exc).strip(), "a user error is one line"
        return exc
    finally:
        assert time.monotonic() - started < SECONDS_PER_EXAMPLE
        assert _peak() - before < GROWTH_PER_EXAMPLE


def check_document(result: Any) -> None:
    if isinstance(result, Document):
        assert result.paragraphs and isinstance(result.title, str)


# Text with the characters that break things: controls, surrogates escaped as bytes, long runs.
nasty_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=400) | st.builds(
    lambda c, n: c * n, st.sampled_from(["x", " ", "\n", ".", "\x00", "\u2028", "é"]), st.integers(0, 5000))


@FUZZ
@given(st.binary(max_size=2000) | nasty_text.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_text_reader(data: bytes):
    check_document(bounded(lambda: read_document("fuzz.txt", data=data)))


yaml_scalar = st.one_of(st.text(max_size=30), st.integers(), st.floats(allow_nan=True), st.booleans(),
                        st.none(), st.dates().map(str))
yaml_key = st.sampled_from(["title", "author", "authors", "date", "lang", "language", "tags", "x"])


@st.composite
def front_matter(draw: st.DrawFn) -> str:
    """YAML built from random parts: scalars, lists, maps, anchors and aliases, or junk."""
    lines, anchors = [], []
    for index in range(draw(st.integers(0, 8))):
        key = draw(yaml_key)
        choice = draw(st.integers(0, 4))
        if choice == 0:
            value = json.dumps(draw(yaml_scalar), default=str)
        elif choice == 1:
            value = json.dumps(draw(st.lists(yaml_scalar, max_size=5)), default=str)
        elif choice == 2 and anchors:
            value = "[" + ", ".join("*" + draw(st.sampled_from(anchors)) for _ in range(draw(st.integers(1, 9)))) + "]"
        elif choice == 3:
            name = f"a{index}"
            anchors.append(name)
            value = f"&{name} " + json.dumps(draw(st.lists(yaml_scalar, max_size=9)), default=str)
        else:
            value = draw(st.text(max_size=40))
        lines.append(f"{key}: {value}")
    return "---\n" + "\n".join(lines) + "\n---\n"


markdown_body = st.lists(st.sampled_from([
    "# Heading", "## Sub", "Some words here.", "- item", "1. one", "```\ncode\n```", "| a | b |\n|---|---|\n| 1 | 2 |",
    "> quote", "<div>raw</div>", "![alt](x.png)", "[link](http://x)", "***", "\\", "#", "",
]) | nasty_text, max_size=12).map("\n\n".join)


@FUZZ
@given(front_matter(), markdown_body)
def test_markdown_reader_with_front_matter(head: str, body: str):
    check_document(bounded(lambda: read_document("fuzz.md", data=(head + body).encode("utf-8", "surrogatepass"))))


html_part = st.sampled_from([
    "<p>", "</p>", "<h1>", "</h1>", "<title>T</title>", "<script>x()</script>", "<article>", "</article>",
    "<ul><li>a</li>", "<table><tr><td>1", "<!--", "-->", "<![CDATA[", "]]>", "&amp;", "&#0;", "&#xD800;",
    "<meta charset='utf-16'>", "<br/>", "<body>", "<html>", "<!DOCTYPE html>", "<svg><text>t</text></svg>",
]) | nasty_text


@FUZZ
@given(st.lists(html_part, max_size=30).map("".join))
def test_html_reader(page: str):
    check_document(bounded(lambda: read_document("fuzz.html", data=page.encode("utf-8", "surrogatepass"))))


CONTAINER = (b'<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
             b'<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
             b"</rootfiles></container>")


def _opf(title: str, chapters: int, spine_extra: str) -> str:
    items = "".join(f'<item id="c{i}" href="c{i}.xhtml" media-type="application/xhtml+xml"/>' for i in range(chapters))
    spine = "".join(f'<itemref idref="c{i}"/>' for i in range(chapters)) + spine_extra
    return (f'<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
            f'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>'
            f"<dc:title>{title}</dc:title><dc:language>en</dc:language></metadata>"
            f"<manifest>{items}</manifest><spine>{spine}</spine></package>")


@st.composite
def epub_bytes(draw: st.DrawFn) -> bytes:
    """An EPUB from random parts: metadata, chapters, spine, and sometimes a missing or
    corrupt piece."""
    chapters = draw(st.lists(st.lists(html_part, max_size=10).map("".join), max_size=4))
    title = draw(st.sampled_from(["Book", "", "<b>", "&bad;", "Tïtle"]))
    spine_extra = draw(st.sampled_from(["", '<itemref idref="missing"/>', "<itemref/>"]))
    drop = draw(st.sampled_from([None, "mimetype", "META-INF/container.xml", "OEBPS/content.opf"]))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        parts = {"mimetype": b"application/epub+zip", "META-INF/container.xml": CONTAINER,
                 "OEBPS/content.opf": _opf(title, len(chapters), spine_extra).encode()}
        for index, body in enumerate(chapters):
            parts[f"OEBPS/c{index}.xhtml"] = (f'<html xmlns="http://www.w3.org/1999/xhtml"><body>{body}</body></html>'
                                              .encode("utf-8", "surrogatepass"))
        for name, data in parts.items():
            if name != drop:
                archive.writestr(name, data)
    data = buffer.getvalue()
    if draw(st.booleans()):  # flip a few bytes somewhere
        damaged = bytearray(data)
        for position in draw(st.lists(st.integers(0, len(data) - 1), max_size=4)):
            damaged[position] ^= 0xFF
        data = bytes(damaged)
    return data


@FUZZ
@given(epub_bytes())
def test_epub_reader(data: bytes):
    check_document(bounded(lambda: read_document("fuzz.epub", data=data)))


# The feed writer: random titles, authors, descriptions and file names (bytes, not UTF-8).

file_name = st.binary(min_size=1, max_size=60).map(
    lambda b: b.replace(b"/", b"_").replace(b"\x00", b"_").lstrip(b".") or b"x").map(lambda b: b + b".mp3")
any_text = st.text(max_size=80)  # lone surrogates included: they come from file names


@pytest.fixture(scope="module")
def one_episode(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from narrate.episode.pipeline import narrate_file

    folder = tmp_path_factory.mktemp("fuzz-episode")
    source = folder / "one.txt"
    source.write_text("One\n\nA short episode.\n", encoding="utf-8")
    return narrate_file(source, folder / "one.mp3", jobs=1).path


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(file_name, any_text, any_text, any_text), min_size=1, max_size=4,
                unique_by=lambda e: e[0]), any_text)
def test_feed_writer(one_episode: Path, episodes: list[tuple[bytes, str, str, str]], podcast_title: str):
    from narrate.publish.feed import update_feed

    folder = Path(tempfile.mkdtemp(prefix="narrate-fuzz-feed-"))
    try:
        for name, title, author, description in episodes:
            path = Path(os.fsdecode(bytes(folder) + b"/" + name))
            shutil.copy(one_episode, path)
            tags = ID3(path)
            tags.add(TIT2(encoding=3, text=[title.encode("utf-16", "surrogatepass").decode("utf-16", "replace")]))
            tags.add(TPE1(encoding=3, text=[author.encode("utf-16", "surrogatepass").decode("utf-16", "replace")]))
            tags.save(path)
            manifest = path.with_name(path.stem + ".narrate.json")
            manifest.write_text(json.dumps({"description": description, "title": title or None}), encoding="utf-8")
        result = bounded(lambda: update_feed(folder, base_url="http://127.0.0.1:9/pod/",
                                             title=podcast_title or None))
        assert not isinstance(result, NarrateError), result
        parsed = podcastparser.parse(result.feed_url, io.BytesIO(result.path.read_bytes()))
        assert len(parsed["episodes"]) == len(episodes)
        assert len({e["enclosures"][0]["url"] for e in parsed["episodes"]}) == len(episodes)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
