"""What every service process shares: infrastructure handles and the subscriber shape.

A service is a set of thin handlers, each consuming one committed event type from the log
stream. The runtime owns acknowledgement: ack after the handler's output is held by
JetStream, nack with a delay on a transient failure, and after the last attempt give up
visibly (the invocation is failed in the log, never left silent).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import asyncpg
from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.js.api import ConsumerConfig, DeliverPolicy
from nats.js.client import JetStreamContext
from nats.js.errors import NotFoundError

from shared.bus import Bus, Committed, EventTooLarge, Subjects, connect_nats
from shared.config import Settings
from shared.events import (
    AnyEvent,
    Envelope,
    Event,
    EventMeta,
    InvocationEvent,
    InvocationFailed,
    type_tag,
)
from shared.recording import LogWriter
from shared.store import (
    Appended,
    PostgresEventStore,
    StoreUnavailable,
    connect_pool,
    migrate,
)
from shared.store.leases import Fence, LeaseLost, Leases, held_fence
from shared.tracing import current_meta, span_from_meta

__all__ = ["Handler", "Infra", "Service", "Transient", "open_infra"]

log = logging.getLogger("yourai.runtime")

E = TypeVar("E", bound=Event)
Handler = Callable[[E], Awaitable[None]]
"""A subscriber: receives the committed event of the class it subscribed to, fully typed."""

MAX_ATTEMPTS = 5


class Transient(Exception):
    """A failure worth retrying later (a dependency is briefly unavailable)."""


@dataclass(kw_only=True)
class Infra:
    """Connections a service process opens once at start-up.

    The NATS connection is one per process, opened by the first service that starts and
    borrowed by every other: services running together (``yourai up``) then share one socket,
    so their publishes, acks and pull requests go out in one write per loop turn rather than
    one per service, and one reader task parses what arrives for all of them. Each service
    keeps its own durable consumers; stopping a service ends its consumers, never the
    connection, which closes with the infrastructure.
    """

    settings: Settings
    pool: asyncpg.Pool
    store: PostgresEventStore
    subjects: Subjects
    _nats: Client | None = field(default=None, init=False, repr=False)
    _nats_opening: asyncio.Lock = field(default_factory=asyncio.Lock, init=False, repr=False)

    async def nats(self) -> Client:
        """The process's NATS connection, opened on first use."""
        async with self._nats_opening:
            if self._nats is None or self._nats.is_closed:
                assert self.settings.nats_url, "nats_url must be resolved before services start"
                self._nats = await connect_nats(self.settings.nats_url, name="yourai")
            return self._nats

    async def close_nats(self) -> None:
        """Drain and close the process's NATS connection (it reopens on next use)."""
        if self._nats is not None:
            with contextlib.suppress(Exception):
                await self._nats.drain()
            self._nats = None

    async def close(self) -> None:
        await self.close_nats()
        await self.pool.close()


async def open_infra(settings: Settings, *, schema: Sequence[str], pool_size: int = 10,
                     run_migrations: bool = True) -> Infra:
    """Connections for a service process; ``schema`` names the migration packages to apply
    (the composition root's ``services.engine.SCHEMA``)."""
    assert settings.database_url, "database_url must be resolved before services start"
    pool = await connect_pool(settings.database_url, max_size=pool_size)
    if run_migrations:
        await migrate(pool, schema)
    return Infra(
        settings=settings,
        pool=pool,
        store=PostgresEventStore(pool),
        subjects=Subjects(settings.namespace),
    )


@dataclass(kw_only=True)
class _Subscription:
    event_class: type[Event]
    durable: str
    handler: Callable[[Any], Awaitable[None]]
    max_workers: int
    ack_wait_s: float

    @property
    def event_type(self) -> str:
        return type_tag(self.event_class)


