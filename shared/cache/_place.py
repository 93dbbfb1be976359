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
from shared.text.determiners import DETERMINER
from shared.text.terms import STOP_WORDS, stem

__all__ = ["placed_apart", "places"]

_PLACES = {
    "in front of": r"in front of|at the front of|opposite|outside(?: of)?",
    "beyond": r"beyond|away from",
    "behind": r"behind|at the back of|at the rear of",
    "above": r"above|on top of",
    "under": r"under|underneath|beneath|below",
    "near": r"near|nearby|beside|next to|close to",
    "off": r"off|out of",
    "in": r"in|inside|within|at|on|onto|into|from",
}
"""Kinds of place, the phrases of several words first so that "in front of" is not "in"
("outside their house" is in front of it: beyond a period or an area it is an extent,
``shared.cache._extent``);
"over" (a limit, a period) and "by" (who does it) are left out for their other senses. "Off"
or "out of" a thing is away from it ("park off the estate", "trap moles off our land", "store
bikes out of the hallway"), except after a verb that takes something from where it was
("take plant pots off the balcony", "fell off the roof", "clean moss off the roofs", "move
bikes out of the hallway", "hang washing out of the window"), where it says what "from"
says."""
_TAKEN = re.compile(
    r"\b(?:take|takes|taking|took|taken|get|gets|getting|got|fall|falls|falling|fell|fallen|"
    r"drop|drops|dropped|dropping|come|comes|coming|came|remove\w*|clear\w*|wipe\w*|knock\w*|"
    r"blow|blows|blew|blown|strip\w*|lift\w*|scrape\w*|move|moves|moved|moving|pull\w*|"
    r"cut|cuts|cutting|hang|hangs|hanging|hung|throw|throws|throwing|threw|thrown|lean\w*|"
    r"jump\w*|climb\w*|kick\w*|evict\w*|go|goes|going|went|gone|run|runs|running|ran|"
    r"clean\w*|brush\w*|scrub\w*|wash\w*|sweep\w*|swept|jet\w*|blast\w*|peel\w*)\b"
    r"(?:\s+[\w'-]+){0,4}\s+$", re.IGNORECASE)
"""A verb taking or moving a thing from where it was, a few words before "off" or "out of"
("take the pots off", "move the bikes out of", "hang washing out of")."""
_PLACE = re.compile(
    "(?<![\\w'-])(?:" + "|".join(f"(?P<g{i}>{p})" for i, p in enumerate(_PLACES.values())) +
    rf")\s+(?:{DETERMINER}\s+)?(?:[A-Za-z-]+['’]s?\s+)?"
    r"(?P<thing>[A-Za-z]+)(?:\s+(?P<next>[A-Za-z]+))?", re.IGNORECASE)
"""A preposition of place and the first word of the thing after it, past an article and an
owner, with the word after that ("the tenancy agreement")."""


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
        if kind == "off" and outside_at(plain, m.start()):
            continue  # "out of our district": an extent (``shared.cache._extent``)
        if kind == "off" and _TAKEN.search(plain, 0, m.start()):
            kind = "in"
        found.add((kind, stem(thing)))
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
