"""How much of a document's own text narrate speaks, and how much of what it speaks is the
document's: word 4-shingles of the spoken script against the document's visible text.

    python bench/spoken_share.py FILE...          # plain text, Markdown, EPUB
    python bench/spoken_share.py FILE... --json
    python bench/spoken_share.py BOOK.epub --drop "//div[@role='navigation']"   # not in the reference

The visible text is what a reader sees, taken without narrate's readers: a plain-text file
as it is (or `--reference FILE`, a hand-made reference for it); Markdown rendered to HTML by
markdown-it; each spine document of an EPUB except the navigation document (read with
zipfile and lxml, nothing else). Code and tables (`<pre>`, `<table>`, `<p class="code">`)
are left out of the visible text, since narrate announces them instead of reading them; so
is an HTML page's <head>. Recall: the share of the visible text's shingles that are spoken;
precision: the share of the spoken shingles found in the visible text (markup, symbols or
headers read aloud lower it). The spoken notes narrate says for what it skips ("A code
example is skipped here.") and a quotation's labels are its own words and not counted.
Nothing is synthesised: the spoken text is the script's written form (`Chunk.display`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import zipfile
from pathlib import Path
from posixpath import dirname, join, normpath
from urllib.parse import unquote

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from narrate.errors import NarrateError  # noqa: E402
from narrate.text.credits import drop_credits  # noqa: E402
from narrate.text.readers import format_for, load_bytes, read_document  # noqa: E402
from narrate.text.script import build_script  # noqa: E402

SHINGLE = 4
_OPF = "{http://www.idpf.org/2007/opf}"


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def shingles(text: str) -> set[tuple[str, ...]]:
    tokens = words(text)
    return {tuple(tokens[i:i + SHINGLE]) for i in range(max(len(tokens) - SHINGLE + 1, 0))}


DROPPED: list[str] = []  # --drop: more of a page that is not the document's own text


def _html_text(markup: bytes | str) -> str:
    import lxml.html

    root = lxml.html.fromstring(markup)
    for element in root.xpath(" | ".join(["//head | //pre | //table | //script | //style"
                                          " | //*[contains(concat(' ', normalize-space(@class), ' '), ' code ')]",
                                          *DROPPED])):
        element.drop_tree()
    return " ".join(root.itertext())


def visible_text(path: str) -> str:
    """What a reader of the file sees, without narrate's readers."""
    data = load_bytes(path)
    kind = format_for(path, None, data)
    if kind == "epub":
        return _epub_text(data)
    text = data.decode("utf-8", "replace")
    if kind == "md":
        from markdown_it import MarkdownIt

        return _html_text("<html><body>" + MarkdownIt("commonmark").enable("table").render(text)
                          + "</body></html>")
    if kind == "html":
        return _html_text(data)
    return text


def _epub_text(data: bytes) -> str:
    import io

    from lxml import etree

    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        container = etree.fromstring(archive.read("META-INF/container.xml"))
        opf_path = container.find(".//{*}rootfile").get("full-path")
        opf = etree.fromstring(archive.read(opf_path))
        base = dirname(opf_path)
        manifest = {item.get("id"): item.get("href") for item in opf.iter(f"{_OPF}item")}
        names = set(archive.namelist())
        texts = []
        seen = set()
        for ref in opf.iter(f"{_OPF}itemref"):
            href = manifest.get(ref.get("idref"), "")
            name = normpath(join(base, unquote(href.split("#")[0])))
            if name in seen or name not in names:
                continue
            seen.add(name)
            content = archive.read(name)
            if b"epub:type=\"toc\"" in content or b"epub:type='toc'" in content:
                continue  # the navigation document: not part of the book's text
            texts.append(_html_text(content))
    return "\n".join(texts)


def own_words() -> set[str]:
    """What narrate says of its own: the notes for skipped blocks, a quotation's labels
    (looked up by name, so the script also measures versions without some of them)."""
    from importlib import import_module

    notes = set()
    for module, names in (("sections", ("CODE_NOTE", "TABLE_NOTE")), ("plainblocks", ("DIAGRAM_NOTE",)),
                          ("mail", ("QUOTE_OPENS", "QUOTE_ENDS")), ("markdown", ("BOX_LABELS",))):
        try:
            found = import_module(f"narrate.text.readers.{module}")
        except ImportError:
            continue
        for name in names:
            value = getattr(found, name, None)
            notes |= set(value.values()) if isinstance(value, dict) else {value} if value else set()
    return notes


def spoken_text(path: str) -> str:
    document = drop_credits(read_document(path))
    script = build_script(document)
    notes = own_words()
    return "\n".join(chunk.display for chunk in script.chunks if chunk.display not in notes)


def measure(path: str, reference_file: str | None = None) -> dict[str, object]:
    reference = shingles(Path(reference_file).read_text(encoding="utf-8") if reference_file else visible_text(path))
    try:
        spoken = shingles(spoken_text(path))
    except NarrateError as exc:
        return {"file": path, "error": str(exc), "recall": 0.0, "precision": 0.0,
                "visible_words": len(words(visible_text(path)))}
    common = reference & spoken
    return {
        "file": path,
        "recall": len(common) / len(reference) if reference else 1.0,
        "precision": len(common) / len(spoken) if spoken else 1.0,
        "counts": (len(common), len(reference), len(spoken)),
        "visible_words": len(words(visible_text(path))),
        "spoken_words": len(words(spoken_text(path))),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--reference", help="a hand-made reference text (one file only)")
    parser.add_argument("--drop", action="append", default=[], metavar="XPATH",
                        help="leave these elements out of the visible text (repeatable)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    DROPPED.extend(args.drop)
    rows = [measure(path, args.reference) for path in args.files]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'document':44} {'visible':>8} {'spoken':>8} {'recall':>7} {'precision':>9}")
    for row in rows:
        name = Path(str(row["file"])).name[:44]
        if "error" in row:
            print(f"{name:44} {row['visible_words']:8,} {'-':>8} {'-':>7} {'-':>9}  error: {row['error']}")
            continue
        print(f"{name:44} {row['visible_words']:8,} {row['spoken_words']:8,} {row['recall']:7.1%} "
              f"{row['precision']:9.1%}")
    measured = [row for row in rows if "counts" in row]
    if len(rows) > 1:
        common, reference, spoken = (sum(row["counts"][i] for row in measured) for i in range(3))  # type: ignore[index]
        print(f"{'all (' + str(len(rows)) + ' files, ' + str(len(rows) - len(measured)) + ' unreadable)':44} "
              f"{sum(int(row['visible_words']) for row in rows):8,} "
              f"{sum(int(row.get('spoken_words', 0)) for row in measured):8,} "
              f"{common / max(reference, 1):7.1%} {common / max(spoken, 1):9.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
