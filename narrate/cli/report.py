"""Human- and machine-readable descriptions of scripts and episodes (no I/O here)."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from narrate.clock import clock
from narrate.model import Episode, Script
from narrate.run.batch import BatchReport, failure_line
from narrate.episode.timeline import estimated_speech, plan_chapters, start_times
from narrate.voice.presets import VoicePreset

if TYPE_CHECKING:
    from narrate.synthesis.cache import CacheInfo


def plural(count: int, noun: str) -> str:
    """'1 chapter', '2 chapters', '0 chapters'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def human_size(size: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024  # type: ignore[assignment]
    raise AssertionError("unreachable")


def describe_script(script: Script, voice: VoicePreset) -> dict[str, Any]:
    """The script as data, with estimated times: what `narrate inspect --json` prints."""
    speech = [estimated_speech(chunk.text, voice.rate) for chunk in script.chunks]
    pauses = [chunk.pause_after for chunk in script.chunks]
    starts = start_times(speech, pauses)
    total = sum(speech) + sum(pauses)
    document = script.document
    return {
        "title": document.title,
        "author": document.author,
        "date": document.date,
        "source": document.source,
        "language": document.language,  # declared or detected; null: too little text to tell
        "voice": {"name": voice.name, "engine": voice.engine, "voice": voice.voice,
                  "language": voice.language, "rate": voice.rate, "volume": voice.volume, **asdict(voice.settings)},
        "estimated_duration": round(total, 2),
        "times": "estimated",  # from word counts; the file's own come from the audio itself
        "chapters": [{"title": c.title, "start": round(c.start, 2)}
                     for c in plan_chapters(script.chunks, starts, total)],
        "voices": [_voice_info(voice), *(_voice_info(other, language) for language, other in voice.others)],
        "chunks": [
            {"index": index, "kind": chunk.kind.value, "text": chunk.text, "display": chunk.display,
             "pause_after": chunk.pause_after, "paragraph": chunk.paragraph,
             "start": round(start, 2), "estimated_duration": round(spoken, 2),
             "lexicon": list(chunk.lexicon),
             "language": chunk.language or document.language,
             "voice": voice.for_language(chunk.language).name}
            for index, (chunk, start, spoken) in enumerate(zip(script.chunks, starts, speech))
        ],
        "lexicon_applied": _lexicon_counts(script),
        "warnings": list(document.warnings),
    }


def _voice_info(voice: VoicePreset, language: str | None = None) -> dict[str, Any]:
    """A voice of the episode: its name, engine and engine voice, and the language it reads
    (null: the document's)."""
    return {"name": voice.name, "engine": voice.engine, "voice": voice.voice, "language": voice.language,
            "reads": language}


def _lexicon_counts(script: Script) -> dict[str, int]:
    """How many chunks each lexicon entry changed."""
    counts: dict[str, int] = {}
    for chunk in script.chunks:
        for entry in chunk.lexicon:
            counts[entry] = counts.get(entry, 0) + 1
    return counts


def format_script(info: dict[str, Any]) -> str:
    lines = [
        f"Title:     {info['title']}",
        f"Voice:     {info['voice']['name']} ({info['voice']['voice']}, {info['voice']['rate']} wpm)",
        f"Duration:  about {clock(info['estimated_duration'])} "
        f"({plural(len(info['chunks']), 'chunk')}, {plural(len(info['chapters']), 'chapter')})",
    ]
    if info["author"]:
        lines.insert(1, f"Author:    {info['author']}")
    lines.append("")
    lines.append(f"Chapters (times estimated at {info['voice']['rate']} words a minute; "
                 "the file's come from its audio):")
    lines += [f"  {clock(c['start']):>8}  {c['title']}" for c in info["chapters"]]
    lines.append("")
    lines.append("Script (estimated start, what will be spoken, then the pause after it):")
    for chunk in info["chunks"]:
        lines.append(f"  {clock(chunk['start']):>8}  [{chunk['kind']}] {chunk['text']}"
                     f"  <{chunk['pause_after']:.2f}s>")
        if _words_differ(chunk["text"], chunk["display"]):
            lines.append(f"  {'':>8}  (written: {chunk['display']})")
        if chunk.get("lexicon"):
            lines.append(f"  {'':>8}  (lexicon: {'; '.join(chunk['lexicon'])})")
        if chunk.get("voice") and chunk["voice"] != info["voice"]["name"]:
            lines.append(f"  {'':>8}  (in {chunk['language']}, read by {chunk['voice']})")
    return "\n".join(lines)


def _words_differ(spoken: str, written: str) -> bool:
    """True when normalisation or the lexicon changed words, not just punctuation or spaces."""
    import re

    return re.sub(r"\W+", "", spoken).casefold() != re.sub(r"\W+", "", written).casefold()


def summary_line(episode: Episode) -> str:
    return (f"{episode.path}: {clock(episode.duration)}, {plural(len(episode.chapters), 'chapter')}, "
            f"{plural(episode.chunks, 'chunk')}, {human_size(episode.size)}, made in {episode.elapsed:.1f} s")


def summary_table(report: BatchReport) -> str:
    """The lines printed at the end of a batch."""
    def files(n: int) -> str:
        return plural(n, "file")

    lines = [
        f"  done     {files(report.count('done')):>10}   {clock(report.audio)} of audio",
        f"  skipped  {files(report.count('skipped')):>10}   (up to date)",
        f"  failed   {files(report.count('failed')):>10}",
        f"  total    {files(len(report.results)):>10}   in {report.elapsed:.1f} s "
        f"({plural(report.synthesised, 'chunk')} synthesised, {report.reused} from the cache)",
    ]
    failures = [f"  {failure_line(r)}" for r in report.results if r.status == "failed"]
    if failures:
        lines += ["failed:", *failures]
    return "\n".join(lines)


def cache_report(info: CacheInfo) -> list[str]:
    """`narrate cache info`: where, how full, and each document's part, most recent first."""
    from datetime import datetime

    lines = [f"path:     {info.path}", f"entries:  {info.entries}",
             f"size:     {human_size(info.size)} of {human_size(info.max_size)}"]
    if not info.documents and not info.unowned:
        return lines
    lines.append(f"documents: {len(info.documents)}, most recently used first (evicted last; when others "
                 f"need the room, one document keeps at most {human_size(info.share)})")
    if info.documents:
        lines.append(f"  {'last used':<16}  {'size':>9}  {'chunks':>13}  document")
    for doc in info.documents:
        when = datetime.fromtimestamp(doc.used).strftime("%Y-%m-%d %H:%M")
        held = f"{doc.chunks:,}/{doc.total_chunks:,}"
        title = doc.title if len(doc.title) <= 60 else doc.title[:59] + "\u2026"
        name = f"{title} ({doc.source})" if doc.source and doc.source != doc.title else title
        lines.append(f"  {when:<16}  {human_size(doc.size):>9}  {held:>13}  {name}")
    if info.unowned:
        lines.append(f"  not from any recorded document: {human_size(info.unowned)} (evicted first)")
    return lines
