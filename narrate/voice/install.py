"""`narrate voices get`: install Kokoro's model and voices, or a Piper voice, once.

From their public hosts (resumed, checked) or, with `--from PATH`, from files a user already
has: a `kokoro-js` npm package tarball, any .tar/.zip holding the .bin voices, or a folder of
them. Every voice is checked against its known sha256 before it is put in place.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import re
import shutil
import tarfile
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from narrate.fileio import atomic_path, check_regular_file, open_regular_file, read_regular_text
from narrate.limits import MAX_MODEL_BYTES, MAX_OPTION_FILE_BYTES, megabytes
from narrate.voice import kokoro_assets as assets
from narrate.voice.archive import Member, members
from narrate.voice.download import DownloadError, Expected, Progress, fetch

_BLOCK = 1 << 16

KOKORO_VOICES_URL_ENV = "NARRATE_KOKORO_VOICES_URL"
KOKORO_MODEL_URL_ENV = "NARRATE_KOKORO_MODEL_URL"
PIPER_VOICES_URL_ENV = "NARRATE_PIPER_VOICES_URL"
KOKORO_VOICES_URL = "https://huggingface.co/onnx-community/Kokoro-82M-v1.0-ONNX/resolve/main/voices"
KOKORO_MODEL_URL = ("https://github.com/thewh1teagle/kokoro-onnx/releases/download/"
                    "model-files-v1.0/kokoro-v1.0.int8.onnx")
PIPER_VOICES_URL = "https://huggingface.co/rhasspy/piper-voices/resolve/main"
_OFFLINE = " Install from files instead: narrate voices get kokoro --from kokoro-js-1.2.1.tgz"


@dataclass(frozen=True)
class Installed:
    """What one `voices get` put in place (and what was already there)."""

    what: str
    folder: Path
    added: tuple[str, ...]
    present: tuple[str, ...]


def _url(env: str, default: str) -> str:
    return os.environ.get(env, default).rstrip("/")


Announce = Callable[[str], None]
"""Told the name of each file before it is fetched (for a progress bar's label)."""


def get_kokoro(source: Path | None = None, voices: list[str] | None = None,
               progress: Progress | None = None, announce: Announce = lambda name: None) -> Installed:
    """Model (unless the PyPI parts supply it) and voices, from their hosts or from `source`."""
    known = assets.voice_checksums()
    wanted = voices or sorted(known)
    unknown = [v for v in wanted if v not in known]
    if unknown:
        raise DownloadError(f"Kokoro has no voice {unknown[0]!r}; its voices are {', '.join(sorted(known))}")
    if source is not None:
        return _kokoro_from(source, wanted)
    present = tuple(v for v in wanted if v in assets.installed_voices())
    if not assets.model_available():
        announce(assets.MODEL_NAME)
        fetch(_url(KOKORO_MODEL_URL_ENV, KOKORO_MODEL_URL), assets.kokoro_dir() / assets.MODEL_NAME,
              Expected("sha256", assets.MODEL_SHA256, assets.MODEL_SIZE), progress, _OFFLINE)
    added = []
    base = _url(KOKORO_VOICES_URL_ENV, KOKORO_VOICES_URL)
    for voice_id in wanted:
        if voice_id in present:
            continue
        announce(f"{voice_id}.bin")
        fetch(f"{base}/{voice_id}.bin", assets.voice_file(voice_id),
              Expected("sha256", known[voice_id], assets.VOICE_SIZE), progress, _OFFLINE)
        added.append(voice_id)
    return Installed("Kokoro voices", assets.voices_dir(), tuple(added), present)


def _kokoro_from(source: Path, wanted: list[str]) -> Installed:
    """Voices (and a model, if there is one) from a tarball, a zip or a folder, member by member."""
    if not source.exists() and not source.is_symlink():
        raise DownloadError(f"--from {source}: no such file or folder")
    known = assets.voice_checksums()
    added, present = [], []
    found_any = False
    for member in members(source):
        path = PurePosixPath(member.name)
        if path.name == assets.MODEL_NAME and not assets.model_available():
            _install_member(member, assets.kokoro_dir() / assets.MODEL_NAME, assets.MODEL_SHA256,
                            assets.MODEL_SIZE, source)
            continue
        if path.suffix != ".bin" or path.stem not in known:
            continue
        found_any = True
        if path.stem not in wanted:
            continue
        target = assets.voice_file(path.stem)
        if target.is_file() and assets.sha256_of(target) == known[path.stem]:
            present.append(path.stem)
            continue
        _install_member(member, target, known[path.stem], assets.VOICE_SIZE, source)
        added.append(path.stem)
    if not found_any:
        raise DownloadError(f"--from {source}: no Kokoro voice files (.bin, such as af_heart.bin) in it; "
                            "give the kokoro-js package (npm pack kokoro-js@1.2.1), an archive or a folder of them")
    return Installed("Kokoro voices", assets.voices_dir(), tuple(sorted(added)), tuple(sorted(present)))


def _install_member(member: Member, target: Path, sha256: str, size: int, source: Path) -> None:
    """Copy one member into place in blocks, checking its size before and its sha256 after."""
    mismatch = f"--from {source}: {target.name} is not the file expected"
    if member.size != size:
        raise DownloadError(f"{mismatch} ({member.size:,} bytes, not {size:,})")
    target.parent.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    with atomic_path(target) as temporary, temporary.open("wb") as out:
        copied = 0
        try:
            with member.open() as handle:
                while block := handle.read(min(_BLOCK, size + 1 - copied)):
                    copied += len(block)
                    if copied > size:
                        break
                    digest.update(block)
                    out.write(block)
        except (zipfile.BadZipFile, zlib.error, tarfile.TarError, EOFError, lzma.LZMAError) as exc:
            raise DownloadError(f"--from {source}: {member.name} is damaged ({exc})") from exc
        if copied != size or digest.hexdigest() != sha256:
            raise DownloadError(f"{mismatch} (checksum mismatch)")


def get_piper(voice_id: str, source: Path | None = None, progress: Progress | None = None,
              announce: Announce = lambda name: None) -> Installed:
    """A Piper voice (.onnx and .onnx.json) by id from Piper's voice list, or from a folder."""
    from narrate.voice.presets import user_voices_dir

    check_voice_id(voice_id)
    folder = user_voices_dir()
    names = (f"{voice_id}.onnx.json", f"{voice_id}.onnx")
    targets = [_inside(folder, name) for name in names]
    if all(target.is_file() for target in targets):
        return Installed(f"Piper voice {voice_id}", folder, (), (voice_id,))
    if source is not None:
        _piper_from(source, names, folder)
        return Installed(f"Piper voice {voice_id}", folder, (voice_id,), ())
    base = _url(PIPER_VOICES_URL_ENV, PIPER_VOICES_URL)
    hint = f" Install from files instead: narrate voices get {voice_id} --from FOLDER"
    catalogue = assets.data_dir() / "piper-voices.json"
    catalogue.unlink(missing_ok=True)  # the list grows: always the current one
    fetch(f"{base}/voices.json", catalogue, None, None, hint, max_bytes=_CATALOGUE_BYTES)
    try:
        listing = json.loads(catalogue.read_text(encoding="utf-8"))
    except ValueError as exc:
        catalogue.unlink(missing_ok=True)
        raise DownloadError(f"Piper's voice list from {base} is not valid JSON; run the command again") from exc
    files = piper_files(listing, voice_id, names, f"Piper's voice list from {base}")
    for name, target in zip(names, targets):  # the small config first: checked before the model comes
        path, size, md5 = files[name]
        announce(name)
        fetch(f"{base}/{path}", target, Expected("md5", md5, size), progress, hint)
        if target == targets[0]:
            _check_config(target, remove=True)
    return Installed(f"Piper voice {voice_id}", folder, (voice_id,), ())


_CATALOGUE_BYTES = 16 * 1024 * 1024  # Piper's voices.json is about 1 MB
_VOICE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,127}")
_PATH_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
_MD5 = re.compile(r"[0-9a-f]{32}")


