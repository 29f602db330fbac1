"""Tags, chapters, cover art and the embedded transcript, written with mutagen.

MP3 (and WAV): ID3v2.3, for the widest reach; chapters are CHAP frames under one ordered,
top-level CTOC (the form Apple Podcasts, Overcast, Pocket Casts and AntennaPod read), the
cover an APIC front cover, the transcript a USLT frame.
MP4 (M4B/M4A): iTunes atoms, `covr` and `\xa9lyr`; chapters are written by ffmpeg when
encoding (a QuickTime chapter track and a Nero `chpl` atom), since mutagen cannot write them.
Opus, Ogg Vorbis, FLAC: Vorbis comments, with chapters as CHAPTER001=00:00:00.000 and
CHAPTER001NAME=... (the scheme players such as VLC and foobar2000 read) and the cover as a
FLAC picture (METADATA_BLOCK_PICTURE in Ogg).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from mutagen.id3 import (
    APIC,
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
    USLT,
    WOAS,
    CTOCFlags,
    PictureType,
)

from narrate.episode.cover import Cover
from narrate.audio.formats import OutputFormat
from narrate.model import Chapter
from narrate.clock import timestamp
from narrate.text.xmlsafe import xml_safe, xml_safe_or_none

CTOC_LIMIT = 255  # entries one CTOC frame can list (a one-byte count)
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
    url: str | None = None  # the original article's address (ID3 WOAS)


def write_tags(path: Path, fmt: OutputFormat, tags: EpisodeTags, chapters: Sequence[Chapter],
               cover: Cover | None = None, lyrics: str | None = None) -> None:
    """Everything a player shows, in the container's own form (see the module docstring).

    Text is made XML-safe first (no control characters or lone surrogates): a title read
    from a hostile file must not end up in tags that break the feed built from them."""
    tags = EpisodeTags(**{k: xml_safe_or_none(v) if isinstance(v, str) else v
                          for k, v in vars(tags).items()})
    chapters = [replace(chapter, title=xml_safe(chapter.title)) for chapter in chapters]
    lyrics = xml_safe_or_none(lyrics)
    if fmt.tagger == "id3":
        write_mp3_tags(path, tags, chapters, cover, lyrics, wave=fmt.muxer == "wav")
    elif fmt.tagger == "mp4":
        write_mp4_tags(path, tags, cover, lyrics, audiobook=fmt.audiobook)
    else:
        write_vorbis_tags(path, tags, chapters, cover, lyrics)


class _ChaptersInTimeOrder(ID3):
    """ID3 that stores CHAP frames in time order.

    mutagen sorts the frames it writes by size, so CHAP frames came out in an arbitrary order
    (ffmpeg listed chapter 0 at 253 s) and players that take chapters in file order showed them
    scrambled. The other frames keep mutagen's order; the chapters follow them, by start time.
    This overrides mutagen's frame writer (ID3._write, with its save_frame): a mutagen that
    changes it fails tests/test_tags.py, which reads the frames back in file order."""

    def _write(self, config: Any) -> bytes:
        from mutagen.id3._tags import save_frame

        chapters = sorted(self.getall("CHAP"), key=lambda frame: (frame.start_time, frame.element_id))
        self.delall("CHAP")
        try:
            others = super()._write(config)
        finally:
            for frame in chapters:
                self.add(frame)
        return bytes(others) + b"".join(bytes(save_frame(frame, config=config)) for frame in chapters)


def write_mp3_tags(path: Path, tags: EpisodeTags, chapters: Sequence[Chapter],
                   cover: Cover | None = None, lyrics: str | None = None, wave: bool = False) -> None:
    id3 = _ChaptersInTimeOrder()
    id3.add(TIT2(encoding=TEXT_UTF8, text=[tags.title]))
    id3.add(TPE1(encoding=TEXT_UTF8, text=[tags.artist]))
    id3.add(TALB(encoding=TEXT_UTF8, text=[tags.album]))
    id3.add(TCON(encoding=TEXT_UTF8, text=[tags.genre]))
    id3.add(COMM(encoding=TEXT_UTF8, lang="eng", desc="", text=[tags.comment]))
    if tags.date:
        id3.add(TDRC(encoding=TEXT_UTF8, text=[tags.date]))
    code = _language_code(tags)
    if code:
        id3.add(TLAN(encoding=TEXT_UTF8, text=[code]))
    if tags.encoder:
        id3.add(TSSE(encoding=TEXT_UTF8, text=[tags.encoder]))
    if tags.url:
        id3.add(WOAS(url=tags.url))
    add_chapters(id3, chapters)
    if cover is not None:
        id3.add(APIC(encoding=TEXT_UTF8, mime=cover.mime, type=PictureType.COVER_FRONT,
                     desc="Cover", data=cover.data))
    if lyrics:
        id3.add(USLT(encoding=TEXT_UTF8, lang=_language_code(tags) or "eng", desc="Transcript",
                     text=lyrics))
    if wave:
        from mutagen.wave import WAVE

        audio = WAVE(path)
        audio.add_tags()
        for frame in id3.values():
            audio.tags.add(frame)  # type: ignore[union-attr]
        audio.save(v2_version=3)
        return
    id3.save(path, v2_version=3)


def _language_code(tags: EpisodeTags) -> str | None:
    return ISO_639_2.get(tags.language.split("-")[0].lower()) if tags.language else None


def write_mp4_tags(path: Path, tags: EpisodeTags, cover: Cover | None, lyrics: str | None,
                   audiobook: bool = False) -> None:
    from mutagen.mp4 import MP4, MP4Cover

    audio = MP4(path)
    if audio.tags is None:
        audio.add_tags()
    values = {"\xa9nam": tags.title, "\xa9ART": tags.artist, "\xa9alb": tags.album,
              "\xa9gen": "Audiobook" if audiobook else tags.genre, "\xa9cmt": tags.comment,
              "\xa9too": tags.encoder, "\xa9day": tags.date, "\xa9lyr": lyrics}
    for key, value in values.items():
        if value:
            audio[key] = [value]
    if audiobook:
        audio["stik"] = [2]  # media kind: audiobook
    if cover is not None:
        kind = MP4Cover.FORMAT_PNG if cover.mime == "image/png" else MP4Cover.FORMAT_JPEG
        audio["covr"] = [MP4Cover(cover.data, imageformat=kind)]
    audio.save()


def vorbis_chapters(chapters: Sequence[Chapter]) -> dict[str, str]:
    """CHAPTER001=00:00:00.000, CHAPTER001NAME=Title, ... (numbered from 001)."""
    comments = {}
    for number, chapter in enumerate(chapters, 1):
        comments[f"CHAPTER{number:03d}"] = timestamp(chapter.start)
        comments[f"CHAPTER{number:03d}NAME"] = chapter.title
    return comments


def write_vorbis_tags(path: Path, tags: EpisodeTags, chapters: Sequence[Chapter],
                      cover: Cover | None, lyrics: str | None) -> None:
    import mutagen
    from mutagen.flac import FLAC, Picture

    audio = mutagen.File(path)
    if audio is None:
        raise ValueError(f"mutagen cannot read {path}")
    if audio.tags is None:
        audio.add_tags()
    values = {"TITLE": tags.title, "ARTIST": tags.artist, "ALBUM": tags.album, "GENRE": tags.genre,
              "COMMENT": tags.comment, "DATE": tags.date, "LANGUAGE": tags.language,
              "ENCODED-BY": tags.encoder, "LYRICS": lyrics, **vorbis_chapters(chapters)}
    for key, value in values.items():
        if value:
            audio[key] = [value]
    if cover is not None:
        picture = Picture()
        picture.type = PictureType.COVER_FRONT
        picture.mime = cover.mime
        picture.desc = "Cover"
        picture.width, picture.height, picture.depth = cover.width, cover.height, 24
        picture.data = cover.data
        if isinstance(audio, FLAC):
            audio.clear_pictures()
            audio.add_picture(picture)
        else:
            import base64

            audio["METADATA_BLOCK_PICTURE"] = [base64.b64encode(picture.write()).decode("ascii")]
    audio.save()


def add_chapters(id3: ID3, chapters: Sequence[Chapter]) -> None:
    """CHAP frames under one ordered top-level CTOC. A CTOC holds at most 255 entries, so a
    longer list (a book) is split into ordered sub-tables of contents under the top one."""
    ids = [f"chp{index}" for index in range(len(chapters))]
    for element_id, chapter in zip(ids, chapters):
        id3.add(CHAP(
            element_id=element_id,
            start_time=round(chapter.start * 1000),
            end_time=round(chapter.end * 1000),
            sub_frames=[TIT2(encoding=TEXT_UTF8, text=[chapter.title])],
        ))
    if not ids:
        return
    top = ids
    if len(ids) > CTOC_LIMIT:
        top = []
        for first in range(0, len(ids), CTOC_LIMIT):
            group = ids[first:first + CTOC_LIMIT]
            top.append(f"toc{len(top)}")
            title = f"Chapters {first + 1}-{first + len(group)}"
            id3.add(CTOC(element_id=top[-1], flags=CTOCFlags.ORDERED, child_element_ids=group,
                         sub_frames=[TIT2(encoding=TEXT_UTF8, text=[title])]))
    id3.add(CTOC(
        element_id="toc",
        flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED,
        child_element_ids=top,
        sub_frames=[TIT2(encoding=TEXT_UTF8, text=["Chapters"])],
    ))