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

from shared.text.determiners import ARTICLES, DETERMINER, POSSESSIVES
from shared.text.terms import STOP_WORDS, stem

__all__ = ["counted", "counts_differ", "scope_differs", "scope_dropped"]

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

MORE = "more"
"""Some of a thing beyond what is had already: "allowed more pets", "fit more radiators"."""

BOTH = "both"
"""Two things joined by "and": "keep a dog and a cat" asks about keeping the two."""
EITHER = "either"
"""Two things joined by "or": "keep a dog or a cat" asks about keeping one of them."""
INSTEAD = "instead"
"""One thing in place of another: "fit a shower instead of a bath" asks about one of the two,
never both ("a shower and a bath", "a shower plus a bath")."""
_CLASHES = frozenset({frozenset({ONE, EACH}), frozenset({ONE, SEVERAL}),
                      frozenset({MORE, ONE}), frozenset({MORE, SEVERAL}), frozenset({MORE, THE}),
                      frozenset({BOTH, EITHER}), frozenset({BOTH, INSTEAD})})
"""Which counts of one thing ask different questions: one against each of it, one against any
number of it, more of it than is had already against one, any number or the thing itself
("keep more dogs" / "keep a dog", "keep dogs", "keep the dog"), both of two things against
either or one in place of the other."""
_WHOLES = frozenset({frozenset({EACH, THE}), frozenset({WHOLE, THE})})
"""All of a thing against it said with "the" ("keep all of the deposit", "keep the deposit":
deductions from it; "redecorate the whole flat", "redecorate the flat": a room or two), except
for what has no parts to take (``_UNDIVIDED``): read by ``scope_differs``, after the extents
of a group (``shared.cache._extent``), which name "all of" against "one of" more exactly."""
_UNDIVIDED = frozenset(stem(w) for w in """tenancy tenancies lease leases licence licences
    agreement agreements contract contracts term terms period periods""".split())
"""Legal relations and periods, which end, run or are granted whole: "the whole tenancy ends"
asks what "the tenancy ends" asks, where "the whole deposit" is not "the deposit"."""

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
    r"breeding|have|has|having)\s+(?P<plural>[a-z]{3,}s)\b(?!\s+of\b)", re.IGNORECASE)
"""A plural kept, owned, had, sublet or bred with no determiner ("keep cats", "have dogs",
"sublet rooms"): as many of it as the tenant likes, where "keep a cat" asks about one. What
is parked or stored is not counted so: "parking caravans on estates" asks the rules "parking
a caravan on an estate" asks, whatever the number."""
_JOINED = re.compile(r"\b(?P<one>[a-z]+)\s+(?P<conj>and|or)\s+(?:"
                     + "(?:" + "|".join(ARTICLES + POSSESSIVES) + r")\s+)?"
                     r"(?P<other>[a-z]+)\b", re.IGNORECASE)
"""Two words joined by "and" or "or": both things, or either of them."""
_ADDED_OR_PUT_FOR = re.compile(
    r"\b(?P<one>[a-z]+)\s+(?P<conj>plus|besides|instead\s+of|rather\s+than|in\s+place\s+of)\s+"
    rf"(?:{DETERMINER}\s+)?(?P<other>[a-z]+)\b", re.IGNORECASE)
"""Two words joined otherwise: "plus" and "besides" join both as "and" does; "instead of",
"rather than" and "in place of" put one in the other's place. "As well as" against "instead
of" is read among the sides of a comparison (``shared.cache._features``)."""
_PUT_FOR = frozenset({"instead", "rather", "in"})
"""The first words of the joining phrases above that put one thing for another."""
_MORE = re.compile(r"(?<![\w'-])(?<!\bno\s)(?<!\bany\s)more\s+(?=[a-z])"
                   r"(?!(?:often|frequently|regularly|quickly|promptly|slowly|strictly|than)\b)"
                   r"(?![a-z]+(?:\s+[\w'-]+){0,2}\s+than\b)", re.IGNORECASE)
""""More" before a thing ("allowed more pets", "more smoke alarms", "charge more rent"), with
no "than" after it and no adverb of how often or how fast (a comparison's side,
``_features``): more of it than is had
already, not it in general; "more pets than" is a comparison (``_features``), "no more" a
negation."""
_MORE_AFTER = re.compile(
    r"\b(?P<verb>[a-z]+)(?:\s+(?!more\b)[a-z]+){0,2}\s+(?<!\bno\s)(?<!\bany\s)more"
    r"(?=\s+(?:for|to|if|when|because|per|each|every)\b|\s*[?.!,]|\s*$)"
    r"(?!(?:\s+[\w'-]+){1,4}\s+than\b)", re.IGNORECASE)
