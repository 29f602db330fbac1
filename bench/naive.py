"""The naive design, as a baseline for bench/run.py: pyttsx3 `save_to_file` per paragraph to
a WAV file, pydub AudioSegments joined with `+` plus silences, pydub MP3 export.

Usage: python bench/naive.py INPUT.txt OUTPUT.mp3
"""

from __future__ import annotations

import ctypes
import os
import sys
import tempfile
import warnings
from pathlib import Path


def paragraphs(text: str) -> list[str]:
    return [" ".join(block.split()) for block in text.split("\n\n") if block.strip()]


def main(source: str, output: str) -> None:
    import espeakng_loader  # the same eSpeak NG that narrate uses
    import imageio_ffmpeg

    ctypes.CDLL(espeakng_loader.get_library_path(), mode=ctypes.RTLD_GLOBAL)
    os.environ.setdefault("ESPEAK_DATA_PATH", espeakng_loader.get_data_path())
    import pyttsx3

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pydub import AudioSegment
    AudioSegment.converter = imageio_ffmpeg.get_ffmpeg_exe()

    engine = pyttsx3.init("espeak")
    engine.setProperty("rate", 175)
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for index, paragraph in enumerate(paragraphs(Path(source).read_text(encoding="utf-8"))):
            wav = Path(folder) / f"{index:05d}.wav"
            engine.save_to_file(paragraph, str(wav))
            engine.runAndWait()
            files.append(wav)
        episode = AudioSegment.empty()
        for wav in files:
            if wav.exists():  # pyttsx3 may drop an utterance; the naive design does not notice
                episode = episode + AudioSegment.from_wav(wav) + AudioSegment.silent(700, frame_rate=22050)
        episode.export(output, format="mp3", bitrate="64k")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
