"""The orchestrator's "look again" subscription, against real NATS: woken by the records it
looks for (findings, a cancel, an end), not sent a copy of every other record of its
invocation (the answer's deltas, agents starting, sources)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Sequence
from typing import Any

from services.orchestrator.collect import LOOK_AGAIN_FOR
from shared.bus import Bus
from shared.events import (
    TERMINAL_TYPES,
    AgentStart,
    ContentDelta,
    Event,
    InvocationCancelRequested,
    WorkerFindings,
    type_tag,
)
from shared.runtime import Infra, Service

CONVERSATION, INVOCATION = uuid.uuid4(), uuid.uuid4()


def _of(invocation: uuid.UUID) -> dict[str, Any]:
    return {"conversation_id": CONVERSATION, "tenant_id": "tenant-a", "invocation_id": invocation}


async def _publish(bus: Bus, events: Sequence[Event]) -> None:
    await bus.publish_committed([(i + 1, 0, event, payload)
                                 for i, (event, payload) in enumerate(bus.fit(list(events)))])
    await bus.nc.flush()


async def _woken(changed: asyncio.Event) -> bool:
    """Whether ``changed`` is set within a short wait (a copy arrives in well under it)."""
    try:
        async with asyncio.timeout(0.5):
            await changed.wait()
    except TimeoutError:
        return False
    changed.clear()
    return True


def _matches(pattern: str, tag: str) -> bool:
    """NATS's token match of a type pattern against a type tag (``*`` one token)."""
    want, got = pattern.split("."), tag.split(".")
    return len(want) == len(got) and all(w in ("*", g) for w, g in zip(want, got, strict=True))


def test_a_cancel_and_every_end_wake_the_orchestration() -> None:
    for tag in (type_tag(InvocationCancelRequested), type_tag(WorkerFindings), *TERMINAL_TYPES):
        assert any(_matches(p, tag) for p in LOOK_AGAIN_FOR), tag
    for other in (ContentDelta, AgentStart):
        assert not any(_matches(p, type_tag(other)) for p in LOOK_AGAIN_FOR)


async def test_only_the_looked_for_records_of_the_invocation_wake_it(infra: Infra) -> None:
    service = Service(name="waker", infra=infra)
    await service.start()
    try:
        async with service.invocation_updates(INVOCATION, LOOK_AGAIN_FOR) as changed:
            ours = _of(INVOCATION)
            await _publish(service.bus, [
                ContentDelta(**ours, text="An answer's words"),
                AgentStart(**ours, agent_name="policy", task_description="search"),
            ])
            assert not await _woken(changed)
            # Another invocation's findings.
            await _publish(service.bus, [WorkerFindings(**_of(uuid.uuid4()), worker="policy",
                                                        status="ok")])
            assert not await _woken(changed)
            await _publish(service.bus, [WorkerFindings(**ours, worker="policy", status="ok")])
            assert await _woken(changed)
            await _publish(service.bus, [InvocationCancelRequested(**ours, user_id="u")])
            assert await _woken(changed)
    finally:
        await service.stop()
