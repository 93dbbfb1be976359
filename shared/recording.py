"""Recording: append to the log, then publish what the log holds.

The one path by which an event becomes visible to services and browsers. Two callers, two
guarantees:

- The recorder (``record``) acknowledges its input only after publishing, so a failed
  publication raises and JetStream redelivers the input: nothing is lost, nothing acknowledged
  early.
- The gateway (``record_and_publish``) answers a user whose change is already committed: it
  queues the new records in the publish outbox within the append's transaction, gives NATS a
  bounded wait, and if NATS does not confirm, leaves them to ``OutboxSweeper``, which publishes
  them once it can. The change is reported done (it is in the log) and still reaches the
  services. Why an outbox rather than an in-memory retry: it survives a gateway restart, and
  any replica's sweep finishes another's work.

Every event is fitted to the bus's payload budget before it is appended (``Bus.fit``), so what
is recorded can always be published.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

from nats.errors import Error as NatsError

from shared.bus import Bus
from shared.events import AnyEvent, Event
from shared.store import Appended, PostgresEventStore, Recorded, StoreError
from shared.store.outbox import PublishOutbox

__all__ = ["OutboxSweeper", "record", "record_and_publish"]

log = logging.getLogger("yourai.recording")

_BUS_DOWN = (NatsError, OSError)
"""What a failed publication raises: NATS errors, timeouts and connection errors."""


def _committed(appended: Sequence[Appended]) -> list[tuple[int, int, Event, bytes]]:
    return [(a.record.version, a.record.position, a.record.event, a.record.payload)
            for a in appended if a.record is not None]


async def record(store: PostgresEventStore, bus: Bus, events: Sequence[AnyEvent]
                 ) -> list[Appended]:
    """Append ``events``; publish each recorded one (new, or already stored) in log order.

    A duplicate is published again because its first publication may have been lost in a
    crash between commit and publish; JetStream deduplicates it by event id.
    """
    appended = await store.append([e for e, _ in bus.fit(events)])
    await bus.publish_committed(_committed(appended))
    return appended


async def record_and_publish(store: PostgresEventStore, bus: Bus, events: Sequence[AnyEvent], *,
                             timeout_s: float) -> list[Appended]:
    """Append ``events`` with outbox entries, then publish within ``timeout_s`` if NATS can.

    Raises only if nothing was committed; a publication that fails is left to the sweep.
    """
    appended = await store.append([e for e, _ in bus.fit(events)], outbox=True)
    try:
        await bus.publish_committed(_committed(appended), timeout_s=timeout_s)
    except _BUS_DOWN as e:
        log.warning("recorded %d event(s) but NATS did not take them (%s); the outbox sweep "
                    "will publish them", len(appended), e or type(e).__name__)
        return appended
    new = [a.record.position for a in appended if a.status == "new" and a.record is not None]
    try:
        await PublishOutbox(store.pool).done(new)
    except StoreError as e:  # published all the same: the sweep publishes them once more
        log.warning("published, but could not clear the outbox (%s)", e)
    return appended


class OutboxSweeper:
    """Publishes recorded events that are still in the outbox, every ``interval_s``."""

    def __init__(self, store: PostgresEventStore, bus: Bus, *, interval_s: float,
                 grace_s: float) -> None:
        """``grace_s``: leave younger entries alone, their request may still be publishing."""
        self.outbox = PublishOutbox(store.pool)
        self.bus = bus
        self.interval_s = interval_s
        self.grace_s = grace_s
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="outbox-sweeper")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def sweep(self) -> int:
        """Publish everything due now; returns how many records were published."""
        total = 0
        while count := await self.outbox.publish_due(self._publish, older_than_s=self.grace_s):
            total += count
            log.info("outbox: published %d recorded event(s) that NATS had not taken", count)
        return total

    async def _publish(self, records: list[Recorded]) -> None:
        await self.bus.publish_committed(
            [(r.version, r.position, r.event, r.payload) for r in records])

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval_s)
            try:
                await self.sweep()
            except (*_BUS_DOWN, StoreError) as e:
                log.warning("outbox: not published yet (%s); retrying in %.0fs",
                            e or type(e).__name__, self.interval_s)
            except Exception:
                log.exception("outbox: sweep failed; retrying in %.0fs", self.interval_s)
