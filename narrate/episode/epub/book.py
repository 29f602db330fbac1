"""`-o book.epub`: a narrated EPUB 3 that reads itself aloud with the text marked (Media
Overlays), from any input.

The steps: lay out the pages (the input EPUB's own content documents, or pages generated
from the script: narrate.episode.epub.pages); cut the script into one run of chunks per page
and render each run as its own MP3 with the usual renderer (blocks, segment cache, loudness
plan), so every page has its audio file; time every written word (narrate.episode.wordtimes);
wrap the words (or sentences, `--overlay sentence`) in spans with ids (narrate.episode.epub.wrap);
write a SMIL overlay per page, the package document with `media:duration` per overlay and in
total, the navigation document, the style sheet for `-epub-media-overlay-active`, the cover;
zip it all, `mimetype` first. The book appears at its path only when complete.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.audio.formats import FORMATS, OutputFormat, check_settings
from narrate.episode.epub.assemble import BOOK_CSS, FOLDER, OVERLAY_CSS, language_of, write_book
from narrate.episode.epub.pages import (
    MIN_MATCHED,
    Layout,
    Page,
    generated_pages,
    input_epub,
    lay_out,
    original_pages,
)
from narrate.episode.epub.smil import Clip, contiguous
from narrate.episode.epub.wrap import Ids, wrap
from narrate.episode.options import NarrateOptions, transcript_kinds
from narrate.episode.rendering import RenderJob, renderer_for
from narrate.episode.timeline import plan_cues
from narrate.episode.wordtimes import with_words
from narrate.errors import OutputError
from narrate.model import Chapter, ChunkProgress, Cue, Episode, Script, Word
from narrate.text.readers.epubtext import TreeWord

if TYPE_CHECKING:
    from narrate.episode.cover import Cover
    from narrate.episode.tags import EpisodeTags
    from narrate.synthesis.cacheusage import DocumentUse
    from narrate.synthesis.synthesizer import Synthesizer
    from narrate.voice.engines import EngineOptions
    from narrate.voice.presets import VoicePreset

log = logging.getLogger(__name__)

BOOK_SUFFIX = ".epub"
OVERLAY_LEVELS = ("word", "sentence")
AUDIO = FORMATS[".mp3"]
"""Each page's audio: MP3, a core media type of EPUB 3 that every reading system plays."""
GENERATED_FOLDER = "OEBPS"
_SENTENCE_END = re.compile(r"[.!?\u2026][\"'\u201d\u2019)\]]*$")


def is_book(path: Path) -> bool:
    return path.suffix.lower() == BOOK_SUFFIX


def check_book_options(out_path: Path, opts: NarrateOptions) -> OutputFormat:
    """What a narrated EPUB cannot be asked for, refused before any synthesis."""
    if opts.overlay not in OVERLAY_LEVELS:
        raise OutputError(f"unknown overlay level {opts.overlay!r}; use one of {', '.join(OVERLAY_LEVELS)}")
    if transcript_kinds(opts) or opts.chapters_json:
        raise OutputError(f"cannot write transcript or chapter files beside {out_path.name}: an EPUB times its "
                          "own text (its media overlays); drop --transcript and --chapters-json")
    check_settings(AUDIO, out_path, opts.bitrate, opts.sample_rate)
    return AUDIO


@dataclass
class Narration:
    """One page's audio: the page, the chunks heard in it, its file, length and cues (times
    from the start of that file)."""

    page: int
    first: int
    end: int
    audio: Path
    duration: float
    cues: list[Cue]
    delivered: float


