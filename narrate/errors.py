"""One exception family: every expected failure is a NarrateError with a message a user can act on.

The CLI turns these into a single line and a non-zero exit; anything else is a bug.
"""

from __future__ import annotations


class NarrateError(Exception):
    """Base class: the message says what failed, the likely cause, and the fix."""


class InputError(NarrateError):
    """The input file is missing, unreadable, empty, binary or otherwise unusable."""


class VoiceError(NarrateError):
    """A voice preset or engine voice could not be found or is invalid."""


class LexiconError(NarrateError):
    """A pronunciation lexicon is missing, not valid TOML, or has a bad entry."""


class OptionError(NarrateError):
    """An option has a value narrate cannot use (a --skip pattern that is not a regex...)."""


class EngineError(NarrateError):
    """The speech engine could not start or failed to produce audio."""


class EncodeError(NarrateError):
    """ffmpeg could not be found or failed to encode the audio."""


class OutputError(NarrateError):
    """The output path cannot be written."""


class FeedError(NarrateError):
    """A podcast feed cannot be built or served: bad settings, artwork, URL or folder."""


class FetchError(NarrateError):
    """A web page or feed could not be fetched or is not what was expected (404, timeout, too large)."""
