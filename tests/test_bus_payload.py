"""No event exceeds the bus's payload limit: findings are truncated visibly, other events
refused with a clear error, before anything is published or recorded (issue 8, defect 2)."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from shared.bus import Bus, EventTooLarge, connect_nats
from shared.events import (
    ConversationCreated,
    Finding,
    MessageReceived,
    WorkerFindings,
    decode_event,
    encode_event,
)
from shared.runtime import Infra
from tests.log_writes import record


def _findings(texts: list[str]) -> WorkerFindings:
    return WorkerFindings(
        conversation_id=uuid.uuid4(), tenant_id="tenant-a", invocation_id=uuid.uuid4(),
        worker="policy", status="ok",
        findings=[Finding(ref=f"doc:x#{i}", title=f"Policy {i}", text=t)
                  for i, t in enumerate(texts)])


async def test_oversized_findings_are_truncated_with_a_note_and_delivered(infra: Infra) -> None:
    assert infra.settings.nats_url
    nc = await connect_nats(infra.settings.nats_url, name="test-payload")
    try:
        bus = Bus(nc, infra.subjects)
        await bus.ensure_streams()
        assert bus.budget < nc.max_payload <= 64 * 1024 * 1024
        texts = ["Damp must be inspected. " * 60_000, "Short passage.", "€" * 400_000]
        event = _findings(texts)
        assert len(encode_event(event)) > nc.max_payload
        received: asyncio.Queue[bytes] = asyncio.Queue()

        async def on_message(msg: object) -> None:
            received.put_nowait(msg.data)  # type: ignore[attr-defined]

        sub = await nc.subscribe(bus.subjects.committed(event), cb=on_message)
        await record(infra.store, bus, [ConversationCreated(
            conversation_id=event.conversation_id, tenant_id=event.tenant_id, user_id="u"),
            event])
        payload = await asyncio.wait_for(received.get(), 10)
        while decode_event(payload).event_id != event.event_id:
            payload = await asyncio.wait_for(received.get(), 10)
        await sub.unsubscribe()
    finally:
        await nc.close()
    assert len(payload) <= bus.budget
    delivered = decode_event(payload)
    assert isinstance(delivered, WorkerFindings) and delivered.event_id == event.event_id
    first, short, euros = delivered.findings
    assert short.text == "Short passage."  # what fits is untouched
    assert first.text.startswith("Damp must be inspected.")
    assert first.text.endswith(f"of {len(texts[0]):,} characters shown)")
    assert "… (truncated: " in first.text and "… (truncated: " in euros.text
    assert [f.ref for f in delivered.findings] == ["doc:x#0", "doc:x#1", "doc:x#2"]


async def test_an_event_that_cannot_shrink_is_refused_before_it_is_recorded(
        infra: Infra) -> None:
    assert infra.settings.nats_url
    nc = await connect_nats(infra.settings.nats_url, name="test-payload")
    try:
        bus = Bus(nc, infra.subjects)
        huge = MessageReceived(conversation_id=uuid.uuid4(), tenant_id="tenant-a",
                               invocation_id=uuid.uuid4(), user_id="u",
                               message_id=uuid.uuid4(), content="x" * nc.max_payload)
        with pytest.raises(EventTooLarge, match=r"message.received event of .* too large"):
            await record(infra.store, bus, [huge])
    finally:
        await nc.close()
    assert await infra.pool.fetchval("SELECT count(*) FROM events") == 0
