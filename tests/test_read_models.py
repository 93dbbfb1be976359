"""The services' reads of the projections, against real PostgreSQL."""

from __future__ import annotations

import uuid
from collections.abc import Coroutine
from typing import Any

from shared.events import (
    ConversationCreated,
    Event,
    InvocationStarted,
    MessageReceived,
    QueryRewritten,
)
from shared.runtime import Infra
from shared.store.read_models import EarlierQuestion, earlier_questions


def _turn(c: ConversationCreated, text: str, standalone: str | None = None
          ) -> tuple[uuid.UUID, list[Event]]:
    inv, msg = uuid.uuid4(), uuid.uuid4()
    cid, tenant = c.conversation_id, c.tenant_id
    events: list[Event] = [
        InvocationStarted(conversation_id=cid, tenant_id=tenant, invocation_id=inv,
                          user_id="u1", message_id=msg),
        MessageReceived(conversation_id=cid, tenant_id=tenant, invocation_id=inv, user_id="u1",
                        message_id=msg, content=text),
    ]
    if standalone is not None:
        events.append(QueryRewritten(conversation_id=cid, tenant_id=tenant, invocation_id=inv,
                                     original=text, standalone=standalone, method="offline"))
    return inv, events


async def test_earlier_questions_are_those_before_the_message_with_what_they_searched_for(
        infra: Infra) -> None:
    c = ConversationCreated(conversation_id=uuid.uuid4(), tenant_id="t1", user_id="u1")
    await infra.store.append([c])
    turns = [
        _turn(c, "How quickly must we respond to a stage one complaint?"),
        _turn(c, "And if they are vulnerable?",
              "And if they are vulnerable? (about: stage one complaint)"),
        _turn(c, "Who decides?"),  # asked, not yet rewritten
        _turn(c, "The message being routed"),
        _turn(c, "A later question"),
    ]
    for _, events in turns:
        await infra.store.append(events)
    current = turns[3][0]

    found = await earlier_questions(infra.pool, "t1", c.conversation_id,
                                    before_invocation=current, limit=10)
    assert [q.question for q in found] == [
        "How quickly must we respond to a stage one complaint?", "And if they are vulnerable?",
        "Who decides?"]
    assert [q.standalone for q in found] == [
        "How quickly must we respond to a stage one complaint?",
        "And if they are vulnerable? (about: stage one complaint)", "Who decides?"]

    latest = await earlier_questions(infra.pool, "t1", c.conversation_id,
                                     before_invocation=current, limit=2)
    assert [q.question for q in latest] == ["And if they are vulnerable?", "Who decides?"]
    assert await earlier_questions(infra.pool, "t2", c.conversation_id,
                                   before_invocation=current, limit=10) == []
    assert await earlier_questions(infra.pool, "t1", c.conversation_id,
                                   before_invocation=turns[0][0], limit=10) == []


class _CountedPool:
    """The pool, counting the statements sent through it."""

    def __init__(self, pool: object) -> None:
        self.pool = pool
        self.fetches = 0

    async def fetch(self, *args: object) -> object:
        self.fetches += 1
        return await self.pool.fetch(*args)  # type: ignore[attr-defined]


async def test_earlier_questions_are_read_once_for_every_step_of_an_invocation(
        infra: Infra) -> None:
    """The router, the orchestrator and the verifier ask the same rows of one invocation:
    one statement serves them all, a smaller ``limit`` being the latest of what was read."""
    c = ConversationCreated(conversation_id=uuid.uuid4(), tenant_id="t1", user_id="u1")
    await infra.store.append([c])
    turns = [_turn(c, f"Question {i}?", f"Question {i}?") for i in range(4)]
    for _, events in turns:
        await infra.store.append(events)
    current = turns[3][0]
    counted = _CountedPool(infra.pool)

    def ask(limit: int, tenant: str = "t1"
            ) -> Coroutine[Any, Any, list[EarlierQuestion]]:
        return earlier_questions(counted, tenant, c.conversation_id,  # type: ignore[arg-type]
                                 before_invocation=current, limit=limit)

    assert [q.question for q in await ask(6)] == ["Question 0?", "Question 1?", "Question 2?"]
    assert [q.question for q in await ask(28)] == ["Question 0?", "Question 1?", "Question 2?"]
    assert [q.question for q in await ask(1)] == ["Question 2?"]
    assert await ask(0) == []
    assert counted.fetches == 1
    assert await ask(6, "t2") == []  # another tenant's key: read for itself
    assert counted.fetches == 2
    assert [q.question for q in await ask(40)] == ["Question 0?", "Question 1?", "Question 2?"]
    assert counted.fetches == 3  # more than was read: read again


async def test_a_turn_not_yet_rewritten_is_read_again_by_the_later_steps(infra: Infra) -> None:
    """The turn before is still running (its rewrite not yet in the log) when the router reads
    it: the orchestrator, a step later, finds the standalone question it searched for."""
    c = ConversationCreated(conversation_id=uuid.uuid4(), tenant_id="t1", user_id="u1")
    await infra.store.append([c])
    earlier, events = _turn(c, "And if they are vulnerable?")
    current, now = _turn(c, "Who decides?")
    await infra.store.append(events)
    await infra.store.append(now)
    counted = _CountedPool(infra.pool)

    def ask() -> Coroutine[Any, Any, list[EarlierQuestion]]:
        return earlier_questions(counted, "t1", c.conversation_id,  # type: ignore[arg-type]
                                 before_invocation=current, limit=6)

    assert [q.standalone for q in await ask()] == ["And if they are vulnerable?"]
    await infra.store.append([QueryRewritten(
        conversation_id=c.conversation_id, tenant_id="t1", invocation_id=earlier,
        original="And if they are vulnerable?",
        standalone="And if they are vulnerable? (about: stage one complaint)", method="offline")])
    assert [q.standalone for q in await ask()] == [
        "And if they are vulnerable? (about: stage one complaint)"]
    assert [q.standalone for q in await ask()] == [
        "And if they are vulnerable? (about: stage one complaint)"]
    assert counted.fetches == 2  # read again while a rewrite was missing, then kept
