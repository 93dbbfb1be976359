"""Recording: every producer appends its own events to the log, then publishes them committed.

There is no single writer (DESIGN §3). A service's handler, the gateway and the watchdog all
record through a ``LogWriter``: one PostgreSQL transaction appends the events (the
conversation's head row is locked, so the hash chain and the version order hold across any
number of writers; an event id already stored is a no-op) and queues each new record in the
publish outbox; then the records are published to the log stream with ``Nats-Msg-Id`` set to
the event id, so JetStream drops a second publication of the same event.

Why the outbox, when a handler's input would be redelivered anyway: a handler that runs again
may find its work already in the log and emit nothing, so the publication of a record whose
producer died between commit and publish must not depend on the producer. Each writer sweeps
the outbox for records older than a grace period and publishes them (replicas share the sweep
with ``FOR UPDATE SKIP LOCKED``), so a committed event always reaches the services: once, as
JetStream de-duplicates it, and consumers are idempotent by event id beyond its window.

Group commit: a commit waits for the disk (about 4 ms on the benchmark's machine), and writers
of one conversation take turns on its head row, so each ``record`` call would pay a whole
commit of its own. Calls that arrive while the writer's previous transaction is committing are
appended together in the next one (in arrival order, each call's events contiguous), as the
single recorder once batched — without a hop in between. Clearing the outbox of what was
published is off the critical path too: the positions are deleted in batches.

Every event is fitted to the bus's payload budget before it is appended (``Bus.fit``), so what
is recorded can always be published.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import Sequence
from typing import ClassVar, NamedTuple, cast

from nats.errors import Error as NatsError

from shared.bus import Bus
from shared.events import AnyEvent, Event
from shared.store import Appended, PostgresEventStore, Recorded, StoreError, StoreUnavailable
from shared.store.leases import Fence
from shared.store.outbox import PublishOutbox
from shared.tracing import span_from_meta

__all__ = ["LogWriter", "WriteBehind"]

log = logging.getLogger("yourai.recording")

_BUS_DOWN = (NatsError, OSError)
"""What a failed publication raises: NATS errors, timeouts and connection errors."""

CLEAR_EVERY_S = 0.25
"""How long published positions wait to be cleared from the outbox together (the writers of
a process together, ``_Sweeps``): at 0.05 s, when each writer cleared its own, the deletes
were about six statements an invocation under load; the sweep leaves alone what is younger
than its grace (over a second), so a record waiting here is never published twice because of
it."""
GROUP_LIMIT = 512
"""Most events appended in one group commit."""


class _Request(NamedTuple):
    events: list[AnyEvent]
    done: asyncio.Future[list[Appended]]
    fence: Fence | None = None


def _committed(appended: Sequence[Appended]) -> list[tuple[int, int, Event, bytes]]:
    return [(a.record.version, a.record.position, a.record.event, a.record.payload)
            for a in appended if a.record is not None]


class LogWriter:
    """Appends a producer's events and publishes them; sweeps what others left unpublished."""

    def __init__(self, store: PostgresEventStore, bus: Bus, *, publish_timeout_s: float,
                 sweep_every_s: float) -> None:
        """``publish_timeout_s``: how long ``record`` waits for NATS before leaving the
        publication to the sweep; the sweep leaves alone what is younger than that (and a
        second), as its writer may still be publishing it."""
        self.store = store
        self.bus = bus
        self.outbox = PublishOutbox(store.pool)
        self.publish_timeout_s = publish_timeout_s
        self.sweep_every_s = sweep_every_s
        self.grace_s = publish_timeout_s + 1.0
        self._published: list[int] = []
        self._sweeps: _Sweeps | None = None
        self._queue: list[_Request] = []
        self._committing: asyncio.Task[None] | None = None
        self._behind: asyncio.Task[None] | None = None

    async def record(self, events: Sequence[Event], *, publish_behind: bool = False,
                     fence: Fence | None = None) -> list[Appended]:
        """Append ``events`` in order, then publish each recorded one (new, or already stored).

        Raises only if nothing was committed (``StoreError``, or ``EventTooLarge`` before the
        append). A duplicate is published again because its first publication may have been
        lost between commit and publish; JetStream de-duplicates it by event id. If NATS does
        not take the records within ``publish_timeout_s``, they stay in the outbox and the
        sweep publishes them: the change is recorded, and the services will see it.

        ``publish_behind`` returns once committed, the publication following in the background
        (the gateway's 202 need not wait for JetStream's acknowledgement): the outbox already
        holds the records, as for a producer that dies before it publishes. This writer still
        publishes in the order it committed: a later publication waits for those behind.

        ``fence`` is the work lease of the delivery writing (``shared/store/leases.py``): an
        event whose lease was taken over is not written (``fenced``), in the append itself.
        """
        if not events:
            return []
        # Every concrete event class is a member of the ``AnyEvent`` union.
        fitted = [cast(AnyEvent, e) for e, _ in self.bus.fit(events)]
        first = events[0].meta
        with span_from_meta("log.append", first, service=first.producer or "engine",
                            attributes={"yourai.events": str(len(fitted))}):
            appended = await self._append(fitted, fence)
        if publish_behind:
            self._publish_behind(appended)
        else:
            if self._behind is not None and not self._behind.done():
                await asyncio.shield(self._behind)
            await self.publish(appended)
        return appended

    def _publish_behind(self, appended: list[Appended]) -> None:
        """Publish after whatever this writer is already publishing behind, in a task."""
        previous = self._behind

        async def publish() -> None:
            if previous is not None:
                with contextlib.suppress(Exception):
                    await asyncio.shield(previous)
            try:
                await self.publish(appended)
            except Exception:  # the outbox still holds them: the sweep publishes them
                log.exception("publishing %d recorded event(s) failed", len(appended))

        self._behind = asyncio.create_task(publish(), name="publish-behind")

    async def _append(self, events: list[AnyEvent], fence: Fence | None) -> list[Appended]:
        """Append in the next group commit; its outcome for these events alone."""
        return await self._enqueue(events, fence)

    def _enqueue(self, events: list[AnyEvent], fence: Fence | None
                 ) -> asyncio.Future[list[Appended]]:
        """Queue ``events`` for the next group commit: the future of their outcome, answered
        when the commit's statement has (the group commit runs on, whoever stops waiting)."""
        done: asyncio.Future[list[Appended]] = asyncio.get_running_loop().create_future()
        self._queue.append(_Request(events, done, fence))
        if self._committing is None or self._committing.done():
            self._committing = asyncio.create_task(self._commit_queued(), name="group-commit")
        return done

    async def _commit_queued(self) -> None:
        """Commit what is queued, then what queued meanwhile, until nothing is left."""
        while self._queue:
            group: list[_Request] = []
            size = 0
            while self._queue and (not group or size + len(self._queue[0].events)
                                   <= GROUP_LIMIT):
                request = self._queue.pop(0)
                group.append(request)
                size += len(request.events)
            await self._commit(group)

    async def _commit(self, group: list[_Request]) -> None:
        try:
            appended = await self.store.append([e for r in group for e in r.events],
                                               outbox=True, fences=[r.fence for r in group
                                                                    for _ in r.events])
        except BaseException as e:
            if len(group) == 1 or not isinstance(e, Exception) or isinstance(
                    e, StoreUnavailable):
                for request in group:
                    if not request.done.done():
                        request.done.set_exception(e)
                if not isinstance(e, Exception):
                    raise
                return
            # One caller's bad event (another tenant's conversation, say) must not fail the
            # others: each on its own, so each gets its own outcome.
            for request in group:
                await self._commit([request])
            return
        start = 0
        for request in group:
            end = start + len(request.events)
            if not request.done.done():
                request.done.set_result(appended[start:end])
            start = end

    async def publish(self, appended: Sequence[Appended]) -> None:
        """Publish records another transaction committed with its change (a tenant's
        configuration, a document) now, rather than at the next sweep; if NATS does not take
        them in time, the sweep still will."""
        try:
            await self.bus.publish_committed(_committed(appended),
                                             timeout_s=self.publish_timeout_s)
        except _BUS_DOWN as e:
            log.warning("recorded %d event(s) but NATS did not take them (%s); the outbox sweep "
                        "will publish them", len(appended), e or type(e).__name__)
            return
        new = [a.record.position for a in appended if a.status == "new" and a.record is not None]
        if new:
            self._published.extend(new)
            if self._sweeps is not None:
                self._sweeps.wake.set()

    def start(self) -> None:
        """Join the outbox's clearing and sweeping of this writer's store in this process."""
        if self._sweeps is None:
            self._sweeps = _Sweeps.of(self.store)
            self._sweeps.join(self)

    async def stop(self) -> None:
        if self._behind is not None:
            with contextlib.suppress(Exception):
                await self._behind
        if self._sweeps is not None:
            sweeps, self._sweeps = self._sweeps, None
            await sweeps.leave(self)
        with contextlib.suppress(StoreError):
            await self._clear()

    async def sweep(self, *, older_than_s: float | None = None) -> int:
        """Publish everything due now (queued longer than ``older_than_s``, this writer's
        grace by default); returns how many records were published."""
        grace = self.grace_s if older_than_s is None else older_than_s
        total = 0
        while count := await self.outbox.publish_due(self._publish, older_than_s=grace):
            total += count
            log.info("outbox: published %d recorded event(s) that were not published", count)
        return total

    async def _publish(self, records: list[Recorded]) -> None:
        await self.bus.publish_committed(
            [(r.version, r.position, r.event, r.payload) for r in records])

    async def _clear(self) -> None:
        positions, self._published = self._published, []
        try:
            await self.outbox.done(positions)
        except StoreError:
            # Published all the same: the sweep publishes them once more, JetStream drops it.
            self._published[:0] = positions
            raise


