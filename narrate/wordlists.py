"""Data only: word lists the text functions consult. Logic lives elsewhere."""

from __future__ import annotations

# Abbreviations whose final period never ends a sentence (compared lower-case, without the dot).
TITLES_AND_ABBREVIATIONS = frozenset(
    """
    mr mrs ms mx dr prof rev fr sr jr st mt ft gen col lt sgt capt cmdr adm maj brig
    sen rep gov pres supt insp det hon messrs mme mlle
    jan feb mar apr jun jul aug sep sept oct nov dec
    mon tue tues wed thu thur thurs fri sat sun
    no nos vol vols fig figs ch chap sec pp ed eds est approx dept univ assn bros
    inc ltd co corp plc llc
    vs etc al cf ca
    e.g i.e a.m p.m
    """.split()
)

# Words that, after an initialism such as "U.S.", show that a new sentence has begun.
SENTENCE_STARTERS = frozenset(
    """
    the a an he she it they we i you his her its their our this that these those
    but and so yet or however meanwhile still then there here in on at after before
    when while if as for with by from officials some many most one two
    """.split()
)
