"""ID3 tags and chapters for MP3, written with mutagen.

Chapters are ID3 CHAP frames under one ordered, top-level CTOC: the form Apple Podcasts,
Overcast, Pocket Casts and AntennaPod read. Tags are saved as ID3v2.3 for the widest reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mutagen.id3 import (
    CHAP,
    COMM,
    CTOC,
    ID3,
    TALB,
    TCON,
    TDRC,
    TIT2,
    TLAN,
    TPE1,
    TSSE,
    CTOCFlags,
)

from narrate.model import Chapter

TEXT_UTF8 = 3  # ID3 text encoding (written as UTF-16 in v2.3 by mutagen)
ISO_639_2 = {"en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "nl": "nld", "pt": "por"}


@dataclass(frozen=True)
class EpisodeTags:
    title: str
    artist: str
    album: str
    comment: str
    date: str | None = None
    genre: str = "Podcast"
    language: str | None = None
    encoder: str = ""


def write_mp3_tags(path: Path, tags: EpisodeTags, chapters: Sequence[Chapter]) -> None:
    id3 = ID3()
    id3.add(TIT2(encoding=TEXT_UTF8, text=[tags.title]))
    id3.add(TPE1(encoding=TEXT_UTF8, text=[tags.artist]))
    id3.add(TALB(encoding=TEXT_UTF8, text=[tags.album]))
    id3.add(TCON(encoding=TEXT_UTF8, text=[tags.genre]))
    id3.add(COMM(encoding=TEXT_UTF8, lang="eng", desc="", text=[tags.comment]))
    if tags.date:
        id3.add(TDRC(encoding=TEXT_UTF8, text=[tags.date]))
    if tags.language:
        code = ISO_639_2.get(tags.language.split("-")[0].lower())
        if code:
            id3.add(TLAN(encoding=TEXT_UTF8, text=[code]))
    if tags.encoder:
        id3.add(TSSE(encoding=TEXT_UTF8, text=[tags.encoder]))
    add_chapters(id3, chapters)
    id3.save(path, v2_version=3)


def add_chapters(id3: ID3, chapters: Sequence[Chapter]) -> None:
    ids = [f"chp{index}" for index in range(len(chapters))]
    for element_id, chapter in zip(ids, chapters):
        id3.add(CHAP(
            element_id=element_id,
            start_time=round(chapter.start * 1000),
            end_time=round(chapter.end * 1000),
            sub_frames=[TIT2(encoding=TEXT_UTF8, text=[chapter.title])],
        ))
    if ids:
        id3.add(CTOC(
            element_id="toc",
            flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED,
            child_element_ids=ids,
            sub_frames=[TIT2(encoding=TEXT_UTF8, text=["Chapters"])],
        ))