@dataclass(kw_only=True)
class Service:
    """One service: a name, its handlers, and the feeds that deliver to them."""

    name: str
    infra: Infra
    subscriptions: list[_Subscription] = field(default_factory=list)
    on_start: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    on_stop: list[Callable[[], Awaitable[None]]] = field(default_factory=list)
    _bus: Bus | None = None
    _writer: LogWriter | None = None
    _leases: Leases | None = None
    _feeds: list[_Feed] = field(default_factory=list)

    @property
    def bus(self) -> Bus:
        assert self._bus is not None, f"{self.name} is not started"
        return self._bus

    @property
    def writer(self) -> LogWriter:
        """How this service records what it produces (``emit``)."""
        assert self._writer is not None, f"{self.name} is not started"
        return self._writer

    def consume(self, event_class: type[E], handler: Handler[E], *, durable: str | None = None,
                max_workers: int = 16, ack_wait_s: float | None = None) -> None:
        """Feed ``handler`` every committed ``event_class`` event (the subject is derived from
        the class's tag), through a durable consumer that replicas share."""
        tag = type_tag(event_class)
        self.subscriptions.append(
            _Subscription(
                event_class=event_class,
                durable=durable or f"{self.name}_{tag.replace('.', '_')}",
                handler=handler,
                max_workers=max_workers,
                ack_wait_s=ack_wait_s or self.infra.settings.ack_wait_s,
            )
        )

    async def emit(self, events: Sequence[Event]) -> None:
        """Record ``events`` in the log and publish them committed (``LogWriter.record``):
        once this returns they are durable, and the services and browsers will see them."""
        await self.writer.record(events)

    def meta(self, cause: Event | None = None) -> EventMeta:
        """Metadata naming this service, the cause and the active span."""
        return current_meta(self.name, cause.event_id if cause is not None else None)

    def envelope(self, cause: InvocationEvent) -> Envelope:
        """What every event emitted in reply to ``cause`` carries (see ``Envelope.reply``)."""
        return Envelope.of(cause, self.meta(cause))

    @contextlib.asynccontextmanager
    async def invocation_updates(self, invocation_id: uuid.UUID, types: Sequence[str]
                                 ) -> AsyncIterator[asyncio.Event]:
        """An event set whenever a committed event of the invocation, of one of ``types``
        (type tags, tokens may be wildcards: ``"invocation.*"``), is published.

        Ephemeral (core NATS, no consumer): it only says "look again"; the log stays the
        source of truth, so a missed wake-up costs a re-read, never a lost event. Only the
        types the waiter looks for: every copy the server sends is a whole record, and an
        invocation's other records (its answer's deltas, sources, usage) would wake it for
        nothing (docs/BENCHMARKS.md, round nineteen).
        """
        changed = asyncio.Event()

        async def wake(_msg: Msg) -> None:
            changed.set()

        subs = []
        try:
            for type_ in types:
                subs.append(await self.bus.nc.subscribe(
                    self.infra.subjects.committed_of_invocation(invocation_id, type_),
                    cb=wake))
            yield changed
        finally:
            for sub in subs:
                with contextlib.suppress(Exception):
                    await sub.unsubscribe()

    async def start(self) -> None:
        settings = self.infra.settings
        assert settings.nats_url
        nc = await self.infra.nats()
        self._bus = Bus(nc, self.infra.subjects)
        await self._bus.ensure_streams()
        for sub in self.subscriptions:
            await _reconcile_durable(self._bus, sub, self.infra.subjects.durable(sub.durable))
        self._leases = Leases.for_ack_wait(self.infra.pool, settings.ack_wait_s)
        self._leases.start()
        self._writer = _FencedWriter(self.infra.store, self._bus, self._leases,
                                     publish_timeout_s=settings.publish_timeout_s,
                                     sweep_every_s=settings.outbox_sweep_s)
        self._writer.start()
        for sub in self.subscriptions:
            feed = _Feed(self._wrap(sub), max_workers=sub.max_workers)
            durable = self.infra.subjects.durable(sub.durable)
            await feed.start(self._bus.js, self.infra.subjects.committed_of_type(sub.event_type),
                             durable=durable, config=_consumer_config(sub, durable),
                             stream=self.infra.subjects.log_stream)
            self._feeds.append(feed)
        for hook in self.on_start:
            await hook()
        log.info("%s started", self.name)

    async def stop(self) -> None:
        for hook in self.on_stop:
            with contextlib.suppress(Exception):
                await hook()
        feeds, self._feeds = self._feeds, []
        for feed in feeds:
            with contextlib.suppress(Exception):
                await feed.stop()
        if self._writer is not None:
            await self._writer.stop()
            self._writer = None
        if self._leases is not None:
            await self._leases.stop()
            self._leases = None

    def _wrap(self, sub: _Subscription) -> Callable[[Msg], Awaitable[None]]:
        durable = self.infra.subjects.durable(sub.durable)
        heartbeats = _Heartbeats(sub.ack_wait_s)

        async def handle(raw: Msg) -> None:
            try:
                committed = Committed.from_msg(raw)
            except Exception:
                log.exception("%s: undecodable message on %s, terminated", self.name, raw.subject)
                await raw.term()
                return
            if not isinstance(committed.event, sub.event_class):
                log.error("%s: a %s on the subject of %s, terminated", self.name,
                          committed.type, sub.event_type)
                await raw.term()
                return
            attempt = raw.metadata.num_delivered if raw.metadata else 1
            heartbeats.add(raw)
            assert self._leases is not None
            try:
                # One delivery at a time writes for the message, in whichever replica: its
                # first append takes the lease, and a redelivery while another still works
                # waits for it (DESIGN §4). The span is the handler's work alone, ended as it
                # returns: not a redelivery's wait for its turn.
                async with self._leases.turn(durable, committed.event.event_id,
                                             attempt=attempt) as ours:
                    if ours:
                        with span_from_meta(f"{self.name}.{sub.event_type}",
                                            committed.event.meta, service=self.name,
                                            attributes={"yourai.invocation_id":
                                                        str(committed.event.invocation_id)}):
                            await sub.handler(committed.event)
            except LeaseLost as e:
                # Stalled past its lease: the delivery that took the work over answers for
                # the message; this one is neither acknowledged nor refused (DESIGN §4).
                log.warning("%s: %s; left to the delivery that took it over", self.name, e)
                return
            except Exception as e:
                await self._failed(raw, committed, e, attempt)
                return
            finally:
                heartbeats.discard(raw)
            await raw.ack()

        handle.__name__ = f"{self.name}_{sub.event_type.replace('.', '_')}"
        return handle

    async def _failed(self, raw: Msg, committed: Committed, error: Exception,
                      attempt: int) -> None:
        transient = isinstance(error, Transient | StoreUnavailable | OSError | TimeoutError)
        # An event too large for the bus will be as large on every attempt: give up at once.
        if attempt < MAX_ATTEMPTS and not isinstance(error, EventTooLarge):
            log.warning("%s: attempt %d on %s failed (%s); retrying", self.name, attempt,
                        committed.type, error, exc_info=not transient)
            await raw.nak(delay=min(0.5 * 2**attempt, 10.0))
            return
        log.error("%s: giving up on %s after %d attempts: %s", self.name, committed.type,
                  attempt, error)
        event = committed.event
        if isinstance(event, InvocationEvent):
            with contextlib.suppress(Exception):
                await self.emit([InvocationFailed(
                    conversation_id=event.conversation_id,
                    tenant_id=event.tenant_id,
                    invocation_id=event.invocation_id,
                    stage=self.name,
                    reason=f"The {self.name} could not process this request after "
                           f"{attempt} attempts.",
                    meta=self.meta(event),
                )])
        await raw.term()


