"""Confidence in an answer from its relevance, its citations' statuses and its sources
(DESIGN §5).

high: three or more distinct sources whose verified citations bear on the question, every
citation verified.
medium: one or two such sources, or some citations unverified.
low: an answer whose cited passages do not answer the question (or that has no verified
citation), no sources (or a single one that is not verified), any doubt (a citation
removed), or material from before 1963.

Relevance (``fit``) is judged as the offline answerer judges its own evidence
(``shared.answering``): the meaning of the cited sentences against the question, and the cue
the question's kind needs (a period for "how quickly", a duty or power for "must we").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shared.answering import classify
from shared.answering.gaps import MISSING_LEAD
from shared.answering.selection import judge
from shared.events import CitationStatus, ConfidenceLevel
from shared.verification.refs import source_key

__all__ = ["HIGH_SOURCES", "Fit", "assess", "count_sources", "fit"]

HIGH_SOURCES = 3


def count_sources(cited: Iterable[tuple[str, CitationStatus]]) -> int:
    """Distinct sources the answer cites and that survived verification.

    A source is a document, an Act, a case or an external item: several chunks of one document
    or sections of one Act are one source. A removed citation corroborates nothing. (The
    workers' findings that the answer cites are among these by construction.)
    """
    return len({source_key(ref) for ref, status in cited if status != "removed"})


@dataclass(frozen=True)
class Fit:
    """Whether an answer's verified citations answer its question, and how many distinct
    sources among them bear on it (corroboration)."""

    answers: bool
    supporting: int


def fit(question: str, cited: Sequence[tuple[str, str, CitationStatus]], *,
        answer: str = "", tenant: str | None = None) -> Fit:
    """Judge the cited sentences (``ref``, quoted words, status) against ``question``: only
    verified citations count, and a source corroborates when its quote bears on the question.
    An ``answer`` whose note says the sources do not hold what the question names does not
    answer it, whatever it quotes (``tenant``: whose question it is, under whom its vectors
    are kept). Loads the embedding model on first use (blocking)."""
    kept = [(ref, quote) for ref, quote, status in cited if status == "verified" and quote]
    if not kept:
        return Fit(answers=False, supporting=0)
    if MISSING_LEAD in answer:
        return Fit(answers=False, supporting=0)
    judged = judge(classify(question), [quote for _, quote in kept], tenant=tenant)
    bearing = {source_key(ref) for (ref, _), ok in zip(kept, judged.bearing, strict=True) if ok}
    return Fit(answers=judged.answers, supporting=len(bearing))


def assess(statuses: Sequence[CitationStatus], sources: int,
           fit: Fit | None = None) -> tuple[ConfidenceLevel, str]:
    """The confidence level and a short reason a reader can understand (``fit``, when the
    question is known: whether the answer answers it, and its corroborating sources)."""
    if fit is not None and not fit.answers and statuses:
        return "low", "The cited passages do not answer the question that was asked."
    if fit is not None:
        sources = min(sources, fit.supporting)
    removed = statuses.count("removed")
    old = statuses.count("pre_1963_digitised")
    unverified = statuses.count("unverified")
    all_verified = bool(statuses) and all(s == "verified" for s in statuses)
    if removed:
        return "low", (f"{_n(removed, 'citation').capitalize()} could not be verified and "
                       f"{'was' if removed == 1 else 'were'} withheld.")
    if old:
        return "low", "The answer relies on legislation from before 1963, digitised from print."
    if sources == 0 or (fit is not None and "verified" not in statuses):
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
