"""narrate's own words are said in the document's language: a German page's skipped code is
"Hier wird ein Codebeispiel übersprungen.", not an English sentence in German audio."""

from __future__ import annotations

from dataclasses import replace

from narrate.text.notes import is_note, is_skipped_note
from narrate.text.readers.html import read_html
from narrate.text.readers.sections import CODE_NOTE, TABLE_NOTE
from narrate.text.readers.text import read_text
from narrate.text.script import build_script

CODE = "<pre><code>" + "\n".join(f"for x in range({n}):\n    print(x * {n})" for n in range(1, 9)) + "</code></pre>"


def page(language: str, first: str, last: str) -> str:
    return (f"<html lang='{language}'><body><main><h1>Test</h1><p>{first}</p>"
            f"{CODE}<p>{last}</p></main></body></html>")


def displays(document) -> list[str]:
    return [chunk.display for chunk in build_script(document).chunks]


def test_a_skipped_code_example_is_announced_in_the_pages_language():
    german = displays(read_html(page("de", "Der Wagen kostet viel Geld und fährt schnell durch die Stadt.",
                                     "Danach kommt ein langer Absatz über das Auto und seine Käufer.")))
    assert "Hier wird ein Codebeispiel übersprungen." in german and CODE_NOTE not in german
    english = displays(read_html(page("en", "The car costs a lot of money and drives fast through town.",
                                      "Then comes a long paragraph about the car and its buyers.")))
    assert CODE_NOTE in english


def test_a_quoted_reply_is_announced_in_the_letters_language():
    letter = ("Ein Brief\n\nLiebe Freunde, wir haben lange über den neuen Plan gesprochen und sind uns"
                      " am Ende einig geworden.\n\nAnna schrieb:\n\n> Der Plan ist gut, aber wir brauchen mehr Zeit"
                      " für die Umsetzung im Sommer.\n\nDas sehen wir auch so und reden im Herbst noch einmal.\n")
    said = displays(replace(read_text(letter), language="de"))
    assert said[said.index("Anna schrieb:") + 1] == "Zitat." and "Ende des Zitats." in said


def test_every_translation_is_a_note():
    assert is_note("Hier wird eine Tabelle übersprungen.") and is_note(TABLE_NOTE) and not is_note("Tabelle.")
    assert is_note("Anmerkungen.") and not is_skipped_note("Note.")  # an English box's label is text
