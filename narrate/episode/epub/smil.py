"""EPUB 3 Media Overlay documents (SMIL 3.0): which fragment of a page is heard when.

One SMIL document per narrated page, one `<par>` per word or sentence: the fragment
(`page.xhtml#w12`) and its clip of the chapter's audio. Clips follow each other without a gap
from the start of the audio to its end, so a reading system plays all of it (the pause after
a sentence belongs to that sentence; what is heard before the first marked word, a title no
page prints, to the first clip). Times are whole milliseconds, so the durations in the package
add up exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SMIL = "http://www.w3.org/ns/SMIL"
OPS = "http://www.idpf.org/2007/ops"


@dataclass(frozen=True)
class Clip:
    """A fragment of the page (its id) heard from `begin` to `end`, in milliseconds."""

    fragment: str
    begin: int
    end: int


def clock(milliseconds: int) -> str:
    """A SMIL full clock value: 0:01:02.345."""
    seconds, millis = divmod(max(0, milliseconds), 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}.{millis:03d}"


def contiguous(starts: Sequence[tuple[str, float]], duration: float) -> list[Clip]:
    """Clips for fragments heard from each start (seconds, in order) until the next, the
    first from 0 and the last until `duration`; a fragment with no time of its own (the
    same millisecond as the next) gets no clip."""
    total = round(duration * 1000)
    times = [min(max(0, round(start * 1000)), total) for _, start in starts]
    if times:
        times[0] = 0
    clips = []
    for index, (fragment, _) in enumerate(starts):
        begin = times[index]
        end = times[index + 1] if index + 1 < len(times) else total
        if end > begin:
            clips.append(Clip(fragment, begin, end))
    return clips


def smil_document(page_href: str, audio_href: str, clips: Sequence[Clip]) -> bytes:
    """The overlay of one page: hrefs are relative to the SMIL document itself."""
    from lxml import etree

    root = etree.Element(f"{{{SMIL}}}smil", nsmap={None: SMIL, "epub": OPS}, version="3.0")
    body = etree.SubElement(root, f"{{{SMIL}}}body")
    for number, clip in enumerate(clips, 1):
        par = etree.SubElement(body, f"{{{SMIL}}}par", id=f"par{number}")
        etree.SubElement(par, f"{{{SMIL}}}text", src=f"{page_href}#{clip.fragment}")
        etree.SubElement(par, f"{{{SMIL}}}audio", src=audio_href, clipBegin=clock(clip.begin), clipEnd=clock(clip.end))
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)


def overlay_duration(clips: Sequence[Clip]) -> int:
    """Milliseconds the overlay plays: the sum of its clips."""
    return sum(clip.end - clip.begin for clip in clips)
