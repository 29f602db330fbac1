"""Shared by the table tests of the semiotic classes (tests/test_reading_*.py): what narrate
says for a written text, and which classes read it."""

from __future__ import annotations

from narrate.text.normalize import normalize, normalizers_for
from narrate.text.readings import grammar_for


def said(text: str, language: str = "en-US") -> str:
    """The whole normalisation, as narrate runs it before the engine."""
    return normalize(text, normalizers_for(language))


def classes(text: str, language: str = "en-US") -> set[str]:
    """The semiotic classes that took a part of `text`."""
    grammar = grammar_for(language)
    assert grammar is not None
    return {name for name, _, _ in grammar.classify(text)}
