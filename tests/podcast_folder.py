"""A small podcast folder made by the real pipeline, with the sidecars other features write.

Names have spaces, non-ASCII characters and '#', so URL building is exercised.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from mutagen.id3 import APIC, ID3

from narrate.episode.artwork import generate_cover
from narrate.episode.pipeline import narrate_file

FIRST = "Ünïcode café article.mp3"
SECOND = "sub dir/Second #2.mp3"
FIRST_TEXT = "Coffee in the morning\n\nThe first paragraph talks about coffee.\n\nThe second one is short.\n"
SECOND_TEXT = "Rain on Tuesday\n\nIt rained all day long.\n"


def narrate_text(folder: Path, rel: str, text: str) -> Path:
    out = folder / rel
    out.parent.mkdir(parents=True, exist_ok=True)
    source = out.with_suffix(".txt")
    source.write_text(text, encoding="utf-8")
    narrate_file(source, out, jobs=1)
    return out


def add_sidecars(audio: Path) -> None:
    """What the transcript, chapters, artwork and manifest features write beside an MP3."""
    stem = audio.stem
    audio.with_name(stem + ".narrate.json").write_text(json.dumps({
        "title": "Coffee in the morning", "author": "Ada Writer", "date": "2024-05-01T08:00:00+00:00",
        "description": "The first paragraph talks about coffee.", "source": audio.with_suffix(".txt").name,
    }), encoding="utf-8")
    audio.with_name(stem + ".chapters.json").write_text(json.dumps({
        "version": "1.2.0",
        "chapters": [{"startTime": 0, "title": "Coffee in the morning"}, {"startTime": 2.5, "title": "The second one"}],
    }), encoding="utf-8")
    audio.with_name(stem + ".srt").write_text("1\n00:00:00,000 --> 00:00:02,000\nCoffee in the morning\n",
                                              encoding="utf-8")
    audio.with_name(stem + ".vtt").write_text("WEBVTT\n\n00:00.000 --> 00:02.000\nCoffee in the morning\n",
                                              encoding="utf-8")
    audio.with_name(stem + ".transcript.json").write_text(json.dumps({
        "version": "1.0.0", "segments": [{"startTime": 0.1, "endTime": 0.5, "body": "Coffee"}]}), encoding="utf-8")
    audio.with_name(stem + ".transcript.txt").write_text(FIRST_TEXT, encoding="utf-8")
    tags = ID3(audio)
    tags.add(APIC(encoding=3, mime="image/jpeg", type=3, desc="Cover",
                  data=generate_cover("Coffee in the morning", fmt="JPEG")))
    tags.save(audio, v2_version=3)


def make_podcast(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    add_sidecars(narrate_text(folder, FIRST, FIRST_TEXT))
    narrate_text(folder, SECOND, SECOND_TEXT)
    return folder


def copy_podcast(template: Path, target: Path) -> Path:
    shutil.copytree(template, target, copy_function=shutil.copy2)
    return target
