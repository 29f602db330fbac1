"""Heteronyms eSpeak NG reads the wrong way in plain grammatical contexts, set right in its IPA.

eSpeak NG picks a heteronym's reading from its own rules ("to close", "have read" are right),
but reads "Please close the door", "I object", "He wound the rope", "The does and their fawns"
with the other reading. Two contexts, from the word before, decide here:

- after a modal, a negation, "please" or a subject pronoun the word is a verb;
- after a determiner or a possessive it is a noun (or an adjective that sounds like one).

Only words whose verb and noun readings differ, and only those two contexts: anything else is
left to eSpeak NG. Measured on bench/heteronyms.tsv (docs/voices.md). US English IPA only.
"""

from __future__ import annotations

import re

VERB, NOUN = "verb", "noun"
# word -> (verb reading, the other reading) as eSpeak NG writes US English.
READINGS: dict[str, tuple[str, str]] = {
    "close": ("klˈoʊz", "klˈoʊs"),
    "excuse": ("ɛkskjˈuːz", "ɛkskjˈuːs"),
    "object": ("əbdʒˈɛkt", "ˈɑːbdʒɛkt"),
    "wind": ("wˈaɪnd", "wˈɪnd"),
    "record": ("ɹᵻkˈɔːɹd", "ɹˈɛkɚd"),
    "present": ("pɹɪzˈɛnt", "pɹˈɛzənt"),
    "desert": ("dᵻzˈɜːt", "dˈɛzɚt"),
    "use": ("jˈuːz", "jˈuːs"),
    "house": ("hˈaʊz", "hˈaʊs"),
    "refuse": ("ɹᵻfjˈuːz", "ɹˈɛfjuːs"),
    "produce": ("pɹədˈuːs", "pɹˈoʊduːs"),
    "does": ("dˈʌz", "dˈoʊz"),
    "wound": ("wˈaʊnd", "wˈuːnd"),
    "dove": ("dˈoʊv", "dˈʌv"),
    "sow": ("sˈoʊ", "sˈaʊ"),
    "live": ("lˈɪv", "lˈaɪv"),
    "lives": ("lˈɪvz", "lˈaɪvz"),
    "bow": ("bˈaʊ", "bˈoʊ"),
}
# After a determiner these can be either: "the close of day", "a close race"; a bow is a
# ribbon, a weapon or what actors take.
_EITHER_AS_NOUN = frozenset({"close", "bow"})
_VERB_BEFORE = frozenset(
    "will would can could should must may might shall please not never cannot can't couldn't "
    "don't doesn't didn't won't wouldn't shouldn't i we you they he she".split())
_NOUN_BEFORE = frozenset("the a an this these those my your his its our their every each no".split())
_TAKE = frozenset("take takes took taken taking".split())  # "took a bow": the actors' bow
_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)*")
_TOKEN = re.compile(r"[^\s;:,.!?¡¿—…\"«»“”()]+")
_STRESS = str.maketrans("", "", "ˈˌ")


def readings(text: str) -> list[tuple[str, str | None]]:
    """Each heteronym in `text`, in order, with the IPA its context calls for (None: no call)."""
    words = [m.group(0).lower().replace("’", "'") for m in _WORD.finditer(text)]
    out = []
    for i, word in enumerate(words):
        if word not in READINGS:
            continue
        before = words[i - 1] if i else ""
        verb, noun = READINGS[word]
        if word == "bow" and before in {"a", "his", "her", "their"} and i > 1 and words[i - 2] in _TAKE:
            out.append((word, verb))
        elif before in _VERB_BEFORE:
            out.append((word, verb))
        elif before in _NOUN_BEFORE and word not in _EITHER_AS_NOUN:
            out.append((word, noun))
        else:
            out.append((word, None))
    return out


def set_right(text: str, phonemes: str) -> str:
    """eSpeak NG's IPA for `text` with each heteronym's reading set by its context. Where the
    IPA's words cannot be matched one for one with the text's heteronyms, it is left as it is."""
    calls = readings(text)
    if not any(ipa for _, ipa in calls):
        return phonemes
    forms = {word: {r.translate(_STRESS) for r in READINGS[word]} for word, _ in calls}
    found = [m for m in _TOKEN.finditer(phonemes)
             if any(m.group(0).translate(_STRESS) in forms[word] for word in forms)]
    if len(found) != len(calls):
        return phonemes
    parts, last = [], 0
    for match, (word, ipa) in zip(found, calls):
        if match.group(0).translate(_STRESS) not in forms[word]:
            return phonemes
        parts.append(phonemes[last:match.start()])
        parts.append(ipa or match.group(0))
        last = match.end()
    return "".join(parts) + phonemes[last:]
