"""One delivery of a message works on it at a time, in every replica (DESIGN §4), against real
PostgreSQL and NATS JetStream: the work leases themselves, then the runtime's use of them when
JetStream delivers a message again while a replica is still working on it."""

from __future__ import annotations

import asyncio
import time
import uuid
from dataclasses import replace

import pytest
from nats.aio.msg import Msg

from shared.bus import Bus
from shared.events import ConversationCreated, MessageReceived
from shared.runtime import Infra, Service, _FencedWriter
from shared.store.leases import LeaseLost, Leases, check_held, confirm_held, held_fence


def _leases(infra: Infra, *, ttl_s: float = 30.0) -> Leases:
    return Leases(infra.pool, ttl_s=ttl_s, renew_every_s=0.1)


async def _hold(leases: Leases, event_id: uuid.UUID, held: asyncio.Event,
                release: asyncio.Event, *, fail: bool = False) -> None:
    async with leases.turn("c", event_id) as ours:
        assert ours
        held.set()
        await release.wait()
        if fail:
            raise RuntimeError("the handler failed")


async def _second(leases: Leases, event_id: uuid.UUID) -> bool:
    async with leases.turn("c", event_id) as ours:
        return ours


async def test_a_second_delivery_waits_for_the_holder_and_then_does_nothing(
        infra: Infra) -> None:
    one, two = _leases(infra), _leases(infra)  # two replicas
    event_id, held, release = uuid.uuid4(), asyncio.Event(), asyncio.Event()
    holder = asyncio.create_task(_hold(one, event_id, held, release))
    await held.wait()
    second = asyncio.create_task(_second(two, event_id))
    await asyncio.sleep(0.5)
    assert not second.done()  # it stands by while the holder works
    release.set()
    await holder
    assert await asyncio.wait_for(second, 10) is False  # the work is done: nothing to do


async def test_a_holder_that_fails_releases_the_message_at_once(infra: Infra) -> None:
    one, two = _leases(infra), _leases(infra)
    event_id, held, release = uuid.uuid4(), asyncio.Event(), asyncio.Event()
    holder = asyncio.create_task(_hold(one, event_id, held, release, fail=True))
    await held.wait()
    second = asyncio.create_task(_second(two, event_id))
    release.set()
    with pytest.raises(RuntimeError):
        await holder
    assert await asyncio.wait_for(second, 10) is True  # not done: this delivery runs it


async def test_a_lapsed_lease_is_taken_over_and_a_renewed_one_is_not(infra: Infra) -> None:
    dead, alive, other = _leases(infra, ttl_s=0.5), _leases(infra, ttl_s=0.5), _leases(infra)
    alive.start()  # renews every 0.1 s; ``dead`` never renews, as a killed process
    try:
        dead_id, alive_id = uuid.uuid4(), uuid.uuid4()
        releases = [asyncio.Event(), asyncio.Event()]
        helds = [asyncio.Event(), asyncio.Event()]
        holders = [asyncio.create_task(_hold(dead, dead_id, helds[0], releases[0])),
                   asyncio.create_task(_hold(alive, alive_id, helds[1], releases[1]))]
        await asyncio.gather(helds[0].wait(), helds[1].wait())
        # Well past the lease's half second: the dead holder's lease lapses, the live one's
        # is renewed.
        assert await asyncio.wait_for(_second(other, dead_id), 10) is True
        waiting = asyncio.create_task(_second(other, alive_id))
        await asyncio.sleep(1.5)
        assert not waiting.done()
        for release in releases:
            release.set()
        # The dead holder's run, had it been only stalled, ends with its lease taken over:
        # it must not be acknowledged as if it had done the work.
        with pytest.raises(LeaseLost):
            await holders[0]
        await holders[1]
        assert await asyncio.wait_for(waiting, 10) is False
    finally:
        await alive.stop()


async def test_a_holder_stalled_past_its_lease_may_not_write_once_it_is_taken_over(
        infra: Infra) -> None:
    """A holder whose renewals stopped (a stalled process: ``stalled`` never renews) is asked
    before it writes: while nobody has taken its lapsed lease it keeps it, renewed; once
    another delivery has, it may not write, and knows it from then on without asking."""
    stalled, other = _leases(infra, ttl_s=0.5), _leases(infra)
    event_id, kept_id = uuid.uuid4(), uuid.uuid4()
    async with stalled.turn("c", kept_id) as ours:
        assert ours
        await asyncio.sleep(1.0)  # lapsed, but nobody claimed it
        await confirm_held()  # renewed: this holder carries on
        check_held()
    with pytest.raises(LeaseLost):
        async with stalled.turn("c", event_id) as ours:
            assert ours
            await confirm_held()  # claimed just now: nothing to ask
            assert await asyncio.wait_for(_second(other, event_id), 10) is True  # taken over
            check_held()  # no renewal has looked yet: not known
            with pytest.raises(LeaseLost):
                await confirm_held()
            check_held()  # known from now on, without asking: raises
    await confirm_held()  # outside a delivery: nothing to confirm


