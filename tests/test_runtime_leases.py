"""One delivery of a message writes for it at a time, in every replica (DESIGN §4), against real
PostgreSQL and NATS JetStream: the work leases themselves — taken by a delivery's first append,
claimed first only by a delivery sent again — then the runtime's use of them when JetStream
delivers a message again while a replica is still working on it."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import replace

import pytest
from nats.aio.msg import Msg

from shared.bus import Bus
from shared.events import ConversationCreated, Event, MessageReceived
from shared.runtime import Infra, Service, _FencedWriter
from shared.store.leases import Fence, LeaseLost, Leases, check_held, held_fence


def _leases(infra: Infra, *, ttl_s: float = 30.0) -> Leases:
    return Leases(infra.pool, ttl_s=ttl_s, renew_every_s=0.1)


class _Replica:
    """One replica's leases and writer, over a conversation its handlers write into."""

    def __init__(self, infra: Infra, leases: Leases, conversation: ConversationCreated) -> None:
        self.infra, self.leases, self.conversation = infra, leases, conversation
        self.writer: _FencedWriter | None = None

    async def write(self) -> Event:
        """What a handler records: one event, through the service's fenced writer."""
        if self.writer is None:
            self.writer = _FencedWriter(self.infra.store,
                                        Bus(await self.infra.nats(), self.infra.subjects),
                                        self.leases, publish_timeout_s=10.0, sweep_every_s=60.0)
        event = MessageReceived(conversation_id=self.conversation.conversation_id,
                                tenant_id="tenant-a", invocation_id=uuid.uuid4(), user_id="u",
                                message_id=uuid.uuid4(), content="a question")
        await self.writer.record([event])
        return event


async def _replicas(infra: Infra, *leases: Leases) -> list[_Replica]:
    created = ConversationCreated(conversation_id=uuid.uuid4(), tenant_id="tenant-a",
                                  user_id="u")
    await infra.store.append([created])
    return [_Replica(infra, one, created) for one in leases]


async def _written(infra: Infra, replica: _Replica) -> list[uuid.UUID]:
    stored = await infra.store.read_conversation("tenant-a",
                                                 replica.conversation.conversation_id)
    return [r.event.event_id for r in stored[1:]]


async def _lease(infra: Infra, event_id: uuid.UUID) -> tuple[uuid.UUID, bool] | None:
    row = await infra.pool.fetchrow(
        "SELECT holder, done FROM work_leases WHERE consumer = 'c' AND event_id = $1", event_id)
    return None if row is None else (row["holder"], row["done"])


async def _hold(replica: _Replica, event_id: uuid.UUID, held: asyncio.Event,
                release: asyncio.Event, *, fail: bool = False) -> None:
    """A first delivery: its handler writes (taking the lease), then works until released."""
    async with replica.leases.turn("c", event_id) as ours:
        assert ours
        await replica.write()
        held.set()
        await release.wait()
        if fail:
            raise RuntimeError("the handler failed")


async def _again(leases: Leases, event_id: uuid.UUID) -> bool:
    """A delivery sent again: whether its handler is to run."""
    async with leases.turn("c", event_id, attempt=2) as ours:
        return ours


async def test_a_first_delivery_takes_the_lease_with_its_first_write_and_marks_it_done_later(
        infra: Infra) -> None:
    """No statement of the lease's own: nothing before the handler, the lease inserted by the
    handler's first append, marked done by the next beat after the run (or on stop)."""
    leases = _leases(infra)
    [replica] = await _replicas(infra, leases)
    quiet, writing = uuid.uuid4(), uuid.uuid4()
    async with leases.turn("c", quiet) as ours:
        assert ours
    assert await _lease(infra, quiet) is None  # wrote nothing, took nothing
    async with leases.turn("c", writing) as ours:
        assert ours
        assert await _lease(infra, writing) is None  # nothing before the first write
        await replica.write()
        fence = held_fence()
        assert fence is not None
        assert await _lease(infra, writing) == (fence.holder, False)
        await replica.write()  # confirmed, not taken again
    assert await _lease(infra, writing) == (fence.holder, False)  # done at the next beat
    await leases.stop()
    assert await _lease(infra, writing) == (fence.holder, True)


