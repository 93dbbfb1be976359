"""Whose costs, whose application: a statement must give a judgment's thing to the party the
quoted passage gives it to, and the proceedings to the side that brought them.

"He should pay half of Y's costs" does not support "Y was ordered to pay half of Z's costs":
the parties are swapped under a genuine quote. A possessive naming a party ("Y's costs", "Mr
Holyoake's evidence") is compared with the passage's possessives of the same thing; a
statement that gives it to a party the passage never gives it to is doubted (unverified,
never removed: "his costs" or "the Claimant's costs" leave the owner unnamed, so only named
owners are compared).

A provision's possessives name parties by role ("the authority's overall housing strategy",
"the landlord's website"); a statement that gives the same thing to another party ("the
Secretary of State's strategy", "the local housing authority's website") is doubted the same
way (``swapped_parties``). A landlord and an owner are one side.
"""

from __future__ import annotations

import re

from shared.text.initials import INITIALS, name_initials
from shared.text.sentences import OPENING, opening_word
from shared.text.terms import stem, terms
from shared.verification.claims import PARTY, party_of

__all__ = ["proceedings_given_to_the_other_side", "swapped_owners", "swapped_parties"]

_OWNER = r"[A-Z][\w-]*['’]s"
_POSSESSIVE = re.compile(
    rf"\b(?P<owners>{_OWNER}(?:(?:,\s*|\s+(?:and|or)\s+)(?:Mr |Mrs |Ms )?{_OWNER})*)\s+"
    r"(?P<thing>[a-z]{3,})\b")
"""One or more named owners of one thing: "Y's costs", "Mr Holyoake's and Hotblack's claims"."""
_ROLES = frozenset("""claimant claimants defendant defendants applicant applicants respondent
    respondents appellant appellants petitioner court tribunal judge party parties council
    authority crown state secretary minister government the this that""".split())


