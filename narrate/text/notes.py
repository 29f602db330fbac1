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
_TRANSLATIONS: dict[str, dict[str, str]] = {
    "de": {CODE_NOTE: "Hier wird ein Codebeispiel übersprungen.", TABLE_NOTE: "Hier wird eine Tabelle übersprungen.",
           DIAGRAM_NOTE: "Hier wird eine Grafik übersprungen.", QUOTE_OPENS: "Zitat.",
           QUOTE_ENDS: "Ende des Zitats.", FOOTNOTES_INTRO: "Anmerkungen."},
    "fr": {CODE_NOTE: "Un exemple de code est omis ici.", TABLE_NOTE: "Un tableau est omis ici.",
           DIAGRAM_NOTE: "Un schéma est omis ici.", QUOTE_OPENS: "Citation.", QUOTE_ENDS: "Fin de citation.",
           FOOTNOTES_INTRO: "Notes."},
    "es": {CODE_NOTE: "Aquí se omite un ejemplo de código.", TABLE_NOTE: "Aquí se omite una tabla.",
           DIAGRAM_NOTE: "Aquí se omite un diagrama.", QUOTE_OPENS: "Cita.", QUOTE_ENDS: "Fin de la cita.",
           FOOTNOTES_INTRO: "Notas."},
    "it": {CODE_NOTE: "Qui viene omesso un esempio di codice.", TABLE_NOTE: "Qui viene omessa una tabella.",
           DIAGRAM_NOTE: "Qui viene omesso un diagramma.", QUOTE_OPENS: "Citazione.",
           QUOTE_ENDS: "Fine della citazione.", FOOTNOTES_INTRO: "Note."},
    "pt": {CODE_NOTE: "Aqui é omitido um exemplo de código.", TABLE_NOTE: "Aqui é omitida uma tabela.",
           DIAGRAM_NOTE: "Aqui é omitido um diagrama.", QUOTE_OPENS: "Citação.", QUOTE_ENDS: "Fim da citação.",
           FOOTNOTES_INTRO: "Notas."},
    "nl": {CODE_NOTE: "Hier wordt een codevoorbeeld overgeslagen.", TABLE_NOTE: "Hier wordt een tabel overgeslagen.",
           DIAGRAM_NOTE: "Hier wordt een diagram overgeslagen.", QUOTE_OPENS: "Citaat.", QUOTE_ENDS: "Einde citaat.",
           FOOTNOTES_INTRO: "Noten."},
}
_SKIPPED = (CODE_NOTE, TABLE_NOTE, DIAGRAM_NOTE)
SKIPPED_NOTES = frozenset({*_SKIPPED, *(notes[note] for notes in _TRANSLATIONS.values() for note in _SKIPPED)})
FOOTNOTES_INTROS = frozenset({FOOTNOTES_INTRO, *(notes[FOOTNOTES_INTRO] for notes in _TRANSLATIONS.values())})


def in_language(paragraph: str, language: str | None) -> str:
    """The note in `language` where narrate has it; any other paragraph as it is."""
    return _TRANSLATIONS.get(primary(language) or "", {}).get(paragraph, paragraph)


def is_skipped_note(text: str) -> bool:
    """Whether a chunk's text says that code, a table or a diagram was skipped, in any language."""
    return text in SKIPPED_NOTES


def is_note(text: str) -> bool:
    """Whether a chunk's text is narrate's own, not the document's: a skipped block's note or the
    words before the footnotes, in any language ('Notes.', 'Anmerkungen.')."""
    return text in SKIPPED_NOTES or text in FOOTNOTES_INTROS
