"""Initialisms eSpeak NG would read as a word are spelled; acronyms stay words."""

import pytest

from tests.reading_table import classes, said

# (written, what narrate says)
NOT_THIS_CLASS = {'the EXISTS operator and UNION ALL', 'the FBI', 'NASA', 'THE AP IS HERE', 'it was AS good AS New York', 'usage of ACLs is', 'The FBI said', 'the JPEG file'}  # left alone, or another class's
CASES = [
    ('the UAE said', 'the U.A.E. said'),
    ('the EPA said', 'the E.P.A. said'),
    ('AP', 'A.P.'),
    ('AT&T and R&D', 'A.T. and T and R and D'),
    ('PhDs', "PhD's"),
    ('the FBI', 'the FBI'),
    ('NASA', 'NASA'),
    ('THE AP IS HERE', 'THE AP IS HERE'),
    ('according to AFP, the', 'according to A.F.P., the'),
    ('the IMF, and', 'the I M F, and'),
    ('Agnostics (UAAR) has', 'Agnostics (U.A.A.R.) has'),
    ("NASA's mission", "Nasa's mission"),
    ("IE's versions", "I E's versions"),
    ("consult the ASPCA's database", "consult the A.S.P.C.A.'s database"),  # not 'Aspca's', 'asp-caz'
    ('a paper by AS Heagle', 'a paper by A.S. Heagle'),
    ('it was AS good AS New York', 'it was AS good AS New York'),
    ('usage of ACLs is', 'usage of ACLs is'),
    ('The FBI said', 'The FBI said'),
    ('the JPEG file', 'the JPEG file'),
    ('the EXISTS operator and UNION ALL', 'the EXISTS operator and UNION ALL'),  # SQL's keywords: words
    ('kept its AAA rating', 'kept its triple A rating'),  # as every reader says it, not A.A.A.
    ('two AAA batteries', 'two triple A batteries'),
    ("the AAA's report", "the triple A's report"),
]


@pytest.mark.parametrize(("written", "spoken"), CASES)
def test_initialism(written, spoken):
    assert said(written) == spoken


@pytest.mark.parametrize("written", [written for written, _ in CASES if written not in NOT_THIS_CLASS])
def test_the_initialism_class_reads_them(written):
    assert "initialism" in classes(written)
