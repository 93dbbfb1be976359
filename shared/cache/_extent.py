"""How much of a group, a period or a place a question asks about: part of it, outside it, one
member of it or the whole of it.

"Can we fit fibre to all flats in a block?" and "… to some flats in a block?" say the same
words of substance, and MiniLM puts them at 0.98; so are "roof repairs during the bat breeding
season" and "… outside the bat breeding season". The answer for every member of a group is
not the answer for a chosen few (a landlord may fit fibre to some flats without a duty to fit
it to all), nor is the rule inside a period or a place the rule outside it, nor is what one
of two joint tenants may do what both may do together ("must one of the joint tenants sign",
"must both joint tenants sign", 0.97: a notice to quit from one ends a joint periodic
tenancy, most other steps need both). The guard compares what this module reads; it says
nothing of what is asked about, only how much of it.
"""

from __future__ import annotations

import re

__all__ = ["PART", "extent", "extents_differ", "outside_at"]

PART = "part"
"""A part of a group: "some flats", "a few tenants", "several homes", "most leaseholders"."""
OUTSIDE = "outside"
"""Beyond a period, a place or a group: "outside the breeding season", "out of hours"."""
ONE = "one"
"""A single member of a group: "one of the joint tenants", "either of them"."""
WHOLE = "whole"
"""Every member of a group at once: "both joint tenants", "all of the tenants", "each"."""
_STRICT = frozenset({PART, OUTSIDE})

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
    r"weeks?|weekends?|months?|years?|times?|holidays?|nights?|emergenc(?:y|ies))\b",
    re.IGNORECASE)
""""Outside" or "out of" before a period or an area it sets the question beyond ("outside
the breeding season", "outside its area", "out of hours", "out of borough", "outside
collection days", "outside an emergency"). Before a thing it says where something stands, by
it rather than beyond it ("a dropped kerb outside their house" is one in front of it): read
as a place, not an extent; "the outside of a block" is its exterior."""


_ONE = re.compile(r"(?<![\w'-])(?<!no )(?<!not )(?:(?:just|only)\s+)?(?:one|either)"
                  r"(?:\s+or\s+other)?\s+of\b", re.IGNORECASE)
""""One of the joint tenants", "just one of them", "either of the tenants": one member of a
group ("one of our properties" is a property of ours, the same as "a property"); "no one of"
and "not one of" say none."""
_WHOLE = re.compile(r"(?<![\w'-])(?:both|all|each|every)(?![\w'-])", re.IGNORECASE)
""""Both joint tenants", "all of them", "each tenant": the group as a whole, or each of it."""


def outside_at(plain: str, at: int) -> bool:
    """Whether an extent beyond a period or an area starts at ``at`` ("out of our district"):
    read here, not as a place."""
    return _OUTSIDE.match(plain, at) is not None


def extents_differ(one: frozenset[str], other: frozenset[str]) -> bool:
    """Part of a group and what lies outside it differ from the group said plainly or whole;
    one member of a group ("one of the joint tenants") differs from the whole of it ("both
    joint tenants"), though not from a member said plainly ("a joint tenant")."""
    if one & _STRICT != other & _STRICT:
        return True
    return any(ONE in a - b and WHOLE in b - a for a, b in ((one, other), (other, one)))


def extent(plain: str) -> frozenset[str]:
    """``PART`` where the question asks about part of a group, ``OUTSIDE`` where it asks about
    what lies beyond a period, place or group, ``ONE`` where it names one member of a group
    and ``WHOLE`` where it names all of one; any of them, or none."""
    found = set()
    if _PART.search(plain):
        found.add(PART)
    if _OUTSIDE.search(plain):
        found.add(OUTSIDE)
    if _ONE.search(plain):
        found.add(ONE)
    if _WHOLE.search(plain):
        found.add(WHOLE)
    return frozenset(found)
