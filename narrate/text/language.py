"""The language a document is written in: declared (HTML lang, EPUB dc:language, front matter,
--language) or, when nothing says, detected from its text with py3langid; and the language of
one paragraph where it is not the document's (a quotation, an untranslated section).

Only a confident guess on enough text is taken; otherwise the document counts as English,
as narrate always assumed (its normalisation rules are English), and a paragraph as the
document's language.
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
# Chinese and Japanese put no spaces between words: each character of theirs counts as a word
# towards MIN_WORDS (a Chinese news story is one 'word' a sentence when split at spaces).
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def primary(tag: str | None) -> str:
    """'fr-FR' -> 'fr'; None -> 'en' (the language narrate's rules are written for)."""
    return (tag or "en").replace("_", "-").split("-", 1)[0].lower()


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


CHARACTER_WORDS = 0.8  # a Chinese or Japanese character, in words said (eSpeak's Mandarin: 0.88)


def word_count(text: str) -> float:
    """About how many words `text` is when said: its words between spaces, and each Chinese or
    Japanese character (which put no spaces between words) as most of one."""
    characters = len(_UNSPACED.findall(text))
    if not characters:
        return len(text.split())
    return len(_UNSPACED.sub(" ", text).split()) + CHARACTER_WORDS * characters


_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff]")
_HANGUL = re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
_LETTER = re.compile(r"[^\W\d_]")
CJK_SHARE = 0.5  # of the letters: a text in Chinese, Japanese or Korean, by its script
KANA_SHARE = 0.05  # of the letters: Japanese writes its grammar in kana, Chinese none


def script_language(text: str) -> str | None:
    """'zh', 'ja' or 'ko' where most of `text`'s letters are of their scripts, else None. The
    script says it surely (py3langid splits a Chinese story between 'zh' and 'wuu', under
    0.9 for stories of a few paragraphs)."""
    letters = len(_LETTER.findall(text))
    han, kana, hangul = (len(pattern.findall(text)) for pattern in (_HAN, _KANA, _HANGUL))
    if not letters or han + kana + hangul < CJK_SHARE * letters:
        return None
    if hangul > han + kana:
        return "ko"
    return "ja" if kana and kana >= KANA_SHARE * (han + kana) else "zh"


def detect(text: str) -> str | None:
    """An ISO 639-1 code for `text`, or None when the text is short or the guess unsure."""
    sample = text[:SAMPLE_CHARS]
    if word_count(sample) < MIN_WORDS:
        return None
    by_script = script_language(sample)
    if by_script is not None:
        return by_script
    words = re.findall(r"[^\W\d_]+", sample.lower())
    if words and sum(word in _ENGLISH_WORDS for word in words) / len(words) >= PLAINLY_ENGLISH:
        return "en"
    try:
        code, confidence = _identifier().classify(sample)
    except ImportError:
        return None
    return str(code) if confidence >= MIN_CONFIDENCE else None


# -- one paragraph -------------------------------------------------------------------------
# A paragraph shorter than this is read in the document's language whatever its words
# ("Merci !", a name, a title in the original).
MIN_PARAGRAPH_WORDS = 8
# The commonest words of the languages narrate reads and of a few neighbours: how much of a
# paragraph they are says which language it is, without the model, for almost every
# paragraph of any book (the model is asked only to confirm a change of language).
FUNCTION_WORDS = {
    "en": _ENGLISH_WORDS,
    "de": frozenset("der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an "
                    "werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen so zum "
                    "war haben nur oder aber vor zur bis mehr durch man ich du wir ihr".split()),
    "fr": frozenset("de la le et les des en un du une que est pour qui dans par plus pas au sur ne se ce il sont "
                    "avec son aux ou elle mais nous vous cette ont ses été leur comme je tu on".split()),
    "es": frozenset("de la que el en y a los del se las por un para con no una su al lo como más pero sus le ya "
                    "o este porque esta entre cuando muy sin sobre también me hasta hay donde es".split()),
    "it": frozenset("di e il la che in a per un è del non una sono da le con si i dei al gli della lo come ma "
                    "anche ha nel alla più se questo delle tra nella hanno io".split()),
    "pt": frozenset("de a o que e do da em um para é com não uma os no se na por mais as dos como mas foi ao "
                    "ele das tem à seu sua ou ser quando muito há nos já está eu também".split()),
    "nl": frozenset("de het een en van in is dat op te zijn met voor niet aan er die ook als bij door om maar "
                    "dan wordt uit".split()),
}
# A language's function words must be at least this share of a paragraph, and ahead of the
# document's own by MARGIN, before the model is asked.
MIN_SHARE = 0.2
MARGIN = 0.1
PARAGRAPH_CONFIDENCE = 0.9
_LETTERS = re.compile(r"[^\W\d_]+")


def paragraph_language(text: str, document: str | None) -> str | None:
    """The primary subtag of `text`'s language ('fr') when it is confidently not the
    document's, else None. Cheap for the usual paragraph: its function words say it is in the
    document's language (or say nothing: a list of names), and py3langid is not asked."""
    words = _LETTERS.findall(text.lower())
    if not words or (len(words) < MIN_PARAGRAPH_WORDS and word_count(text) < MIN_PARAGRAPH_WORDS):
        return None  # (a Chinese sentence is one run of letters: its characters count)
    home = primary(document)
    latin = sum(word.isascii() or _latin(word) for word in words) / len(words)
    if latin < 0.5:
        by_script = script_language(text)
        if by_script is not None:
            return by_script if by_script != home else None
        return _confirmed(text, home, None)  # another script: Greek, Cyrillic...
    shares = function_word_shares(words)
    best = max(shares, key=lambda language: shares[language])
    if best == home or shares[best] < MIN_SHARE or shares[best] - shares.get(home, 0.0) < MARGIN:
        return None
    return _confirmed(text, home, best)


def function_word_shares(words: list[str]) -> dict[str, float]:
    """Of each language narrate knows, what share of `words` are its commonest words."""
    return {language: sum(word in vocabulary for word in words) / len(words)
            for language, vocabulary in FUNCTION_WORDS.items()}


def _latin(word: str) -> bool:
    return all(ch < "\u0250" for ch in word)


def _confirmed(text: str, home: str, expected: str | None) -> str | None:
    """py3langid's verdict, taken when it is sure and agrees with the function words."""
    try:
        code, confidence = _identifier().classify(text[:SAMPLE_CHARS])
    except ImportError:
        return expected
    code = str(code)
    if confidence < PARAGRAPH_CONFIDENCE or code == home or (expected is not None and code != expected):
        return None
    return code


# A declared language whose commonest words are fewer than this share of the text, where
# another language's are at least MIN_SHARE, is a template's, not the text's (an English story
# on a site whose pages all say lang="de").
WRONG_DECLARATION = 0.05
MIN_DECLARATION_WORDS = 100


def checked_declaration(declared: str, text: str) -> str:
    """The declared language, unless the text plainly is in another one that narrate knows:
    then that one (confirmed by py3langid where it is installed). A document in the language
    it declares costs a count of common words, never the model."""
    home = primary(declared)
    words = _LETTERS.findall(text[:SAMPLE_CHARS * 4].lower())
    if home not in FUNCTION_WORDS or len(words) < MIN_DECLARATION_WORDS:
        return declared
    shares = function_word_shares(words)
    best = max(shares, key=lambda language: shares[language])
    if best == home or shares[home] >= WRONG_DECLARATION or shares[best] < MIN_SHARE:
        return declared
    found = _confirmed(" ".join(words[:SAMPLE_CHARS // 5]), home, best)
    return found or declared
