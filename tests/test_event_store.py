"""The event store's invariants (DESIGN §3) against real PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from shared.events import (
    ContentDelta,
    ConversationCreated,
    InvocationCancelled,
    InvocationStarted,
    MessageReceived,
)
from shared.runtime import Infra
from shared.store import (
    StreamNotFound,
    TenantMismatch,
    rebuild_projections,
    verify_chain,
)


def _conversation(tenant: str = "t1") -> ConversationCreated:
    return ConversationCreated(conversation_id=uuid.uuid4(), tenant_id=tenant, user_id="u1")


def _turn(c: ConversationCreated, text: str = "Hello") -> list:
    inv, msg = uuid.uuid4(), uuid.uuid4()
    base = {"conversation_id": c.conversation_id, "tenant_id": c.tenant_id, "invocation_id": inv}
    return [
        InvocationStarted(**base, user_id="u1", message_id=msg),
        MessageReceived(**base, user_id="u1", message_id=msg, content=text),
    ]


async def test_versions_are_gapless_and_chain_verifies(infra: Infra) -> None:
    c = _conversation()
    await infra.store.append([c])
    for i in range(3):
        await infra.store.append(_turn(c, f"question {i}"))
    records = await infra.store.read_conversation("t1", c.conversation_id)
    assert [r.version for r in records] == list(range(1, 8))
    positions = [r.position for r in records]
    assert positions == sorted(positions)
    assert verify_chain(await infra.store.chain(c.conversation_id)) == []


async def test_append_is_idempotent_by_event_id(infra: Infra) -> None:
    c = _conversation()
    turn = _turn(c)
    first = await infra.store.append([c, *turn])
    again = await infra.store.append([c, *turn])
    assert [a.status for a in first] == ["new"] * 3
    assert [a.status for a in again] == ["duplicate"] * 3
    assert [a.record.version for a in again] == [1, 2, 3]  # type: ignore[union-attr]
    assert len(await infra.store.read_conversation("t1", c.conversation_id)) == 3


async def test_concurrent_appends_keep_one_gapless_stream(infra: Infra) -> None:
    c = _conversation()
    await infra.store.append([c])
    turns = [_turn(c, f"q{i}") for i in range(20)]
    await asyncio.gather(*(infra.store.append(t) for t in turns))
    await asyncio.gather(*(infra.store.append(t) for t in turns))  # and again, as redelivery
    records = await infra.store.read_conversation("t1", c.conversation_id)
    assert [r.version for r in records] == list(range(1, 42))
    assert verify_chain(await infra.store.chain(c.conversation_id)) == []


async def test_nothing_is_recorded_after_a_terminal_event(infra: Infra) -> None:
    c = _conversation()
    started, received = _turn(c)
    base = {"conversation_id": c.conversation_id, "tenant_id": "t1",
            "invocation_id": started.invocation_id}
    await infra.store.append([c, started, received, ContentDelta(**base, text="Partial")])
    await infra.store.append([InvocationCancelled(**base)])
    late = await infra.store.append([ContentDelta(**base, text=" late")])
    assert late[0].status == "dropped"
    types = [r.type for r in await infra.store.read_conversation("t1", c.conversation_id)]
    assert types[-1] == "invocation.cancelled"


async def test_streams_refuse_unknown_conversations_and_other_tenants(infra: Infra) -> None:
    c = _conversation()
    with pytest.raises(StreamNotFound):
        await infra.store.append(_turn(c))
    await infra.store.append([c])
    other = ConversationCreated(conversation_id=c.conversation_id, tenant_id="t2", user_id="x")
    with pytest.raises(TenantMismatch):
        await infra.store.append(_turn(other))
    assert await infra.store.read_conversation("t2", c.conversation_id) == []


async def test_tampering_is_detected_at_its_position(infra: Infra) -> None:
    c = _conversation()
    await infra.store.append([c, *_turn(c, "original question")])
    await infra.pool.execute(
        "UPDATE events SET payload = convert_to(replace(convert_from(payload, 'UTF8'),"
        " 'original', 'doctored'), 'UTF8')"
        " WHERE conversation_id = $1 AND version = 3",
        c.conversation_id,
    )
    breaks = verify_chain(await infra.store.chain(c.conversation_id))
    assert [b.version for b in breaks] == [3]


async def test_projections_rebuild_from_the_log(infra: Infra) -> None:
    c = _conversation()
    await infra.store.append([c, *_turn(c, "What about damp?")])
    before = await infra.pool.fetch("SELECT * FROM messages ORDER BY seq")
    async with infra.pool.acquire() as conn:
        replayed = await rebuild_projections(conn)
    after = await infra.pool.fetch("SELECT * FROM messages ORDER BY seq")
    assert replayed == 3
    assert [dict(r) for r in after] == [dict(r) for r in before]
    assert after[0]["content"] == "What about damp?"
