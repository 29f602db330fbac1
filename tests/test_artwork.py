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
