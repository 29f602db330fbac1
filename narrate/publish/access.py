"""Who may read and who may add: the owner's token and the private feed's secret.

Both are made once with `secrets` (256 random bits each) and kept in one file in the user's
config folder (`~/.config/narrate/inbox-keys.json`), readable by the owner only (0600),
written atomically. The owner's token lets its holder add articles to `narrate serve
--inbox`; the feed secret only opens a `--private` feed, its episodes and its page, so a
podcast app (which may sync its subscriptions to a cloud) never holds the right to add.
Every comparison is constant-time (hmac.compare_digest).
"""

from __future__ import annotations

import base64
import binascii
import hmac
import json
import os
import secrets
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from narrate.errors import OptionError

KEYS_NAME = "inbox-keys.json"
TOKEN_BYTES = 32


def keys_path() -> Path:
    """Where the keys live: the user's config folder (XDG_CONFIG_HOME on Linux)."""
    from platformdirs import user_config_path

    return user_config_path("narrate") / KEYS_NAME


def new_secret() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Keys:
    token: str  # the owner's: adds articles (Bearer, the login cookie's key)
    feed_secret: str  # the private feed's: reads only
    path: Path

    def is_token(self, given: str | None) -> bool:
        return same(given, self.token)

    def rotated(self, token: bool = False, feed_secret: bool = False) -> Keys:
        """New keys (saved): the old token or feed secret stops working at once."""
        keys = replace(self, token=new_secret() if token else self.token,
                       feed_secret=new_secret() if feed_secret else self.feed_secret)
        _save(keys)
        return keys


def same(given: str | None, expected: str) -> bool:
    """A constant-time comparison that never raises (a non-ASCII header, a missing value)."""
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), expected.encode("utf-8"))


def load_keys(path: Path | None = None) -> Keys:
    """The keys, made and saved on first use; a file others can read is made private again."""
    path = path or keys_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        keys = Keys(new_secret(), new_secret(), path)
        _save(keys)
        return keys
    except OSError as exc:
        raise OptionError(f"cannot read the inbox keys {path}: {exc.strerror}") from exc
    try:
        data = json.loads(raw)
        keys = Keys(str(data["token"]), str(data["feed_secret"]), path)
    except (ValueError, KeyError, TypeError):
        raise OptionError(f"{path} is not narrate's key file: delete it to make new keys "
                          "(the old login links, cookies and private feed URLs stop working)") from None
    if len(keys.token) < 16 or len(keys.feed_secret) < 16:
        raise OptionError(f"{path} holds a key shorter than 16 characters: delete it to make new keys")
    if os.stat(path).st_mode & 0o077:
        os.chmod(path, 0o600)
    return keys


def _save(keys: Keys) -> None:
    """Atomically, 0600 from the start (mkstemp), in a folder made 0700 if new."""
    folder = keys.path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd, temp = tempfile.mkstemp(prefix=".inbox-keys.", suffix=".partial", dir=folder)
    except OSError as exc:
        raise OptionError(f"cannot write the inbox keys in {folder}: {exc.strerror}") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump({"token": keys.token, "feed_secret": keys.feed_secret}, handle)
            handle.write("\n")
        os.replace(temp, keys.path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def basic_password(header: str | None) -> str | None:
    """The password of an `Authorization: Basic` header (any user name), else None."""
    if not header:
        return None
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return decoded.partition(":")[2] or None


def bearer(header: str | None) -> str | None:
    """The token of an `Authorization: Bearer` header, else None."""
    if not header:
        return None
    scheme, _, value = header.strip().partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None