""""More" closing what a verb does ("charge tenants more for parking", "pay more"): more of
the act than is done already, counted on the verb and its object, which the other question
names with no count ("charge tenants for parking"); with a "than" a few words on ("charge
more for the lift than it costs") it is a comparison's side (``_features``)."""
_ALL = re.compile(r"(?<![\w'-])(?<!\bat\s)all\s+(?!(?:of|over|along|year|day|night|week|"
                  rf"month|{_DEFINITE})\b)(?=[a-z])", re.IGNORECASE)
""""All" straight before a plural ("all residents", "all tenants"): each of them, as "all the
residents" is (``_DETERMINERS``); not "all year", "all over", "at all"."""
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
        things = _things(plain, m.end())
        if things and things[0] in _UNDIVIDED:
            things = things[:1]  # "the lease end": what follows a relation is its verb
        found |= {(thing, count) for thing in frozenset(things) - _NOT_COUNTED}
    found |= {(thing, MORE) for m in _MORE.finditer(plain)
              for thing in frozenset(_things(plain, m.end())) - _NOT_COUNTED}
    found |= {(stem(w), MORE) for m in _MORE_AFTER.finditer(plain)
              for w in m.group(0).split()[:-1] if w.lower() not in STOP_WORDS}
    found |= {(thing, EACH) for m in _ALL.finditer(plain)
              for thing in frozenset(_things(plain, m.end())) - _NOT_COUNTED}
    found |= {("+".join(sorted({stem(m["one"]), stem(m["other"])})),
               BOTH if m["conj"].lower() == "and" else EITHER)
              for m in _JOINED.finditer(plain)
              if not {m["one"].lower(), m["other"].lower()} & STOP_WORDS}
    found |= {("+".join(sorted({stem(m["one"]), stem(m["other"])})),
               INSTEAD if m["conj"].split()[0].lower() in _PUT_FOR else BOTH)
              for m in _ADDED_OR_PUT_FOR.finditer(plain)
              if not {m["one"].lower(), m["other"].lower()} & STOP_WORDS}
    found |= {(stem(m["plural"]), SEVERAL) for m in _KEPT.finditer(plain)
              if stem(m["plural"]) != m["plural"].lower()}
    return frozenset(found)


_WORD = re.compile(r"[A-Za-z-]+")
_OF = re.compile(r"\s+of\b", re.IGNORECASE)


def _things(plain: str, start: int) -> tuple[str, ...]:
    """The stems of the (up to two) content words from ``start``, in order; none where "of"
    follows them ("a record of repairs" names records of something else)."""
    words: list[str] = []
    end = start
    for m in _WORD.finditer(plain, start):
        if plain[end:m.start()].strip() or m.group(0).lower() in STOP_WORDS or len(words) == 2:
            break
        words.append(m.group(0))
        end = m.end()
    if _OF.match(plain, end):
        return ()
    return tuple(stem(w) for w in words)


def counts_differ(one: frozenset[tuple[str, str]], other: frozenset[tuple[str, str]],
                  clashes: frozenset[frozenset[str]] = _CLASHES) -> str:
    """A thing both questions count in ways that ask different questions (``clashes``), in
    words ("a room against every room"); empty where there is none."""
    for thing, count in sorted(one - other):
        for same, theirs in sorted(other - one):
            if same == thing and frozenset({count, theirs}) in clashes and not (
                    THE in (count, theirs) and thing in _UNDIVIDED) and \
                    (thing, theirs) not in one and (thing, count) not in other:
                return f"{count} {thing} against {theirs} {thing}"
    return ""


_SCOPED = frozenset({EACH, MORE})
_PERIODS = frozenset(stem(w) for w in """hour day night morning evening afternoon week weekend
    fortnight month quarter year""".split())
"""Periods, which "every" makes a frequency ("every week"), read with the manner of a question
("every other week"), not as a group."""


def scope_differs(one: frozenset[tuple[str, str]], other: frozenset[tuple[str, str]],
                  said_one: frozenset[str], said_other: frozenset[str]) -> str:
    """All or the whole of a thing against it said with "the" (``_WHOLES``), or against it with
    no count at all (``scope_dropped``), either way round, in words."""
    return counts_differ(one, other, _WHOLES) or scope_dropped(one, other, said_other) or \
        scope_dropped(other, one, said_one)


def scope_dropped(one: frozenset[tuple[str, str]], other: frozenset[tuple[str, str]],
                  said: frozenset[str]) -> str:
    """A thing ``one`` counts all or each of ("consult all residents"), or more of ("allowed
    more pets"), that the other question says with no count at all ("consult residents": some
    of them may do; "allowed pets"), in words; ``said`` is the other question's stems."""
    for thing, count in sorted(one):
        if count in _SCOPED and thing in said and thing not in _PERIODS and \
                not any(t == thing for t, _ in other):
            return f"{count} {thing} against {thing}"
    return ""
