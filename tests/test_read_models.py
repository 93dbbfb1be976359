"""The services' reads of the projections, against real PostgreSQL."""

from __future__ import annotations

import uuid

from shared.events import (
    ConversationCreated,
    Event,
    InvocationStarted,
    MessageReceived,
    QueryRewritten,
)
from shared.runtime import Infra
from shared.store.read_models import earlier_questions


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