def produce_book(script: Script, voice: VoicePreset, out_path: Path, opts: NarrateOptions,
                 synthesizer: Synthesizer, options: EngineOptions | None, use: DocumentUse | None,
                 tags: EpisodeTags, cover: Cover | None, started: float) -> Episode:
    from narrate.fileio import atomic_path, work_folder

    layout, opf_name = book_layout(script, opts, language_of(script, voice))
    with atomic_path(out_path) as temp, work_folder(out_path) as work:
        narrations = render_pages(script, layout, voice, opts, synthesizer, options, use, work)
        overlays = [mark_page(layout, narration, opts.overlay) for narration in narrations]
        write_book(temp, opf_name, layout, narrations, overlays, script, voice, tags, cover, opts)
    return _episode(out_path, script, layout, narrations, started)


def book_layout(script: Script, opts: NarrateOptions, language: str) -> tuple[Layout, str]:
    """The input EPUB's own pages where their text is the script's, else generated pages."""
    package = input_epub(script, opts.format)
    if package is not None:
        pages = original_pages(package)
        layout = lay_out(script, pages, package)
        if pages and layout.matched_share >= MIN_MATCHED:
            return layout, package.name
        log.warning("%s: only %.0f%% of its text was found in its own pages; the narrated book's pages are "
                    "made from the text", script.document.source, 100 * layout.matched_share)
    pages, _ = generated_pages(script, language, GENERATED_FOLDER, [BOOK_CSS, f"{FOLDER}/{OVERLAY_CSS}"])
    return lay_out(script, pages, None), f"{GENERATED_FOLDER}/content.opf"


def render_pages(script: Script, layout: Layout, voice: VoicePreset, opts: NarrateOptions,
                 synthesizer: Synthesizer, options: EngineOptions | None, use: DocumentUse | None,
                 work: Path) -> list[Narration]:
    """Each run of chunks as its own MP3, with the intro before the first and the outro after
    the last; progress counts over the whole book."""
    narrations = []
    total = len(script.chunks)
    heard = 0.0
    for number, (page, first, end) in enumerate(layout.parts):
        chunks = script.chunks[first:end]
        part = Script(document=script.document, chunks=chunks)
        folder = work / f"part-{number:04d}"
        folder.mkdir()
        audio = work / f"part-{number:04d}.mp3"
        part_opts = replace(opts, intro=opts.intro if number == 0 else None,
                            outro=opts.outro if number == len(layout.parts) - 1 else None,
                            progress=_shifted(opts.progress, first, total, heard), transcript=None)
        job = RenderJob(part, voice, part_opts, AUDIO, synthesizer, options, audio, audio, folder, use)
        rendered = renderer_for(AUDIO, part_opts).render(job)
        cues = with_words(plan_cues(chunks, rendered.starts, rendered.speech), chunks, rendered.starts,
                          rendered.marks, rendered.rate)
        narrations.append(Narration(page, first, end, audio, rendered.duration, cues, rendered.delivered))
        heard += rendered.duration
    return narrations


def _shifted(progress: ChunkProgress | None, first: int, total: int, heard: float) -> ChunkProgress | None:
    if progress is None:
        return None

    def tell(done: int, _: int, seconds: float) -> None:
        progress(first + done, total, heard + seconds)

    return tell


@dataclass
class _Unit:
    """What one `<par>` marks: words of a page, each with the time it is heard."""

    words: list[tuple[TreeWord, float]]


def units(layout: Layout, narration: Narration, level: str) -> list[_Unit]:
    """The page's words (or sentences) that are heard in this narration, in order."""
    page = layout.pages[narration.page]
    found: list[_Unit] = []
    for offset, cue in enumerate(narration.cues):
        index = narration.first + offset
        places = layout.word_places[index]
        timed = cue.words if len(cue.words) == len(places) else ()
        if not timed:  # no word times (an engine without them): the chunk is one unit
            words = [(page.words[p], cue.start) for p in places if p is not None]
            if words:
                found.append(_Unit(words))
            continue
        current: _Unit | None = None
        for place, word in zip(places, timed):
            if place is not None:
                tree_word = page.words[place]
                if level == "word" or current is None or current.words[-1][0].run != tree_word.run:
                    current = _Unit([])
                    found.append(current)
                current.words.append((tree_word, word.start))
            if level == "sentence" and _SENTENCE_END.search(word.text):
                current = None
    return found  # (a chunk's end ends its sentence too: `current` starts afresh for each cue)


