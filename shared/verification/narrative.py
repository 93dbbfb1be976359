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

from shared.text.numbers import ORDINALS, number_value
from shared.text.terms import stem

__all__ = ["another_division", "changed_ordinals"]

_ORDINAL = re.compile(rf"\b(?P<n>{'|'.join(ORDINALS)})\s+(?P<noun>[a-z]{{3,}})\b",
                      re.IGNORECASE)
_NOT_NOUN = frozenset("""time place instance and or of to in the a an that this which who
    was were is are be""".split())
"""Words after an ordinal that are no noun it counts ("in the first place", "first and
foremost")."""


def _counted(text: str) -> dict[str, tuple[str, set[str]]]:
    """Each noun counted by an ordinal, by its stem: the noun as written and its ordinals. A
    number after the ordinal ("the first three months") is counted, not the thing counting."""
    found: dict[str, tuple[str, set[str]]] = {}
    for m in _ORDINAL.finditer(text):
        noun = m["noun"].lower()
        if noun not in _NOT_NOUN and number_value(noun) is None:
            found.setdefault(stem(noun), (noun, set()))[1].add(m["n"].lower())
    return found


def changed_ordinals(claim: str, quote: str | None) -> list[str]:
    """Doubts for a noun the statement counts with another ordinal than the quote does."""
    if not quote:
        return []
    quoted = _counted(quote)
    return [f"The statement speaks of the {', '.join(sorted(said))} {noun}; the quoted words "
            f"of the {', '.join(sorted(quoted[key][1]))}."
            for key, (noun, said) in sorted(_counted(claim).items())
            if key in quoted and not said & quoted[key][1]]


_DIVISION = re.compile(r"\b(?P<d>Chancery|Queen['’]s Bench|King['’]s Bench|Family|"
                       r"Administrative|Commercial)\s+(?:Division|Court)\b")


_KINGS_BENCH = frozenset({"queen's bench", "king's bench", "administrative", "commercial"})
"""The Queen's Bench Division became the King's Bench Division in 2022, and the Administrative
and Commercial Courts sit within it: naming one for another is no other Division."""


def _divisions(text: str) -> dict[str, str]:
    """The Divisions a text names, by the Division they are (as written)."""
    found: dict[str, str] = {}
    for m in _DIVISION.finditer(text):
        name = m["d"].replace("’", "'").lower()
        found["king's bench" if name in _KINGS_BENCH else name] = m.group().replace("’", "'")
    return found


def another_division(claim: str, quote: str | None) -> list[str]:
    """A Division or list of the High Court the statement names where the quoted words name
    another for the same step."""
    if not quote:
        return []
    said, quoted = _divisions(claim), _divisions(quote)
    if not said or not quoted or said.keys() & quoted.keys():
        return []
    return [f"The statement names the {', '.join(sorted(said.values()))}; the quoted words name "
            f"the {', '.join(sorted(quoted.values()))}."]
