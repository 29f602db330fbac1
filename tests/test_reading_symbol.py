"""Symbols between words: 'or', 'per', 'slash', 'number', 'hashtag', 'about'."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'It returns Some(s) if found, and Ok(s) or Err(e)', 'maps an Option<U> to Option<&T>, a HashMap<K, V>', "a 'NULL'-terminated array", 'the testing lab | photo by Joan', 'Home | News | Sport', 'AT&T and R&D', 'upgrade/update', 'the __bold__ text', 'if count > limit then', 'A > B holds'}  # left alone, or another class's
CASES = [
    ('his/her', 'his or her'),
    ('Rich Trott (he/him), Jane Roe (she/they)', 'Rich Trott (he, him), Jane Roe (she, they)'),  # nodejs' README
    ('maps an Option<U> to Option<&T>, a HashMap<K, V>', 'maps an Option of U to Option of T, a HashMap of K, V'),  # rustdoc
    ('connects your inverter(s) to the panels', 'connects your inverters to the panels'),  # EnergySage
    ('Attach the box(es) first.', 'Attach the boxes first.'),
    ('It returns Some(s) if found, and Ok(s) or Err(e)', 'It returns Some(s) if found, and Ok(s) or Err(e)'),  # rustdoc
    ('and/or', 'and or'),
    ('24/7', 'twenty-four seven'),
    ('TCP/IP', 'TCP IP'),
    ('100K hits/day', 'one hundred thousand hits per day'),
    ('#1', 'number one'),
    ('#MeToo', 'hashtag MeToo'),
    ('C#', 'C sharp'),
    ('~5', 'about five'),
    ('a → b', 'a to b'),
    ('w/o', 'without'),
    ('I/O', 'I O'),
    ('9/11', 'nine eleven'),
    ('with ":" separated entries', 'with "colon" separated entries'),
    ('AT&T and R&D', 'A.T. and T and R and D'),
    ('upgrade/update', 'upgrade slash update'),
    ('the "-i" option', 'the "dash i" option'),
    ("a 'NULL'-terminated array", "a 'NULL'-terminated array"),  # libffi's manual: a closing quote, no option
    ('set it with:"-v" or flags=["-x", "-q"]', 'set it with:"dash v" or flags ("dash x", "dash q")'),
    ('a ** b', 'a b'),
    ('of the form "?123".', 'of the form "question mark one hundred twenty-three".'),
    ('support HTTP/1.1 and HTTP/2', 'support HTTP one point one and HTTP two'),
    ('the value ≈3.2', 'the value about three point two'),
    ('a ~5 GB file', 'a roughly five gigabyte file'),
    ('New -P command line option', 'New dash P command line option'),
    ('Added object.__getstate__(), which', 'Added object dot dunder getstate, which'),
    ('sys.exc_info()[1].__traceback__.', 'sys dot exc info dot dunder traceback.'),
    ('use logging.info() and logging.debug()', 'use logging dot info and logging dot debug'),  # calls alike
    ('BaseConfigOption.is_required() returns', 'BaseConfigOption dot is required returns'),  # not '.is'
    ('math.log(x[, base]).', 'math dot log(x(, base)).'),  # a call with arguments too
    ('(nan, inf, -inf)', '(nan, inf, minus inf)'),  # a value, not an option
    ('"=", "==", "<=", "!="', '"equals", "equals", "less than or equal to", "is not equal to"'),  # SQLite's datatype3
    ('if __name__ == "__main__":', 'if dunder name equals "dunder main":'),
    ('the __bold__ text', 'the bold text'),
    ('up 12.5% y/y', 'up twelve point five percent year on year'),
    ('the --assume-yes option', 'the dash dash assume dash yes option'),
    ('(Note the ? and # in the URI)', '(Note the question mark and hash in the URI)'),  # MkDocs' guide
    ('Use the * character', 'Use the star character'),
    ('in the #debian-live channel', 'in the hash debian-live channel'),  # a chat channel (live-manual)
    ('the = and + signs', 'the equals and plus signs'),
    ('Tunnel brokers: → https://tunnelbroker.net', 'Tunnel brokers: tunnelbroker dot net'),  # the arrow marks a link
    ('"<<" and ">>"', '"less than less than" and "greater than greater than"'),
    ('${FOO} instead of $FOO', 'dollar FOO instead of dollar FOO'),  # a shell variable
    # a menu path (Google's security blog: 'greater than' twice); comparisons stay comparisons
    ('by visiting Privacy and Security settings > Security > and selecting',
     'by visiting Privacy and Security settings, then Security, and selecting'),
    ('Open Settings > Privacy > Location Services.', 'Open Settings, then Privacy, then Location Services.'),
    ('if count > limit then', 'if count greater than limit then'),
    ('A > B holds', 'A greater than B holds'),
    ('#include <stdio.h>', 'hash include less than stdio dot H'),
    ('one of \'%\', \'{\', or \'$\'', "one of 'percent', 'left brace', or 'dollar'"),
    ('the "[" target', 'the "left bracket" target'),
    ('Run command1 || command2 now', 'Run command one or command two now'),
    ('make && make install', 'make and make install'),
    ('ls >> out.txt', 'ls double greater than out dot txt'),
    ('grep foo | wc -l', 'grep foo pipe wc dash l'),
    ('command1 2>&1 | command2', 'command one two greater than ampersand one pipe command two'),
    ('Home | News | Sport', 'Home, News, Sport'),  # a bar between names is a pause
    ('the testing lab | photo by Joan', 'the testing lab, photo by Joan'),  # words, not a command's output
]

# A sign on its own that the sentence does not talk about is punctuation.
LEFT_ALONE = [
    ('Is it ? No.', 'Is it? No.'),
    ('Say what ? he asked', 'Say what? he asked'),
    ('%X and %V', '%X and %V'),
    ('Sales rose 10 pct - a record - in March', 'Sales rose ten percent, a record, in March'),  # a dash
    ('Option A - the first', 'Option A, the first'),
    ('the F-16 jet', 'the F sixteen jet'),  # strftime's directives, not roman numerals (the engine says "percent")
]


@pytest.mark.parametrize(("written", "spoken"), LEFT_ALONE)
def test_a_sign_used_not_named_is_left_alone(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_symbol(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_symbol_class_reads_them(written):
    assert "symbol" in classes(written)
