"""A voice that speaks a document's language: Kokoro or Piper where one is installed, else
eSpeak NG's voice for it (it knows over a hundred languages).

Used when no voice was asked for and the document is not in the default voice's language, so
a French article is read in French rather than by an English voice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from narrate.voice.engines import EngineVoice, installed_voices
from narrate.voice.presets import VoicePreset, load_preset_file, preset_paths


def _primary(tag: str) -> str:
    return tag.replace("_", "-").split("-", 1)[0].lower()


def _best(voices: list[EngineVoice], tag: str) -> EngineVoice | None:
    """The voice whose language is exactly `tag`, else the first of its primary language."""
    wanted = tag.replace("_", "-").lower()
    head = _primary(wanted)
    same = [v for v in voices if any(_primary(lang) == head for lang in v.languages)]
    if not same:
        return None

    def rank(voice: EngineVoice) -> tuple[int, int, int, str]:
        first = voice.languages[0] if voice.languages else ""
        # the voice's own language is the one asked for; then one it lists ('es-mx' is eSpeak's
        # Latin American Spanish, listed second); then the main one ('fr' is 'fr-fr')
        return (first != wanted, wanted not in voice.languages, first not in (head, f"{head}-{head}"), voice.id)

    return min(same, key=rank)


def speaks(voice: VoicePreset, tag: str) -> bool:
    return _primary(voice.language) == _primary(tag)


def voice_for_language(tag: str, engine: str | None = None) -> VoicePreset | None:
    """A voice of language `tag` ('fr', 'de-AT'), natural ones first; None when none speaks it.
    With `engine` (the voice of the rest of the episode): that engine's voice, else eSpeak
    NG's, so every worker holds at most the one neural model it has already loaded."""
    neural = ("kokoro", "piper") if engine is None else tuple(name for name in (engine,) if name != "espeak")
    for engine in neural:
        found = _best(installed_voices(engine), tag)
        if found is not None:
            return VoicePreset(name=found.id, engine=engine, voice=found.id, language=_tag(found, tag),
                               description=f"{engine} voice for {tag}")
    found = _best(installed_voices("espeak"), tag)
    if found is None:
        return None
    presets = preset_paths()
    base = load_preset_file(presets["fast"], "fast") if "fast" in presets else VoicePreset()
    return replace(base, name=found.id, voice=found.id, language=_tag(found, tag),
                   description=f"eSpeak NG voice for {tag}")


def _tag(voice: EngineVoice, asked: str) -> str:
    """The voice's own language; the one asked for where the voice's first is another name
    of it (eSpeak's Mandarin is 'cmn' first and also 'zh')."""
    language = voice.languages[0] if voice.languages else asked
    if _primary(language) != _primary(asked) and _primary(asked) in voice.languages:
        return asked
    head, _, region = language.partition("-")
    return f"{head}-{region.upper()}" if region and len(region) == 2 else head


# A paragraph detected as English is read as narrate reads an undeclared English text.
_READ_AS = {"en": "en-US"}


def with_voices_for(voice: VoicePreset, languages: Iterable[str]) -> VoicePreset:
    """`voice`, with a voice for each of `languages` it does not speak (its `others`): of the
    same engine where that engine has one, else eSpeak NG's, at the same pace and volume. A
    language no voice speaks is read by `voice` itself."""
    others = []
    for language in sorted({_primary(tag) for tag in languages if tag}):
        if speaks(voice, language):
            continue
        found = voice_for_language(_READ_AS.get(language, language), engine=voice.engine)
        if found is not None:
            others.append((language, _matched(found, voice)))
    return replace(voice, others=tuple(others))


def _matched(other: VoicePreset, main: VoicePreset) -> VoicePreset:
    """`other` at `main`'s pace and volume, where its engine takes them."""
    from narrate.errors import VoiceError

    try:
        return other.with_overrides(rate=main.rate, volume=min(main.volume, other.spec.max_volume))
    except VoiceError:
        return other
