"""How many of a thing a question asks about: one of it, each of it, the whole of it, or any
number of it.

"Can a tenant sublet a room?" and "Can a tenant sublet every room?" say the same words of
substance, and MiniLM puts them at 0.96; but letting one room to a lodger keeps the tenant
living in the home, letting every room does not. So do "any leaseholder" and "every
leaseholder" (whether one may, against whether all may), "keep the deposit" and "keep the
whole deposit" (some of it, or all), "keep a cat" and "keep cats" (a tenancy that allows
one pet need not allow several), and "a dog and a cat" and "a dog or a cat". The guard
compares, for a thing both questions name, what each puts before it; a thing said plainly in
one ("cats") and with "the" in the other is no difference, since both ask about the thing in
general.
"""

from __future__ import annotations

import re

from shared.text.determiners import ARTICLES, POSSESSIVES
from shared.text.terms import STOP_WORDS, stem

__all__ = ["counted", "counts_differ"]

ONE = "one"
"""One of a thing, or any one of it: "a room", "any leaseholder", "a single garage"."""
EACH = "each"
"""Every one of a thing: "every room", "each leaseholder", "all the garages"."""
WHOLE = "whole"
"""All of one thing: "the whole deposit", "the entire garden"."""
THE = "the"
"""The thing itself, said with "the": "the deposit" (the whole of it or part, unsaid)."""
SEVERAL = "several"
"""A plural kept without a determiner ("keep cats"): any number of it."""

BOTH = "both"
"""Two things joined by "and": "keep a dog and a cat" asks about keeping the two."""
EITHER = "either"
"""Two things joined by "or": "keep a dog or a cat" asks about keeping one of them."""
_CLASHES = frozenset({frozenset({ONE, EACH}), frozenset({ONE, SEVERAL}),
                      frozenset({BOTH, EITHER})})
"""Which counts of one thing ask different questions: one against each of it, one against any
number of it (the whole of a sum against the sum is read apart, ``_SUMS``)."""
_SUMS = frozenset(stem(w) for w in """deposit deposits rent rents charge charges cost costs fee
    fees bill bills amount amounts sum sums balance arrears debt debts money payment payments
    refund refunds compensation award""".split())
"""Sums of money, of which a landlord may keep, charge or pay back part: "keep the whole
deposit" is not "keep the deposit" (deductions from it), where "the whole tenancy" ends as
"the tenancy" does."""

_DEFINITE = "(?:" + "|".join(("the", *POSSESSIVES)) + ")"
""""The" or an owner ("our", "my"): a thing named as the one meant, whose count is unsaid."""
_DETERMINERS = {
    EACH: rf"every|each|all(?:\s+of)?\s+{_DEFINITE}",
    WHOLE: rf"{_DEFINITE}\s+(?:whole|entire)",
    ONE: r"an?(?:\s+single)?|any|one|a\s+single",
    THE: _DEFINITE,
}
_DETERMINED = re.compile(
    r"(?<![\w'-])(?:" + "|".join(f"(?P<{k}>{p})" for k, p in _DETERMINERS.items()) +
    r")\s+(?=[a-z])", re.IGNORECASE)
"""A determiner before a word: what it counts is each of the (up to two) content words after
it ("every spare room"), since a light reader cannot tell the noun from the verb that may
follow ("can every leaseholder challenge")."""

_KEPT = re.compile(
    r"\b(?:keep|keeps|keeping|kept|own|owns|owning|sublet|sublets|subletting|breed|breeds|"
    r"breeding)\s+(?P<plural>[a-z]{3,}s)\b(?!\s+of\b)", re.IGNORECASE)
"""A plural kept, owned, sublet or bred with no determiner ("keep cats", "sublet rooms"): as
many of it as the tenant likes, where "keep a cat" asks about one. What is parked or stored
is not counted so: "parking caravans on estates" asks the rules "parking a caravan on an
estate" asks, whatever the number."""
_JOINED = re.compile(r"\b(?P<one>[a-z]+)\s+(?P<conj>and|or)\s+(?:"
                     + "(?:" + "|".join(ARTICLES + POSSESSIVES) + r")\s+)?"
                     r"(?P<other>[a-z]+)\b", re.IGNORECASE)
"""Two words joined by "and" or "or": both things, or either of them."""
_NOT_COUNTED = frozenset(stem(w) for w in """lot number couple pair kind kinds sort sorts type
    types bit part rest time times way""".split())
"""Words that count or sort what follows them ("a number of flats", "a kind of pet"), not a
thing of their own."""


def counted(plain: str) -> frozenset[tuple[str, str]]:
    """(stem, count) for each thing ``plain`` counts: what its determiner says of it, and a
    plural kept without one."""
    found = set()
    for m in _DETERMINED.finditer(plain):
        count = next(k for k in _DETERMINERS if m[k])
        found |= {(thing, count) for thing in _things(plain, m.end()) - _NOT_COUNTED}
    found |= {("+".join(sorted({stem(m["one"]), stem(m["other"])})),
               BOTH if m["conj"].lower() == "and" else EITHER)
              for m in _JOINED.finditer(plain)
              if not {m["one"].lower(), m["other"].lower()} & STOP_WORDS}
    found |= {(stem(m["plural"]), SEVERAL) for m in _KEPT.finditer(plain)
              if stem(m["plural"]) != m["plural"].lower()}
    return frozenset(found)


_WORD = re.compile(r"[A-Za-z-]+")
_OF = re.compile(r"\s+of\b", re.IGNORECASE)


def _things(plain: str, start: int) -> frozenset[str]:
    """The stems of the (up to two) content words from ``start``; none where "of" follows
    them ("a record of repairs" names records of something else)."""
    words: list[str] = []
    end = start
    for m in _WORD.finditer(plain, start):
        if plain[end:m.start()].strip() or m.group(0).lower() in STOP_WORDS or len(words) == 2:
            break
        words.append(m.group(0))
        end = m.end()
    if _OF.match(plain, end):
        return frozenset()
    return frozenset(stem(w) for w in words)


def counts_differ(one: frozenset[tuple[str, str]], other: frozenset[tuple[str, str]]) -> str:
    """A thing both questions count in ways that ask different questions, in words ("a room
    against every room"); empty where there is none."""
    for thing, count in sorted(one - other):
        for same, theirs in sorted(other - one):
            if same == thing and (frozenset({count, theirs}) in _CLASHES or (
                    {count, theirs} == {THE, WHOLE} and thing in _SUMS)) and \
                    (thing, theirs) not in one and (thing, count) not in other:
                return f"{count} {thing} against {theirs} {thing}"
    return ""
