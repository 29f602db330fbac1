"""A link whose path is an id, not words: said as 'a link to' its site in every language.

'http://amzn.to/2hWxAKk' spelled out is 'amzn dot T O slash two h W x A K k', which no one
reading a page aloud would say; the site is what a listener can use. A short link's host
(amzn.to, bit.ly) says its path is an id; elsewhere an id is letters and digits in no word's
order ('2B5WGKP'), where 'mp3s', 'iPhone15' and 'getElementById' are words. A story's slug
('9596-the-palace-tale-of-jang-noksu-show-ticket-seoul') is its headline with dashes, said
before or after the link, and 'the dash palace dash tale dash of' helps no one.
"""

from __future__ import annotations

import re

# Hosts of short links: the whole path is an id.
SHORT_LINK_HOSTS = frozenset({
    "amzn.to", "amzn.eu", "a.co", "bit.ly", "t.co", "goo.gl", "ow.ly", "tinyurl.com", "buff.ly", "po.st",
    "youtu.be", "fb.me", "lnkd.in", "is.gd", "trib.al", "dlvr.it", "wp.me", "spoti.fi", "apple.co",
    "rebrand.ly", "shorturl.at", "cutt.ly", "tiny.cc", "j.mp", "bitly.com", "tr.im", "redd.it", "flic.kr",
})
_LETTER_DIGIT = re.compile(r"(?=[A-Za-z]\d|\d[A-Za-z])")
_HUMP = re.compile(r"[a-z](?=[A-Z])")
OPAQUE_ID_CHARS = 12
SLUG_JOINS = 3  # 'the-elephant-in-the-room' (4), not 'mutable-history' or 'x86_64'


def is_id(segment: str) -> bool:
    """'2B5WGKP', '2hWxAKk': letters and digits in no word's order."""
    return len(_LETTER_DIGIT.findall(segment)) >= 3 or (
        len(segment) <= OPAQUE_ID_CHARS and any(c.isdigit() for c in segment) and len(_HUMP.findall(segment)) >= 2)


def is_slug(segment: str) -> bool:
    """'marco-arment-2011', 'the-elephant-in-the-room': words joined into a path."""
    return segment.count("-") + segment.count("_") >= SLUG_JOINS


def is_id_link(host: str, segments: list[str]) -> bool:
    """A link that is better said as its site: a short link, or a path with an id or a slug in it."""
    name = host.lower().removeprefix("www.")
    return (name in SHORT_LINK_HOSTS and any(segments)) \
        or any(is_id(segment) or is_slug(segment) for segment in segments if segment)
