import io

import pytest
from PIL import Image

from narrate.episode.artwork import generate_cover


def test_cover_is_square_podcast_size_and_stable():
    data = generate_cover("A Long Title About Something That Matters Quite a Lot", "from notes.md")
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (1400, 1400)
    assert data == generate_cover("A Long Title About Something That Matters Quite a Lot", "from notes.md")
    assert data != generate_cover("Another title", "from notes.md")
    # the title is drawn: the image is not one flat colour
    assert len(set(image.convert("L").tobytes())) > 10


def test_jpeg_and_size_limits():
    assert Image.open(io.BytesIO(generate_cover("T", size=3000, fmt="JPEG"))).size == (3000, 3000)
    with pytest.raises(ValueError):
        generate_cover("T", size=500)


def _fits(lines: list[str], font_size: int, width: int) -> bool:
    from PIL import Image, ImageDraw, ImageFont

    draw, font = ImageDraw.Draw(Image.new("RGB", (8, 8))), ImageFont.load_default(size=font_size)
    return all(draw.textlength(line, font=font) <= width for line in lines)


@pytest.mark.parametrize("title", [
    "Appropriate Uses For SQLite",  # the title whose cover read "Appropriat / e Uses For SQLite"
    "Internationalisation and Localisation Considerations for Supercalifragilistic Applications",
    "Antidisestablishmentarianism",
    "Git User Manual: Repositories and Branches, Exploring Git History, Developing with Git",
])
def test_cover_titles_wrap_at_word_boundaries(title):
    from narrate.episode.artwork import title_lines

    lines, font_size, width = title_lines(title)
    assert [line.split() for line in lines] == _split_as(title.split(), lines)
    assert " ".join(lines) == title and _fits(lines, font_size, width)


def _split_as(words: list[str], lines: list[str]) -> list[list[str]]:
    """`words` in runs as long as `lines`: equal only if no line starts or ends inside a word."""
    runs, at = [], 0
    for line in lines:
        count = len(line.split())
        runs.append(words[at:at + count])
        at += count
    return runs


def test_a_long_word_shrinks_the_font_rather_than_breaking():
    from narrate.episode.artwork import title_lines

    short, short_size, _ = title_lines("Antidisestablishment")
    longer, longer_size, width = title_lines("Antidisestablishmentarianism")
    assert longer == ["Antidisestablishmentarianism"] and longer_size < short_size
    assert _fits(longer, longer_size, width)


def test_a_word_too_wide_at_any_size_is_cut_where_it_can_be_and_a_long_title_ends_with_an_ellipsis():
    from narrate.episode.artwork import MAX_TITLE_LINES, title_lines

    path = "git-credential-libsecret/contrib/credential/helpers-documentation-overview-and-configuration"
    lines, font_size, width = title_lines(path)
    assert "".join(lines) == path and len(lines) > 1 and _fits(lines, font_size, width)
    assert all(line[-1] in "-/._" for line in lines[:-1])  # cut after a separator, not mid-word
    title = " ".join(["Handbook chapter"] * 80)
    lines, font_size, width = title_lines(title)
    assert len(lines) == MAX_TITLE_LINES and lines[-1].endswith("\u2026") and _fits(lines, font_size, width)
    assert title.startswith(" ".join(lines)[:-1].rstrip())
