"""narrate's own words ('A table is skipped here.', 'Quote.'), said in the document's language.

The readers put the English note where a code example or a table was left out; the script says
it in the language the paragraph is read in, so German audio does not switch to English for a
sentence ("Hier wird eine Tabelle übersprungen.")."""

from __future__ import annotations

from narrate.text.language import primary
from narrate.text.readers.mail import QUOTE_ENDS, QUOTE_OPENS
from narrate.text.readers.plainblocks import DIAGRAM_NOTE
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE

FOOTNOTES_INTRO = "Notes."
# Each language's words for narrate's own, in this order.
_NOTES = (CODE_NOTE, TABLE_NOTE, DIAGRAM_NOTE, QUOTE_OPENS, QUOTE_ENDS, FOOTNOTES_INTRO)
_WORDS = {
    "de": ("Hier wird ein Codebeispiel übersprungen.", "Hier wird eine Tabelle übersprungen.",
           "Hier wird eine Grafik übersprungen.", "Zitat.", "Ende des Zitats.", "Anmerkungen."),
    "fr": ("Un exemple de code est omis ici.", "Un tableau est omis ici.", "Un schéma est omis ici.",
           "Citation.", "Fin de citation.", "Notes."),
    "es": ("Aquí se omite un ejemplo de código.", "Aquí se omite una tabla.", "Aquí se omite un diagrama.",
           "Cita.", "Fin de la cita.", "Notas."),
    "it": ("Qui viene omesso un esempio di codice.", "Qui viene omessa una tabella.", "Qui viene omesso un diagramma.",
           "Citazione.", "Fine della citazione.", "Note."),
    "pt": ("Aqui é omitido um exemplo de código.", "Aqui é omitida uma tabela.", "Aqui é omitido um diagrama.",
           "Citação.", "Fim da citação.", "Notas."),
    "nl": ("Hier wordt een codevoorbeeld overgeslagen.", "Hier wordt een tabel overgeslagen.",
           "Hier wordt een diagram overgeslagen.", "Citaat.", "Einde citaat.", "Noten."),
}
_TRANSLATIONS = {language: dict(zip(_NOTES, words, strict=True)) for language, words in _WORDS.items()}
_SKIPPED = (CODE_NOTE, TABLE_NOTE, DIAGRAM_NOTE)
SKIPPED_NOTES = frozenset({*_SKIPPED, *(notes[note] for notes in _TRANSLATIONS.values() for note in _SKIPPED)})
FOOTNOTES_INTROS = frozenset({FOOTNOTES_INTRO, *(notes[FOOTNOTES_INTRO] for notes in _TRANSLATIONS.values())})


def in_language(paragraph: str, language: str | None) -> str:
    """The note in `language` where narrate has it; any other paragraph as it is."""
    return _TRANSLATIONS.get(primary(language), {}).get(paragraph, paragraph)


def is_skipped_note(text: str) -> bool:
    """Whether a chunk's text says that code, a table or a diagram was skipped, in any language."""
    return text in SKIPPED_NOTES


def is_note(text: str) -> bool:
    """Whether a chunk's text is narrate's own, not the document's: a skipped block's note or the
    words before the footnotes, in any language ('Notes.', 'Anmerkungen.')."""
    return text in SKIPPED_NOTES or text in FOOTNOTES_INTROS