class _Sweeps:
    """The outbox's clearing and sweeping for every started writer of one store (one
    database) in this process: one timer, one ``DELETE`` for all their published positions
    and one sweep a period, where each writer had its own (six in ``yourai up``: six sweeps a
    second and up to four clears a second each, whatever the load; docs/BENCHMARKS.md, round
    twenty).

    The invariants are each writer's as before: a published position is cleared within
    ``CLEAR_EVERY_S`` of the first still waiting, and what no writer published is published
    by a sweep every ``sweep_every_s`` (the shortest any of them asks) once older than the
    longest grace any of them needs (its publish timeout and a second), so a record a writer
    may still be publishing is left to it. The sweep publishes through the first writer to
    have joined (in one process they share a NATS connection); replicas in other processes
    share the outbox as before (``FOR UPDATE SKIP LOCKED``).
    """

    _of: ClassVar[weakref.WeakKeyDictionary[PostgresEventStore, _Sweeps]] = \
        weakref.WeakKeyDictionary()

    def __init__(self, store: PostgresEventStore) -> None:
        self.store = store
        self.writers: list[LogWriter] = []
        self.wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def of(cls, store: PostgresEventStore) -> _Sweeps:
        sweeps = cls._of.get(store)
        if sweeps is None:
            sweeps = cls._of[store] = cls(store)
        return sweeps

    def join(self, writer: LogWriter) -> None:
        self.writers.append(writer)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="log-writer-outbox")
        self.wake.set()  # its period may be shorter than the one waited on

    async def leave(self, writer: LogWriter) -> None:
        """``writer`` takes no more part; the last to leave stops the timer."""
        if writer in self.writers:
            self.writers.remove(writer)
        if not self.writers and self._task is not None:
            task, self._task = self._task, None
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            if self._of.get(self.store) is self:
                del self._of[self.store]

    def _period(self) -> float:
        return min(w.sweep_every_s for w in self.writers)

    async def _clear(self) -> None:
        """One ``DELETE`` for every writer's published positions."""
        taken = [(w, w._published) for w in self.writers if w._published]
        if not taken:
            return
        for w, _ in taken:
            w._published = []
        try:
            await self.writers[0].outbox.done([p for _, positions in taken for p in positions])
        except StoreError:
            for w, positions in taken:  # the sweep publishes them once more meanwhile
                w._published[:0] = positions
            raise

    async def _sweep(self) -> None:
        await self.writers[0].sweep(older_than_s=max(w.grace_s for w in self.writers))

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        next_sweep = loop.time() + self._period()
        while self.writers:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(0.0, next_sweep - loop.time())):
                    await self.wake.wait()
            self.wake.clear()
            if not self.writers:
                return
            next_sweep = min(next_sweep, loop.time() + self._period())
            try:
                if any(w._published for w in self.writers):
                    await asyncio.sleep(CLEAR_EVERY_S)  # let more gather: one delete for all
                    await self._clear()
                if self.writers and loop.time() >= next_sweep:
                    next_sweep = loop.time() + self._period()
                    await self._sweep()
            except (*_BUS_DOWN, StoreError) as e:
                period = self._period() if self.writers else 1.0
                log.warning("outbox: not cleared or published yet (%s); retrying in %.0fs",
                            e or type(e).__name__, period)
                await asyncio.sleep(min(period, 1.0))
            except Exception:
                period = self._period() if self.writers else 1.0
                log.exception("outbox: sweep failed; retrying in %.0fs", period)
                await asyncio.sleep(min(period, 1.0))


