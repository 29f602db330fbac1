"""narrate: offline article-to-audio with chapters, for podcast apps.

The public surface is small: `narrate_file` does what the `narrate FILE` command does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from narrate.version import __version__
__all__ = ["narrate_file", "__version__"]

if TYPE_CHECKING:
    from narrate.model import Episode


def narrate_file(source: Any, out: Any = None, **options: Any) -> Episode:
    """Narrate one document to an MP3; see narrate.episode.pipeline.narrate_file."""
    from narrate.episode.pipeline import narrate_file as _narrate_file

    return _narrate_file(source, out, **options)
