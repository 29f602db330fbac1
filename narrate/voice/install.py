"""`narrate voices get`: install Kokoro's model and voices, or a Piper voice, once.

From their public hosts (resumed, checked) or, with `--from PATH`, from files a user already
has: a `kokoro-js` npm package tarball, any .tar/.zip holding the .bin voices, or a folder of
them. Every voice is checked against its known sha256 before it is put in place.
"""

from __future__ import annotations

import json
import os
import shutil
import tarfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from narrate.fileio import atomic_path
from narrate.voice import kokoro_assets as assets
from narrate.voice.download import DownloadError, Expected, Progress, fetch

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
              Expected("sha256", assets.MODEL_SHA256), progress, _OFFLINE)
    added = []
    base = _url(KOKORO_VOICES_URL_ENV, KOKORO_VOICES_URL)
    for voice_id in wanted:
        if voice_id in present:
            continue
        announce(f"{voice_id}.bin")
        fetch(f"{base}/{voice_id}.bin", assets.voice_file(voice_id), Expected("sha256", known[voice_id]),
              progress, _OFFLINE)
        added.append(voice_id)
    return Installed("Kokoro voices", assets.voices_dir(), tuple(added), present)


def _kokoro_from(source: Path, wanted: list[str]) -> Installed:
    """Voices (and a model, if there is one) from a tarball, a zip or a folder."""
    if not source.exists():
        raise DownloadError(f"--from {source}: no such file or folder")
    known = assets.voice_checksums()
    added, present = [], []
    found_any = False
    for name, read in _members(source):
        path = PurePosixPath(name)
        if path.name == assets.MODEL_NAME and not assets.model_available():
            _install_bytes(read(), assets.kokoro_dir() / assets.MODEL_NAME, assets.MODEL_SHA256, source)
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
        _install_bytes(read(), target, known[path.stem], source)
        added.append(path.stem)
    if not found_any:
        raise DownloadError(f"--from {source}: no Kokoro voice files (.bin, such as af_heart.bin) in it; "
                            "give the kokoro-js package (npm pack kokoro-js@1.2.1), an archive or a folder of them")
    return Installed("Kokoro voices", assets.voices_dir(), tuple(sorted(added)), tuple(sorted(present)))


def _members(source: Path) -> Iterator[tuple[str, Callable[[], bytes]]]:
    """(name, read-all function) for each file in a folder, tarball or zip."""
    if source.is_dir():
        for path in sorted(source.rglob("*")):
            if path.is_file():
                yield path.relative_to(source).as_posix(), path.read_bytes
        return
    if tarfile.is_tarfile(source):
        with tarfile.open(source) as archive:
            for member in archive:
                if member.isfile():
                    yield member.name, (lambda m=member: archive.extractfile(m).read())
        return
    if zipfile.is_zipfile(source):
        with zipfile.ZipFile(source) as archive:
            for name in archive.namelist():
                if not name.endswith("/"):
                    yield name, (lambda n=name: archive.read(n))
        return
    raise DownloadError(f"--from {source}: not a folder, a tar archive or a zip archive")


def _install_bytes(data: bytes, target: Path, sha256: str, source: Path) -> None:
    import hashlib

    if hashlib.sha256(data).hexdigest() != sha256:
        raise DownloadError(f"--from {source}: {target.name} is not the file expected (checksum mismatch)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with atomic_path(target) as temporary:
        temporary.write_bytes(data)


def get_piper(voice_id: str, source: Path | None = None, progress: Progress | None = None,
              announce: Announce = lambda name: None) -> Installed:
    """A Piper voice (.onnx and .onnx.json) by id from Piper's voice list, or from a folder."""
    from narrate.voice.presets import user_voices_dir

    folder = user_voices_dir()
    names = (f"{voice_id}.onnx", f"{voice_id}.onnx.json")
    if all((folder / name).is_file() for name in names):
        return Installed(f"Piper voice {voice_id}", folder, (), (voice_id,))
    if source is not None:
        for name in names:
            if not (source / name).is_file():
                raise DownloadError(f"--from {source}: {name} is missing (a Piper voice is NAME.onnx with NAME.onnx.json)")
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            with atomic_path(folder / name) as temporary:
                shutil.copyfile(source / name, temporary)
        return Installed(f"Piper voice {voice_id}", folder, (voice_id,), ())
    base = _url(PIPER_VOICES_URL_ENV, PIPER_VOICES_URL)
    hint = f" Install from files instead: narrate voices get {voice_id} --from FOLDER"
    catalogue = assets.data_dir() / "piper-voices.json"
    catalogue.unlink(missing_ok=True)  # the list grows: always the current one
    fetch(f"{base}/voices.json", catalogue, None, None, hint)
    try:
        entry = json.loads(catalogue.read_text(encoding="utf-8")).get(voice_id)
    except ValueError as exc:
        catalogue.unlink(missing_ok=True)
        raise DownloadError(f"Piper's voice list from {base} is not valid JSON; run the command again") from exc
    if entry is None:
        raise DownloadError(f"Piper has no voice {voice_id!r} (its list: {base}/voices.json)")
    for path, info in entry.get("files", {}).items():
        name = PurePosixPath(path).name
        if name in names:
            announce(name)
            fetch(f"{base}/{path}", folder / name, Expected("md5", info["md5_digest"]), progress, hint)
    return Installed(f"Piper voice {voice_id}", folder, (voice_id,), ())
