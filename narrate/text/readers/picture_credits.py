"""A picture's credit: who took the photograph, not what it shows.

A caption says what a listener would see ('The house where Adolf Hitler was born'); its credit
('Leonhard Foeger / Reuters file', 'CreditKevin Frayer/Getty Images', '(Image credit: TNG
Collaboration)') is the site's bookkeeping, which no one reading a story aloud would say.
Pages set the credit as a part of the caption (a <span class="credit">, or an unmarked span
after the caption's sentence) or as the caption's last words.

A credit is names and agencies, nothing else: 'The London headquarters of Getty Images', 'He
worked for Reuters for ten years', 'Photos: the old ferry on its last run' and 'the route
London/Paris' say something and are read.
"""

from __future__ import annotations

import re
from typing import Any

# Class words of a credit: 'credit', 'caption__credit', 'image-copyright', 'photographer',
# 'c-lead-image__attribution', 'figure__copyright'.
_CREDIT_CLASS = re.compile(r"credit|copyright|attribution|photographer|courtesy|caption__source")
# Class words of a caption: 'caption', 'wp-caption-text', 'media-caption__text', 'caption-source'
# (not 'has-captions', a story's container).
_CAPTION_CLASS = re.compile(r"^(?!has-|with-|no-)(?:[\w-]*[-_])?caption(?:[-_]{1,2}(?:text|source|content|body))?$")
# Photo and news agencies, as credits name them.
_AGENCY = (r"getty(?:\s+images)?|reuters|ap|afp|epa|efe|dpa|anp|ansa|pa(?:\s+wire)?|upi|xinhua|imago|"
           r"shutterstock|alamy|istock(?:photo)?|associated\s+press|agence\s+france-presse|europa\s+press|"
           r"science\s+photo\s+library|ap\s+photo|sipa|abaca|zuma(?:\s+press)?|picture\s+alliance")
# Agencies that are only ever credits when alone in brackets ('(Getty Images)'; not '(EPA)').
_PHOTO_AGENCY = r"getty(?:\s+images)?|shutterstock|alamy|istock(?:photo)?|imago|zuma(?:\s+press)?"
# A name in capitals ('Jeenah Moon', 'J. Scott Applewhite', 'DESMOND KWANDE', 'Ted + Chelsea
# Cavanaugh', 'Juan de la Cruz', 'iStock'), or an agency ('dpa').
_NAME = (r"(?:(?-i:(?:[A-Z]|[a-z](?=[A-Z]))[\w.'\u2019-]*(?:\s+(?:[A-Z][\w.'\u2019-]*|[+&]|and|de|da|del|la|le|"
         rf"di|du|van|von|y)){{0,5}})|(?:{_AGENCY})\b)")
_JOIN = r"(?:\s*[/|,]\s*|\s+(?:via|for|para|v\u00eda|de|-|\u2013|\u2014)\s+)"
_NAMES = rf"{_NAME}(?:{_JOIN}{_NAME}){{0,4}}(?:,?\s+file)?"
_CLOSE = r"[\s)\].]*$"
_LABEL = (r"(?:photo(?:graph(?:er)?)?s?|images?|pictures?|illustrations?|composite|fotos?|bild(?:er)?|"
          r"image\s+source|(?:(?:main|lead|top|header|featured|cover)\s+)?(?:(?:image|photo|picture)s?\s+)?credits?)")
# The whole text of a credit: 'Credit: STR/AFP', 'CreditKim Raff for The New York Times', 'Photo by
# Ricardo Gomez Angel', 'Photograph: Jeenah Moon/Bloomberg', '(Image credit: All About Space)',
# 'Main image credit: Getty', '\u00a9 Reuters', 'Getty Images', 'Paul Morigi/Getty Images', 'Oli
# Scarff | Getty Images', 'J. Scott Applewhite / AP file', '(AP Photo/Seth Wenig, File)',
# 'Photo by ALAIN JOCARD/AFP via Getty Images', 'Image source, Getty Images', 'Foto: Kay
# Nietfeld / dpa'.
_CREDIT_TEXT = re.compile(
    r"^[(\[]?\s*(?:"
    rf"{_LABEL}\s*(?:by\s+|[:.,\u00a9\u2026]+\s*|(?-i:(?<=Credit)|(?<=Credits))(?-i:(?=[A-Z]))|(?={_CLOSE}))(?:{_NAMES})?|"
    rf"(?:\u00a9|\(c\)\s*\d{{4}}|copyright\s*(?:\u00a9|\(c\)|\d{{4}}))\s*(?:{_NAMES})?|"
    rf"(?:{_AGENCY})(?:\s+photo)?(?:\s*/\s*{_NAMES})?|"
    rf"{_NAME}(?:{_JOIN}{_NAME}){{0,3}}{_JOIN}(?:{_AGENCY})\b(?:{_JOIN}{_NAME})?(?:,?\s+file|\s+images|\s+pool)?"
    rf"){_CLOSE}",
    re.IGNORECASE)
