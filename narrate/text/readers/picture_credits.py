"""A picture's credit: who took the photograph, not what it shows.

A caption says what a listener would see ('The house where Adolf Hitler was born'); its credit
('Leonhard Foeger / Reuters file', 'CreditKevin Frayer/Getty Images', '(Image credit: TNG
Collaboration)') is the site's bookkeeping, which no one reading a story aloud would say.
Pages set the credit as a part of the caption (a <span class="credit">, or an unmarked span
after the caption's text) or as the caption's last words.
"""

from __future__ import annotations

import re
from typing import Any

# Class words of a credit inside a caption: 'credit', 'caption__credit', 'image-copyright',
# 'c-lead-image__attribution', 'photographer'.
_CREDIT_CLASS = re.compile(r"credit|copyright|attribution|photographer|courtesy|caption__source")
_AGENCY = (r"getty(?:\s+images)?|reuters|ap|afp|epa|dpa|upi|shutterstock|alamy|istock(?:photo)?|"
           r"associated\s+press|agence\s+france-presse|science\s+photo\s+library|ap\s+photo")
# The whole text of a credit: 'Credit: Getty', 'CreditKim Raff for The New York Times', 'Photo by
# Ricardo Gomez Angel', 'Photograph: Jeenah Moon/Bloomberg', '(Image credit: All About Space)',
# 'Main image credit: Getty', '\u00a9 Reuters', 'Getty Images', 'Paul Morigi/Getty Images', 'Oli
# Scarff | Getty Images', 'J. Scott Applewhite / AP file'. ('Credit Harry Campbell' is one too,
# but 'Credit Suisse headquarters in Zurich' is not: see is_picture_credit.)
# A photographer's or an agency's name, in capitals: 'Jeenah Moon', 'J. Scott Applewhite',
# 'DESMOND KWANDE', 'Ted + Chelsea Cavanaugh', 'Juan de la Cruz' (not 'the artist').
_NAME = (r"(?-i:[A-Z][\w.'\u2019-]*(?:\s+(?:[A-Z][\w.'\u2019-]*|[+&]|and|de|da|del|la|le|di|du|van|von|y)){0,5})")
_CLOSE = r"[\s)\].]*$"
_CREDIT_TEXT = re.compile(
    r"^[(\[]?\s*(?:"
    r"(?:(?:main|lead|top|header|featured|cover)\s+)?(?:(?:image|photo|picture|foto|bild)s?\s*)?"
    r"credits?(?:\s*[:.\u2026]|\s*$|(?-i:(?=[A-Z])))|"
    r"(?:photo(?:graph)?s?|images?|pictures?|illustrations?|fotos?|bild(?:er)?)\s*(?:by\s+|:\s*|\u00a9\s*)"
    rf"{_NAME}(?:\s*[/|,]\s*{_NAME})*{_CLOSE}|"
    r"(?:\u00a9|\(c\)\s|copyright\b)|"
    rf"(?:{_AGENCY})(?:\s+(?:file|photo|images))?{_CLOSE}|"
    rf"(?:{_AGENCY})(?:\s+photo)?\s*/\s*{_NAME}{_CLOSE}|"
    rf"{_NAME}(?:\s*/\s*{_NAME})*\s*(?:/|\||\s(?:via|for|para|v\u00eda)\s|\s[-\u2013\u2014]\s)\s*"
    rf"(?:{_AGENCY})(?:\s*[/\-\u2013\u2014]\s*(?:{_AGENCY}))?(?:\s+(?:file|photo|images|pool))?{_CLOSE})",
    re.IGNORECASE)
_NAMED_CREDIT = re.compile(r"^Credits?\s+[A-Z]\S*(?:\s+[A-Z]\S*){0,2}\.?$")  # 'Credit Harry Campbell'
# An unmarked part of a caption set after its text: 'Devindra Hardawar/AOL', 'Leonhard Foeger / Reuters file'.
_NAME_SLASH_NAME = re.compile(r"^[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){0,3}\s*/\s*"
                              r"[A-Z][\w.&'\u2019-]*(?:\s+[\w.&'\u2019-]+){0,3}$")
CREDIT_MAX_WORDS = 14
# A credit after the caption's own words, in the same text: '... on Thursday Credit: STR/AFP',
# '... in coming weeks (Credit: iStock)', '... on Tuesday. John Smith/Reuters', '... in Madrid.
# Getty Images', '... (AP Photo/Evan Vucci)'.
_TRAILING_CREDIT = re.compile(
    r"(?:(?:\s+|(?<=[.!?]))[(\[]?(?-i:Credit|Image credit|Photo credit|Photo|Photograph|Picture)s?\s*:\s*"
    r"[^.!?()\[\]]{1,80}[)\]]?\.?"
    rf"|(?<=[.!?])\s*{_NAME}\s*[/|]\s*(?:{_NAME}\s*/\s*)*{_NAME}(?:\s+file)?\.?"
    rf"|(?<=[.!?])\s+(?:{_AGENCY})\.?"
    rf"|\s*[(\[](?:{_AGENCY})(?:(?:\s+photo)?\s*/\s*{_NAME})?[)\]]\.?)$",
    re.IGNORECASE)


def is_picture_credit(text: str) -> bool:
    """A whole caption, or a whole part of one, that is only a credit."""
    text = text.strip()
    return bool(text) and len(text.split()) <= CREDIT_MAX_WORDS \
        and bool(_CREDIT_TEXT.match(text) or _NAMED_CREDIT.match(text))


def is_credit_part(element: Any, text: str) -> bool:
    """A part of a caption (a <span>, a <small>) that is its credit: marked as one by its class,
    or shaped like one ('Leonhard Foeger / Reuters file')."""
    words = text.split()
    if not words or len(words) > CREDIT_MAX_WORDS:
        return False
    return marked_as_credit(element) or is_picture_credit(text) or bool(_NAME_SLASH_NAME.match(" ".join(words).rstrip(".")))


def marked_as_credit(element: Any) -> bool:
    """The page's markup names the element a credit ('credits', 'caption__credit', 'copyright')."""
    return any(_CREDIT_CLASS.search(token) for token in (element.get("class") or "").lower().split())


def without_picture_credit(caption: str) -> str:
    """A caption less the credit at its end ('... on Thursday Credit: STR/AFP')."""
    return _TRAILING_CREDIT.sub("", caption).rstrip()
