"""How many of a thing a rule is about: a statement must not swap "each" for "either".

A rule about every one of a thing ("approved by a resolution of each House", "each of the
residential buildings contains a hazard") is not a rule about any one of it ("either House",
"at least one building"), and a rule that needs two or more ("if two or more of the flats
contain such a hazard") is not met by one ("if any one of its flats does"). The quantifier is
read before the thing it counts; the statement's and the quoted words' quantifiers are compared
only over the same thing (the words after them share a content term), and a statement whose
class of quantifier the quoted words never use over that thing, while they use a conflicting
one, is doubted (unverified, never removed: "either" may be a paraphrase of a list the quote
gives in full). A bare "any" is not read: statutes use it for "every" ("any order under
section 270") as often as for "one".
"""

from __future__ import annotations

import re

from shared.text.terms import content_terms
from shared.verification.quotes import normalise

__all__ = ["swapped_quantifiers", "widened_persons"]

_CLASSES = {
    "each": "every", "every": "every", "all": "every", "all of": "every", "both": "every",
    "either": "one", "any one": "one", "any one of": "one", "one of": "one",
    "at least one": "one", "a single": "one", "one or more": "one", "any single": "one",
    "two or more": "several", "2 or more": "several", "at least two": "several",
    "at least 2": "several", "more than one": "several",
    "none of": "none", "most of": "most", "many of": "most",
}
"""Each quantifier's class: every one of the things, one of them, or several of them."""
_CONFLICTS = {"every": {"one"}, "one": {"every", "several"}, "several": {"one"},
              "most": {"none"}, "none": {"most"}}
""""None of the examples relate to …" is not "most of the examples relate to …"."""
_QUANTIFIER = re.compile(
    r"(?<!\bat )(?<!\bnot )\b(?P<q>each|every|all(?: of)?|both|either|any one(?: of)?|"
    r"any single|(?:at least )?one of|at least (?:one|two|2)|a single|one or more|"
    r"(?:two|2) or more|more than one|none of|most of|many of)\b"
    r"(?P<rest>[^.;:,()—]{0,60})", re.IGNORECASE)
_REACH = 5
"""Words after a quantifier in which the thing it counts is read."""
_HEAD = 2
"""Content terms of those words that name the thing: "each House of Parliament", "each of the
residential buildings" (not what is said of it further on)."""
_LIGHT = frozenset("""the its their his her of in within which that who those these such a an
    other or and one""".split())


def _counted(text: str) -> list[tuple[str, set[str]]]:
    """Each quantifier's class with the first content terms of the words that follow it."""
    found = []
    for m in _QUANTIFIER.finditer(normalise(text)):
        q = " ".join(m["q"].lower().split())
        q = "one of" if q == "at least one of" else q
        words = [w for w in m["rest"].split()[:_REACH] if w.lower() not in _LIGHT]
        thing = set([t for t in content_terms(" ".join(words)) if len(t) >= 3][:_HEAD])
        if q in _CLASSES and thing:
            found.append((_CLASSES[q], thing))
    return found


def swapped_quantifiers(claim: str, quote: str | None) -> list[str]:
    """Why the statement counts a thing otherwise than the quoted words do, if it does."""
    if not quote:
        return []
    quoted = _counted(quote)
    doubts = []
    for kind, thing in _counted(claim):
        over = {k for k, t in quoted if t & thing}
        if over and kind not in over and over & _CONFLICTS[kind]:
            doubts.append(f"The statement speaks of {_SAID[kind]} where the quoted words speak "
                          f"of {' and '.join(sorted(_SAID[k] for k in over))}.")
    return doubts[:1]


_SAID = {"every": "every one of the things", "one": "one of the things",
         "several": "two or more of the things", "most": "most of the things",
         "none": "none of the things"}


_QUALIFIED_PERSON = re.compile(r"\b(?:a|an|any|the|each|every)\s+(?P<kind>[a-z]+)\s+persons?\b",
                               re.IGNORECASE)
"""A class of person the quoted words confine a rule to: "a relevant person", "an interested
person"."""
_ANYONE = re.compile(r"\b(?:any (?:other )?person|anyone|anybody|everyone|everybody|"
                     r"every person|any member of the public)\b(?!\s+(?:who|whose|with|"
                     r"having|that|which|[a-z]+ing)\b)", re.IGNORECASE)
"""Everyone, unqualified: "any person" not followed by the clause that would qualify it."""
_NOT_A_KIND = frozenset("""other such same that this first second third single particular
    individual natural legal""".split())


def widened_persons(claim: str, quote: str | None) -> list[str]:
    """The quoted words give the rule to a class of person ("a relevant person may appeal"),
    the statement to anyone ("any person may appeal"): doubted, never removed."""
    if not quote or (said := _ANYONE.search(claim)) is None:
        return []
    kinds = {m["kind"].lower() for m in _QUALIFIED_PERSON.finditer(normalise(quote))}
    kinds -= _NOT_A_KIND
    if not kinds or any(re.search(rf"\b{k}\b", claim, re.IGNORECASE) for k in kinds):
        return []
    return [f"The statement gives this to {said.group().lower()}; the quoted words confine it "
            f"to {' or '.join(f'a {k} person' for k in sorted(kinds))}."]
