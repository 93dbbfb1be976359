"""Where a thing stands against another: in it, under it, above it, near it, behind it.

"Can tenants have a barbecue on the balcony?" and "… under the balcony?" say the same words,
and MiniLM puts them at 0.97; but the first asks about fire on a balcony, the second about
fire below one, where the smoke rises into a home. So do "asbestos in a loft" and "above a
loft", "a car parked in a disabled bay" and "near" one. Prepositions of one place ("in",
"inside", "on", "at", "from") read alike, so "remove asbestos from a loft" asks what "in a
loft" asks; only a thing both questions name, placed differently, is compared.
"""

from __future__ import annotations

import re

from shared.cache._extent import outside_at
from shared.cache._parties import PARTY
from shared.text.determiners import DETERMINER
from shared.text.terms import STOP_WORDS, stem

__all__ = ["placed_apart", "places", "taken_before"]

_NO_PLACE = (r"(?:phone|telephone|internet|web|email|post|weekend|years?|months?|weeks?|days?|"
             r"period|summer|winter|spring|autumn|christmas|holidays?|limit|age|threshold|time|"
             r"end|deadline|date|way|law|hand)\b")
"""What "over" or "by" is followed by when it names no place: a medium ("over the phone", "by
post"), a period or a moment ("over the summer", "by the deadline"), a limit ("over the
limit") or a manner ("by hand")."""
_HELD = "".join(rf"(?<!\b{w}\s)" for w in """charge charges right rights control power powers
    say authority""".split())
"""A charge, a right or a power held "over" a thing ("a charge over the house", "rights over
the land", "control over the budget"): what it is held against, as "on" says, not a place
above it."""
_PLACES = {
    "in front of": r"in front of|at the front of|opposite|outside(?: of)?",
    "beyond": r"beyond|away from",
    "behind": r"behind|at the back of|at the rear of",
    "above": rf"above|on top of|{_HELD}over(?=\s+{DETERMINER}\s+(?!{_NO_PLACE}))",
    "under": r"under|underneath|beneath|below",
    "near": rf"near|nearby|beside|next to|close to|by(?=\s+{DETERMINER}\s+(?!{_NO_PLACE}))",
    "off": r"off|out of",
    "in": r"in|inside|within|at|on|onto|into|from",
}
"""Kinds of place, the phrases of several words first so that "in front of" is not "in"
("outside their house" is in front of it: beyond a period or an area it is an extent,
``shared.cache._extent``);
"over" and "by" only before a thing that is no period, limit, medium or party ("a shower over
the bath", "bikes by the shed"; not "over the summer", "by post", "by the tenant"). "Off"
or "out of" a thing is away from it ("park off the estate", "trap moles off our land", "store
bikes out of the hallway"), except after a verb that takes something from where it was
("take plant pots off the balcony", "fell off the roof", "clean moss off the roofs", "move
bikes out of the hallway"), where it says what "from" says (and which way the thing moves is
read by ``shared.cache._direction``)."""
_TAKING = (
    r"take|takes|taking|took|taken|fall|falls|falling|fell|fallen|drop|drops|dropped|dropping|"
    r"remove\w*|clear\w*|wipe\w*|knock\w*|blow|blows|blew|blown|strip\w*|lift\w*|scrape\w*|"
    r"move|moves|moved|moving|pull\w*|cut|cuts|cutting|throw|throws|throwing|threw|thrown|"
    r"lean\w*|jump\w*|climb\w*|kick\w*|evict\w*|clean\w*|brush\w*|scrub\w*|wash\w*|"
    r"sweep\w*|swept|jet\w*|blast\w*|peel\w*|carry|carries|carried|carrying|bring|brings|"
    r"bringing|brought|wheel\w*|push\w*|drag\w*|hang|hangs|hanging|hung")
_LIGHT = r"get|gets|getting|got|come|comes|coming|came|go|goes|going|went|gone|run|runs|" \
    r"running|ran"
_TAKEN = re.compile(
    rf"\b(?:(?:{_TAKING})(?:\s+[\w'-]+){{0,4}}|(?:{_LIGHT})(?:\s+[\w'-]+)?)\s+$",
    re.IGNORECASE)
