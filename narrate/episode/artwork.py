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

    lines, font = _fit_title(draw, title or "Untitled", size - 2 * margin, size // 2,
                             ImageFont.load_default)
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


def _fit_title(draw, title: str, width: int, height: int, load_font):  # type: ignore[no-untyped-def]
    """The largest font size at which the wrapped title fits the box."""
    for font_size in range(width // 6, 20, -max(2, width // 200)):
        font = load_font(size=font_size)
        chars = max(6, int(width / (font_size * 0.55)))
        lines = textwrap.wrap(title, width=chars)[:6]
        if all(draw.textlength(line, font=font) <= width for line in lines) and \
                len(lines) * font_size * 1.15 <= height:
            return lines, font
    font = load_font(size=20)
    return textwrap.wrap(title, width=60)[:6], font