def check_voice_id(voice_id: str) -> None:
    """A Piper voice id is a file name (letters, digits, _ and -): never a path."""
    if not _VOICE_ID.fullmatch(voice_id):
        raise DownloadError(f"{voice_id!r} is not a voice id: letters, digits, _ and - only, "
                            "such as en_GB-alba-medium (run 'narrate voices' to list them)")


def _inside(folder: Path, name: str) -> Path:
    """`folder / name`, refused if it would land anywhere but directly in `folder`."""
    target = folder / name
    if PurePosixPath(name).name != name or name in (".", "..") or target.parent != folder:
        raise DownloadError(f"{name!r} is not a file name in {folder}")
    return target


def piper_files(listing: Any, voice_id: str, names: tuple[str, ...], what: str) -> dict[str, tuple[str, int, str]]:
    """name -> (path, size, md5) of each of `names` in Piper's voices.json, checked: one
    clear line for a list that is not of the shape Piper publishes."""
    def bad(problem: str) -> DownloadError:
        return DownloadError(f"{what} is not usable ({problem}); run the command again later, or install "
                             f"from files: narrate voices get {voice_id} --from FOLDER")

    if not isinstance(listing, dict):
        raise bad("not a JSON object of voices")
    entry = listing.get(voice_id)
    if entry is None:
        raise DownloadError(f"Piper has no voice {voice_id!r} (its list: {what.split(' from ')[-1]}/voices.json)")
    if not isinstance(entry, dict) or not isinstance(entry.get("files"), dict):
        raise bad(f"{voice_id} has no table of files")
    found: dict[str, tuple[str, int, str]] = {}
    for path, info in entry["files"].items():
        name = PurePosixPath(path).name if isinstance(path, str) else None
        if name not in names:
            continue
        parts = path.split("/")
        if not all(_PATH_PART.fullmatch(part) and ".." not in part for part in parts):
            raise bad(f"{path!r} is not a path on its server")
        size = info.get("size_bytes") if isinstance(info, dict) else None
        md5 = info.get("md5_digest") if isinstance(info, dict) else None
        if not isinstance(size, int) or isinstance(size, bool) or not 0 < size <= megabytes(MAX_MODEL_BYTES):
            raise bad(f"{name} has no usable size_bytes")
        if not isinstance(md5, str) or not _MD5.fullmatch(md5):
            raise bad(f"{name} has no usable md5_digest")
        found[name] = (path, size, md5)
    missing = [name for name in names if name not in found]
    if missing:
        raise bad(f"{voice_id} lists no {missing[0]}")
    return found