def _consumer_config(sub: _Subscription, durable: str) -> ConsumerConfig:
    """The durable's configuration, the same from every replica.

    Its deliver subject is named by the durable, not a fresh inbox: replicas starting
    together each create the consumer, and JetStream accepts a second create only when its
    configuration is identical (a random inbox made the second fail with "consumer name
    already in use").
    """
    return ConsumerConfig(
        deliver_subject=f"_yourai_deliver.{durable}",
        ack_wait=sub.ack_wait_s,
        max_deliver=MAX_ATTEMPTS + 1,
        deliver_policy=DeliverPolicy.ALL,
        # Enough for a few replicas at full concurrency, few enough that a message does not
        # wait in a busy replica's queue until its ack wait runs out and it is sent again.
        max_ack_pending=max(4 * sub.max_workers, 64),
    )


async def _reconcile_durable(bus: Bus, sub: _Subscription, durable: str) -> None:
    """Bring a durable stored by an earlier version to this version's consumer, before the
    subscriber binds to it (nats-py binds to an existing durable as stored, so without this a
    changed setting would never reach a deployment that already has its consumers).

    - A pull durable is replaced by the push consumer, from its ack floor. A pull consumer
      cannot take a deliver group; deleting it and starting the new consumer after the last
      message acknowledged in order loses nothing (what was acknowledged beyond the floor is
      delivered again, and handlers are idempotent by event id).
    - A push durable whose editable settings differ (ack wait, attempts, ack pending) is
      updated in place: JetStream edits these without losing the consumer's position.
    """
    stream = bus.subjects.log_stream
    try:
        info = await bus.js.consumer_info(stream, durable)
    except NotFoundError:
        return
    wanted = _consumer_config(sub, durable)
    if info.config.deliver_subject is not None:
        stored = info.config
        if (stored.ack_wait, stored.max_deliver, stored.max_ack_pending) == (
                wanted.ack_wait, wanted.max_deliver, wanted.max_ack_pending):
            return
        await bus.js.add_consumer(stream, config=stored.evolve(
            ack_wait=wanted.ack_wait, max_deliver=wanted.max_deliver,
            max_ack_pending=wanted.max_ack_pending))
        log.info("%s: consumer settings updated (ack wait %ss, %s attempts, %s pending)",
                 durable, wanted.ack_wait, wanted.max_deliver, wanted.max_ack_pending)
        return
    floor = info.ack_floor.stream_seq if info.ack_floor is not None else 0
    config = wanted
    config.durable_name = durable
    config.deliver_group = durable
    config.filter_subject = info.config.filter_subject
    config.deliver_policy = DeliverPolicy.BY_START_SEQUENCE
    config.opt_start_seq = floor + 1
    await bus.js.delete_consumer(stream, durable)
    await bus.js.add_consumer(stream, config=config)
    log.info("%s: pull consumer replaced by a push consumer from stream sequence %d",
             durable, floor + 1)


