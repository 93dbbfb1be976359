"""Work leases: one delivery of a message works on it at a time, across replicas (DESIGN §4).

JetStream delivers a message again when its ack wait passes without a keep-alive — to any
replica, and while the first may still be working on it (its keep-alive late on a loaded
machine). Handlers are idempotent by event id, but two runs at once are not one run: the
orchestrator's second run would find the first one's deltas and fail the answer as interrupted
by a restart, and every stage would pay for its model calls twice. So each delivery claims the
message here before its handler runs. The claim that wins runs the handler, and its process
renews the lease while it does; any other delivery stands by (its own delivery kept alive by
the runtime) until the work is done — it is then acknowledged with nothing more done — or the
lease has lapsed because its holder died or stalled, and it takes over.

A holder that stalls past its lease (a long pause, a starved host) is not dead: it resumes
where it was, after another delivery has taken the work over. So a holder's write carries
its lease as a fencing token (:func:`held_fence`), and the log refuses it in the statement
that would insert it unless that holder still holds the lease (migration 0022): no statement
of its own, and no gap between a check and the write for a stall to fall into. A refused
write raises :class:`LeaseLost`, as does any write once a renewal has found the lease lost,
and the stalled run stops without writing, leaving the work to the delivery that took it
over.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import asyncpg

from shared.store.errors import store_errors

__all__ = ["KEEP_DONE_S", "MIN_TTL_S", "Fence", "LeaseLost", "Leases", "check_held",
           "confirm_held", "held_fence"]

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
RETURNING holder
"""
# A lease whose row another delivery has taken (or that was pruned) is not renewed: the
# holders returned are those still held. A lapsed lease nobody has taken yet is renewed: its
# holder may carry on, and a claim and a renewal of one row take turns on its lock.

Fence = tuple[str, uuid.UUID, uuid.UUID]
"""A held lease: the consumer, the message's event id, this delivery's holder id. It is also
the fencing token an append carries: the log writes the event only while that holder holds
the lease (``PostgresEventStore.append``, migration 0022)."""
_Key = Fence


class LeaseLost(Exception):
    """This delivery's lease lapsed and another delivery took the work over (its holder had
    stalled past it): the run stops without writing, and its delivery is left unanswered."""


@dataclass(frozen=True)
class _Turn:
    leases: Leases
    key: _Key


_current: contextvars.ContextVar[_Turn | None] = contextvars.ContextVar(
    "yourai_lease", default=None)
"""The lease of the delivery whose handler runs in this context (tasks it starts inherit it)."""


def check_held() -> None:
    """Raise :class:`LeaseLost` if this context's delivery is known to have lost its lease:
    for a long step to stop between writes (no statement, no wait)."""
    turn = _current.get()
    if turn is not None and turn.key in turn.leases.lost:
        raise LeaseLost(f"the lease on {turn.key[0]} {turn.key[1]} was taken over")


def held_fence() -> Fence | None:
    """The fencing token of this context's delivery for its next append (``None`` outside a
    delivery); raises :class:`LeaseLost` at once if the lease is known lost already."""
    turn = _current.get()
    if turn is None:
        return None
    check_held()
    return turn.key


async def confirm_held() -> None:
    """Before a write of this context's delivery: return if it still holds its lease, else
    raise :class:`LeaseLost`. Outside a delivery (a background task, the gateway) it returns."""
    turn = _current.get()
    if turn is not None:
        await turn.leases.confirm(turn.key)


class Leases:
    """The leases of one service in one process: claimed per delivery, renewed together."""

    def __init__(self, pool: asyncpg.Pool, *, ttl_s: float, renew_every_s: float) -> None:
        self.pool = pool
        self.ttl_s = ttl_s
        self.renew_every_s = renew_every_s
        self._held: dict[_Key, float] = {}
        """Each held lease and the loop time until which it is surely ours: its last claim or
        renewal was sent then less a lease (the database counts from when it ran it)."""
        self.lost: set[_Key] = set()
        """Held leases a renewal found taken over, until their runs end."""
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
        holder's lease is live it waits, looking again each ``renew_every_s``.

        Raises :class:`LeaseLost` when the block ends after another delivery took the lease
        over: its work is that delivery's now, and this one must not be acknowledged."""
        key = (consumer, event_id, uuid.uuid4())
        loop = asyncio.get_running_loop()
        while True:
            sent = loop.time()
            claimed, done = await self._claim(key)
            if claimed:
                break
            if done:
                yield False
                return
            await asyncio.sleep(self.renew_every_s)
        self._held[key] = sent + self.ttl_s
        context = _current.set(_Turn(self, key))
        try:
            yield True
        except BaseException:
            # Released at once, so a redelivery need not wait for it to lapse (a crash still
            # leaves it to lapse).
            with contextlib.suppress(Exception):
                await self._end(key, "DELETE FROM work_leases")
            raise
        else:
            if not await self._end(key, "UPDATE work_leases SET done = true, expires_at = now()"):
                raise LeaseLost(f"the lease on {consumer} {event_id} was taken over")
        finally:
            _current.reset(context)
            self._held.pop(key, None)
            self.lost.discard(key)

    async def confirm(self, key: _Key) -> None:
        """Return if ``key`` is still held; raise :class:`LeaseLost` if it was taken over.

        A lease renewed within the last half lease is ours for longer than any write takes,
        so nothing is asked; past that (the process stalled, its renewals with it) one
        renewal of this lease alone says."""
        if key not in self.lost and (
                asyncio.get_running_loop().time() < self._held.get(key, 0.0) - self.ttl_s / 2):
            return
        if key not in self.lost:
            await self._renew([key])
        if key in self.lost:
            raise LeaseLost(f"the lease on {key[0]} {key[1]} was taken over")

    async def _claim(self, key: _Key) -> tuple[bool, bool]:
        consumer, event_id, holder = key
        async with store_errors():
            row = await self.pool.fetchrow(_CLAIM, consumer, event_id, holder, self.ttl_s)
        assert row is not None
        return bool(row["claimed"]), bool(row["done"])

    async def _end(self, key: _Key, statement: str) -> bool:
        """``statement`` on ``key``'s row while this delivery holds it; whether it did."""
        async with store_errors():
            status = await self.pool.execute(
                f"{statement} WHERE consumer = $1 AND event_id = $2 AND holder = $3", *key)
        return status.split()[-1] != "0"

    async def _renew_forever(self) -> None:
        """Renew the leases held (one statement for all of them), and prune old ones now and
        then; an unavailable database is tried again at the next beat."""
        loop = asyncio.get_running_loop()
        pruned = loop.time()
        while True:
            await asyncio.sleep(self.renew_every_s)
            try:
                if held := [k for k in self._held if k not in self.lost]:
                    await self._renew(held)
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
        """Renew ``held``; those another delivery has taken over are noted as lost."""
        sent = asyncio.get_running_loop().time()
        async with store_errors():
            rows = await self.pool.fetch(
                _RENEW, [k[0] for k in held], [k[1] for k in held], [k[2] for k in held],
                self.ttl_s)
        renewed = {row["holder"] for row in rows}
        for key in held:
            if key[2] in renewed:
                if key in self._held:
                    self._held[key] = sent + self.ttl_s
            elif key in self._held:
                # The holder stalled past its lease and another delivery took the work over:
                # its run must stop without writing (``confirm_held``).
                self.lost.add(key)
                log.warning("the lease on %s %s lapsed and was taken over; its run stops",
                            key[0], key[1])