def mark_page(layout: Layout, narration: Narration, level: str) -> list[Clip]:
    """Wrap the units of this narration in spans (last first) and return their clips."""
    page = layout.pages[narration.page]
    ids = _ids_for(page)
    marked: list[tuple[str, float]] = []
    for unit in reversed(units(layout, narration, level)):
        marked.extend(reversed(_wrap_unit(unit, ids)))
    marked.reverse()
    if not marked:  # nothing of the page could be marked: the page itself is heard
        marked = [(_any_block_id(page, ids), 0.0)]
    ours = re.compile(re.escape(ids.prefix) + r"\d+")  # never one of the book's own ids (see Ids)
    names = _in_page_order(page, ids, {ident for ident, _ in marked if ours.fullmatch(ident)})
    return contiguous([(names.get(ident, ident), start) for ident, start in marked], narration.duration)


def _in_page_order(page: Page, ids: Ids, made: set[str]) -> dict[str, str]:
    """New names for the spans just made, numbered as they stand in the page (they were made
    last first)."""
    spans = [node for node in page.root.iter() if isinstance(node.tag, str) and node.get("id") in made]
    names = {}
    for node in spans:
        names[node.get("id")] = f"{ids.prefix}{ids.renumbered + 1}"
        ids.renumbered += 1
    for node in spans:
        node.set("id", names[node.get("id")])
    return names


def _ids_for(page: Page) -> Ids:
    """One id maker per page, shared by every narration of that page."""
    if page.ids is None:
        page.ids = Ids(page.root)
    return page.ids


def _wrap_unit(unit: _Unit, ids: Ids) -> list[tuple[str, float]]:
    pieces = [piece for word, _ in unit.words for piece in word.pieces]
    ident = wrap(pieces, ids)
    if ident is not None:
        return [(ident, unit.words[0][1])]
    if len(unit.words) > 1:  # a sentence across elements: word by word
        results: list[tuple[str, float]] = []
        for word in reversed(unit.words):
            results.extend(reversed(_wrap_unit(_Unit([word]), ids)))
        return list(reversed(results))
    word, start = unit.words[0]
    best = max(word.pieces, key=lambda piece: piece.end - piece.start)
    ident = wrap([best], ids)
    return [(ident, start)] if ident is not None else []


def _any_block_id(page: Page, ids: Ids) -> str:
    body = next((node for node in page.root.iter() if isinstance(node.tag, str) and node.tag.endswith("body")),
                page.root)
    target = next((node for node in body.iter() if node is not body and isinstance(node.tag, str)), body)
    if not target.get("id"):
        target.set("id", ids.next())
    return str(target.get("id"))


def _episode(out_path: Path, script: Script, layout: Layout, narrations: Sequence[Narration],
             started: float) -> Episode:
    """What was made, as one episode: chapters and cues as if the pages' audio were heard one
    after another (the book's total duration is their sum)."""
    chapters, cues, clock = [], [], 0.0
    for narration in narrations:
        chapters.append(Chapter(layout.pages[narration.page].title, clock, clock + narration.duration))
        cues += [Cue(cue.start + clock, cue.end + clock, cue.text,
                     tuple(Word(w.start + clock, w.end + clock, w.text) for w in cue.words)) for cue in narration.cues]
        clock += narration.duration
    heard = [(n.delivered, n.duration) for n in narrations if n.duration > 0]
    loudness = sum(d * t for d, t in heard) / sum(t for _, t in heard) if heard else 0.0
    return Episode(path=out_path, title=script.title, duration=clock, chapters=chapters, cues=cues,
                   size=out_path.stat().st_size, elapsed=time.perf_counter() - started,
                   chunks=len(script.chunks), loudness=round(loudness, 1))
