"""Regular expressions written by users (--skip, a lexicon's [regex] table), run with a time limit.

Python's `re` cannot be interrupted: a pattern such as `(a+)+$` on a long line of a's
backtracks for longer than the age of the universe. The `regex` package (re-compatible
syntax, VERSION0) takes a timeout on every call, so such a pattern ends in one clear error
naming it instead of a run that never finishes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import regex

from narrate.errors import NarrateError, OptionError
from narrate.limits import REGEX_TIMEOUT_SECONDS, describe, hint


@dataclass(frozen=True)
class UserPattern:
    """A compiled user pattern, what it was called on the command line, and its error type."""

    source: str
    pattern: Any
    where: str
    error: type[NarrateError] = OptionError

    def search(self, text: str) -> bool:
        try:
            return self.pattern.search(text, timeout=float(REGEX_TIMEOUT_SECONDS)) is not None
        except TimeoutError:
            raise self._too_slow() from None

    def subn(self, replacement: str, text: str) -> tuple[str, int]:
        try:
            return self.pattern.subn(replacement, text, timeout=float(REGEX_TIMEOUT_SECONDS))
        except TimeoutError:
            raise self._too_slow() from None
        except (regex.error, IndexError) as exc:
            raise self.error(f"{self.where} {self.source!r}: its replacement is not valid ({exc})") from exc

    def _too_slow(self) -> NarrateError:
        return self.error(f"{self.where} {self.source!r} took longer than {describe(REGEX_TIMEOUT_SECONDS)}"
                          " on one paragraph (it backtracks without end): write it without nested "
                          f"repeats such as (a|a)+, or {hint(REGEX_TIMEOUT_SECONDS)}")


def compile_user(source: str, where: str, error: type[NarrateError] = OptionError) -> UserPattern:
    """Compile `source` (re syntax); a bad pattern is a one-line error naming it and `where`."""
    try:
        return UserPattern(source, regex.compile(source, regex.VERSION0), where, error)
    except (regex.error, TypeError, ValueError, OverflowError, RecursionError) as exc:
        raise error(f"{where} {source!r} is not a valid regular expression ({exc})") from exc
