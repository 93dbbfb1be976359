""""Changed while answering" is decided by the database's clock, never by comparing it with
another process's: an answer asked before a configuration change is not kept even when the
process that started it wrote a time ahead of the database's (a clock running fast)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

from shared.cache.reuse import AnswerCache
from shared.cache.sources import SourceReader
from shared.cache.store import CacheStore
from shared.events import ConversationCreated, InvocationStarted, Usage
from tests.harness import Api

QUESTION = "What must we do about damp and mould in a flat we let?"


async def _started(api: Api, skew: timedelta) -> InvocationStarted:
    """An invocation started now, by a process whose clock is ``skew`` off the database's."""
    conversation = uuid.uuid4()
    started = InvocationStarted(
        conversation_id=conversation, tenant_id="tenant-a", invocation_id=uuid.uuid4(),
        user_id="u", message_id=uuid.uuid4(), occurred_at=datetime.now(UTC) + skew)
    await api.infra.store.append([
        ConversationCreated(conversation_id=conversation, tenant_id="tenant-a", user_id="u"),
        started])
    return started


async def test_a_change_after_the_start_is_seen_whatever_the_starters_clock(api: Api) -> None:
    admin = api.auth(roles=("admin",))
    r = await api.http.post("/v1/personas", headers=admin, json={
        "id": "residents", "name": "Residents", "answer_style": "plain"})
    assert r.status_code == 201, r.text
    cache = AnswerCache(CacheStore(api.infra.pool), SourceReader(api.infra.pool, None))

    async def keep(started: InvocationStarted) -> bool:
        return await cache.keep(
            invocation_id=started.invocation_id, conversation_id=started.conversation_id,
            scope=cache.scope("tenant-a", "england", "residents"), question=QUESTION, refs=[],
            uses_policies=False, usage=Usage(), duration_ms=10, asked_at=started.occurred_at)

    fast, slow = await _started(api, timedelta(minutes=5)), await _started(api, -timedelta(
        minutes=5))
    r = await api.http.patch("/v1/personas/residents", headers=admin,
                             json={"answer_style": "briefing"})
    assert r.status_code == 200, r.text
    assert not await keep(fast), "asked before the change, by a clock running fast"
    assert not await keep(slow)
    after = await _started(api, -timedelta(minutes=5))
    assert await keep(after), "asked after the change, by a clock running slow"
    assert await cache.store.count("tenant-a") == 1
