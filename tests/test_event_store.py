"""The event store's invariants (DESIGN §3) against real PostgreSQL."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from shared.events import (
    ContentDelta,
    ConversationCreated,
    InvocationCancelled,
    InvocationCancelRequested,
    InvocationCompleted,
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


async def test_a_committed_cancel_request_outranks_a_completion(infra: Infra) -> None:
    c = _conversation()
    started, received = _turn(c)
    base = {"conversation_id": c.conversation_id, "tenant_id": "t1",
            "invocation_id": started.invocation_id}
    await infra.store.append([c, started, received])
    await infra.store.append([InvocationCancelRequested(**base, user_id="u1")])
    done = await infra.store.append([InvocationCompleted(**base)])
    assert done[0].status == "dropped"
    # Within one batch too: the request recorded first, the completion after it is refused.
    other = _turn(c)
    more = {**base, "invocation_id": other[0].invocation_id}
    batch = await infra.store.append([*other, InvocationCancelRequested(**more, user_id="u1"),
                                      InvocationCompleted(**more)])
    assert [a.status for a in batch] == ["new", "new", "new", "dropped"]


async def test_an_event_repeated_within_one_append_is_recorded_once(infra: Infra) -> None:
    c = _conversation()
    started, received = _turn(c)
    delta = ContentDelta(conversation_id=c.conversation_id, tenant_id="t1",
                         invocation_id=started.invocation_id, text="Once")
    out = await infra.store.append([c, started, received, delta, delta])
    assert [a.status for a in out] == ["new"] * 4 + ["duplicate"]
    assert out[4].record == out[3].record
    assert len(await infra.store.read_conversation("t1", c.conversation_id)) == 4


async def test_concurrent_creations_of_one_conversation_record_it_once(infra: Infra) -> None:
    c = _conversation()
    outcomes = await asyncio.gather(*(infra.store.append([c]) for _ in range(5)))
    assert sorted(o[0].status for o in outcomes) == ["duplicate"] * 4 + ["new"]
    assert {o[0].record.hash for o in outcomes} == {  # type: ignore[union-attr]
        r.hash for r in await infra.store.read_conversation("t1", c.conversation_id)}


async def test_an_append_without_projections_commits_in_one_call(infra: Infra) -> None:
    """Deltas change no projection, so their append is the log's one call in its own implicit
    transaction: committed, chained, and the invocation's latest activity moved on."""
    c = _conversation()
    started, received = _turn(c)
    await infra.store.append([c, started, received])
    base = {"conversation_id": c.conversation_id, "tenant_id": "t1",
            "invocation_id": started.invocation_id}
    later = ContentDelta(**base, text="Later", occurred_at=started.occurred_at.replace(
        year=started.occurred_at.year + 1))
    out = await infra.store.append([ContentDelta(**base, text="Now"), later], outbox=True)
    assert [a.record.version for a in out] == [4, 5]  # type: ignore[union-attr]
    assert verify_chain(await infra.store.chain(c.conversation_id)) == []
    assert await infra.pool.fetchval(
        "SELECT last_event_at FROM invocations WHERE id = $1",
        started.invocation_id) == later.occurred_at
    queued = await infra.pool.fetchval(
        "SELECT count(*) FROM publish_outbox WHERE position = ANY($1::bigint[])",
        [a.record.position for a in out])  # type: ignore[union-attr]
    assert queued == 2


async def test_one_append_over_two_conversations_with_a_stored_event_among_new_ones(
    infra: Infra,
) -> None:
    """The append decides every event in order and inserts the new ones together: each
    conversation's versions and chain follow event order, positions follow it across
    conversations, and an event stored earlier comes back as its stored record."""
    a, b = _conversation(), _conversation()
    first = await infra.store.append([a])
    turn_a, turn_b = _turn(a, "damp"), _turn(b, "mould")
    out = await infra.store.append([turn_a[0], b, a, turn_b[0], turn_a[1], turn_b[1]])
    assert [o.status for o in out] == ["new", "new", "duplicate", "new", "new", "new"]
    assert out[2].record == first[0].record
    recorded = [o.record for o in out if o.status == "new"]
    assert [r.version for r in recorded] == [2, 1, 2, 3, 3]  # type: ignore[union-attr]
    positions = [r.position for r in recorded]  # type: ignore[union-attr]
    assert positions == sorted(positions)
    for c, events in ((a, [a, *turn_a]), (b, [b, *turn_b])):
        stored = await infra.store.read_conversation("t1", c.conversation_id)
        assert [r.event.event_id for r in stored] == [e.event_id for e in events]
        assert verify_chain(await infra.store.chain(c.conversation_id)) == []


async def test_a_small_append_decides_as_a_large_one_does(infra: Infra) -> None:
    """Up to eight events of one existing conversation and one invocation take the append
    function's fast path (migration 0019); its outcomes are the set-based body's: an id
    repeated within the append or stored before is a duplicate returning the stored record,
    nothing follows a terminal event, and the chain and versions hold."""
    c = _conversation()
    started, received = _turn(c)
    await infra.store.append([c, started, received])
    base = {"conversation_id": c.conversation_id, "tenant_id": "t1",
            "invocation_id": started.invocation_id}
    delta = ContentDelta(**base, text="Once")
    out = await infra.store.append([delta, delta], outbox=True)
    assert [a.status for a in out] == ["new", "duplicate"]
    assert out[1].record == out[0].record
    again = await infra.store.append([delta])
    assert again[0].status == "duplicate" and again[0].record == out[0].record
    ended = await infra.store.append([InvocationCancelled(**base),
                                      ContentDelta(**base, text=" late")])
    assert [a.status for a in ended] == ["new", "dropped"]
    stored = await infra.store.read_conversation("t1", c.conversation_id)
    assert [r.version for r in stored] == [1, 2, 3, 4, 5]
    assert stored[-1].type == "invocation.cancelled"
    assert verify_chain(await infra.store.chain(c.conversation_id)) == []