async def test_a_second_delivery_waits_for_the_holder_and_then_does_nothing(
        infra: Infra) -> None:
    one, two = _leases(infra), _leases(infra)  # two replicas
    one.start()
    try:
        [replica, _] = await _replicas(infra, one, two)
        event_id, held, release = uuid.uuid4(), asyncio.Event(), asyncio.Event()
        holder = asyncio.create_task(_hold(replica, event_id, held, release))
        await held.wait()
        second = asyncio.create_task(_again(two, event_id))
        await asyncio.sleep(0.5)
        assert not second.done()  # it stands by while the holder works
        release.set()
        await holder
        assert await asyncio.wait_for(second, 10) is False  # the work is done: nothing to do
    finally:
        await one.stop()


async def test_a_holder_that_fails_releases_the_message_at_once(infra: Infra) -> None:
    one, two = _leases(infra), _leases(infra)
    [replica, _] = await _replicas(infra, one, two)
    event_id, held, release = uuid.uuid4(), asyncio.Event(), asyncio.Event()
    holder = asyncio.create_task(_hold(replica, event_id, held, release, fail=True))
    await held.wait()
    second = asyncio.create_task(_again(two, event_id))
    release.set()
    with pytest.raises(RuntimeError):
        await holder
    assert await asyncio.wait_for(second, 10) is True  # not done: this delivery runs it


