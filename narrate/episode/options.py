"""What one narration can be told: NarrateOptions mirrors the command line's options, so
everything the CLI does is callable from Python with the same names and defaults."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from narrate.audio.formats import DEFAULT_FORMAT, suffix_for
from narrate.audio.loudness import DEFAULT_TARGET as DEFAULT_LOUDNESS
from narrate.episode.planning import PlanMemory
from narrate.model import ChunkProgress
from narrate.text.readers.html import is_web_address
from narrate.synthesis.synthesizer import Synthesizer


@dataclass
class NarrateOptions:
    """Everything a single narration can be told; each field mirrors a CLI option."""

    title: str | None = None
    author: str | None = None
    album: str | None = None
    voice: str | None = None
    language: str | None = None
    """The document's language (BCP 47, 'fr', 'de-AT'), over what it declares or what is detected."""
    lexicon: str | Path | Sequence[str | Path] = ()
    """Pronunciation lexicon files (TOML), applied after the built-in, user and voice ones."""
    skip: str | Sequence[str] = ()
    """Regular expressions: paragraphs they match are not narrated."""
    keep_credits: bool = False
    """Read wire credits ("(Reporting by ...; Editing by ...)"), left out by default."""
    footnotes: bool = False
    """Read footnotes at the end of their chapter, instead of leaving them out."""
    rate: int | None = None
    volume: float | None = None
    pitch: int | None = None
    pause: float | None = None
    bitrate: str | None = None  # None: the output format's default (64k for MP3)
    format: str | None = None
    """The reader to use ('txt', 'md', 'html', 'epub'); None: by the input's extension."""
    output_format: str | None = None
    """The audio format a batch writes ('mp3', 'm4b', ...; narrate.audio.formats); a single
    output's extension decides its own."""
    jobs: int | None = None
    device: str = "auto"
    loudness: float = DEFAULT_LOUDNESS
    sample_rate: int | None = None
    cover: str | None = None
    no_cover: bool = False
    transcript: str | Sequence[str] | None = None
    """The transcripts to write beside the audio: "srt", "vtt", "json", "txt", or several."""
    chapters_json: bool = False
    overlay: str = "word"
    """What a narrated EPUB (-o book.epub) marks as it is read: each "word", or each "sentence"."""
    intro: str | None = None
    outro: str | None = None
    progress: ChunkProgress | None = field(default=None, repr=False)
    cache: bool = True
    """Reuse and store synthesised chunks in the segment cache (narrate.synthesis.cache)."""
    synthesizer: Synthesizer | None = field(default=None, repr=False)
    """A shared synthesizer (a batch's worker pool and cache); None: one for this call."""
    plans: PlanMemory = field(default_factory=PlanMemory, repr=False, compare=False)
    """What planning loudness has learned in this run; a batch shares one across documents."""


def default_output(source: str) -> Path:
    if source == "-":
        return Path("narration.mp3")
    return Path(source).with_suffix(".mp3")


def default_output(source: str, output_format: str | None = None) -> Path:
    """Beside the input, with the extension of the output format (MP3 unless told); for a web
    address, in this folder under a name taken from its path."""
    suffix = suffix_for(output_format or DEFAULT_FORMAT)
    if source == "-":
        return Path("narration" + suffix)
    if is_web_address(source):
        from narrate.fetch.names import name_for_url

        return Path(name_for_url(source) + suffix)
    return Path(source).with_suffix(suffix)


def transcript_kinds(opts: NarrateOptions) -> list[str]:
    """The transcript kinds `opts` asks for, each once, in the order given."""
    return list(dict.fromkeys(str(kind) for kind in as_list(opts.transcript)))


def as_list(value: str | Path | Sequence[str | Path] | None) -> list:
    """One value or several: narrate_file(..., skip="^Advert") works as well as a list."""
    if value is None:
        return []
    if isinstance(value, (str, Path)):
        return [value]
    return list(value)


