"""What the verifier reports for one draft, or one sentence of it while it streams: its events,
in the order the log must hold them.

Pure: the handler gathers the inputs (the draft, the check outcomes, the invocation's log) and
emits the result. Every event id derives from the invocation, so a redelivered draft produces
the same ids and the log records nothing twice; a citation checked while the answer streamed
has the id it would have had in the whole draft, so it is reported once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from shared.events import (
    AnswerRevised,
    CitationChecked,
    ConfidenceUpdate,
    DraftCompleted,
    Envelope,
    Event,
    InvocationCompleted,
    QaReport,
    SentenceDrafted,
    Usage,
    UsageRecorded,
    VerificationResult,
    derived_id,
)
from shared.metering import invocation_cost
from shared.store import Recorded
from shared.verification import (
    Citation,
    JudgedSentence,
    Outcome,
    QaOutcome,
    Verified,
    assess,
    count_sources,
)

__all__ = ["MALFORMED", "build_events", "sentence_events", "unrecorded", "usage_of"]

PRODUCER = "verifier"
MALFORMED = "malformed_citation"
"""Issue code of a cite tag the parser could not read."""


def build_events(*, draft: DraftCompleted, verified: Verified, log: Sequence[Recorded],
                 envelope: Envelope, qa: Callable[[str], QaOutcome] | None = None,
                 calls: Sequence[UsageRecorded] = ()) -> list[Event]:
    """citation.checked …, answer.revised (if anything was removed or marked), verification.result,
    confidence.update, qa.report (in testing mode: ``qa`` reviews the final answer), the usage
    of the model ``calls`` verifying made (the judge's), invocation.completed with the
    invocation's total usage and cost."""
    parsed, outcomes = verified.parsed, verified.outcomes
    pairs = list(zip(parsed.citations, outcomes, strict=True))
    events: list[Event] = [_checked(envelope, c, o) for c, o in pairs]
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
    events.extend(calls)
    spent = [r.event for r in log if isinstance(r.event, UsageRecorded)
             and r.event.event_id not in {c.event_id for c in calls}] + list(calls)
    cost, currency = invocation_cost(spent)
    events.append(envelope.reply(InvocationCompleted, PRODUCER, "completed", 0,
                                 usage=sum((e.usage for e in spent), Usage()), cost=cost,
                                 currency=currency))
    return events


def sentence_events(*, sentence: SentenceDrafted, judged: JudgedSentence, envelope: Envelope
                    ) -> list[Event]:
    """citation.checked for each citation of a sentence judged while the answer streams, then,
    if one was removed, answer.revised: the draft so far with the sentence replaced."""
    events: list[Event] = [_checked(envelope, c, o) for c, o in judged.citations]
    if judged.removed:
        events.append(envelope.reply(
            AnswerRevised, PRODUCER, "revised", "sentence", sentence.index,
            text=judged.verified.text, removed=judged.removed,
            draft_chars=sentence.offset + len(sentence.text)))
    return events


def unrecorded(events: Sequence[Event], log: Sequence[Recorded]) -> list[Event]:
    """``events`` less those the log holds already (reported while the answer streamed).

    A citation the whole draft reads differently from the sentence checked while streaming (a
    rare change of sentence boundaries) is reported again under an id of its own.
    """
    held = {r.event.event_id: r.event for r in log}
    out: list[Event] = []
    for e in events:
        before = held.get(e.event_id)
        if before is None:
            out.append(e)
        elif isinstance(e, CitationChecked) and isinstance(before, CitationChecked) and (
                _judgement(e) != _judgement(before)):
            out.append(msgspec.structs.replace(e, event_id=derived_id(
                e.invocation_id, PRODUCER, "citation", e.index, "draft")))
    return out


def _judgement(c: CitationChecked) -> tuple[object, ...]:
    return c.ref, c.quote, c.claim, c.status


def _checked(envelope: Envelope, c: Citation, o: Outcome) -> CitationChecked:
    return envelope.reply(
        CitationChecked, PRODUCER, "citation", c.index, index=c.index, ref=c.ref,
        kind=c.kind, status=o.status, issues=list(o.issues), quote=c.quote, claim=c.claim,
        source_uri=o.source_uri, detail=o.detail, law_status=o.law_status,
        status_date=o.status_date, status_note=o.status_note,
    )


def usage_of(log: Sequence[Recorded]) -> Usage:
    """The invocation's token usage so far: the sum of its usage.recorded events."""
    total = Usage()
    for record in log:
        if isinstance(record.event, UsageRecorded):
            total = total + record.event.usage
    return total
