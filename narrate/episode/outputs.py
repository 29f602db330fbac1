"""Every file a narration writes, and the rule that none of them is an input.

`narrate e.transcript.txt -o e.mp3 --transcript txt` would write e.transcript.txt over the
article it is reading; an -o that names the --intro or a lexicon would do the same. These
checks run before any synthesis. `is_own_output` lets a batch leave narrate's own
sidecars (transcripts, chapters, covers, manifests, feed files) alone when it scans a
folder, so a transcript is never narrated as an article on the next run.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from narrate.episode.manifest import manifest_path
from narrate.episode.options import transcript_kinds
from narrate.episode.sidecars import CHAPTERS_SUFFIX, OWN_SUFFIXES, SIDECAR_SUFFIX, sidecar_path
from narrate.errors import OutputError

if TYPE_CHECKING:
    from narrate.episode.pipeline import NarrateOptions

OWN_NAMES = ("feed.xml", "feed-cover.png", "feed-cover.jpg", ".narrate-feed.toml", ".narrate.run.lock")


def planned_outputs(out_path: Path, opts: NarrateOptions) -> list[Path]:
    """The audio, its manifest and the sidecars `opts` asks for."""
    paths = [out_path, manifest_path(out_path)]
    paths += [sidecar_path(out_path, SIDECAR_SUFFIX[kind]) for kind in transcript_kinds(opts)
              if kind in SIDECAR_SUFFIX]
    if opts.chapters_json:
        paths.append(sidecar_path(out_path, CHAPTERS_SUFFIX))
    return paths


def option_inputs(opts: NarrateOptions) -> list[Path]:
    """Files the options read: cover, intro, outro, lexicons."""
    lexicons = [opts.lexicon] if isinstance(opts.lexicon, (str, Path)) else list(opts.lexicon or ())
    return [Path(p) for p in (opts.cover, opts.intro, opts.outro, *lexicons) if p]


class Inputs:
    """The files a run reads, by resolved path and by inode (a hard link is the same file),
    so each output is checked against all of them in constant time (a batch of thousands)."""

    def __init__(self, paths: Iterable[str | Path]) -> None:
        self.by_path: dict[Path, Path] = {}
        self.by_inode: dict[tuple[int, int], Path] = {}
        for given in paths:
            if str(given) == "-":
                continue
            path = Path(given)
            with contextlib.suppress(OSError, RuntimeError):
                self.by_path.setdefault(path.resolve(), path)
            with contextlib.suppress(OSError):
                info = path.stat()
                self.by_inode.setdefault((info.st_dev, info.st_ino), path)

    def find(self, output: Path) -> Path | None:
        """The input `output` would overwrite, or None."""
        with contextlib.suppress(OSError, RuntimeError):
            found = self.by_path.get(output.resolve())
            if found is not None:
                return found
        try:
            info = output.stat()
        except OSError:
            return None
        return self.by_inode.get((info.st_dev, info.st_ino))

    def check(self, out_path: Path, opts: NarrateOptions) -> None:
        """Refuse a run whose audio or sidecars would be written over one of these inputs or
        the files its options read."""
        extra = Inputs(option_inputs(opts))
        for output in planned_outputs(out_path, opts):
            source = self.find(output) or extra.find(output)
            if source is not None:
                what = str(source) if str(source) == str(output) else f"{output} (the same file as {source})"
                raise OutputError(f"{what} is an input of this run and would be written over: "
                                  "narrate never overwrites its inputs; choose another -o")


def check_not_input(out_path: Path, opts: NarrateOptions, inputs: Iterable[str | Path]) -> None:
    """Refuse a run whose audio or sidecars would be written over one of its inputs."""
    Inputs(inputs).check(out_path, opts)


def is_own_output(path: Path) -> bool:
    """A file narrate writes (a transcript, chapters, cover, manifest or feed file), by name."""
    name = path.name.lower()
    return name in OWN_NAMES or name.endswith(OWN_SUFFIXES)