"""A verb taking or moving a thing from where it was, a few words before "off" or "out of"
("take the pots off", "move the bikes out of", "carry bikes out of"); a light verb ("get",
"go", "come", "run") only with at most one word between ("get it off", "go out of"), since
further back it is another clause's ("go and store bikes out of the hallway"). Washing hung
"out of the window" hangs from it, as ``shared.cache._direction`` reads it, not "in" it."""


def taken_before(plain: str, at: int) -> bool:
    """Whether a verb of taking or moving stands just before offset ``at`` of ``plain``."""
    return bool(_TAKEN.search(plain, 0, at))


_PLACE = re.compile(
    "(?<![\\w'-])(?:" + "|".join(f"(?P<g{i}>{p})" for i, p in enumerate(_PLACES.values())) +
    rf")\s+(?:{DETERMINER}\s+)?(?:[A-Za-z-]+['’]s?\s+)?"
    r"(?P<thing>[A-Za-z]+)(?:\s+(?P<next>[A-Za-z]+))?", re.IGNORECASE)
"""A preposition of place and the first word of the thing after it, past an article and an
owner, with the word after that ("the tenancy agreement")."""


_SWITCHED = re.compile(
    r"\b(?:switch|turn|leav|left|keep|kept)\w*\s+(?:" + DETERMINER + r"\s+)?(?:[a-z-]+\s+)?"
    r"(?P<thing>[a-z]+)\s+(?P<state>on|off)\b(?!\s+" + DETERMINER + r"\b)(?!\s+[a-z]+['’]s\b)",
    re.IGNORECASE)
"""A thing switched, turned, left or kept on or off ("keep the heating on overnight", "switch
the lights off"), "on" or "off" closing its phrase: whether it runs, read as "switch on the
heating" and "switch off the heating" are (in it, off it), so each meets its own reading in
either order and never the other's."""


_INSTRUMENTS = frozenset(stem(w) for w in """act acts section sections regulation regulations
    rule rules law laws policy policies lease leases agreement agreements contract contracts
    scheme schemes terms order orders part parts ground grounds schedule code guidance standard
    standards""".split())
"""What a rule is "under" or "in" ("under the Act", "in the tenancy agreement"): a source of
law, no place, said in its first two words; a capitalised name is one too ("under the
Homelessness Reduction Act")."""


def places(plain: str) -> frozenset[tuple[str, str]]:
    """(kind of place, stem) for each thing ``plain`` places something against."""
    names = list(_PLACES)
    found = set()
    for m in _PLACE.finditer(plain):
        thing = m["thing"].lower()
        if thing in STOP_WORDS or m["thing"][0].isupper() or \
                {stem(thing), stem(m["next"] or "")} & _INSTRUMENTS:
            continue
        kind = names[int(next(k for k, v in m.groupdict().items() if v and k != "thing")[1:])]
        if kind == "near" and m.group(0).lower().startswith("by") and \
                PARTY.match(plain, m.start("thing")):
            continue  # "by the tenant": who does it
        if kind == "off" and outside_at(plain, m.start()):
            continue  # "out of our district": an extent (``shared.cache._extent``)
        if kind == "off" and taken_before(plain, m.start()):
            kind = "in"
        found.add((kind, stem(thing)))
    found |= {("off" if m["state"].lower() == "off" else "in", stem(m["thing"]))
              for m in _SWITCHED.finditer(plain) if m["thing"].lower() not in STOP_WORDS}
    return frozenset(found)


def placed_apart(one: frozenset[tuple[str, str]], other: frozenset[tuple[str, str]]) -> str:
    """A thing both questions place something against, in no kind of place in common ("on the
    balcony", "under the balcony"), in words."""
    for thing in sorted({t for _, t in one} & {t for _, t in other}):
        mine = {k for k, t in one if t == thing}
        theirs = {k for k, t in other if t == thing}
        if not mine & theirs:
            return f"{'/'.join(sorted(mine))} the {thing} against {'/'.join(sorted(theirs))} it"
    return ""