def _piper_from(source: Path, names: tuple[str, ...], folder: Path) -> None:
    """Copy NAME.onnx.json and NAME.onnx from the folder `source`, both checked first."""
    if not source.is_dir():
        raise DownloadError(f"--from {source}: give the folder that holds {names[1]} and {names[0]}")
    for name in names:
        if not (source / name).exists():
            raise DownloadError(f"--from {source}: {name} is missing (a Piper voice is NAME.onnx with NAME.onnx.json)")
        check_regular_file(source / name, "--from", MAX_MODEL_BYTES, DownloadError)
    _check_config(source / names[0], remove=False)
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        with atomic_path(_inside(folder, name)) as temporary, \
                open_regular_file(source / name, "--from", MAX_MODEL_BYTES, DownloadError) as handle, \
                temporary.open("wb") as out:
            shutil.copyfileobj(handle, out, _BLOCK)


def _check_config(path: Path, remove: bool) -> None:
    """A Piper voice's NAME.onnx.json must be a JSON object; a bad download is removed."""
    text = read_regular_text(path, "Piper voice config", MAX_OPTION_FILE_BYTES, DownloadError)
    try:
        config = json.loads(text)
    except ValueError:
        config = None
    if not isinstance(config, dict):
        if remove:
            path.unlink(missing_ok=True)
        raise DownloadError(f"{path.name} is not a Piper voice config (a JSON object)")
