"""Make bench/corpus/news from the Wikinews stories of the GUM corpus (see SOURCES.md).

    python bench/corpus/news_from_gum.py GUM/dep bench/corpus/news

GUM (github.com/amir-zeldes/gum) keeps each Wikinews story's sentences exactly as
published (`# text =` in its CoNLL-U files) with the story's paragraphs, headings, quotes,
lists and photo captions marked. A story becomes plain text as a reader saves it from the
page: paragraphs separated by blank lines, list items as "- " lines, captions left out (they
are under the photos, not in the story). A block holds as many sentences as GUM says it
does ("p (3 s)"); sentences after that and before the next block, which GUM leaves unmarked,
form a paragraph of their own. Stories are numbered by publication date; the odd-numbered
keep their headline as the first line, the even-numbered start with the date line (their
title then comes from the text). Left out: the two longest stories, and the stories whose
paragraphs GUM mostly leaves unmarked (more than UNMARKED sentences).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

LONGEST_LEFT_OUT = 2
UNMARKED = 10


def story(conllu: str) -> tuple[dict[str, str], list[tuple[str, list[str]]], int]:
    """(metadata, [(block kind, sentences)], sentences in no marked block) of one GUM document."""
    meta: dict[str, str] = {}
    blocks: list[tuple[str, list[str]]] = []
    left = unmarked = 0
    for line in conllu.splitlines():
        if line.startswith("# meta::"):
            key, _, value = line[len("# meta::"):].partition(" = ")
            meta[key] = value
        elif line.startswith("# newpar_block = "):
            parts = line[len("# newpar_block = "):].split(" | ")
            kinds = [part.split()[0] for part in parts]
            kind = "caption" if {"figure", "caption"} & set(kinds) else "item" if "item" in kinds else kinds[0]
            blocks.append((kind, []))
            left = int(re.findall(r"\((\d+) s\)", parts[-1])[0])
        elif line.startswith("# text = "):
            if left == 0:  # past the block GUM marked: a paragraph it left unmarked
                if not blocks or blocks[-1][0] != "unmarked":
                    blocks.append(("unmarked", []))
                unmarked += 1
            else:
                left -= 1
            blocks[-1][1].append(line[len("# text = "):].strip())
    return meta, blocks, unmarked


def as_text(blocks: list[tuple[str, list[str]]], headline: bool) -> str:
    paragraphs = []
    for index, (kind, sentences) in enumerate(blocks):
        if kind == "caption" or (index == 0 and kind == "head" and not headline):
            continue
        text = " ".join(sentences)
        paragraphs.append(f"- {text}" if kind == "item" else text)
    return "\n\n".join(paragraphs) + "\n"


def main() -> int:
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    stories = []
    for path in sorted(source.glob("GUM_news_*.conllu")):
        meta, blocks, unmarked = story(path.read_text(encoding="utf-8"))
        words = sum(len(s.split()) for _, sentences in blocks for s in sentences)
        if unmarked <= UNMARKED:
            stories.append((meta["dateCreated"], path.stem, meta, blocks, words))
    longest = {s[1] for s in sorted(stories, key=lambda s: -s[4])[:LONGEST_LEFT_OUT]}
    kept = sorted(s for s in stories if s[1] not in longest)
    target.mkdir(parents=True, exist_ok=True)
    for number, (date, name, meta, blocks, words) in enumerate(kept, 1):
        out = target / f"wikinews-{number:05d}.txt"
        out.write_text(as_text(blocks, headline=number % 2 == 1), encoding="utf-8")
        print(f"| `{out.name}` | {meta['title']} | {date} | {meta['sourceURL']} | {name} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
