"""Whether a provision extends to the jurisdiction the question is about.

A provision's extent (and, for a cited sub-section, the extent set for that sub-section) must
cover the question's jurisdiction. A source that records no extent is not guessed at.

A provision that extends to England and Wales may still say in its own words which nation a
rule is for ("in relation to Wales, the National Assembly for Wales"; "premises in England"):
a statement that puts the quoted rule in the other nation is not supported by those words,
whatever the recorded extent (``places_doubts``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shared.text.nations import NATION, UNITED_KINGDOM, WHOLES
from shared.verification.context import EXTENT_NAMES, Jurisdiction

__all__ = ["Coverage", "coverage", "extent_doubts", "places_doubts"]


@dataclass(frozen=True)
class Coverage:
    covered: bool | None
    """``None`` when the source records no extent."""
    extent: tuple[str, ...]
    detail: str = ""
    about_elsewhere: bool = False
    """The statement itself names the provision's territory (not the question's)."""


def coverage(jurisdiction: Jurisdiction, extent: Sequence[str],
             subsection_extents: Mapping[str, Sequence[str]], subsection: str | None,
             claim: str) -> Coverage:
    place = EXTENT_NAMES[jurisdiction]
    applies = tuple(extent)
    where = "provision"
    if subsection is not None and subsection in subsection_extents:
        applies, where = tuple(subsection_extents[subsection]), f"subsection ({subsection})"
    if not applies:
        return Coverage(None, (), "The source records no extent for this provision, so its "
                                  "jurisdiction was not checked.")
    if place in applies or UNITED_KINGDOM in applies:
        return Coverage(True, applies)
    listed = ", ".join(applies)
    elsewhere = any(re.search(rf"\b{re.escape(e)}\b", claim, re.IGNORECASE) for e in applies)
    named_here = re.search(rf"\b{re.escape(place)}\b", claim, re.IGNORECASE) is not None
    return Coverage(False, applies,
                    f"The {where} extends to {listed} only, not to {place}.",
                    about_elsewhere=elsewhere and not named_here)


_PLACE = re.compile(rf"\b(?i:in relation to|in|within|throughout)\s+(?P<place>{NATION})\b")
"""Where a rule is for: "in relation to Wales", "premises in England", "in Wales". Not "for
Wales" (the National Assembly for Wales is a name, not a place the rule is for)."""


def places(text: str) -> set[str]:
    """The nations a text places its rule in."""
    return {m["place"] for m in _PLACE.finditer(text)}


def places_doubts(claim: str, quote: str | None) -> list[str]:
    """The quoted words are for one nation; the statement puts them in another only."""
    if not quote:
        return []
    quoted, said = places(quote), places(claim)
    if not quoted or not said or quoted & said:
        return []
    return [f"The quoted words apply in relation to {' and '.join(sorted(quoted))}; the "
            f"statement puts them in {' and '.join(sorted(said))}."]


_EXTENDS = re.compile(
    r"\bextends?\s+to\s+(?P<to>(?:the\s+whole\s+of\s+)?(?:the\s+)?"
    + "|".join(r"\s+".join(whole.split()) for whole in WHOLES) +
    rf"|{NATION}(?:(?:\s*,\s*|\s+and\s+){NATION})*)", re.IGNORECASE)
"""A provision's own words on its extent: "extends to England and Wales only", "This section
extends to the whole of the United Kingdom"."""
_WHOLE = {whole.lower(): {n.lower() for n in nations} for whole, nations in WHOLES.items()}


def _extent(text: str) -> set[str] | None:
    """The nations the one extent a text states covers (None: none, or several)."""
    found = [m["to"] for m in _EXTENDS.finditer(text)]
    if len(found) != 1:
        return None
    words = " ".join(found[0].lower().split())
    for whole, nations in _WHOLE.items():
        if words.endswith(whole):
            return nations
    return {n.lower() for n in re.findall(NATION, found[0], re.IGNORECASE)}


def extent_doubts(claim: str, quote: str | None) -> list[str]:
    """The quoted words give a provision one extent ("extends to the whole of the United
    Kingdom"); the statement gives it another ("extends to England and Wales only"). A doubt
    (unverified, never removed): the statement may speak of another provision."""
    if not quote:
        return []
    quoted, said = _extent(quote), _extent(claim)
    if quoted is None or said is None or quoted == said:
        return []
    return ["The quoted words give the provision another extent than the statement does."]
