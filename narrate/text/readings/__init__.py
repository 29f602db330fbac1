"""Say it as a person would: the semiotic-class stage of normalisation.

Numbers, dates, times, money, measures, abbreviations, roman numerals, telephone numbers,
versions, addresses on the web, formulas and symbols are classified in context and said in
words by narrate, so every engine says the same and `narrate inspect` shows words.

Each language has a grammar (its classifiers and word tables) registered here by its primary
subtag; the region picks the variant ('en-GB': day-first dates, "one hundred and five").
A language without one is left to the engine's own rules. See docs/text.md, "Adding a
language".
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from narrate.text.readings.framework import Classifier, Context, Grammar, Reading

__all__ = ["Classifier", "Context", "Grammar", "Reading", "grammar_for", "languages",
           "read_aloud", "reading_language", "register"]

GrammarFactory = Callable[[str], Grammar]
# primary language subtag -> "module:function" building its grammar for a full tag; imported
# on first use, so a language costs nothing until a document in it is read
_GRAMMARS: dict[str, str] = {
    "en": "narrate.text.readings.en:grammar",
    "de": "narrate.text.readings.de:grammar",
    "fr": "narrate.text.readings.fr:grammar",
    "es": "narrate.text.readings.es:grammar",
    "it": "narrate.text.readings.it:grammar",
    "pt": "narrate.text.readings.pt:grammar",
}
_FACTORIES: dict[str, GrammarFactory] = {}


def register(primary: str, factory: GrammarFactory) -> None:
    """Add (or replace) the grammar of a language: `factory('xx-YY')` builds it."""
    _FACTORIES[primary.lower()] = factory
    grammar_for.cache_clear()


def languages() -> tuple[str, ...]:
    """The primary subtags that have a grammar."""
    return tuple(sorted({*_GRAMMARS, *_FACTORIES}))


def canonical(language: str | None) -> str:
    """'en_gb' -> 'en-GB', None -> 'en-US' (what narrate assumes of an undeclared text)."""
    tag = (language or "en-US").replace("_", "-")
    primary, _, region = tag.partition("-")
    primary = primary.lower() or "en"
    region = region.split("-")[0]
    if not region and primary == "en":
        region = "US"
    return f"{primary}-{region.upper()}" if region else primary


@lru_cache(maxsize=32)
def grammar_for(language: str | None) -> Grammar | None:
    """The grammar for a language tag, or None when narrate has none for that language."""
    tag = canonical(language)
    primary = tag.split("-")[0]
    factory = _FACTORIES.get(primary)
    if factory is None and primary in _GRAMMARS:
        from importlib import import_module

        module, _, function = _GRAMMARS[primary].partition(":")
        factory = getattr(import_module(module), function)
    return factory(tag) if factory is not None else None


def reading_language(document: str | None, voice: str | None) -> str | None:
    """The language the text is read in, with its region: the document's when it names one
    ('en-GB'), else the voice's when the voice speaks the document's language (a British voice
    reads an undeclared English text with British dates and numbers), else the document's."""
    if document and "-" in document.replace("_", "-"):
        return document
    if voice:
        document_primary = canonical(document).split("-")[0] if document else "en"
        if canonical(voice).split("-")[0] == document_primary:
            return voice
    return document


def read_aloud(text: str, language: str | None = "en-US") -> str:
    """`text` with every number, date, symbol and abbreviation said in words of `language`;
    unchanged for a language without a grammar."""
    grammar = grammar_for(language)
    return grammar.read(text) if grammar is not None else text
