"""Codes of letters and digits."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {}  # left alone, or another class's
CASES = [
    ('C0D6248439F1D5604AAFFB4021BB6D9FC6B8D297', 'a forty-character hexadecimal string'),  # a release key (nodejs)
    ('B2A23C', 'B two A twenty-three C'),
    ('COVID19', 'COVID nineteen'),
    ('ab9453', 'ab nine four five three'),
    ('0x10FFFF', 'hex one zero F F F F'),
    ('401(k)', 'four oh one K'),
    ('t2000', 't two thousand'),
    ('A4 paper', 'A four paper'),
    ('G7', 'G seven'),
    ('F-16', 'F sixteen'),
    ('A350-900', 'A three fifty nine hundred'),
    ('777x jets', 'seven seventy-seven x jets'),
    ('X.509', 'X five oh nine'),
    ('IPv4', 'I P V four'),
    ('SSHv2', 'S S H V two'),
    ('Ext3', 'Ext three'),
    ('in PEP 3147.', 'in PEP thirty-one forty-seven.'),
    ('PEP 594:', 'PEP five ninety-four:'),
    ('ISO 8601 dates', 'ISO eighty-six oh one dates'),
    ('RFC 822', 'RFC eight twenty-two'),
    ('ISO 9000', 'ISO nine thousand'),
    ('libgtk2.0-dev', 'libgtk two point oh dev'),
    ('make i386_defconfig', 'make i three eighty-six defconfig'),
    ('a module named ipv6', 'a module named I P V six'),
    ('see crontab(5) and git-config(1)', 'see crontab five and git-config one'),
    ('read apt.conf(5).', 'read apt dot conf five.'),  # a page named like a file
    ('the linux-source-5.10 package', 'the linux source five point ten package'),
    # a hash, a UUID, a commit id: character by character, a pause between groups
    ('897a837f814b329f', 'eight nine seven A. eight three seven F eight one four B three two nine F'),
    ('fe3e1db5-6454-46d6-a14c-071208ebe4b1', 'F E three E one D B five, six four five four, four six D six, '
                                             'A. one four C, zero seven one two zero eight E B E four B one'),
    ('AB12-CD34-EF56', 'A. B one two, C D three four, E F five six'),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_serial(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_serial_class_reads_them(written):
    assert "serial" in classes(written)
