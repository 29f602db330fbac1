"""The files beside an episode's audio, and their MIME types: the one home of the naming
convention that the episode stage writes, batches skip, and feeds and the server publish.

    NAME.mp3               the audio (any output format)
    NAME.narrate.json      the manifest: what it was made from
    NAME.srt, NAME.vtt, NAME.transcript.json, NAME.transcript.txt    transcripts
    NAME.chapters.json     Podcasting 2.0 chapters
    NAME.cover.jpg/.png    artwork for feeds (apps need a URL, not embedded art)
    NAME.html              the web page it was narrated from, with --save-html
"""

from __future__ import annotations

from pathlib import Path

TRANSCRIPT_KINDS = ("srt", "vtt", "json", "txt")
SIDECAR_SUFFIX = {"srt": ".srt", "vtt": ".vtt", "json": ".transcript.json", "txt": ".transcript.txt"}
"""Transcript kind -> the suffix its file gets after the audio's stem."""
TRANSCRIPT_TYPES = {".vtt": "text/vtt", ".transcript.json": "application/json", ".srt": "application/x-subrip",
                    ".transcript.txt": "text/plain"}
"""Transcript suffix -> MIME type, in the order a feed lists them (word-timed ones first)."""
CHAPTERS_SUFFIX = ".chapters.json"
CHAPTERS_TYPE = "application/json+chapters"
MANIFEST_SUFFIX = ".narrate.json"
COVER_SUFFIXES = {".cover.jpg": "image/jpeg", ".cover.png": "image/png"}
IMAGE_EXTENSIONS = {"image/jpeg": ".jpg", "image/jpg": ".jpg", "image/png": ".png"}
"""An image's MIME type -> the extension its cover file gets."""
SAVED_PAGE_SUFFIX = ".html"
"""The web page `--save-html` keeps beside its episode (an input format too, so not in OWN_SUFFIXES)."""
OWN_SUFFIXES = (*SIDECAR_SUFFIX.values(), CHAPTERS_SUFFIX, MANIFEST_SUFFIX, *COVER_SUFFIXES)
"""Every suffix narrate writes beside an episode, whatever the stem."""


def sidecar_path(audio: Path, suffix: str) -> Path:
    """NAME.mp3 -> NAME<suffix>, beside it."""
    return audio.with_name(audio.stem + suffix)
