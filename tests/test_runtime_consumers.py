"""How services are fed, against real NATS JetStream: one connection per process, push
consumers with a deliver group, and the move from an earlier version's pull durables."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import replace

from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy

from shared.bus import Bus
from shared.events import MessageReceived
from shared.runtime import Infra, Service


def _message(text: str) -> MessageReceived:
    return MessageReceived(conversation_id=uuid.uuid4(), tenant_id="tenant-a",
                           invocation_id=uuid.uuid4(), user_id="u", message_id=uuid.uuid4(),
                           content=text)


async def _publish(bus: Bus, events: list[MessageReceived]) -> None:
    await bus.publish_committed([(1, 0, event, payload)
                                 for event, payload in bus.fit(events)])


class _Heard:
    """What a handler was given, with a way to wait for a count."""

    def __init__(self) -> None:
        self.contents: list[str] = []
        self._changed = asyncio.Event()

    async def handler(self, event: MessageReceived) -> None:
        self.contents.append(event.content)
        self._changed.set()

    async def wait_for(self, count: int, timeout_s: float = 10.0) -> None:
        async with asyncio.timeout(timeout_s):
            while len(self.contents) < count:
                self._changed.clear()
                await self._changed.wait()


async def test_services_in_one_process_share_a_connection_and_stop_alone(infra: Infra) -> None:
    heard_a, heard_b = _Heard(), _Heard()
    a = Service(name="alpha", infra=infra)
    a.consume(MessageReceived, heard_a.handler)
    b = Service(name="beta", infra=infra)
    b.consume(MessageReceived, heard_b.handler)
    await a.start()
    await b.start()
    try:
        assert a.bus.nc is b.bus.nc
        await _publish(a.bus, [_message("both")])
        await heard_a.wait_for(1)
        await heard_b.wait_for(1)

        await a.stop()
        assert not b.bus.nc.is_closed  # a service's stop leaves the shared connection open
        await _publish(b.bus, [_message("beta alone")])
        await heard_b.wait_for(2)
        assert heard_b.contents == ["both", "beta alone"]
        assert heard_a.contents == ["both"]
    finally:
        await b.stop()
        await a.stop()


async def test_a_pull_durable_of_an_earlier_version_resumes_after_its_ack_floor(
        infra: Infra) -> None:
    nc = await infra.nats()
    bus = Bus(nc, infra.subjects)
    await bus.ensure_streams()
    durable = infra.subjects.durable("gamma_message_received")
    subject = infra.subjects.committed_of_type("message.received")
    # What an earlier version left: a pull durable that has handled the first two messages.
    await bus.js.add_consumer(infra.subjects.log_stream, ConsumerConfig(
        durable_name=durable, filter_subject=subject, ack_policy=AckPolicy.EXPLICIT,
        deliver_policy=DeliverPolicy.ALL))
    await _publish(bus, [_message(f"old {i}") for i in range(3)])
    pull = await bus.js.pull_subscribe_bind(durable, stream=infra.subjects.log_stream)
    for msg in await pull.fetch(2, timeout=5):
        await msg.ack_sync()
    await pull.unsubscribe()

    heard = _Heard()
    service = Service(name="gamma", infra=infra)
    service.consume(MessageReceived, heard.handler)
    await service.start()
    try:
        await _publish(service.bus, [_message("new")])
        await heard.wait_for(2)
        await asyncio.sleep(0.3)  # nothing acknowledged before comes again
        assert sorted(heard.contents) == ["new", "old 2"]
        info = await bus.js.consumer_info(infra.subjects.log_stream, durable)
        assert info.config.deliver_group == durable
    finally:
        await service.stop()


async def test_replicas_starting_together_share_one_durable_and_each_message_goes_once(
        infra: Infra) -> None:
    """Two replicas (each its own connection, as in two processes) create the same durable at
    once. With a fresh inbox per replica the second create could fail and the replica exit
    (seen in the replicas' fault test; in one process the timing rarely lines up)."""
    other = replace(infra)  # the same pool, its own NATS connection
    heard = _Heard()
    one = Service(name="delta", infra=infra)
    one.consume(MessageReceived, heard.handler)
    two = Service(name="delta", infra=other)
    two.consume(MessageReceived, heard.handler)
    try:
        await asyncio.gather(one.start(), two.start())
        assert one.bus.nc is not two.bus.nc
        await _publish(one.bus, [_message(f"m{i}") for i in range(20)])
        await heard.wait_for(20)
        await asyncio.sleep(0.3)  # and nothing twice
        assert sorted(heard.contents) == sorted(f"m{i}" for i in range(20))
    finally:
        await two.stop()
        await one.stop()
        await other.close_nats()


async def _handle_one(infra: Infra, name: str, content: str, *, max_workers: int,
                      ack_wait_s: float) -> list[str]:
    """Start a service consuming with these settings, publish ``content``, and return what
    it was given once that has arrived (and a moment more passed)."""
    heard = _Heard()
    service = Service(name=name, infra=infra)
    service.consume(MessageReceived, heard.handler, max_workers=max_workers,
                    ack_wait_s=ack_wait_s)
    await service.start()
    try:
        await _publish(service.bus, [_message(content)])
        await heard.wait_for(1)
        await asyncio.sleep(0.3)  # anything else that would come, comes
    finally:
        await service.stop()
    return heard.contents


async def test_a_push_durable_takes_a_changed_setting_and_keeps_its_position(
        infra: Infra) -> None:
    """nats-py binds to an existing durable as stored: without reconciling, a deployment that
    already has its consumers would never see a changed ack wait or ack pending limit."""
    durable = infra.subjects.durable("epsilon_message_received")
    bus = Bus(await infra.nats(), infra.subjects)
    assert await _handle_one(infra, "epsilon", "before", max_workers=16,
                             ack_wait_s=30) == ["before"]
    stored = await bus.js.consumer_info(infra.subjects.log_stream, durable)
    assert (stored.config.ack_wait, stored.config.max_ack_pending) == (30, 64)

    # what was handled before the change does not come again
    assert await _handle_one(infra, "epsilon", "after", max_workers=32,
                             ack_wait_s=12) == ["after"]
    info = await bus.js.consumer_info(infra.subjects.log_stream, durable)
    assert (info.config.ack_wait, info.config.max_ack_pending) == (12, 128)
    assert info.config.deliver_group == durable