_NAMED_CREDIT = re.compile(r"^Credits?\s+[A-Z]\S*(?:\s+[A-Z]\S*){1,2}\.?$")  # 'Credit Harry Campbell' (not 'Credit Agricole')
# An unmarked part of a caption after its sentence: 'Devindra Hardawar/AOL' (a name of two words
# or more, then another; not 'AC/DC' or 'London/Paris').
_NAME_SLASH_NAME = re.compile(r"^[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){1,3}\s*/\s*"
                              r"[A-Z][\w.&'\u2019-]*(?:\s+[\w.&'\u2019-]+){0,3}$")
CREDIT_MAX_WORDS = 14
# A sentence's end, not an abbreviation's ('St.', 'Dr.', 'U.S.'): a credit may follow it.
_AFTER_SENTENCE = r"(?<=[a-z\d%)\]\"'\u201d\u2019]{2}[.!?])"
# A credit after the caption's own words, in the same text: '... on Thursday Credit: STR/AFP',
# '... in Madrid. Photograph: Juan Medina/Reuters', '... on Tuesday. John Smith/Reuters', '... in
# Madrid. Getty Images', '... \u00a9 Bloomberg'.
_TRAILING_CREDIT = re.compile(
    rf"(?:\s+(?-i:Credits?)\s*:\s*{_NAMES}"
    rf"|{_AFTER_SENTENCE}\s*{_LABEL}\s*(?:by\s+|:\s*){_NAMES}"
    rf"|{_AFTER_SENTENCE}\s*(?-i:[A-Z][\w.'\u2019-]*(?:\s+[A-Z][\w.'\u2019-]*){{1,3}})\s*/\s*{_NAMES}"
    rf"|{_AFTER_SENTENCE}\s*{_NAME}\s*/\s*(?:{_AGENCY})\b(?:,?\s+file)?"
    rf"|{_AFTER_SENTENCE}\s*(?:{_AGENCY})"
    rf"|\s*\u00a9\s*{_NAMES}){_CLOSE}",
    re.IGNORECASE)
# A credit in brackets closing the caption: '(AP Photo/Evan Vucci)', '(Credit: iStock)',
# '[Mohammed Salem/Reuters]', '(Getty Images)'; not '(EPA)' after the agency's name.
_BRACKETED = re.compile(r"\s*[(\[]([^()\[\]]{2,120})[)\]]\.?$")
_AGENCY_ALONE = re.compile(rf"(?:{_AGENCY})", re.IGNORECASE)
_PHOTO_AGENCY_ALONE = re.compile(rf"(?:{_PHOTO_AGENCY})", re.IGNORECASE)


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
    return marked_as_credit(element) or is_picture_credit(text) \
        or bool(_NAME_SLASH_NAME.match(" ".join(words).rstrip(".")))


def marked_as_credit(element: Any) -> bool:
    """The page's markup names the element a credit ('credits', 'caption__credit', 'copyright')."""
    return any(_CREDIT_CLASS.search(token) for token in (element.get("class") or "").lower().split())


def marked_as_caption(element: Any) -> bool:
    """The page's markup names the element a caption ('wp-caption-text', 'caption-source')."""
    return any(_CAPTION_CLASS.match(token) for token in (element.get("class") or "").lower().split())


def without_picture_credit(caption: str) -> str:
    """A caption less the credit at its end ('... on Thursday Credit: STR/AFP')."""
    bracketed = _BRACKETED.search(caption)
    if bracketed and bracketed.start() > 0:
        inner = bracketed.group(1).strip()
        if (is_picture_credit(inner) and not _AGENCY_ALONE.fullmatch(inner)) or _PHOTO_AGENCY_ALONE.fullmatch(inner) \
                or _NAME_SLASH_NAME.match(inner):
            return caption[:bracketed.start()].rstrip()
    return _TRAILING_CREDIT.sub("", caption).rstrip()
