"""File paths and names."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {}  # left alone, or another class's
CASES = [
    ('/etc/fstab', 'slash E T C slash fstab'),
    ('processing/intro.html', 'processing slash intro dot html'),
    ('setup.py', 'setup dot pie'),
    ('debian/falcot-data.install file', 'debian slash falcot dash data dot install file'),
    ('~/.config/narrate', 'tilde slash dot config slash narrate'),
    ('C:\\Windows\\System32', 'C colon backslash Windows backslash System thirty-two'),
    ('a .desktop file', 'a dot desktop file'),
    ('that contain .vcf-files.', 'that contain dot vcf dash files.'),  # at a sentence's end
    ('in /usr/share/applications.', 'in slash user slash share slash applications.'),
    ('/etc/nagios4/nagios.cfg', 'slash E T C slash nagios four slash nagios dot C F G'),
    ('in /usr/share/doc/linux-patch-*/ now', 'in slash user slash share slash doc slash linux dash patch dash star slash now'),
    ('the __init__.py file', 'the dunder init dot pie file'),
    ('Open setup.py.', 'Open setup dot pie.'),  # a file name ending the sentence
    ('e.g. foo%2Fbar.md', 'for example foo percent two Fbar dot M D'),  # an escaped slash
    ('in any of the .git/refs/heads/ files', 'in any of the dot git slash refs slash heads slash files'),
    ('The leading ./ is important', 'The leading dot slash is important'),  # a folder alone
    ('up with ../ twice', 'up with dot dot slash twice'),
    ('Edit ~/ first', 'Edit tilde slash first'),
    ('The $HOME/.podget file', 'The dollar HOME slash dot podget file'),  # a variable opens it
    ('in ${XDG_CACHE_HOME}/narrate', 'in dollar XDG underscore CACHE underscore HOME slash narrate'),
    ('Edit Makefile.am and configure.ac', 'Edit Makefile dot A M and configure dot A C'),  # not the domains of Armenia and Ascension
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_file_path(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_file_path_class_reads_them(written):
    assert "file path" in classes(written)
