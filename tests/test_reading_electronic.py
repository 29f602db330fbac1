"""E-mail and web addresses: said as a person reads them out, never spelled or skipped."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'distros@vs.openwall.org', 'news@example.com', 'a.bc@gmail.com', 'asdf123@abc.com'}  # left alone, or another class's
CASES = [
    ('distros@vs.openwall.org', 'distros at V S dot openwall dot org'),  # git's embargo how-to: not 'versus'
    ('news@example.com', 'news at example dot com'),
    ('a.bc@gmail.com', 'a dot bc at gmail dot com'),
    ('nvidia.com', 'nvidia dot com'),
    ('https://www.example.com/a/b?id=7.', 'a link to example dot com.'),
    ('www.bbc.co.uk/news', 'W W W dot bbc dot co dot U K slash news'),
    ('See https://example.com/news/story today', 'See example dot com slash news slash story today'),
    ('asdf123@abc.com', 'asdf one two three at abc dot com'),
    ('http://localhost:631/', 'localhost colon six three one'),
    ('The website (https://www.sqlite.org/) uses', 'The website (W W W dot sqlite dot org) uses'),
    # a short link's id is not spelled out; words with digits or humps in a path are read
    ('Blade Runner http://amzn.to/2hWEIX7 and', 'Blade Runner a link to amzn dot T O and'),
    ('at bit.ly/2B5WGKP.', 'at a link to bit dot L Y.'),
    ('example.com/music/mp3s', 'example dot com slash music slash mp three s'),
    ('example.com/docs/getElementById', 'example dot com slash docs slash getElementById'),
    ('www.klook.com/activity/9596-the-palace-tale-of-jang-noksu', 'a link to klook dot com'),
    ('bitbucket.org/marmoute/mutable-history', 'bitbucket dot org slash marmoute slash mutable dash history'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_electronic(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_electronic_class_reads_them(written):
    assert "url" in classes(written)