def _owners(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for m in _POSSESSIVE.finditer(text):
        for owner in re.findall(r"([A-Z][\w-]*)['’]s", m["owners"]):
            if owner.lower() not in _ROLES:
                found.setdefault(stem(m["thing"]), set()).add(owner.lower())
    return found


def swapped_owners(claim: str, passage: str) -> list[str]:
    """What the statement gives to a party the passage does not give it to ("Z's costs")."""
    said, source = _owners(claim), _owners(passage)
    return sorted(f"{owner}'s {thing}" for thing, owners in said.items() if thing in source
                  for owner in owners - source[thing])


_OF_PARTY = re.compile(r"(?:['’]s|s['’])\s+(?P<thing>(?:[a-z]+\s+){0,2}[a-z]{3,})")
"""What follows a party's possessive: "’s overall housing strategy", "s’ costs"."""
_SIDE = {"owner": "landlord"}


def _party_owners(text: str) -> list[tuple[str, set[str]]]:
    """Each party named as an owner, with the content terms of what it owns."""
    found = []
    for m in PARTY.finditer(text):
        if (owned := _OF_PARTY.match(text, m.end())) is not None:
            party = party_of(m)
            found.append((_SIDE.get(party, party),
                          {t for t in terms(owned["thing"]) if len(t) >= 3}))
    return found


def swapped_parties(claim: str, quote: str | None) -> list[str]:
    """What the statement gives to another party than the quoted words give it to ("the
    Secretary of State's overall housing strategy" beside "the authority's")."""
    if not quote:
        return []
    quoted = _party_owners(quote)
    doubts = []
    for party, thing in _party_owners(claim):
        owners = {p for p, t in quoted if t & thing}
        if owners and party not in owners:
            doubts.append(f"The statement gives to the {party} what the quoted words give to "
                          f"the {', '.join(sorted(owners))}.")
    return doubts[:1]


_PROCEEDING = r"(?:application|claim|challenge|petition)s?"
"""Proceedings only the first side of "A v B" brings. Not an appeal: an appeal keeps the first
instance's title ("A v B" in the Court of Appeal when B appeals), so either side may bring it."""
_NAME = r"[A-Z][\w&.-]*(?: (?:of|for|[A-Z][\w&.-]*))*"
_OWNED = re.compile(rf"\b(?P<party>{_NAME})['’]s? (?:[a-z]+ ){{0,2}}?{_PROCEEDING}\b")
_BRINGS = re.compile(rf"\b(?P<party>{_NAME}) (?:that |which |who )?(?:sought|seeks|applied|"
                     r"applies|brought|brings) ")


def proceedings_given_to_the_other_side(claim: str, case_name: str) -> list[str]:
    """Parties of the second side of "A v B" to whom the statement gives the proceedings
    ("the Secretary of State's application for judicial review", "it was BT that sought an
    injunction"): the first side, claimant or applicant, brought them."""
    sides = re.split(r"\s+v\.?\s+", case_name, maxsplit=1)
    if len(sides) != 2:
        return []
    found = []
    for m in [*_OWNED.finditer(claim), *_BRINGS.finditer(claim)]:
        party = OPENING.sub("", m["party"])
        if _names(party, sides[1]) and not _names(party, sides[0]):
            found.append(party)
    return sorted(set(found))


def _names(party: str, side: str) -> bool:
    """Whether ``party`` names someone on ``side``: in words, or as its initials ("BT")."""
    if len(party) >= 3 and party.lower() in side.lower():
        return True
    return party.isupper() and len(party) >= 2 and party in name_initials(side)


_NAMED = r"(?:Mr |Mrs |Ms |Miss |Dr )?(?:[A-Z][\w&-]*)(?: (?:of |for )?[A-Z][\w&-]*){0,3}"
_HELD_OF = re.compile(
    rf"\b(?P<thing>[a-z]{{3,}}) (?:of|by) (?:the |a |an |his |her |its |their )?"
    rf"(?P<owner>{_NAMED}|(?:[a-z]+ ){{0,2}}(?:landlord|tenant|authority|occupier|owner|"
    r"purchaser|licence holder|council|tribunal|court)s?)\b")
"""A thing with its holder after it: "the chief finance officer of the local housing
authority", "the attempt by the MoD", "the representations of the Claimants"."""
_HELD_BEFORE = re.compile(
    rf"\b(?P<owner>{_NAMED}|(?:[a-z]+ ){{0,2}}(?:landlord|tenant|authority|occupier|owner|"
    r"purchaser|licence holder|council|tribunal|court)s?)(?:['’]s|s['’]|['’])\s+"
    r"(?P<thing>(?:[a-z]+\s+){0,2}[a-z]{3,})")
"""A thing with its holder before it: "Mr Xu's solicitors", "the landlord's accounts"."""
_NOT_HELD = frozenset("""part parts copy copies behalf one some any each all none most many
    terms term case cases area areas end beginning date period section subsection paragraph
    schedule provisions provision purposes purpose meaning consent view light respect basis
    way favour interests""".split())
"""Words before "of" that do not name a thing someone holds ("part of the house", "on behalf
of")."""


def _holder_key(owner: str) -> frozenset[str]:
    """An owner's distinctive words: a party by its role ("the council" is the local housing
    authority), a name by its capitalised words, stemmed ("the First Claimant" and "the
    Claimants" share "claimant")."""
    party = PARTY.search(owner)
    if party is not None:
        return frozenset({party_of(party)})
    words = [w for w in re.findall(r"[A-Z][\w&-]*", owner) if not opening_word(w)
             and w.lower() not in ("mr", "mrs", "ms", "miss", "dr", "first", "second", "third")]
    return frozenset(stem(w.lower()) for w in words)


def _holdings(text: str) -> list[tuple[frozenset[str], frozenset[str], str]]:
    """(owner key, stems of what is held, the owner as written) for each held thing."""
    found = []
    for m in _HELD_OF.finditer(text):
        if m["thing"].lower() in _NOT_HELD:
            continue
        found.append((_holder_key(m["owner"]), frozenset({stem(m["thing"])}), m["owner"]))
    for m in _HELD_BEFORE.finditer(text):
        owner = re.sub(r"^(?:The|In|On|Under|For|But|And|It|This|Where|When|If) ", "",
                       m["owner"])
        things = frozenset(stem(w) for w in m["thing"].split() if w not in _NOT_HELD)
        found.append((_holder_key(owner), things, owner))
        if (joint := _JOINT.search(text[:m.start()])) is not None:
            # "Mr Holyoake's and Hotblack's claims": each owner of the list holds the thing.
            found.append((_holder_key(joint["owner"]), things, joint["owner"]))
    return [(k, t, o) for k, t, o in found if k and t]


_JOINT = re.compile(rf"(?P<owner>{_NAMED})(?:['’]s|s['’]|['’])\s*(?:,|and|or)\s*$")
"""An owner listed before another's possessive: "Mr Holyoake's and …"."""


def _initials_alone(owner: str) -> bool:
    """Whether an owner is written as initials alone, of three letters or more ("the SSHD's"):
    initials the statement may spell out in other words."""
    return len(owner) >= 3 and INITIALS.fullmatch(owner) is not None


def _initials_of(a: frozenset[str], b: str) -> bool:
    """Whether one owner is the other's initials ("SSJ", "the Secretary of State for
    Justice")."""
    caps = name_initials(b).lower()
    return any(len(k) >= 2 and k in caps for k in a)


def holders_swapped(claim: str, quote: str | None) -> list[str]:
    """A thing the statement gives to one holder ("the chief finance officer of the landlord",
    "Mr Xu's solicitors") where the quoted words give the same thing to another only ("of the
    local housing authority", "the Claimants' solicitors"): doubted, never removed. A
    landlord and an owner are one side."""
    if not quote:
        return []
    quoted = _holdings(quote)
    for key, things, written in _holdings(claim):
        owners = [(k, o) for k, t, o in quoted if t & things]
        if any(_initials_alone(o.strip()) for _, o in owners) or _initials_alone(written.strip()):
            continue  # "the SSHD's": initials the statement may spell out in other words
        if not owners or any(k & key or _initials_of(k, written) or _initials_of(key, o)
                             or {*k, *key} <= {"landlord", "owner"} for k, o in owners):
            continue
        return [f"The statement gives to {written} what the quoted words give to "
                f"{owners[0][1]}."]
    return []
