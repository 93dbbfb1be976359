"""Confidence in an answer from its citations' statuses and its sources (DESIGN §5).

high: three or more corroborating sources, every citation verified.
medium: one or two sources, or some citations unverified.
low: no sources (or a single one that is not verified), any doubt (a citation removed), or
material from before 1963.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from shared.events import CitationStatus, ConfidenceLevel
from shared.verification.refs import source_key

__all__ = ["HIGH_SOURCES", "assess", "count_sources"]

HIGH_SOURCES = 3


def count_sources(cited: Iterable[tuple[str, CitationStatus]]) -> int:
    """Distinct sources the answer cites and that survived verification.

    A source is a document, an Act, a case or an external item: several chunks of one document
    or sections of one Act are one source. A removed citation corroborates nothing. (The
    workers' findings that the answer cites are among these by construction.)
    """
    return len({source_key(ref) for ref, status in cited if status != "removed"})


def assess(statuses: Sequence[CitationStatus], sources: int) -> tuple[ConfidenceLevel, str]:
    """The confidence level and a short reason a reader can understand."""
    removed = statuses.count("removed")
    old = statuses.count("pre_1963_digitised")
    unverified = statuses.count("unverified")
    all_verified = bool(statuses) and all(s == "verified" for s in statuses)
    if removed:
        return "low", (f"{_n(removed, 'citation').capitalize()} could not be verified and "
                       f"{'was' if removed == 1 else 'were'} withheld.")
    if old:
        return "low", "The answer relies on legislation from before 1963, digitised from print."
    if sources == 0:
        return "low", "The answer is not supported by any cited source."
    if sources == 1 and not all_verified:
        return "low", ("The answer rests on a single source, and not every citation of it "
                       "could be verified.")
    if sources >= HIGH_SOURCES and all_verified:
        return "high", (f"{_n(sources, 'distinct source').capitalize()} corroborate the answer, "
                        "all verified.")
    if unverified:
        return "medium", (f"{_n(unverified, 'citation').capitalize()} of {len(statuses)} "
                          "could not be checked against "
                          f"{'its source' if unverified == 1 else 'their sources'}.")
    return "medium", (f"The answer rests on {_n(sources, 'source')}, all verified; three or "
                      "more would give high confidence.")


def _n(count: int, noun: str) -> str:
    words = {1: "one", 2: "two", 3: "three"}
    return f"{words.get(count, str(count))} {noun}{'' if count == 1 else 's'}"
