"""The recorder on real JetStream: ack after commit, redelivery leaves no duplicate, order kept."""

from __future__ import annotations

import asyncio
import uuid

from nats.aio.msg import Msg

from services.recorder.app import Recorder
from shared.bus import Bus, Committed, connect_nats
from shared.events import (
    ContentDelta,
    ConversationCreated,
    ConversationRenamed,
    InvocationStarted,
    MessageReceived,
    encode_event,
)
from shared.runtime import Infra


class DiesAfterCommit(Recorder):
    """Commits and publishes a batch, then dies before acknowledging it."""

    def __init__(self, infra: Infra) -> None:
        super().__init__(infra)
        self.committed_once = asyncio.Event()

    async def handle_batch(self, bus: Bus, msgs: list[Msg]) -> None:
        from shared.events import decode_event

        await self._record(bus, [decode_event(m.data) for m in msgs], msgs)
        self.committed_once.set()
        await asyncio.Event().wait()  # hang here until killed: no ack is ever sent


async def _wait_versions(infra: Infra, tenant: str, conversation: uuid.UUID, n: int) -> list:
    async with asyncio.timeout(20):
        while True:
            records = await infra.store.read_conversation(tenant, conversation)
            if len(records) >= n:
                return records
            await asyncio.sleep(0.05)


async def test_redelivery_after_commit_before_ack_leaves_no_duplicate(infra: Infra) -> None:
    assert infra.settings.nats_url
    nc = await connect_nats(infra.settings.nats_url, name="test")
    bus = Bus(nc, infra.subjects)
    await bus.ensure_streams()
    seen: list[Committed] = []

    async def on_committed(msg: Msg) -> None:
        seen.append(Committed.from_msg(msg))

    await nc.subscribe(f"{infra.subjects.namespace}.log.>", cb=on_committed)

    conversation, inv = uuid.uuid4(), uuid.uuid4()
    base = {"conversation_id": conversation, "tenant_id": "t1", "invocation_id": inv}
    events = [
        ConversationCreated(conversation_id=conversation, tenant_id="t1", user_id="u"),
        InvocationStarted(**base, user_id="u", message_id=uuid.uuid4()),
        *[ContentDelta(**base, text=f"part {i} ", index=i) for i in range(50)],
    ]
    dying = DiesAfterCommit(infra)
    await dying.start()
    await bus.emit(events)
    await asyncio.wait_for(dying.committed_once.wait(), 20)
    await dying.stop()  # the crash: committed, never acknowledged

    more = [ContentDelta(**base, text=f"later {i} ", index=50 + i) for i in range(5)]
    await bus.emit(more)
    recorder = Recorder(infra)
    await recorder.start()
    try:
        records = await _wait_versions(infra, "t1", conversation, len(events) + len(more))
        await asyncio.sleep(0.5)  # let any stray redelivery arrive before counting
        records = await infra.store.read_conversation("t1", conversation)
    finally:
        await recorder.stop()
        await nc.close()

    ids = [r.event.event_id for r in records]
    assert len(ids) == len(set(ids)) == len(events) + len(more)
    assert ids == [e.event_id for e in [*events, *more]]  # recorded in the order produced
    assert [r.version for r in records] == list(range(1, len(ids) + 1))
    assert {c.event.event_id for c in seen} == set(ids)  # every one was published committed


async def test_an_event_over_the_payload_budget_is_refused_and_the_rest_recorded(
        infra: Infra) -> None:
    """One that reached the events stream without ``Bus.fit`` (an older emitter, say)."""
    assert infra.settings.nats_url
    nc = await connect_nats(infra.settings.nats_url, name="test")
    bus = Bus(nc, infra.subjects)
    await bus.ensure_streams()
    conversation = uuid.uuid4()
    created = ConversationCreated(conversation_id=conversation, tenant_id="t1", user_id="u")
    big = MessageReceived(conversation_id=conversation, tenant_id="t1",
                          invocation_id=uuid.uuid4(), user_id="u", message_id=uuid.uuid4(),
                          content="x" * (bus.budget - 200))
    renamed = ConversationRenamed(conversation_id=conversation, tenant_id="t1", user_id="u",
                                  title="After")
    recorder = Recorder(infra)
    await recorder.start()
    try:
        await bus.emit([created])
        for event in (big, renamed):  # straight onto the stream, as an old emitter would
            await bus.js.publish(bus.subjects.event(event), encode_event(event))
        records = await _wait_versions(infra, "t1", conversation, 2)
    finally:
        await recorder.stop()
        await nc.close()
    assert [r.type for r in records] == ["conversation.created", "conversation.renamed"]
