"""Which way something moves: out of a thing a question names, or into it.

"Must we fix a leak from the flat above?" and "… a leak into the flat above?" say the same
words, and MiniLM puts them at 0.98; but the first asks about water coming down from a
neighbour's home, whose occupier may be liable, the second about water our tenant lets into
it. So do "damage from a neighbour's flat" and "damage to a neighbour's flat", and "move a
tenant from a flat to a house" against "from a house to a flat". Parties are compared apart,
by the side a complaint or a request puts them on (``shared.cache._parties.sides``).
"""

from __future__ import annotations

import re

from shared.cache._parties import PARTY
from shared.cache._place import taken_before
from shared.text.determiners import DETERMINER
from shared.text.terms import STOP_WORDS, stem

__all__ = ["FROM", "TO", "directions", "opposite_directions"]

FROM = "from"
TO = "to"

_DIRECTION = re.compile(
    rf"\b(?P<prep>from|into|onto|to)\s+(?:{DETERMINER}\s+)?(?:[A-Za-z-]+['’]s?\s+)?"
    r"(?P<thing>[A-Za-z]+)", re.IGNORECASE)
"""A preposition of movement and the thing after it, past an article and an owner ("from a
neighbour's flat" names the flat)."""


_DET = rf"(?:{DETERMINER}\s+)?"
_SWAPPED = re.compile(
    rf"\b(?:replac|swap|exchang|chang|convert|substitut|switch|turn)\w*\s+{_DET}"
    r"(?P<old>[a-z0-9][a-z0-9-]*(?:\s+[a-z0-9][a-z0-9-]*){0,2}?)\s+(?:with|for|into|to)\s+"
    rf"{_DET}(?P<new>[a-z0-9][a-z0-9-]*(?:\s+[a-z0-9][a-z0-9-]*){{0,2}})", re.IGNORECASE)
"""A thing put in place of another: "replace the carpet with laminate", "swap a bath for a
shower", "convert a garage into a bedroom", "turn a bedsit into a one-bed flat", "replace a
gas boiler with a heat pump". What goes is what the home moves from, what comes what it
moves to: "swap a shower for a bath" is the other way round. Each may take up to three words
("an electric storage heater"), every one of them read, since the words that tell the two
apart may be the qualifiers ("a wooden fence", "a brick wall")."""
_AWAY = re.compile(
    rf"\b(?:off|out\s+of)\s+(?:{DETERMINER}\s+)?(?:[A-Za-z-]+['’]s?\s+)?(?P<thing>[A-Za-z]+)",
    re.IGNORECASE)
""""Off" or "out of" a thing: after a verb of taking or moving ("take the pots off the
balcony", "carry bikes out of the lift") the thing they leave, as "from" says."""
_PUT = re.compile(
    r"\b(?:put|puts|putting|place|places|placing|leave|leaves|leaving|store|stores|storing|fit|"
    r"fits|fitting|install|installs|installing|hang|hangs|hanging|park|parks|parking|carry|"
    r"carries|carrying|bring|brings|bringing|move|moves|moving)(?:\s+[\w'-]+){0,4}?\s+"
    r"(?:on|onto|in|inside)\s+"
    rf"(?:{DETERMINER}\s+)?(?:[A-Za-z-]+['’]s?\s+)?(?P<thing>[A-Za-z]+)", re.IGNORECASE)
"""A thing put, left, stored or fitted on or in another ("put plant pots on the balcony",
"store bikes in the hallway"): what it is moved to, against what another question takes off
or out of it. Only a verb that acts: a past participle says where a thing already is
("rubbish left in the bin store", "a car parked on the grass"), which is where a question
removing it takes it from."""


def _phrase(words: str) -> list[str]:
    """The words of a swapped thing up to the first of no substance ("a heat pump in the
    garden" names a heat pump)."""
    found = []
    for word in words.lower().split():
        if word in STOP_WORDS:
            break
        found.append(word)
    return found


def directions(plain: str) -> frozenset[tuple[str, str]]:
    """(stem, ``FROM`` or ``TO``) for each thing ``plain`` says something moves out of or
    into, or is swapped out of or into; parties and words of no substance ("to be", "from
    there") are left out."""
    found = {pair for m in _SWAPPED.finditer(plain)
             if (old := _phrase(m["old"])) and (new := _phrase(m["new"])) and
             len(old) == len(m["old"].split())
             for pair in [(stem(w), FROM) for w in old] + [(stem(w), TO) for w in new]}
    found |= {(stem(m["thing"]), FROM) for m in _AWAY.finditer(plain)
              if taken_before(plain, m.start()) and m["thing"].lower() not in STOP_WORDS}
    found |= {(stem(m["thing"]), TO) for m in _PUT.finditer(plain)
              if m["thing"].lower() not in STOP_WORDS and not PARTY.fullmatch(m["thing"])}
    for m in _DIRECTION.finditer(plain):
        thing = m["thing"]
        if thing.lower() in STOP_WORDS or PARTY.fullmatch(thing):
            continue
        found.add((stem(thing), FROM if m["prep"].lower() == "from" else TO))
    return frozenset(found)


def opposite_directions(one: frozenset[tuple[str, str]], other: frozenset[tuple[str, str]]
                        ) -> str:
    """A thing one question says something moves out of and the other into, in words."""
    for thing, way in sorted(one - other):
        if (thing, TO if way == FROM else FROM) in other - one:
            return f"{way} the {thing} in one, {TO if way == FROM else FROM} it in the other"
    return ""
