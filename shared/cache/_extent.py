"""How much of a group, a period or a place a question asks about: part of it, or outside it.

"Can we fit fibre to all flats in a block?" and "… to some flats in a block?" say the same
words of substance, and MiniLM puts them at 0.98; so are "roof repairs during the bat breeding
season" and "… outside the bat breeding season". The answer for every member of a group is
not the answer for a chosen few (a landlord may fit fibre to some flats without a duty to fit
it to all), nor is the rule inside a period or a place the rule outside it. The guard compares
what this module reads; it says nothing of what is asked about, only how much of it.
"""

from __future__ import annotations

import re

__all__ = ["PART", "extent"]

PART = "part"
"""A part of a group: "some flats", "a few tenants", "several homes", "most leaseholders"."""
OUTSIDE = "outside"
"""Beyond a period, a place or a group: "outside the breeding season", "out of hours"."""

_PART = re.compile(
    r"(?<![\w'-])(?:(?<!how )(?:some|several|certain|most)|a few|a handful of|a number of|"
    r"a minority of|a majority of|not all|only some)\s+"
    r"(?=of\b|(?:the|our|their|its|these|those)\b|(?:[a-z]{2,}[^s\W]s|people|children|staff)\b)",
    re.IGNORECASE)
"""A quantifier of part of a group before a plural noun or "of" ("some flats", "some of the
tenants", "a number of properties"); "some notice", "some advice" ask what "notice" and
"advice" ask, and "how many" asks for an amount (compared apart)."""

_OUTSIDE = re.compile(
    r"(?<![\w'-])(?<!the )(?:outside(?:\s+of)?|out\s+of)\s+(?:(?:the|a|an|our|their|its|his|"
    r"her|this|that|these|those)\s+)?(?:[\w'-]+\s+){0,3}?(?:seasons?|hours|terms?|periods?|"
    r"areas?|boroughs?|districts?|regions?|county|counties|boundar(?:y|ies)|zones?|days?|"
    r"weeks?|weekends?|months?|years?|times?|holidays?|nights?)\b",
    re.IGNORECASE)
""""Outside" or "out of" before a period or an area it sets the question beyond ("outside
the breeding season", "outside its area", "out of hours", "out of borough", "outside
collection days"). Before a thing it says where something stands, by it rather than beyond
it ("a dropped kerb outside their house" is one in front of it): read as a place, not an
extent; "the outside of a block" is its exterior."""


def extent(plain: str) -> frozenset[str]:
    """``PART`` where the question asks about part of a group, ``OUTSIDE`` where it asks about
    what lies beyond a period, place or group; both, or neither."""
    found = set()
    if _PART.search(plain):
        found.add(PART)
    if _OUTSIDE.search(plain):
        found.add(OUTSIDE)
    return frozenset(found)
