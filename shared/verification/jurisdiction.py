"""Whether a provision extends to the jurisdiction the question is about.

A provision's extent (and, for a cited sub-section, the extent set for that sub-section) must
cover the question's jurisdiction. A source that records no extent is not guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shared.verification.context import EXTENT_NAMES, Jurisdiction

__all__ = ["Coverage", "coverage"]

_UK = "United Kingdom"


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
    if place in applies or _UK in applies:
        return Coverage(True, applies)
    listed = ", ".join(applies)
    elsewhere = any(re.search(rf"\b{re.escape(e)}\b", claim, re.IGNORECASE) for e in applies)
    named_here = re.search(rf"\b{re.escape(place)}\b", claim, re.IGNORECASE) is not None
    return Coverage(False, applies,
                    f"The {where} extends to {listed} only, not to {place}.",
                    about_elsewhere=elsewhere and not named_here)
