"""`narrate voices get NAME [--from PATH]`: install neural voices once, with a progress bar."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click


@click.command("get", context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("name")
@click.option("--from", "source", type=click.Path(exists=True, path_type=Path),
              help="Install from files you have: the kokoro-js npm tarball, a .tar/.zip of voices, "
                   "or a folder (for Piper: the folder with NAME.onnx and NAME.onnx.json).")
@click.option("--voice", "voices", multiple=True, metavar="ID",
              help="Only these Kokoro voices (repeatable; default: all 54).")
def get(name: str, source: Path | None, voices: tuple[str, ...]) -> None:
    """Download voices into the user data folder: 'kokoro' (model and voices) or a Piper voice id.

    \b
    Examples:
      narrate voices get kokoro
      narrate voices get kokoro --from kokoro-js-1.2.1.tgz
      narrate voices get en_GB-alba-medium
    """
    from narrate.voice.install import get_kokoro, get_piper

    bar: dict[str, Any] = {}

    def announce(file_name: str) -> None:
        _close(bar)
        bar["label"] = file_name

    def progress(done: int, total: int | None) -> None:
        if "bar" not in bar:
            bar["bar"] = click.progressbar(length=total or 0, label=f"  {bar.get('label', '')}",
                                           file=sys.stderr, show_pos=False)
            bar["bar"].__enter__()
            bar["done"] = 0
        bar["bar"].update(done - bar["done"])
        bar["done"] = done

    try:
        if name == "kokoro":
            installed = get_kokoro(source, list(voices) or None, progress, announce)
        else:
            installed = get_piper(name, source, progress, announce)
    finally:
        _close(bar)
    if installed.added:
        click.echo(f"{installed.what}: installed {', '.join(installed.added)} in {installed.folder}")
    if installed.present and not installed.added:
        click.echo(f"{installed.what}: already installed in {installed.folder}")
    if name == "kokoro":
        _prepare_kokoro()


def _prepare_kokoro() -> None:
    """Build Kokoro's faster model now, so that the first narration does not wait for it."""
    from narrate.errors import EngineError
    from narrate.voice.engines.kokoro import model_for
    from narrate.voice.engines.onnx import cuda_available

    try:
        model_for("cuda" if cuda_available() else "cpu")
    except EngineError as exc:  # onnxruntime missing: narrate says so when it is used
        click.echo(f"note: {exc}", err=True)


def _close(bar: dict[str, Any]) -> None:
    if "bar" in bar:
        bar.pop("bar").__exit__(None, None, None)
