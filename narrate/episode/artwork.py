"""Generated cover art: a clean square image from a title and a subtitle.

Podcast apps want square artwork of at least 1400x1400 px (Apple's minimum; 3000 is the
maximum). Every episode and feed gets one even when the user supplies none. Colours are
derived from the title, so different articles look different but the same article always
gets the same cover.
"""

from __future__ import annotations

import colorsys
import hashlib
import io
import textwrap

DEFAULT_SIZE = 1400
MIN_SIZE = 1400
MAX_SIZE = 3000
MAX_TITLE_LINES = 8
MIN_TITLE_FONT = 20


def palette(seed: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """A dark background and a lighter accent, stable for a given seed."""
    hue = int(hashlib.sha256(seed.encode("utf-8")).hexdigest()[:4], 16) / 0xFFFF
    dark = colorsys.hls_to_rgb(hue, 0.22, 0.45)
    light = colorsys.hls_to_rgb((hue + 0.08) % 1.0, 0.62, 0.55)
    return tuple(round(c * 255) for c in dark), tuple(round(c * 255) for c in light)  # type: ignore[return-value]


def generate_cover(title: str, subtitle: str = "", size: int = DEFAULT_SIZE, fmt: str = "PNG") -> bytes:
    """Render `title` (wrapped, large) and `subtitle` (small) on a square; return image bytes."""
    from PIL import Image, ImageDraw, ImageFont

    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"cover size must be {MIN_SIZE}-{MAX_SIZE} px, not {size}")
    background, accent = palette(title)
    image = Image.new("RGB", (size, size), background)
    draw = ImageDraw.Draw(image)
    margin = size // 12
    bar = size // 60
    draw.rectangle([margin, margin, margin + size // 5, margin + bar], fill=accent)

    lines, font = title_layout(draw, title or "Untitled", size - 2 * margin, size // 2, ImageFont.load_default)
    y = margin + 3 * bar
    for line in lines:
        draw.text((margin, y), line, font=font, fill=(255, 255, 255))
        y += int(font.size * 1.15)

    if subtitle:
        small = ImageFont.load_default(size=max(24, size // 28))
        text = textwrap.shorten(subtitle, width=60, placeholder="\u2026")
        draw.text((margin, size - margin - small.size), text, font=small, fill=accent)
        draw.text((margin, size - margin - 2.4 * small.size), "narrate", font=small, fill=(200, 200, 200))
    out = io.BytesIO()
    image.save(out, format=fmt, optimize=True) if fmt == "PNG" else image.save(out, format=fmt, quality=90)
    return out.getvalue()


def title_lines(title: str, size: int = DEFAULT_SIZE) -> tuple[list[str], int, int]:
    """How a cover of `size` px sets `title`: its lines, the font size and the line width."""
    from PIL import Image, ImageDraw, ImageFont

    width = size - 2 * (size // 12)
    lines, font = title_layout(ImageDraw.Draw(Image.new("RGB", (8, 8))), title or "Untitled", width, size // 2,
                               ImageFont.load_default)
    return lines, int(font.size), width


def title_layout(draw, title: str, width: int, height: int, load_font):  # type: ignore[no-untyped-def]
    """The title's lines and font: the largest size at which it wraps at word boundaries into
    the box. A word too wide for a line shrinks the font instead of being broken; only one
    too wide even at the smallest size is cut, after a hyphen, slash, dot or underscore where
    it has one. A title too long for MAX_TITLE_LINES at the smallest size ends with an
    ellipsis at a word boundary."""
    words = title.split() or ["Untitled"]
    smallest = max(MIN_TITLE_FONT, width // 24)
    for font_size in range(max(smallest, width // 6), smallest - 1, -max(2, width // 200)):
        font = load_font(size=font_size)
        lines = _wrap(draw, words, font, width)
        if lines is not None and len(lines) <= MAX_TITLE_LINES and len(lines) * font_size * 1.15 <= height:
            return lines, font
    font = load_font(size=smallest)
    lines = _wrap(draw, words, font, width, cut=True) or []
    if len(lines) > MAX_TITLE_LINES:
        lines = lines[:MAX_TITLE_LINES]
        last = lines[-1].split()
        while last and draw.textlength(" ".join(last) + "\u2026", font=font) > width:
            last.pop()
        lines[-1] = " ".join(last) + "\u2026"
    return lines, font


def _wrap(draw, words: list[str], font, width: int, cut: bool = False) -> list[str] | None:  # type: ignore[no-untyped-def]
    """Greedy wrapping at spaces; a word wider than `width` makes it None, or with `cut`
    goes in pieces (narrate.episode.artwork._cut) on lines of their own."""
    lines: list[str] = []
    for word in words:
        if draw.textlength(word, font=font) > width:
            if not cut:
                return None
            *whole, word = _cut(draw, word, font, width)
            lines += whole  # the last piece may share its line with the next words
            lines.append(word)
            continue
        if lines and draw.textlength(lines[-1] + " " + word, font=font) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _cut(draw, word: str, font, width: int) -> list[str]:  # type: ignore[no-untyped-def]
    """A word too wide for one line, in pieces that fit: after -, /, . or _ where possible."""
    pieces = []
    while draw.textlength(word, font=font) > width:
        end = len(word)
        while end > 1 and draw.textlength(word[:end], font=font) > width:
            end -= 1
        breaks = [i + 1 for i in range(1, end) if word[i] in "-/._"]
        end = breaks[-1] if breaks and breaks[-1] > end // 2 else end
        pieces.append(word[:end])
        word = word[end:]
    return [*pieces, word] if word else pieces
