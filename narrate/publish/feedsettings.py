"""Feed settings that persist in the folder (DIR/.narrate-feed.toml).

`narrate feed DIR --base-url ... --title ...` once; later runs (and batch runs with --feed)
need no options. The file is small, hand-editable TOML; narrate writes it itself (only
strings and booleans), so no TOML writer dependency is needed.
"""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

from narrate.errors import FeedError
from narrate.fileio import write_text_atomic
from narrate.tomlfile import tomllib

SETTINGS_NAME = ".narrate-feed.toml"
# The Podcasting 2.0 namespace's UUID for podcast:guid (uuid5 of the feed URL).
PODCAST_GUID_NAMESPACE = uuid.UUID("ead4c236-bf58-58c6-a2c6-a6b28d128cb6")


@dataclass(frozen=True)
class FeedSettings:
    """What the channel says about itself; every field has a usable default."""

    base_url: str = ""
    """Where DIR is published; episode URLs are this plus each file's path."""
    title: str = ""
    """Channel title (default: the folder's name)."""
    description: str = "Articles narrated with narrate."
    author: str = "narrate"
    language: str = "en"
    category: str = "News"
    """An Apple Podcasts category, optionally 'Category/Subcategory'."""
    explicit: bool = False
    image: str = ""
    """Channel artwork, relative to DIR; empty means a generated cover."""
    guid: str = ""
    """podcast:guid, fixed on the first run so it never changes, even if the URL does."""

    @classmethod
    def from_dict(cls, data: dict[str, object], source: str) -> FeedSettings:
        known = {f.name: f for f in fields(cls)}
        values: dict[str, object] = {}
        for key, value in data.items():
            if key not in known:
                raise FeedError(f"{source}: unknown setting {key!r} (known: {', '.join(known)})")
            expected = bool if key == "explicit" else str
            if not isinstance(value, expected):
                raise FeedError(f"{source}: {key} must be a {expected.__name__}, not {value!r}")
            values[key] = value
        return cls(**values)  # type: ignore[arg-type]

    def to_toml(self) -> str:
        lines = ["# narrate feed settings: edit freely, or pass options to `narrate feed`."]
        for key, value in asdict(self).items():
            rendered = ("true" if value else "false") if isinstance(value, bool) else toml_string(value)
            lines.append(f"{key} = {rendered}")
        return "\n".join(lines) + "\n"


def toml_string(text: str) -> str:
    """A TOML basic string: escape backslash, quote and control characters."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def load_settings(folder: Path) -> FeedSettings:
    path = folder / SETTINGS_NAME
    if not path.is_file():
        return FeedSettings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise FeedError(f"{path}: cannot read the feed settings ({exc}); fix or delete the file") from exc
    return FeedSettings.from_dict(data, str(path))


def save_settings(folder: Path, settings: FeedSettings) -> None:
    write_text_atomic(folder / SETTINGS_NAME, settings.to_toml())


def merge(saved: FeedSettings, **overrides: object) -> FeedSettings:
    """`saved` with every override that is not None."""
    given = {key: value for key, value in overrides.items() if value is not None}
    if "base_url" in given:
        given["base_url"] = normalise_base_url(str(given["base_url"]))
    return replace(saved, **given)  # type: ignore[arg-type]


def normalise_base_url(url: str) -> str:
    """An absolute http(s) URL ending in '/', so relative paths join onto it."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise FeedError(f"base URL {url!r} must be absolute, like http://192.168.1.20:8000/ "
                        "or https://example.com/podcast/")
    if parts.query or parts.fragment:
        raise FeedError(f"base URL {url!r} must not have a query or fragment")
    # '/my pod/ü/' -> '/my%20pod/%C3%BC/': a feed's links must be valid URLs; '%' is kept,
    # so a path given already encoded is not encoded twice.
    path = quote(parts.path, safe="/%:@!$&'()*+,;=~")
    url = urlunsplit((parts.scheme, parts.netloc, path, "", ""))
    return url if url.endswith("/") else url + "/"


def podcast_guid(feed_url: str) -> str:
    """Podcasting 2.0's recipe: uuid5 of the feed URL without scheme and trailing slashes."""
    bare = feed_url.split("://", 1)[-1].rstrip("/")
    return str(uuid.uuid5(PODCAST_GUID_NAMESPACE, bare))
