"""A posted turn's publication behind the reply (``LogWriter.record``'s ``publish_behind``).

The POST replies once the turn has committed, its publication following in the background. On
real PostgreSQL and NATS JetStream: a gateway killed between the commit and that publication
still has the turn delivered, once, by another process's outbox sweep; and a turn posted to
``…/messages/stream`` is streamed in the response, then answered.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest

from shared.bus import Bus
from shared.events import AnyEvent, ConversationCreated, InvocationStarted, MessageReceived
from shared.recording import LogWriter
from shared.runtime import Infra
from tests.e2e import Client, sse_events
from tests.log_writes import connected_bus, outbox_emptied, published_for

ROOT = Path(__file__).resolve().parents[1]
TENANT = "tenant-h"


@pytest.fixture
async def bus(infra: Infra) -> AsyncIterator[Bus]:
    async with connected_bus(infra, "test-publish-behind") as bus:
        yield bus


def _turn(conversation: uuid.UUID) -> list[AnyEvent]:
    ids: dict[str, object] = {"conversation_id": conversation, "tenant_id": TENANT,
                              "invocation_id": uuid.uuid4()}
    message = uuid.uuid4()
    return [InvocationStarted(**ids, user_id="u", message_id=message),  # type: ignore[arg-type]
            MessageReceived(**ids, user_id="u", message_id=message,  # type: ignore[arg-type]
                            content="Damp?")]


async def _created(writer: LogWriter) -> uuid.UUID:
    conversation = uuid.uuid4()
    await writer.record([ConversationCreated(conversation_id=conversation, tenant_id=TENANT,
                                             user_id="u")])
    return conversation


async def test_a_gateway_killed_before_its_publication_behind_is_delivered_once(
        infra: Infra, bus: Bus) -> None:
    writer = LogWriter(infra.store, bus, publish_timeout_s=0.5, sweep_every_s=0.2)
    conversation = await _created(writer)
    turn = _turn(conversation)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.turn_behind_dies", str(infra.settings.nats_url),
        str(infra.settings.database_url), infra.settings.namespace, cwd=ROOT,
        stdin=asyncio.subprocess.PIPE)
    await proc.communicate(msgspec.json.encode(turn))
    assert proc.returncode == -signal.SIGKILL
    # Committed and queued in the outbox; not published.
    logged = await infra.store.read_conversation(TENANT, conversation)
    assert [r.event.event_id for r in logged[1:]] == [e.event_id for e in turn]
    assert [c.version for c in await published_for(bus, conversation, settle_s=0.5)] == [1]

    writer.start()  # another process's writer: its sweep publishes them after the grace
    try:
        await outbox_emptied(infra, within=20)
    finally:
        await writer.stop()
    delivered = await published_for(bus, conversation, settle_s=1.0)
    assert [c.version for c in delivered] == [1, 2, 3]
    assert [c.event.event_id for c in delivered[1:]] == [e.event_id for e in turn]


async def test_the_posted_turn_is_streamed_first_then_answered(client: Client) -> None:
    """The services hear of the turn and answer it, streamed in the same response."""
    conversation = await client.conversation()
    types: list[str] = []
    async with client.http.stream("POST", f"/v1/conversations/{conversation}/messages/stream",
                                  json={"content": "How soon must we fix damp?"}) as response:
        assert response.status_code == 200
        async with asyncio.timeout(60):
            async for event in sse_events(response):
                types.append(event.type)
                if event.type.startswith("invocation.") and event.type != "invocation.started":
                    break
    assert types[:2] == ["invocation.started", "message.received"]
    assert types[-1] == "invocation.completed"
