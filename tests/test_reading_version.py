"""Versions: each part a number, zero as 'oh'."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'Only 2.25 remained', 'It rose from 2.25 to 3.10 dollars', '0.1 M', 'a 4.5m wall'}  # left alone, or another class's
CASES = [
    ('Python 3.12.1', 'Python three point twelve point one'),
    ('v2.0', 'version two point oh'),
    ('version 1.10', 'version one point ten'),
    ('Debian 12.5', 'Debian twelve point five'),
    ('Firefox 115.0', 'Firefox one hundred fifteen point oh'),
    ('3.12.1', 'three point twelve point one'),
    ('Only 2.25 remained', 'Only two point two five remained'),
    ('Web 2.0', 'Web two point oh'),
    ('Section 9.6.7', 'Section nine point six point seven'),
    ('Python 3.11, compared to 3.10', 'Python three point eleven, compared to three point ten'),
    ('the 5.10 version of the kernel', 'the five point ten version of the kernel'),
    ('8.10. Compiling a Kernel', 'eight point ten. Compiling a Kernel'),
    ('It rose from 2.25 to 3.10 dollars', 'It rose from two point two five to three point one zero dollars'),
    ('0.1 M', 'zero point one M'),
    ('-V:3.11 selects the tag 3.11', '-V:three point eleven selects the tag three point eleven'),
    ('live-build 2.x and 3.x', 'live-build two point x and three point x'),  # a release series
    ('Section 9.2.1.1 says', 'Section nine point two point one point one says'),  # not an address
    ('Python 3.11b1', 'Python three point eleven beta one'),
    ('version 1.2.3rc1', 'version one point two point three R C one'),
    ('OpenSSL 1.0.2k is old', 'OpenSSL one point oh point two K is old'),
    ('a 4.5m wall', 'a four point five meter wall'),  # a measure, not a version '4.5m'
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_version(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_version_class_reads_them(written):
    assert "version" in classes(written)
