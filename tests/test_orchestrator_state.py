"""An invocation's state caught up from the log by reading only what is new (real PostgreSQL)."""

from __future__ import annotations

import uuid

from services.orchestrator.state import catch_up, read_state
from shared.events import (
    ConversationCreated,
    InvocationCancelRequested,
    InvocationStarted,
    MessageReceived,
    RoutingDecided,
    Usage,
    UsageRecorded,
    WorkerFindings,
)
from shared.runtime import Infra

TENANT = "t-state"


async def test_catching_up_reads_only_new_events_and_agrees_with_a_full_read(
        infra: Infra) -> None:
    c = ConversationCreated(conversation_id=uuid.uuid4(), tenant_id=TENANT, user_id="u1")
    other = {"conversation_id": c.conversation_id, "tenant_id": TENANT,
             "invocation_id": uuid.uuid4()}
    base = {"conversation_id": c.conversation_id, "tenant_id": TENANT,
            "invocation_id": uuid.uuid4()}
    message = uuid.uuid4()
    routing = RoutingDecided(**base, query_type="policy", complexity=20,
                             workers=["policy", "legislation"], model_tier="fast")
    await infra.store.append([
        c, InvocationStarted(**base, user_id="u1", message_id=message),
        MessageReceived(**base, user_id="u1", message_id=message, content="Damp?"), routing,
        WorkerFindings(**base, worker="policy", status="ok"),
    ])
    state = await read_state(infra.store, routing)
    assert set(state.findings) == {"policy"} and state.version == 5

    # Another invocation of the conversation takes versions in between: skipped, not missed.
    await infra.store.append([InvocationStarted(**other, user_id="u1", message_id=uuid.uuid4())])
    await infra.store.append([
        UsageRecorded(**base, agent="title", provider="scripted", model="m",
                      usage=Usage(input_tokens=3, output_tokens=2)),
        WorkerFindings(**base, worker="legislation", status="timeout"),
        InvocationCancelRequested(**base, user_id="u1"),
    ])
    latest = await catch_up(infra.store, routing, state.copy())
    full = await read_state(infra.store, routing)

    assert latest == full and latest.version == 9
    assert set(latest.findings) == {"policy", "legislation"} and latest.cancel_requested
    assert [c.agent for c in latest.calls] == ["title"]
    # The copy advanced alone: the state it was taken from is as it was read.
    assert set(state.findings) == {"policy"} and state.calls == [] and not state.cancel_requested
    assert await catch_up(infra.store, routing, latest) == full  # nothing new: no change
