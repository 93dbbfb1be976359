"""The verifier service end to end on real NATS JetStream and PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from typing import TypeVar

from services.verifier.app import create
from shared.documents import DocumentStore
from shared.events import (
    AnswerRevised,
    CitationChecked,
    ConfidenceUpdate,
    ConversationCreated,
    ConversationRenamed,
    DraftCompleted,
    Finding,
    InvocationCompleted,
    InvocationStarted,
    MessageReceived,
    Usage,
    UsageRecorded,
    VerificationResult,
    WorkerFindings,
    derived_id,
)
from shared.runtime import Infra
from shared.store import Recorded
from tests.log_writes import record

T = TypeVar("T")
TENANT = "tenant-a"
POLICY = """# Rent policy

Rent is reviewed once a year, in April, and residents receive four weeks' notice of any change.

# Complaints

A complaint is acknowledged within five working days.
"""


async def wait_for(check: Callable[[], Awaitable[bool]], within: float = 20.0) -> None:
    """Poll observable state until ``check`` holds, failing after ``within`` seconds."""
    async with asyncio.timeout(within):
        while True:
            if await check():
                return
            await asyncio.sleep(0.05)


async def test_draft_is_verified_in_order_and_redelivery_adds_nothing(infra: Infra) -> None:
    doc = await DocumentStore(infra.pool).add(TENANT, "Rent policy", POLICY)
    conversation, invocation, message = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    ids = {"conversation_id": conversation, "tenant_id": TENANT, "invocation_id": invocation}
    draft_text = (
        f'Rent is reviewed once a year <cite ref="doc:{doc.id}#0" quote="Rent is reviewed '
        f'once a year, in April">1</cite>. '
        f'Residents may withhold rent during a review <cite ref="doc:{doc.id}#7" '
        f'quote="residents may withhold rent">2</cite>. '
        'Landlords must protect deposits <cite ref="ukpga/2004/34/section/213">3</cite>. '
        "Business tenancies fall under section 25 of the Landlord and Tenant Act 1954."
    )
    draft = DraftCompleted(**ids, text=draft_text, provider="offline", model="extractive")

    service = create(infra)
    await service.start()
    try:
        await record(infra.store, service.bus, [
            ConversationCreated(conversation_id=conversation, tenant_id=TENANT, user_id="u1"),
            InvocationStarted(**ids, user_id="u1", message_id=message),
            MessageReceived(**ids, user_id="u1", message_id=message, content="Rent reviews?"),
            WorkerFindings(**ids, worker="policy", status="ok", findings=[
                Finding(ref=f"doc:{doc.id}#0", title="Rent policy", text=POLICY[:80])]),
            UsageRecorded(**ids, agent="router", provider="offline", model="m",
                          usage=Usage(input_tokens=10, output_tokens=2)),
            UsageRecorded(**ids, agent="synthesis", provider="offline", model="m",
                          usage=Usage(input_tokens=100, output_tokens=50,
                                      cache_read_input_tokens=7)),
            draft,
        ])

        async def completed() -> bool:
            return any(r.type == "invocation.completed" for r in await _log(infra, invocation))

        await wait_for(completed)
        log = await _log(infra, invocation)
        produced = [r for r in log if r.event.meta.producer == "verifier"]
        assert [r.type for r in produced] == [
            "citation.checked", "citation.checked", "citation.checked", "citation.checked",
            "answer.revised", "verification.result", "confidence.update", "invocation.completed",
        ]
        checked = [r.event for r in produced if isinstance(r.event, CitationChecked)]
        assert [(c.index, c.kind, c.status, c.issues) for c in checked] == [
            (1, "document", "verified", []),
            (2, "document", "removed", ["not_found"]),
            (3, "legislation", "unverified", ["source_not_configured"]),
            (4, "legislation", "pre_1963_digitised", ["pre_1963"]),
        ]
        assert checked[0].source_uri == f"doc:{doc.id}#0"
        assert checked[2].source_uri == "https://www.legislation.gov.uk/ukpga/2004/34/section/213"
        assert (checked[3].ref, checked[3].quote) == ("ukpga/1954/56/section/25", None)
        assert checked[1].claim == "Residents may withhold rent during a review."

        revised = _one(produced, AnswerRevised)
        assert revised.removed == [f"doc:{doc.id}#7"]
        assert "withhold rent" not in revised.text and "#7" not in revised.text
        assert revised.text.startswith(draft_text[:draft_text.index("Residents")])
        result = _one(produced, VerificationResult)
        assert (result.citations_checked, result.citations_verified) == (4, 1)
        assert result.issues == ["not_found", "pre_1963", "source_not_configured"]
        assert _one(produced, ConfidenceUpdate).level == "low"
        assert _one(produced, InvocationCompleted).usage == Usage(
            input_tokens=110, output_tokens=52, cache_read_input_tokens=7)

        draft_record = next(r for r in log if r.type == "draft.completed")
        for r in produced:
            assert r.event.meta.causation_id == draft.event_id
        assert produced[0].event.event_id == derived_id(invocation, "verifier", "citation", 1)

        # Redelivery: the same committed draft handled again produces the same event ids.
        [subscription] = [s for s in service.subscriptions
                          if s.event_class is DraftCompleted]
        await subscription.handler(draft_record.event)
        sentinel = ConversationRenamed(conversation_id=conversation, tenant_id=TENANT,
                                       user_id="u1", title="Rent reviews")
        await service.emit([sentinel])

        async def sentinel_recorded() -> bool:
            records = await infra.store.read_conversation(TENANT, conversation)
            return any(r.event.event_id == sentinel.event_id for r in records)

        await wait_for(sentinel_recorded)
        again = await _log(infra, invocation)
        assert [r.event.event_id for r in again] == [r.event.event_id for r in log]
    finally:
        await service.stop()


async def test_concurrent_redelivery_records_each_event_once(infra: Infra) -> None:
    """Two deliveries of one draft racing each other: deterministic ids keep one copy each."""
    conversation, invocation, message = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    ids = {"conversation_id": conversation, "tenant_id": TENANT, "invocation_id": invocation}
    text = " ".join(f'Claim {i} <cite ref="ukpga/2004/34/section/{i}">{i}</cite>.'
                    for i in range(1, 6))
    service = create(infra)
    await service.start()
    try:
        # Appended only (not published), so the service's own consumer never sees it.
        *_, appended = await infra.store.append([
            ConversationCreated(conversation_id=conversation, tenant_id=TENANT, user_id="u1"),
            InvocationStarted(**ids, user_id="u1", message_id=message),
            DraftCompleted(**ids, text=text, provider="offline", model="extractive"),
        ])
        assert appended.record is not None
        draft = appended.record.event
        [subscription] = [s for s in service.subscriptions
                          if s.event_class is DraftCompleted]
        await asyncio.gather(subscription.handler(draft), subscription.handler(draft))

        async def completed() -> bool:
            return any(r.type == "invocation.completed" for r in await _log(infra, invocation))

        await wait_for(completed)
        sentinel = ConversationRenamed(conversation_id=conversation, tenant_id=TENANT,
                                       user_id="u1", title="Sentinel")
        await service.emit([sentinel])

        async def sentinel_recorded() -> bool:
            records = await infra.store.read_conversation(TENANT, conversation)
            return any(r.event.event_id == sentinel.event_id for r in records)

        await wait_for(sentinel_recorded)
        produced = [r.type for r in await _log(infra, invocation)
                    if r.event.meta.producer == "verifier"]
        # No Lex here: the five legal citations are unverified, so the answer is revised to
        # mark them.
        assert produced == ["citation.checked"] * 5 + [
            "answer.revised", "verification.result", "confidence.update",
            "invocation.completed"]
    finally:
        await service.stop()


async def _log(infra: Infra, invocation: uuid.UUID) -> list[Recorded]:
    return await infra.store.read_invocation(TENANT, invocation)


def _one(records: list[Recorded], kind: type[T]) -> T:
    [event] = [r.event for r in records if isinstance(r.event, kind)]
    return event
