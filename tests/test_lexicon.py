"""The pronunciation lexicon: parsing, matching rules, merging order, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from narrate.errors import LexiconError, VoiceError
from narrate.text.lexicon import (
    DEFAULT_LEXICON,
    Lexicon,
    apply_lexicon,
    load_file,
    load_lexicon,
    merge,
    parse_table,
)
from narrate.text.readers.text import read_text
from narrate.text.script import build_script
from narrate.voice.presets import load_preset_file


def lexicon(**words: str) -> Lexicon:
    return parse_table(words, "test")


@pytest.mark.parametrize(("entries", "text", "expected"), [
    ({"porsche": "porsha"}, "Porsche and porsche and PORSCHE.", "Porsha and porsha and Porsha."),
    ({"WHO": "W H O"}, "The WHO said who knew.", "The W H O said who knew."),
    ({"WHO": "W H O"}, "WHO IS THE FRONT-RUNNER?", "WHO IS THE FRONT-RUNNER?"),  # a line in capitals
    ({"WHO": "W H O"}, "WHO said so. The WHO and UN", "W H O said so. The W H O and UN"),
    ({"Xi": "Shee"}, "Xi met Xia and xi.", "Shee met Xia and xi."),
    ({"Xi Jinping": "Shee Jinping"}, "President Xi  Jinping spoke.", "President Shee Jinping spoke."),
    ({"cat": "dog"}, "cats concatenate a cat.", "cats concatenate a dog."),
    ({"C++": "C plus plus"}, "I write C++ daily.", "I write C plus plus daily."),
    ({"a": "b", "b": "c"}, "a b", "b c"),  # each entry applies once: no chains
])
def test_whole_words_case_aware(entries, text, expected):
    assert lexicon(**entries).apply(text)[0] == expected


def test_regex_entries_and_what_applied():
    lex = parse_table({"Kyiv": "Keev", "regex": {r"\bCOVID-(\d+)": r"covid \1"}}, "test")
    text, used = lex.apply("COVID-19 reached Kyiv.")
    assert text == "covid 19 reached Keev."
    assert [e.describe() for e in used] == ["Kyiv -> Keev", r"\bCOVID-(\d+) -> covid \1"]


def test_later_sources_win():
    merged = merge([lexicon(Nguyen="Win", Tucson="Too sahn"), lexicon(Nguyen="Nwin")])
    assert merged.apply("Nguyen in Tucson")[0] == "Nwin in Too sahn"


def test_default_lexicon_is_valid_and_used():
    lex = load_file(DEFAULT_LEXICON)
    assert len(lex.words) >= 9
    assert lex.apply("Nguyen met the WHO in Tucson.")[0] == "Win met the W H O in Too sahn."


def test_sources_in_order_builtin_user_preset_file(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    user = tmp_path / "config" / "narrate" / "lexicon.toml"
    user.parent.mkdir(parents=True)
    user.write_text('Nguyen = "User"\nTucson = "User"\nPorsche = "User"\n')
    extra = tmp_path / "extra.toml"
    extra.write_text('Tucson = "File"\n')
    lex = load_lexicon({"Porsche": "Preset", "Nguyen": "Preset"}, "mine", [extra])
    assert lex.apply("Niamh Nguyen Tucson Porsche")[0] == "Neev Preset File Preset"


@pytest.mark.parametrize(("content", "message"), [
    ('word = 3\n', r"'word' must be a string respelling"),
    ('word = "x\n', "is not valid TOML"),
    ('[regex]\n"(unclosed" = "x"\n', r"\[regex\] '\(unclosed' is not a valid regular expression"),
    ('"..." = "dots"\n', r"'\.\.\.' is not a word"),
])
def test_bad_lexicon_files_are_one_line_errors(tmp_path, content, message):
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(LexiconError, match=message):
        load_file(path)


def test_missing_lexicon_file(tmp_path):
    with pytest.raises(LexiconError, match="lexicon file .*nope.toml: no such file"):
        load_lexicon(files=[tmp_path / "nope.toml"])


def test_voice_preset_lexicon_table(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('rate = 160\n[lexicon]\nNguyen = "Wen"\n[lexicon.regex]\n"Dr\\\\b" = "Doctor"\n')
    preset = load_preset_file(path)
    assert preset.lexicon == {"Nguyen": "Wen", "regex": {"Dr\\b": "Doctor"}}
    bad = tmp_path / "bad.toml"
    bad.write_text('lexicon = "oops"\n')
    with pytest.raises(VoiceError, match="voice 'bad': lexicon must be a table"):
        load_preset_file(bad)


def test_applied_to_spoken_text_and_recorded_per_chunk():
    script = build_script(read_text("Talks in Tucson\n\nNguyen spoke first. Then others.\n\nNothing here.", "t.txt"))
    script = apply_lexicon(script, load_file(DEFAULT_LEXICON))
    assert [(c.text, c.lexicon) for c in script.chunks] == [
        ("Talks in Too sahn", ("Tucson -> Too sahn",)),
        ("Win spoke first. Then others.", ("Nguyen -> Win",)),
        ("Nothing here.", ()),
    ]
    assert script.chunks[0].display == "Talks in Tucson"  # transcripts keep the original


@pytest.mark.parametrize("document, heading, spoken", [
    ("docs/text.md", "## Pronunciation lexicon", "Win and Porsha met Shee Jinping at the W H O in Saint-Denis."),
])
def test_documented_example_lexicons_work(tmp_path, document, heading, spoken):
    text = (Path(__file__).parent.parent / document).read_text(encoding="utf-8")
    section = text.split(heading + "\n", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.toml"
    path.write_text(example)
    said, _ = load_file(path).apply("Nguyen and PORSCHE met Xi Jinping at the WHO in St-Denis.")
    assert said == spoken
