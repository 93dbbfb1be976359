"""Work leases: one delivery of a message works on it at a time, across replicas (DESIGN §4).

JetStream delivers a message again when its ack wait passes without a keep-alive — to any
replica, and while the first may still be working on it (its keep-alive late on a loaded
machine). Handlers are idempotent by event id, but two runs at once are not one run: the
orchestrator's second run would find the first one's deltas and fail the answer as interrupted
by a restart, and every stage would pay for its model calls twice. So each delivery claims the
message here before its handler runs. The claim that wins runs the handler, and its process
renews the lease while it does; any other delivery stands by (its own delivery kept alive by
the runtime) until the work is done — it is then acknowledged with nothing more done — or the
lease has lapsed because its holder died, and it takes over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator

import asyncpg

from shared.store.errors import store_errors

__all__ = ["KEEP_DONE_S", "MIN_TTL_S", "Leases"]

log = logging.getLogger("yourai.leases")

MIN_TTL_S = 30.0
"""The shortest lease: its holder's process must stall this long before another replica takes
the work over, whatever the ack wait (the tests' 3 s ack wait is passed by a loop stalled by a
loaded machine; a lease that lapsed as soon would bring back the double runs it exists for)."""
KEEP_DONE_S = 3600.0
"""How long a finished lease answers late deliveries before it is pruned. A delivery stays
outstanding for its attempts' ack waits and back-offs, minutes at most."""
PRUNE_EVERY_S = 60.0

_CLAIM = """
WITH claimed AS (
    INSERT INTO work_leases AS l (consumer, event_id, holder, expires_at)
    VALUES ($1, $2, $3, now() + make_interval(secs => $4))
    ON CONFLICT (consumer, event_id) DO UPDATE
        SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE NOT l.done AND l.expires_at < now()
    RETURNING holder)
SELECT EXISTS (SELECT 1 FROM claimed) AS claimed,
       coalesce((SELECT done FROM work_leases WHERE consumer = $1 AND event_id = $2), false)
           AS done
"""
# A claim is one statement: the row is taken when there is none or its holder's lease has
# lapsed; otherwise the outer query (of the statement's snapshot) says whether it is done.

_RENEW = """
UPDATE work_leases SET expires_at = now() + make_interval(secs => $4)
 WHERE (consumer, event_id, holder) IN (
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[]))
"""

_Key = tuple[str, uuid.UUID, uuid.UUID]
"""A held lease: the consumer, the message's event id, this delivery's holder id."""


class Leases:
    """The leases of one service in one process: claimed per delivery, renewed together."""

    def __init__(self, pool: asyncpg.Pool, *, ttl_s: float, renew_every_s: float) -> None:
        self.pool = pool
        self.ttl_s = ttl_s
        self.renew_every_s = renew_every_s
        self._held: set[_Key] = set()
        self._task: asyncio.Task[None] | None = None

    @classmethod
    def for_ack_wait(cls, pool: asyncpg.Pool, ack_wait_s: float) -> Leases:
        """Leases paced by the consumers' ack wait: renewed (and a standby's look repeated) as
        often as a keep-alive beats, lasting two ack waits and never less than ``MIN_TTL_S``."""
        return cls(pool, ttl_s=max(2 * ack_wait_s, MIN_TTL_S),
                   renew_every_s=max(ack_wait_s / 3, 0.2))

    def start(self) -> None:
        self._task = asyncio.create_task(self._renew_forever(), name="leases")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    @contextlib.asynccontextmanager
    async def turn(self, consumer: str, event_id: uuid.UUID) -> AsyncIterator[bool]:
        """This delivery's turn at the message: ``True`` once it holds the lease (the handler
        is to run; the lease is done when the block ends, released if it raises), ``False``
        when another delivery's run did the work (acknowledge, do nothing more). While another
        holder's lease is live it waits, looking again each ``renew_every_s``."""
        key = (consumer, event_id, uuid.uuid4())
        while True:
            claimed, done = await self._claim(key)
            if claimed:
                break
            if done:
                yield False
                return
            await asyncio.sleep(self.renew_every_s)
        self._held.add(key)
        try:
            yield True
        except BaseException:
            self._held.discard(key)
            # Released at once, so a redelivery need not wait for it to lapse (a crash still
            # leaves it to lapse).
            with contextlib.suppress(Exception):
                await self._end(key, "DELETE FROM work_leases")
            raise
        self._held.discard(key)
        await self._end(key, "UPDATE work_leases SET done = true, expires_at = now()")

    async def _claim(self, key: _Key) -> tuple[bool, bool]:
        consumer, event_id, holder = key
        async with store_errors():
            row = await self.pool.fetchrow(_CLAIM, consumer, event_id, holder, self.ttl_s)
        assert row is not None
        return bool(row["claimed"]), bool(row["done"])

    async def _end(self, key: _Key, statement: str) -> None:
        async with store_errors():
            await self.pool.execute(
                f"{statement} WHERE consumer = $1 AND event_id = $2 AND holder = $3", *key)

    async def _renew_forever(self) -> None:
        """Renew the leases held (one statement for all of them), and prune old ones now and
        then; an unavailable database is tried again at the next beat."""
        loop = asyncio.get_running_loop()
        pruned = loop.time()
        while True:
            await asyncio.sleep(self.renew_every_s)
            try:
                if self._held:
                    await self._renew(list(self._held))
                if loop.time() - pruned >= PRUNE_EVERY_S:
                    pruned = loop.time()
                    async with store_errors():
                        await self.pool.execute(
                            "DELETE FROM work_leases"
                            " WHERE expires_at < now() - make_interval(secs => $1)",
                            KEEP_DONE_S)
            except Exception as e:  # the next beat tries again; the loop must not end
                log.warning("leases not renewed: %s", e)

    async def _renew(self, held: list[_Key]) -> None:
        async with store_errors():
            status = await self.pool.execute(
                _RENEW, [k[0] for k in held], [k[1] for k in held], [k[2] for k in held],
                self.ttl_s)
        renewed = int(status.split()[-1])
        if renewed < len(held):
            # A holder stalled past its lease: another delivery may have taken the work over.
            log.warning("%d of %d leases had lapsed and were taken over",
                        len(held) - renewed, len(held))
