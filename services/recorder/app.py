"""The recorder: appends produced events to the log in batches, then publishes them committed.

The single writer for everything services produce. It consumes the events stream with a pull
consumer, appends a fetched batch in one transaction, publishes the committed records in log
order, and acknowledges only after both (DESIGN §3, invariant 3).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from nats.aio.client import Client
from nats.aio.msg import Msg
from nats.errors import Error as NatsError
from nats.js import JetStreamContext
from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy
from nats.js.errors import FetchTimeoutError, NotFoundError

from shared.bus import Bus, EventTooLarge, connect_nats
from shared.events import AnyEvent, decode_event
from shared.recording import record
from shared.runtime import Infra
from shared.store import StoreError, StoreUnavailable
from shared.tracing import span_from_meta

__all__ = ["Recorder"]

log = logging.getLogger("yourai.recorder")

BATCH = 256


class Recorder:
    """Runs the recording loop until stopped."""

    name = "recorder"

    def __init__(self, infra: Infra) -> None:
        self.infra = infra
        self._nc: Client | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        assert self.infra.settings.nats_url
        self._nc = await connect_nats(self.infra.settings.nats_url, name="yourai-recorder")
        bus = Bus(self._nc, self.infra.subjects)
        await bus.ensure_streams()
        subjects = self.infra.subjects
        durable = subjects.durable("recorder")
        start = await _resume_point(bus, subjects.events_stream, durable)
        sub = await bus.js.pull_subscribe(
            f"{subjects.namespace}.ev.>",
            durable=durable,
            stream=subjects.events_stream,
            config=ConsumerConfig(
                ack_policy=AckPolicy.EXPLICIT,
                ack_wait=self.infra.settings.ack_wait_s,
                deliver_policy=DeliverPolicy.BY_START_SEQUENCE if start else DeliverPolicy.ALL,
                opt_start_seq=start,
                max_ack_pending=BATCH * 8,
            ),
        )
        self._task = asyncio.create_task(self._run(bus, sub), name="recorder")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._nc is not None:
            with contextlib.suppress(Exception):
                await self._nc.close()

    async def _run(self, bus: Bus, sub: JetStreamContext.PullSubscription) -> None:
        while True:
            try:
                msgs: list[Msg] = await sub.fetch(BATCH, timeout=1.0)
            except (FetchTimeoutError, TimeoutError):
                continue
            except Exception:
                log.exception("recorder: fetch failed; retrying")
                await asyncio.sleep(0.5)
                continue
            try:
                await self.handle_batch(bus, msgs)
            except Exception:
                # Never let the recording task die: what was not acknowledged is delivered
                # again, and what was recorded already is a no-op.
                log.exception("recorder: a batch failed; its events will be delivered again")
                await asyncio.sleep(0.5)

    async def handle_batch(self, bus: Bus, msgs: list[Msg]) -> None:
        events: list[AnyEvent] = []
        accepted: list[Msg] = []
        for msg in msgs:
            try:
                events.append(decode_event(msg.data))
                accepted.append(msg)
            except Exception:
                log.error("recorder: undecodable event on %s terminated", msg.subject)
                await msg.term()
        if not events:
            return
        try:
            await self._record(bus, events, accepted)
        except (StoreError, EventTooLarge):
            # One bad event must not block the others: record them one by one.
            for event, msg in zip(events, accepted, strict=True):
                try:
                    await self._record(bus, [event], [msg])
                except (StoreError, EventTooLarge) as e:
                    log.error("recorder: refused %s (%s); terminated", event.event_id, e)
                    await msg.term()
                    continue
                await msg.ack()
            return
        for msg in accepted:
            await msg.ack()

    async def _record(self, bus: Bus, events: list[AnyEvent], msgs: list[Msg]) -> None:
        """Record, retrying in place while the store or the bus is unavailable, so order is
        kept: appending again is a no-op for what was committed, and publishes it again."""
        delay = 0.1
        while True:
            try:
                with span_from_meta("recorder.append", events[0].meta, service="recorder",
                                    attributes={"yourai.events": str(len(events))}):
                    await record(self.infra.store, bus, events)
                return
            except (StoreUnavailable, NatsError, OSError, TimeoutError) as e:
                log.warning("recorder: %s unavailable (%s); retrying in %.1fs",
                            "store" if isinstance(e, StoreUnavailable) else "NATS",
                            e or type(e).__name__, delay)
                for msg in msgs:
                    with contextlib.suppress(Exception):
                        await msg.in_progress()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)


async def _resume_point(bus: Bus, stream: str, durable: str) -> int | None:
    """Restart from the ack floor in stream order rather than let JetStream redeliver late.

    After a crash, unacknowledged events would be redelivered only after the ack wait, behind
    newer ones, and the log would record a conversation out of order. Recreating the consumer
    at its ack floor replays them in order; those already recorded are no-ops.
    """
    try:
        info = await bus.js.consumer_info(stream, durable)
    except NotFoundError:
        return None
    await bus.js.delete_consumer(stream, durable)
    return info.ack_floor.stream_seq + 1 if info.ack_floor else None
