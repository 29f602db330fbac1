"""narrate's version, and the installed version of any package (engines put them in cache keys)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__version__ = "0.1.0"


def package_version(name: str) -> str:
    """The installed version of distribution `name`, or 'unknown'."""
    try:
        return version(name)
    except PackageNotFoundError:
        return "unknown"
