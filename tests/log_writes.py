"""Recording events in a test as a producer would, without running a service around it."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Sequence

from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy

from shared.bus import Bus, Committed, connect_nats
from shared.events import Event
from shared.recording import LogWriter
from shared.runtime import Infra
from shared.store import Appended, PostgresEventStore


async def record(store: PostgresEventStore, bus: Bus, events: Sequence[Event]) -> list[Appended]:
    """Append ``events`` to the log and publish them committed, as every producer does."""
    return await LogWriter(store, bus, publish_timeout_s=10.0, sweep_every_s=60.0).record(events)


@contextlib.asynccontextmanager
async def connected_bus(infra: Infra, name: str) -> AsyncIterator[Bus]:
    """A bus of the test's own on the embedded NATS server, its streams made, closed after."""
    assert infra.settings.nats_url
    nc = await connect_nats(infra.settings.nats_url, name=name)
    bus = Bus(nc, infra.subjects)
    await bus.ensure_streams()
    try:
        yield bus
    finally:
        await nc.close()


async def outbox_emptied(infra: Infra, *, within: float) -> None:
    """Poll until every recorded event has left the publish outbox."""
    async with asyncio.timeout(within):
        while True:
            if not await infra.pool.fetchval("SELECT count(*) FROM publish_outbox"):
                return
            await asyncio.sleep(0.05)


async def published_for(bus: Bus, conversation: uuid.UUID, settle_s: float) -> list[Committed]:
    """Every message the log stream holds for the conversation, read from its start."""
    sub = await bus.js.pull_subscribe(
        f"{bus.subjects.namespace}.log.{conversation}.>", stream=bus.subjects.log_stream,
        config=ConsumerConfig(ack_policy=AckPolicy.NONE, deliver_policy=DeliverPolicy.ALL))
    got: list[Committed] = []
    try:
        while True:
            try:
                msgs = await sub.fetch(100, timeout=settle_s)
            except TimeoutError:
                return got
            got.extend(Committed.from_msg(m) for m in msgs)
    finally:
        await sub.unsubscribe()
