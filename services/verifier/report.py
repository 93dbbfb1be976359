"""What the verifier reports for one draft: its events, in the order the log must hold them.

Pure: the handler gathers the inputs (the draft, the check outcomes, the invocation's log) and
emits the result. Every event id derives from the invocation, so a redelivered draft produces
the same ids and the log records nothing twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from shared.events import (
    AnswerRevised,
    CitationChecked,
    ConfidenceUpdate,
    DraftCompleted,
    Envelope,
    Event,
    InvocationCompleted,
    QaReport,
    Usage,
    UsageRecorded,
    VerificationResult,
)
from shared.store import Recorded
from shared.verification import QaOutcome, Verified, assess, count_sources

__all__ = ["MALFORMED", "build_events", "usage_of"]

PRODUCER = "verifier"
MALFORMED = "malformed_citation"
"""Issue code of a cite tag the parser could not read."""


def build_events(*, draft: DraftCompleted, verified: Verified, log: Sequence[Recorded],
                 envelope: Envelope, qa: Callable[[str], QaOutcome] | None = None
                 ) -> list[Event]:
    """citation.checked …, answer.revised (if anything was removed or marked), verification.result,
    confidence.update, qa.report (in testing mode: ``qa`` reviews the final answer),
    invocation.completed."""
    parsed, outcomes = verified.parsed, verified.outcomes
    pairs = list(zip(parsed.citations, outcomes, strict=True))
    events: list[Event] = [
        envelope.reply(
            CitationChecked, PRODUCER, "citation", c.index, index=c.index, ref=c.ref,
            kind=c.kind, status=o.status, issues=list(o.issues), quote=c.quote, claim=c.claim,
            source_uri=o.source_uri, detail=o.detail,
        )
        for c, o in pairs
    ]
    if verified.text != draft.text:
        removed = [c.ref for c, o in pairs if o.status == "removed"]
        events.append(envelope.reply(AnswerRevised, PRODUCER, "revised", 0, text=verified.text,
                                     removed=list(dict.fromkeys(removed))))
    issues = {i for o in outcomes for i in o.issues} | ({MALFORMED} if parsed.problems else set())
    events.append(envelope.reply(
        VerificationResult, PRODUCER, "result", 0, citations_checked=len(pairs),
        citations_verified=sum(o.status == "verified" for o in outcomes), issues=sorted(issues),
    ))
    level, reason = assess([o.status for o in outcomes],
                           count_sources((c.ref, o.status) for c, o in pairs), verified.fit)
    events.append(envelope.reply(ConfidenceUpdate, PRODUCER, "confidence", 0, level=level,
                                 reason=reason))
    if qa is not None:
        outcome = qa(verified.text)
        events.append(envelope.reply(QaReport, PRODUCER, "qa", passed=outcome.passed,
                                     checks=outcome.checks, notes=outcome.notes))
    events.append(envelope.reply(InvocationCompleted, PRODUCER, "completed", 0,
                                 usage=usage_of(log)))
    return events


def usage_of(log: Sequence[Recorded]) -> Usage:
    """The invocation's token usage so far: the sum of its usage.recorded events."""
    total = Usage()
    for record in log:
        if isinstance(record.event, UsageRecorded):
            total = total + record.event.usage
    return total
