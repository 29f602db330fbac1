"""Transcripts and chapters as sidecar files, from the episode's exact cue, word and chapter times.

- SRT: one cue per chunk (a few sentences), for players that show subtitles.
- WebVTT: one cue per sentence, with the time of every further word before it
  (`<00:00:01.250>word`, the karaoke form), which players that follow along highlight.
- JSON: the Podcasting 2.0 transcript (`{"version": "1.0.0", "segments": [...]}`), one
  segment per word.
- Plain text: the words, one paragraph per block; also embedded in the audio (ID3 USLT).

These are what Apple Podcasts, Pocket Casts and the apps that read the Podcasting 2.0
`<podcast:transcript>` tag take. A cue whose words are not known is written whole (a
sentence-level VTT cue, a JSON segment per cue). Chapters JSON follows the Podcasting 2.0
JSON chapters format (version 1.2.0).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from narrate.clock import timestamp
from narrate.episode.sidecars import CHAPTERS_SUFFIX, SIDECAR_SUFFIX, TRANSCRIPT_KINDS, sidecar_path
from narrate.model import Chapter, Chunk, Cue, Word
from narrate.text.sentences import split_sentences

CHAPTERS_VERSION = "1.2.0"
TRANSCRIPT_JSON_VERSION = "1.0.0"


def to_srt(cues: Sequence[Cue]) -> str:
    blocks = [f"{index}\n{timestamp(c.start, ',')} --> {timestamp(c.end, ',')}\n{c.text}\n"
              for index, c in enumerate(cues, 1)]
    return "\n".join(blocks)


def to_vtt(cues: Sequence[Cue]) -> str:
    """WebVTT: a cue per sentence where the words are known, each word after the first
    preceded by the time it is heard; a cue per chunk where they are not."""
    lines = [line for cue in cues for line in sentence_cues(cue)]
    blocks = [f"{index}\n{timestamp(c.start)} --> {timestamp(c.end)}\n{_karaoke(c)}\n"
              for index, c in enumerate(lines, 1)]
    return "WEBVTT\n\n" + "\n".join(blocks)


def sentence_cues(cue: Cue) -> list[Cue]:
    """The cue cut into its sentences, each with its own words and times (the cue itself when
    its words are not known, or do not fall into sentences word for word)."""
    if not cue.words:
        return [cue]
    sentences = split_sentences(cue.text)
    sizes = [len(sentence.split()) for sentence in sentences]
    if sum(sizes) != len(cue.words):
        sentences, sizes = [cue.text], [len(cue.words)]
    out, first = [], 0
    for sentence, size in zip(sentences, sizes):
        words = cue.words[first:first + size]
        first += size
        if words:
            out.append(Cue(start=words[0].start, end=max(words[-1].end, words[0].start), text=sentence,
                           words=words))
    return out


def _karaoke(cue: Cue) -> str:
    """The cue's text with a timestamp before each word that starts after the one before and
    before the cue ends (WebVTT wants them strictly between: the first word needs none)."""
    if not cue.words:
        return _vtt_text(cue.text)
    parts, last = [], cue.start
    for word in cue.words:
        text = _vtt_text(word.text)
        stamp = round(word.start, 3)
        if stamp > round(last, 3) and stamp < round(cue.end, 3):
            parts.append(f"<{timestamp(word.start)}>{text}")
            last = word.start
        else:
            parts.append(text)
    return " ".join(parts)


def to_json(cues: Sequence[Cue]) -> str:
    """The Podcasting 2.0 JSON transcript: a segment per word where the words are known, else
    one per cue; times in seconds to the millisecond."""
    segments = []
    for cue in cues:
        timed = cue.words or (Word(cue.start, cue.end, cue.text),)
        segments += [json.dumps({"startTime": round(word.start, 3), "endTime": round(word.end, 3),
                                 "body": word.text}, ensure_ascii=False) for word in timed]
    # one segment a line: a book's ten thousand words stay readable and small
    return ('{"version": ' + json.dumps(TRANSCRIPT_JSON_VERSION) + ', "segments": [\n'
            + ",\n".join(segments) + "\n]}\n")


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
    if kind == "json":
        return to_json(cues)
    if kind == "txt":
        return plain_text(chunks)
    raise ValueError(f"unknown transcript kind {kind!r}; use one of {', '.join(TRANSCRIPT_KINDS)}")