class WriteBehind:
    """Records a stream of events in order without making its producer wait for each commit.

    A streaming answer's deltas would otherwise pay a commit each, one after another, while
    the model's tokens wait. Here ``add`` returns at once; at most one ``record`` is in flight,
    and what was added meanwhile goes into the next, merged. The order of the log is the order
    of ``add``. ``drain`` waits until everything added is recorded (a handler drains before it
    returns, so its input is still acknowledged only after its output is committed) and raises
    the first failure; after a failure nothing more is recorded, so the log never holds a later
    event without an earlier one.
    """

    def __init__(self, writer: LogWriter) -> None:
        self.writer = writer
        self._pending: list[Event] = []
        self._flushing: asyncio.Task[None] | None = None
        self._failed: BaseException | None = None

    def add(self, events: Sequence[Event]) -> None:
        if self._failed is not None:
            return
        self._pending.extend(events)
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.create_task(self._flush(), name="write-behind")

    async def drain(self) -> None:
        if self._flushing is not None:
            await asyncio.shield(self._flushing)
        if self._failed is not None:
            raise self._failed

    async def _flush(self) -> None:
        while self._pending and self._failed is None:
            batch, self._pending = self._pending, []
            try:
                await self.writer.record(batch)
            except BaseException as e:  # kept for ``drain``, which raises it in the handler
                self._failed = e
                self._pending = []
                if not isinstance(e, Exception):
                    raise