class _Feed:
    """Delivers one subscription's messages from nats-py's push subscription to its handler:
    each message its own task, at most ``max_workers`` at once, in the order they arrive.

    While every worker is busy, the subscription's callback waits for one to end, so nats-py
    holds what arrives meanwhile (and JetStream holds back past ``max_ack_pending``). A
    message whose task is cancelled by ``stop`` is neither acknowledged nor refused: JetStream
    sends it again after its ack wait.
    """

    def __init__(self, handle: Callable[[Msg], Awaitable[None]], *, max_workers: int) -> None:
        self._handle = handle
        self._slots = asyncio.Semaphore(max_workers)
        self._running: set[asyncio.Task[None]] = set()
        self._subscription: Any = None

    async def start(self, js: JetStreamContext, subject: str, *, durable: str,
                    config: ConsumerConfig, stream: str) -> None:
        self._subscription = await js.subscribe(subject, queue=durable, cb=self._arrived,
                                                config=config, manual_ack=True, stream=stream)

    async def _arrived(self, msg: Msg) -> None:
        await self._slots.acquire()
        task = asyncio.get_running_loop().create_task(self._run(msg))
        self._running.add(task)
        task.add_done_callback(self._ended)

    async def _run(self, msg: Msg) -> None:
        try:
            await self._handle(msg)
        finally:
            self._slots.release()

    def _ended(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # The handler's own failures are answered (nak, term) inside it; this is an
            # answer that could not be sent (the connection gone): JetStream redelivers.
            log.warning("delivery ended unanswered: %r", task.exception())

    async def stop(self) -> None:
        if self._subscription is not None:
            with contextlib.suppress(Exception):
                await self._subscription.unsubscribe()
            self._subscription = None
        running = list(self._running)
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)


