"""The language a document is written in: declared (HTML lang, EPUB dc:language, front matter,
--language) or, when nothing says, detected from its text with py3langid.

Only a confident guess on enough text is taken; otherwise the document counts as English,
as narrate always assumed (its normalisation rules are English).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

MIN_WORDS = 20
MIN_CONFIDENCE = 0.9
SAMPLE_CHARS = 4000
# The commonest English words: about a third of any English prose, a few in every hundred of
# another language's. A text with a fifth of them is English without asking the model, which
# costs 96 MB and 1.9 s to load (measured): most documents never load it.
_ENGLISH_WORDS = frozenset(
    "the of and to a in that is was it for on with as he i his be at by you had not are but "
    "from or have an they which she her we this were been has their there would will".split())
PLAINLY_ENGLISH = 0.2


def primary(tag: str | None) -> str:
    """'fr-FR' -> 'fr'; None -> 'en' (the language narrate's rules are written for)."""
    return (tag or "en").replace("_", "-").split("-", 1)[0].lower()


def is_english(tag: str | None) -> bool:
    return primary(tag) == "en"


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def detect(text: str) -> str | None:
    """An ISO 639-1 code for `text`, or None when the text is short or the guess unsure."""
    sample = text[:SAMPLE_CHARS]
    if len(sample.split()) < MIN_WORDS:
        return None
    words = re.findall(r"[^\W\d_]+", sample.lower())
    if words and sum(word in _ENGLISH_WORDS for word in words) / len(words) >= PLAINLY_ENGLISH:
        return "en"
    try:
        code, confidence = _identifier().classify(sample)
    except ImportError:
        return None
    return str(code) if confidence >= MIN_CONFIDENCE else None