async def test_an_append_carrying_a_lost_leases_token_writes_nothing(infra: Infra) -> None:
    """The fence is the log's, not only the process's: a holder that stalled past its lease
    and does not know it yet (its own check, ``check_held``, passes) carries its lease's token
    into the append, and the append refuses it in the statement that would write, whether it
    comes straight to the store or through a service's writer (which raises ``LeaseLost``)."""
    stalled, other = _leases(infra, ttl_s=0.5), _leases(infra)
    created = ConversationCreated(conversation_id=uuid.uuid4(), tenant_id="tenant-a",
                                  user_id="u")
    await infra.store.append([created])
    first, second, third = (MessageReceived(
        conversation_id=created.conversation_id, tenant_id="tenant-a", invocation_id=uuid.uuid4(),
        user_id="u", message_id=uuid.uuid4(), content="a question") for _ in range(3))
    writer = _FencedWriter(infra.store, Bus(await infra.nats(), infra.subjects),
                           publish_timeout_s=10.0, sweep_every_s=60.0)
    event_id = uuid.uuid4()
    with pytest.raises(LeaseLost):
        async with stalled.turn("c", event_id) as ours:
            assert ours
            fence = held_fence()
            assert fence is not None
            [written] = await infra.store.append([first], fences=[fence])  # held: written
            assert written.status == "new"
            await asyncio.sleep(0.6)  # lapsed, and no renewal has looked
            assert await asyncio.wait_for(_second(other, event_id), 10) is True  # taken over
            check_held()  # the process's own check does not know yet
            [refused] = await infra.store.append([second], outbox=True, fences=[fence])
            assert refused.status == "fenced" and refused.record is None
            with pytest.raises(LeaseLost):
                await writer.record([third])
    stored = await infra.store.read_conversation("tenant-a", created.conversation_id)
    assert [r.event.event_id for r in stored] == [created.event_id, first.event_id]


def _message() -> MessageReceived:
    return MessageReceived(conversation_id=uuid.uuid4(), tenant_id="tenant-a",
                           invocation_id=uuid.uuid4(), user_id="u", message_id=uuid.uuid4(),
                           content="a question")


class _Watch:
    """Seen beside the replicas: each delivery JetStream pushes, and each answer to one."""

    def __init__(self) -> None:
        self.delivered = self.acks = self.naks = 0
        self.changed = asyncio.Event()

    async def delivery(self, _msg: Msg) -> None:
        self.delivered += 1
        self.changed.set()

    async def answer(self, msg: Msg) -> None:
        self.acks += msg.data in (b"", b"+ACK")  # nats-py acks with an empty body
        self.naks += msg.data.startswith(b"-NAK")
        self.changed.set()

    async def until_redelivered_and_all_acked(self) -> None:
        while not (self.delivered >= 2 and self.acks >= self.delivered):
            self.changed.clear()
            await self.changed.wait()


async def test_a_message_delivered_again_while_a_replica_works_is_handled_once(
        infra: Infra) -> None:
    """The first handler stalls its process's event loop past the ack wait (a loaded machine:
    no keep-alive goes out), so JetStream delivers the message again, to either replica. The
    delivery that finds the first one's live lease waits, then acknowledges without running."""
    ack_wait_s = 1.0
    runs: list[uuid.UUID] = []

    async def handler(event: MessageReceived) -> None:
        runs.append(event.event_id)
        if len(runs) == 1:
            # Blocks the loop, as a loaded machine would: the keep-alive cannot beat.
            time.sleep(3 * ack_wait_s)  # noqa: ASYNC251
            await asyncio.sleep(0)

    other = replace(infra)  # the same database, a NATS connection of its own
    replicas = [Service(name="zeta", infra=infra), Service(name="zeta", infra=other)]
    for replica in replicas:
        replica.consume(MessageReceived, handler, ack_wait_s=ack_wait_s)
    try:
        await asyncio.gather(*(r.start() for r in replicas))
        nc = await infra.nats()
        bus = Bus(nc, infra.subjects)
        durable = infra.subjects.durable("zeta_message_received")
        watch = _Watch()
        watching = [await nc.subscribe(f"_yourai_deliver.{durable}", cb=watch.delivery),
                    await nc.subscribe(f"$JS.ACK.{infra.subjects.log_stream}.{durable}.>",
                                       cb=watch.answer)]
        await nc.flush()
        event = _message()
        await bus.publish_committed([(1, 0, e, p) for e, p in bus.fit([event])])
        # Until it has been delivered again and every delivery has been acknowledged.
        await asyncio.wait_for(watch.until_redelivered_and_all_acked(), 60)
        assert runs == [event.event_id]  # handled once
        assert watch.naks == 0
        for sub in watching:
            await sub.unsubscribe()
    finally:
        for replica in replicas:
            await replica.stop()
        await other.close_nats()