class _FencedWriter(LogWriter):
    """A service's writer: what a handler records goes ahead only while its delivery holds
    the message's lease (``shared/store/leases.py``), so a run that stalled past its lease
    never writes after the run that took it over (DESIGN §4). The lease travels with the
    append as its fencing token: the log takes it for the delivery's first write and refuses
    the write of a delivery that does not hold it, in the statement that would make it, so no
    stall between a check and the write can let it through. Writes outside a handler's
    delivery (the watchdog, the outbox's sweep) are not fenced."""

    def __init__(self, store: PostgresEventStore, bus: Bus, leases: Leases, *,
                 publish_timeout_s: float, sweep_every_s: float) -> None:
        super().__init__(store, bus, publish_timeout_s=publish_timeout_s,
                         sweep_every_s=sweep_every_s)
        self.leases = leases

    async def record(self, events: Sequence[Event], *, publish_behind: bool = False,
                     fence: Fence | None = None) -> list[Appended]:
        fence = fence or (held_fence() if events else None)
        appended = await super().record(events, publish_behind=publish_behind, fence=fence)
        if fence is not None and any(a.status == "fenced" for a in appended):
            raise LeaseLost(f"the lease on {fence.consumer} {fence.event_id} is another"
                            " delivery's")
        return appended

    async def _append(self, events: list[AnyEvent], fence: Fence | None) -> list[Appended]:
        """The append, watched by the leases until its statement answers, even if this run is
        cancelled while it waits: the statement goes on in the group commit and may take the
        lease then, so the delivery's end waits for it before releasing (DESIGN §4)."""
        done = self._enqueue(events, fence)
        if fence is None:
            return await done
        self.leases.writing(fence, done)
        return await asyncio.shield(done)


class _Heartbeats:
    """Tells JetStream that a subscription's long handlers are still working, so their messages
    are not redelivered meanwhile.

    One timer for all the subscription's deliveries in this process, not one per delivery: most
    handlers end long before a beat is due, and a timer armed and cancelled for every message
    was a cost per delivery on the event loop (docs/BENCHMARKS.md, round twelve). A delivery is
    told "in progress" once it has run a third of the ack wait, and again at that pace; the
    timer ticks at half that pace while any delivery runs, so a beat is late by at most half a
    period: the first within half the ack wait.
    """

    def __init__(self, ack_wait_s: float) -> None:
        self._every = max(ack_wait_s / 3, 0.2)
        self._running: dict[int, tuple[Msg, float]] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._sending: set[asyncio.Task[None]] = set()

    def add(self, raw: Msg) -> None:
        """``raw``'s handler has started."""
        loop = asyncio.get_running_loop()
        self._running[id(raw)] = (raw, loop.time())
        if self._timer is None:
            self._timer = loop.call_later(self._every / 2, self._tick)

    def discard(self, raw: Msg) -> None:
        """``raw``'s handler has ended: no beat after this."""
        self._running.pop(id(raw), None)

    def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        due = [raw for raw, since in self._running.values() if now - since >= self._every]
        for raw in due:
            self._running[id(raw)] = (raw, now)
        if due:
            task = loop.create_task(self._send(due))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)
        self._timer = loop.call_later(self._every / 2, self._tick) if self._running else None

    async def _send(self, due: list[Msg]) -> None:
        for raw in due:
            if self._running.get(id(raw), (None, 0.0))[0] is raw:  # not ended meanwhile
                with contextlib.suppress(Exception):
                    await raw.in_progress()
