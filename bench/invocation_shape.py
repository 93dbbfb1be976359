"""One answered question as the log holds it: thirty events of realistic kinds and sizes.

The scale benchmark appends and reads turns of this shape, and fills the table with copies of
their payloads, so the rows it measures look like the engine's: a question, routing, four
workers' findings (the bulk of the bytes: retrieved policy text), sources, streamed deltas,
the draft and its sentences, citation checks, usage and the end, about 25 KB over 30 events.
The text is the benchmark's fictional landlord's policies, real prose of the right length.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import TypedDict

from shared.events import (
    AgentStart,
    AnyEvent,
    CitationChecked,
    ConfidenceUpdate,
    ContentDelta,
    ConversationCreated,
    DraftCompleted,
    Finding,
    GapChecked,
    InvocationCompleted,
    InvocationStarted,
    LegalSource,
    MessageReceived,
    PolicySource,
    QueryRewritten,
    RoutingDecided,
    SentenceDrafted,
    TitleGenerated,
    Usage,
    UsageRecorded,
    VerificationResult,
    WorkerFindings,
    WorkerName,
)

__all__ = ["EVENTS_PER_TURN", "QUESTION", "conversation_created", "turn_events"]

POLICIES = Path(__file__).resolve().parent / "policies"
QUESTION = "What must we do about damp and mould reported in a flat we let?"
EVENTS_PER_TURN = 30
_WORKERS: tuple[WorkerName, ...] = ("policy", "legislation", "caselaw", "external")


class _Ids(TypedDict):
    conversation_id: uuid.UUID
    tenant_id: str
    invocation_id: uuid.UUID


def _prose() -> str:
    text = " ".join(p.read_text() for p in sorted(POLICIES.glob("*.md")))
    return " ".join(text.split())


_TEXT = _prose()


def _passage(n: int, chars: int) -> str:
    start = (n * 7919) % max(1, len(_TEXT) - chars)
    return _TEXT[start:start + chars]


def conversation_created(conversation_id: uuid.UUID, tenant: str, user: str) -> ConversationCreated:
    return ConversationCreated(conversation_id=conversation_id, tenant_id=tenant, user_id=user)


def turn_events(conversation_id: uuid.UUID, tenant: str, user: str) -> list[AnyEvent]:
    """The thirty events of one answered question, in the order the engine records them."""
    ids = _Ids(conversation_id=conversation_id, tenant_id=tenant, invocation_id=uuid.uuid4())
    now = datetime.now(UTC)
    answer = _passage(1, 1200)
    deltas = [answer[i:i + 240] for i in range(0, len(answer), 240)]
    findings = [
        WorkerFindings(**ids, worker=w, status="ok", started_at=now, finished_at=now,
                       findings=[Finding(ref=f"{w}:{k}", title=f"{w.title()} passage {k}",
                                         text=_passage(10 * i + k, 600), score=0.5)
                                 for k in range(4)])
        for i, w in enumerate(_WORKERS)]
    usage = Usage(input_tokens=4200, output_tokens=350)
    events: list[AnyEvent] = [
        InvocationStarted(**ids, user_id=user, message_id=uuid.uuid4()),
        MessageReceived(**ids, user_id=user, message_id=uuid.uuid4(), content=QUESTION),
        QueryRewritten(**ids, original=QUESTION, standalone=QUESTION),
        RoutingDecided(**ids, query_type="policy", complexity=40, workers=list(_WORKERS),
                       model_tier="balanced", method="model", reason="benchmark"),
        *[AgentStart(**ids, agent_name=w, task_description=QUESTION) for w in _WORKERS],
        *findings,
        *[PolicySource(**ids, document_id=uuid.uuid4(), chunk=k, title="Damp and mould",
                       ref=f"policy:{k}", score=0.8) for k in range(2)],
        LegalSource(**ids, act_name="Housing Act 2004", section="s. 9A",
                    uri="https://www.legislation.gov.uk/ukpga/2004/34/section/9A",
                    extent=["E", "W"]),
        GapChecked(**ids, note="All four sources answered."),
        *[ContentDelta(**ids, text=d, index=i) for i, d in enumerate(deltas)],
        DraftCompleted(**ids, text=answer, provider="scripted", model="scripted-balanced"),
        *[SentenceDrafted(**ids, index=i, text=_passage(i, 160), offset=160 * i)
          for i in range(2)],
        CitationChecked(**ids, index=1, ref="policy:0", kind="document", status="verified",
                        quote=_passage(3, 120), claim=_passage(4, 160)),
        VerificationResult(**ids, citations_checked=1, citations_verified=1),
        ConfidenceUpdate(**ids, level="high", reason="Every citation was verified."),
        UsageRecorded(**ids, agent="synthesis", provider="scripted", model="scripted-balanced",
                      usage=usage, cost="0.0118"),
        TitleGenerated(**ids, title="Damp and mould"),
        InvocationCompleted(**ids, usage=usage, cost="0.0118"),
    ]
    assert len(events) == EVENTS_PER_TURN, len(events)
    return events
