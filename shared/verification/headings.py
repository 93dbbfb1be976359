"""What the headings over the quoted words say: a Schedule's paragraphs sit under headings
that state their sense ("Power to take action without agreement", "buildings which are not
HMOs"), and a statement may contradict the heading while echoing the paragraph's words.

The headings read are the one nearest before the quote and the provision's first (a Schedule's
introduction governs every paragraph it introduces). A statement that asserts what such a
heading denies ("is always an HMO" under "buildings which are not HMOs"), or that requires
what it says is done without ("only with the agreement" under "… without agreement"), is
doubted (unverified, never removed).
"""

from __future__ import annotations

import re

from shared.verification.polarity import denied_in_passage
from shared.verification.quotes import normalise

__all__ = ["heading_doubts", "headings_over"]

_HEADING = re.compile(r"(?m)^\*\*(?P<text>[^*\n]+)\*\*\s*$")
_WITHOUT = re.compile(r"\bwithout (?:\w+ )?(?P<term>[a-z]{4,})\b", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|no|without|never)\b", re.IGNORECASE)


def headings_over(text: str, quote: str) -> list[str]:
    """The provision's first heading and the heading nearest before the quote."""
    at = normalise(text).find(normalise(quote))
    if at < 0:
        return []
    found = [(len(normalise(text[:m.start()])), m["text"]) for m in _HEADING.finditer(text)]
    before = [h for start, h in found if start <= at]
    return list(dict.fromkeys([*before[:1], *before[-1:]]))


def heading_doubts(claim: str, text: str, quote: str | None) -> list[str]:
    """Why the statement contradicts a heading over the quoted words, if it does."""
    if not quote:
        return []
    for heading in headings_over(text, quote):
        if not _NEGATED.search(heading):
            continue
        if denied_in_passage(claim, heading, modal=False):
            return [f"The statement asserts what the heading “{heading}” denies."]
        for m in _WITHOUT.finditer(heading):
            with_it = re.search(rf"(?<!without )\bwith (?:the |their |its |his |her )?(?:\w+ )?"
                                rf"{re.escape(m['term'])}", claim, re.IGNORECASE)
            if with_it and not re.search(rf"\bwithout (?:\w+ )?{re.escape(m['term'])}", claim,
                                         re.IGNORECASE):
                return [f"The statement requires {m['term']}; the heading “{heading}” says the "
                        "rule works without it."]
    return []
