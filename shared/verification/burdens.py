"""Who must show it: the party a provision puts the burden of proof on.

"It is for the owner— … (c) if he did not give his approval …, to show that it was reasonable"
does not support "it is for the occupier to show that refusing was unreasonable": the quoted
limb names no one (its "he" is the owner of the words before it), so the checks that compare
parties pass it. The holder is read from the words "it is for X" (or "the burden is on X") in
the statement and in the provision's words up to the end of the quote; two different holders
are a doubt (unverified, never removed).
"""

from __future__ import annotations

import re

from shared.text.terms import stem

__all__ = ["burden_doubts"]

_BURDEN = re.compile(
    r"\b(?:it\s+is\s+for|(?:the\s+)?(?:burden|onus)(?:\s+of\s+proof)?\s+(?:is|lies|rests)\s+"
    r"(?:up)?on)\s+(?:the\s+|a\s+|an\s+)?(?P<who>[a-z][\w’']*(?:-[a-z][\w’']*)*)", re.IGNORECASE)


def _holders(text: str) -> set[str]:
    return {stem(m["who"].lower()) for m in _BURDEN.finditer(text)}


def burden_doubts(claim: str, lead: str | None) -> list[str]:
    """The statement puts the burden on one party, the provision's words on another."""
    if not lead:
        return []
    said, source = _holders(claim), _holders(lead)
    if len(said) != 1 or len(source) != 1 or said == source:
        return []
    return ["The statement puts the burden of showing it on another party than the provision "
            "does."]
