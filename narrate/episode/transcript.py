"""Transcripts and chapters as sidecar files, from the episode's exact cue and chapter times.

SRT and WebVTT are what Apple Podcasts, Pocket Casts and the Podcasting 2.0 `<podcast:transcript>`
tag read; the plain text is also embedded in the audio (ID3 USLT and the like). Chapters JSON
follows the Podcasting 2.0 JSON chapters format (version 1.2.0).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from narrate.clock import timestamp
from narrate.episode.sidecars import CHAPTERS_SUFFIX, SIDECAR_SUFFIX, TRANSCRIPT_KINDS, sidecar_path
from narrate.model import Chapter, Chunk, Cue

CHAPTERS_VERSION = "1.2.0"


def to_srt(cues: Sequence[Cue]) -> str:
    blocks = [f"{index}\n{timestamp(c.start, ',')} --> {timestamp(c.end, ',')}\n{c.text}\n"
              for index, c in enumerate(cues, 1)]
    return "\n".join(blocks)


def to_vtt(cues: Sequence[Cue]) -> str:
    blocks = [f"{index}\n{timestamp(c.start)} --> {timestamp(c.end)}\n{_vtt_text(c.text)}\n"
              for index, c in enumerate(cues, 1)]
    return "WEBVTT\n\n" + "\n".join(blocks)


def _vtt_text(text: str) -> str:
    # "-->" would end a cue's text early; & and < start entities and tags in WebVTT.
    return text.replace("&", "&amp;").replace("<", "&lt;").replace("-->", "\u2192")


def plain_text(chunks: Sequence[Chunk]) -> str:
    """The spoken text, one paragraph per block (title and headings as their own blocks)."""
    paragraphs: list[list[str]] = []
    for chunk in chunks:
        if chunk.starts_paragraph or not paragraphs:
            paragraphs.append([])
        paragraphs[-1].append(chunk.display)
    return "\n\n".join(" ".join(p) for p in paragraphs) + "\n"


def chapters_json(chapters: Sequence[Chapter], title: str | None = None) -> str:
    """Podcasting 2.0 JSON chapters: {"version": "1.2.0", "chapters": [{"startTime", "title"}]}."""
    data: dict[str, object] = {"version": CHAPTERS_VERSION}
    if title:
        data["title"] = title
    data["chapters"] = [{"startTime": round(c.start, 3), "endTime": round(c.end, 3), "title": c.title}
                        for c in chapters]
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def transcript_text(kind: str, cues: Sequence[Cue], chunks: Sequence[Chunk]) -> str:
    if kind == "srt":
        return to_srt(cues)
    if kind == "vtt":
        return to_vtt(cues)
    if kind == "txt":
        return plain_text(chunks)
    raise ValueError(f"unknown transcript kind {kind!r}; use one of {', '.join(TRANSCRIPT_KINDS)}")
