"""What a judgment recounts in order and where: "the fourth claim", "the first appeal
decision", "issued in the Chancery Division".

A statement that keeps the noun but changes its ordinal ("its third claim" for "fourth claim
was issued", "the second appeal decision" for "the first appeal decision") or the Division of
the High Court a step was taken in names another event than the quoted one, while every figure,
date and subject still matches. Only an ordinal or Division set against one the quoted words
give to the same noun counts, and the citation is left unverified, never removed.
"""

from __future__ import annotations

import re

from shared.text.terms import stem

__all__ = ["another_division", "changed_ordinals"]

_ORDINALS = ("first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
             "twelfth").split()
_ORDINAL = re.compile(rf"\b(?P<n>{'|'.join(_ORDINALS)})\s+(?P<noun>[a-z]{{3,}})\b",
                      re.IGNORECASE)
_NOT_NOUN = frozenset("""time place instance and or of to in the a an that this which who
    was were is are be""".split())
"""Words after an ordinal that are no noun it counts ("in the first place", "first and
foremost")."""


def _counted(text: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for m in _ORDINAL.finditer(text):
        noun = m["noun"].lower()
        if noun not in _NOT_NOUN:
            found.setdefault(stem(noun), set()).add(m["n"].lower())
    return found


def changed_ordinals(claim: str, quote: str | None) -> list[str]:
    """Doubts for a noun the statement counts with another ordinal than the quote does."""
    if not quote:
        return []
    quoted = _counted(quote)
    return [f"The statement speaks of the {', '.join(sorted(said))} {noun}…; the quoted words "
            f"of the {', '.join(sorted(quoted[noun]))}."
            for noun, said in sorted(_counted(claim).items())
            if noun in quoted and not said & quoted[noun]]


_DIVISION = re.compile(r"\b(?P<d>Chancery|Queen['’]s Bench|King['’]s Bench|Family|"
                       r"Administrative|Commercial)\s+(?:Division|Court)\b")


def _divisions(text: str) -> dict[str, str]:
    return {m["d"].replace("’", "'").lower(): m["d"].replace("’", "'")
            for m in _DIVISION.finditer(text)}


def another_division(claim: str, quote: str | None) -> list[str]:
    """A Division or list of the High Court the statement names where the quoted words name
    another for the same step."""
    if not quote:
        return []
    said, quoted = _divisions(claim), _divisions(quote)
    if not said or not quoted or said.keys() & quoted.keys():
        return []
    return [f"The statement names the {', '.join(sorted(said.values()))} Division; the quoted "
            f"words name the {', '.join(sorted(quoted.values()))}."]
