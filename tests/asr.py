"""Intelligibility: transcribe audio with an offline recogniser and score it against the script.

pocketsphinx (CMU Sphinx, with its own US English model in the wheel) hears the decoded MP3
at 16 kHz, as a listener would hear the file; jiwer computes the word error rate.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.audio_check import decode

ASR_RATE = 16000  # pocketsphinx's English model is trained on 16 kHz audio


def transcribe(path: Path) -> str:
    from pocketsphinx import Decoder

    pcm = decode(path, ASR_RATE).raw_data
    decoder = Decoder(samprate=ASR_RATE, loglevel="FATAL")
    decoder.start_utt()
    decoder.process_raw(pcm, full_utt=True)
    decoder.end_utt()
    hypothesis = decoder.hyp()
    return hypothesis.hypstr if hypothesis else ""


def words(text: str) -> str:
    """Lower case, apostrophes kept, other punctuation gone: how the recogniser writes words."""
    return " ".join(re.findall(r"[a-z0-9']+", text.lower().replace("\u2019", "'")))


def word_error_rate(script: str, heard: str) -> float:
    import jiwer

    return jiwer.wer(words(script), words(heard) or "<nothing>")
