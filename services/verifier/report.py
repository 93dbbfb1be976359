"""What the verifier reports for one draft: its events, in the order the log must hold them.

Pure: the handler gathers the inputs (the draft, the check outcomes, the invocation's log) and
emits the result. Every event id derives from the invocation, so a redelivered draft produces
the same ids and the log records nothing twice.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence

from shared.events import (
    AnswerRevised,
    CitationChecked,
    ConfidenceUpdate,
    DraftCompleted,
    Event,
    EventMeta,
    InvocationCompleted,
    QaReport,
    Usage,
    UsageRecorded,
    VerificationResult,
    derived_id,
)
from shared.store import Recorded
from shared.verification import QaOutcome, Verified, assess, count_sources

__all__ = ["MALFORMED", "build_events", "usage_of"]

PRODUCER = "verifier"
MALFORMED = "malformed_citation"
"""Issue code of a cite tag the parser could not read."""


def build_events(*, draft: DraftCompleted, verified: Verified, log: Sequence[Recorded],
                 meta: EventMeta, qa: Callable[[str], QaOutcome] | None = None) -> list[Event]:
    """citation.checked …, answer.revised (if anything was removed or marked), verification.result,
    confidence.update, qa.report (in testing mode: ``qa`` reviews the final answer),
    invocation.completed."""
    assert draft.invocation_id is not None
    invocation_id = draft.invocation_id
    base = {"conversation_id": draft.conversation_id, "tenant_id": draft.tenant_id,
            "invocation_id": invocation_id, "meta": meta}

    def eid(step: str, index: int = 0) -> uuid.UUID:
        return derived_id(invocation_id, PRODUCER, step, index)

    parsed, outcomes = verified.parsed, verified.outcomes
    citations = parsed.citations
    events: list[Event] = [
        CitationChecked(
            **base, event_id=eid("citation", c.index), index=c.index, ref=c.ref, kind=c.kind,
            status=o.status, issues=list(o.issues), quote=c.quote, claim=c.claim,
            source_uri=o.source_uri, detail=o.detail,
        )
        for c, o in zip(citations, outcomes, strict=True)
    ]
    removed = [c for c, o in zip(citations, outcomes, strict=True) if o.status == "removed"]
    if verified.text != draft.text:
        events.append(AnswerRevised(
            **base, event_id=eid("revised"), text=verified.text,
            removed=list(dict.fromkeys(c.ref for c in removed)),
        ))
    issues = {i for o in outcomes for i in o.issues} | ({MALFORMED} if parsed.problems else set())
    events.append(VerificationResult(
        **base, event_id=eid("result"), citations_checked=len(citations),
        citations_verified=sum(o.status == "verified" for o in outcomes), issues=sorted(issues),
    ))
    statuses = [o.status for o in outcomes]
    level, reason = assess(statuses, count_sources(
        (c.ref, o.status) for c, o in zip(citations, outcomes, strict=True)))
    events.append(ConfidenceUpdate(**base, event_id=eid("confidence"), level=level,
                                   reason=reason))
    if qa is not None:
        final = [e.text for e in events if isinstance(e, AnswerRevised)]
        outcome = qa(final[-1] if final else draft.text)
        events.append(QaReport(**base, event_id=derived_id(invocation_id, PRODUCER, "qa"),
                               passed=outcome.passed, checks=outcome.checks,
                               notes=outcome.notes))
    events.append(InvocationCompleted(**base, event_id=eid("completed"), usage=usage_of(log)))
    return events


def usage_of(log: Sequence[Recorded]) -> Usage:
    """The invocation's token usage so far: the sum of its usage.recorded events."""
    total = Usage()
    for record in log:
        if isinstance(record.event, UsageRecorded):
            total = total + record.event.usage
    return total