async def _blocked_on_a_lock(infra: Infra, timeout: float = 30.0) -> None:
    """Until a statement of the pool's waits on a row lock (observed, not slept for)."""
    async with asyncio.timeout(timeout):
        while True:
            if await infra.pool.fetchval(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND wait_event_type = 'Lock'"):
                return
            await asyncio.sleep(0.02)


@contextlib.asynccontextmanager
async def _first_append_blocked(infra: Infra, leases: Leases, replica: _Replica
                                ) -> AsyncIterator[tuple[asyncio.Task[None], uuid.UUID]]:
    """A delivery inside its first append (the one that takes the lease), which waits on the
    conversation's head, locked by another writer until this block ends."""
    event_id, entered = uuid.uuid4(), asyncio.Event()

    async def delivery() -> None:
        async with leases.turn("c", event_id) as ours:
            assert ours
            entered.set()
            await replica.write()

    async with infra.pool.acquire() as blocker, blocker.transaction():
        await blocker.execute("SELECT 1 FROM streams WHERE conversation_id = $1 FOR UPDATE",
                              replica.conversation.conversation_id)
        task = asyncio.create_task(delivery())
        await entered.wait()
        await _blocked_on_a_lock(infra)
        yield task, event_id


async def test_a_delivery_cancelled_inside_its_first_append_leaves_no_lock_transaction_or_lease(
        infra: Infra) -> None:
    """The first append takes the lease in the statement that writes; cancelled while that
    statement waits (on the conversation's head, locked by another writer), the delivery leaves
    no lease row, no lock and no connection inside a transaction, and the message sent again
    runs at once rather than waiting for a lease to lapse (DESIGN §4, "A cancelled delivery")."""
    leases, other = _leases(infra), _leases(infra)
    [replica, _] = await _replicas(infra, leases, other)
    async with _first_append_blocked(infra, leases, replica) as (task, event_id):
        task.cancel()  # the append took the lease row, uncommitted, and waits
    # The lock is released: the append goes on (it is the writer's group commit's, not the
    # run's) and commits the lease; the run ends only after that, and releases it.
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, 10)
    assert await _lease(infra, event_id) is None
    assert await infra.pool.fetchval(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND pid <> pg_backend_pid() AND (state LIKE 'idle in transaction%'"
        " OR wait_event_type = 'Lock')") == 0
    assert await infra.pool.fetchval(
        "SELECT count(*) FROM pg_locks WHERE relation = 'work_leases'::regclass"
        " AND pid <> pg_backend_pid()") == 0
    assert await asyncio.wait_for(_again(other, event_id), 10) is True  # runs at once


async def test_a_delivery_cancelled_twice_while_its_append_waits_still_leaves_no_lease(
        infra: Infra) -> None:
    """Cancelled again while its end waits for the append (its process stopping), the run
    ends at once, and its lease is still released once the append has answered: a redelivery
    does not wait for it to lapse."""
    leases, other = _leases(infra), _leases(infra)
    [replica, _] = await _replicas(infra, leases, other)
    async with _first_append_blocked(infra, leases, replica) as (task, event_id):
        task.cancel()
        await asyncio.sleep(0)  # the run's end now waits for the append ...
        task.cancel()  # ... and is cancelled again
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(task, 10)
    async with asyncio.timeout(30):  # the append commits its event (and the lease) now
        while True:
            if await _written(infra, replica):
                break
            await asyncio.sleep(0.02)
    assert await asyncio.wait_for(_again(other, event_id), 10) is True  # released, not lapsing


async def test_a_lapsed_lease_is_taken_over_and_a_renewed_one_is_not(infra: Infra) -> None:
    dead, alive, other = _leases(infra, ttl_s=0.5), _leases(infra, ttl_s=0.5), _leases(infra)
    alive.start()  # renews every 0.1 s; ``dead`` never renews, as a killed process
    try:
        replicas = await _replicas(infra, dead, alive)
        dead_id, alive_id = uuid.uuid4(), uuid.uuid4()
        releases = [asyncio.Event(), asyncio.Event()]
        helds = [asyncio.Event(), asyncio.Event()]
        holders = [asyncio.create_task(_hold(replicas[0], dead_id, helds[0], releases[0])),
                   asyncio.create_task(_hold(replicas[1], alive_id, helds[1], releases[1]))]
        await asyncio.gather(helds[0].wait(), helds[1].wait())
        # Well past the lease's half second: the dead holder's lease lapses, the live one's
        # is renewed.
        assert await asyncio.wait_for(_again(other, dead_id), 10) is True
        waiting = asyncio.create_task(_again(other, alive_id))
        await asyncio.sleep(1.5)
        assert not waiting.done()
        for release in releases:
            release.set()
        await asyncio.gather(*holders)
        assert await asyncio.wait_for(waiting, 10) is False
    finally:
        await alive.stop()


async def test_a_holder_stalled_past_its_lease_may_not_write_once_it_is_taken_over(
        infra: Infra) -> None:
    """A holder whose renewals stopped (a stalled process: ``stalled`` never beats on its own)
    keeps its lapsed lease while nobody has taken it; once another delivery has, its next write
    is refused, and its next beat tells its run without a write."""
    stalled, other = _leases(infra, ttl_s=0.5), _leases(infra)
    [replica, _] = await _replicas(infra, stalled, other)
    event_id, kept_id = uuid.uuid4(), uuid.uuid4()
    async with stalled.turn("c", kept_id) as ours:
        assert ours
        kept = [(await replica.write()).event_id]
        await asyncio.sleep(1.0)  # lapsed, but nobody claimed it
        kept.append((await replica.write()).event_id)  # still this holder's: written
        await stalled.beat()  # and renewed
        check_held()
    written = []
    with pytest.raises(LeaseLost):
        async with stalled.turn("c", event_id) as ours:
            assert ours
            written.append((await replica.write()).event_id)
            await asyncio.sleep(0.6)  # lapsed, and no beat has looked
            assert await asyncio.wait_for(_again(other, event_id), 10) is True  # taken over
            check_held()  # the process's own check does not know yet
            with pytest.raises(LeaseLost):
                await replica.write()  # the log's fence does
            await stalled.beat()  # the process resumes: its beat finds the lease taken
            check_held()  # known from now on, without a statement: raises
    assert await _written(infra, replica) == kept + written


async def test_a_first_delivery_that_wrote_nothing_leaves_the_message_to_one_sent_again(
        infra: Infra) -> None:
    """A first delivery holds nothing until it writes: sent again meanwhile, the message runs
    in the second delivery, which claims it, and the first one's first write is refused."""
    first, second = _leases(infra), _leases(infra)
    replicas = await _replicas(infra, first, second)
    event_id = uuid.uuid4()
    written = []
    with pytest.raises(LeaseLost):
        async with first.turn("c", event_id) as ours:
            assert ours
            async with second.turn("c", event_id, attempt=2) as again:
                assert again  # nobody held it: this delivery runs
                written.append((await replicas[1].write()).event_id)
            await replicas[0].write()  # the first one's write: refused
    assert await _written(infra, replicas[0]) == written


async def test_an_append_carrying_a_lost_leases_token_writes_nothing(infra: Infra) -> None:
    """The fence is the log's, not only the process's: a holder that stalled past its lease
    and does not know it yet (its own check, ``check_held``, passes) carries its lease's token
    into the append, and the append refuses it in the statement that would write, whether it
    comes straight to the store or through a service's writer (which raises ``LeaseLost``)."""
    stalled, other = _leases(infra, ttl_s=0.5), _leases(infra)
    [replica, _] = await _replicas(infra, stalled, other)
    created = replica.conversation
    second = MessageReceived(
        conversation_id=created.conversation_id, tenant_id="tenant-a", invocation_id=uuid.uuid4(),
        user_id="u", message_id=uuid.uuid4(), content="a question")
    event_id = uuid.uuid4()
    async with stalled.turn("c", event_id) as ours:
        assert ours
        fence = held_fence()
        assert fence is not None
        first = await replica.write()  # takes the lease
        await asyncio.sleep(0.6)  # lapsed, and no renewal has looked
        assert await asyncio.wait_for(_again(other, event_id), 10) is True  # taken over
        check_held()  # the process's own check does not know yet
        [refused] = await infra.store.append([second], outbox=True, fences=[fence])
        assert refused.status == "fenced" and refused.record is None
        with pytest.raises(LeaseLost):
            await replica.write()
    assert await _written(infra, replica) == [first.event_id]


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
    """The first handler writes, then stalls its process's event loop past the ack wait (a
    loaded machine: no keep-alive goes out), so JetStream delivers the message again, to either
    replica. The delivery that finds the first one's live lease (taken by its write) waits,
    then acknowledges without running."""
    ack_wait_s = 1.0
    runs: list[uuid.UUID] = []

    def handler_of(service: Service) -> Callable[[MessageReceived], Awaitable[None]]:
        async def handler(event: MessageReceived) -> None:
            runs.append(event.event_id)
            await service.emit([ConversationCreated(conversation_id=uuid.uuid4(),
                                                    tenant_id="tenant-a", user_id="u")])
            if len(runs) == 1:
                # Blocks the loop, as a loaded machine would: the keep-alive cannot beat.
                time.sleep(3 * ack_wait_s)  # noqa: ASYNC251
                await asyncio.sleep(0)

        return handler

    other = replace(infra)  # the same database, a NATS connection of its own
    replicas = [Service(name="zeta", infra=infra), Service(name="zeta", infra=other)]
    for replica in replicas:
        replica.consume(MessageReceived, handler_of(replica), ack_wait_s=ack_wait_s)
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


async def test_a_delivery_whose_handler_writes_nothing_costs_the_lease_no_statement(
        infra: Infra) -> None:
    """Acknowledged with no lease taken: no row, so no claim, renewal or done-mark for it."""
    handled: list[uuid.UUID] = []
    service = Service(name="eta", infra=infra)

    async def handler(event: MessageReceived) -> None:
        handled.append(event.event_id)

    service.consume(MessageReceived, handler)
    try:
        await service.start()
        nc = await infra.nats()
        bus = Bus(nc, infra.subjects)
        durable = infra.subjects.durable("eta_message_received")
        watch = _Watch()
        acks = await nc.subscribe(f"$JS.ACK.{infra.subjects.log_stream}.{durable}.>",
                                  cb=watch.answer)
        await nc.flush()
        event = _message()
        await bus.publish_committed([(1, 0, e, p) for e, p in bus.fit([event])])
        while watch.acks < 1:
            watch.changed.clear()
            await asyncio.wait_for(watch.changed.wait(), 30)
        assert handled == [event.event_id]
        assert await infra.pool.fetchval(
            "SELECT count(*) FROM work_leases WHERE consumer = $1", durable) == 0
        await acks.unsubscribe()
    finally:
        await service.stop()


async def test_one_append_of_several_deliveries_takes_or_refuses_each_ones_lease(
        infra: Infra) -> None:
    """A group commit carries several deliveries' tokens: each is asked once, the free one
    taken, the one another holder has refused, the unfenced event written."""
    [replica] = await _replicas(infra, _leases(infra))
    other, mine = uuid.uuid4(), uuid.uuid4()
    await infra.pool.execute(
        "INSERT INTO work_leases (consumer, event_id, holder, expires_at)"
        " VALUES ('c', $1, $2, now() + interval '30 seconds')", other, uuid.uuid4())
    fences = [Fence("c", mine, uuid.uuid4(), 30.0), Fence("c", other, uuid.uuid4(), 30.0)]
    events = [MessageReceived(conversation_id=replica.conversation.conversation_id,
                              tenant_id="tenant-a", invocation_id=uuid.uuid4(), user_id="u",
                              message_id=uuid.uuid4(), content="a question") for _ in range(5)]
    appended = await infra.store.append(
        events, fences=[fences[0], fences[1], None, fences[0], fences[1]])
    assert [a.status for a in appended] == ["new", "fenced", "new", "new", "fenced"]
    assert await _lease(infra, mine) == (fences[0].holder, False)
    assert await _written(infra, replica) == [events[0].event_id, events[2].event_id,
                                              events[3].event_id]
