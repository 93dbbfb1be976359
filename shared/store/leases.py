"""Work leases: one delivery of a message writes for it at a time, across replicas (DESIGN §4).

JetStream delivers a message again when its ack wait passes without a keep-alive — to any
replica, and while the first may still be working on it (its keep-alive late on a loaded
machine). Handlers are idempotent by event id, but two runs at once are not one run: the
orchestrator's second run would find the first one's deltas and fail the answer as interrupted
by a restart, and every stage would pay for its model calls twice. So a delivery that writes
holds the message's lease, and any other delivery stands by until the work is done — it is
then acknowledged with nothing more done — or the lease has lapsed because its holder died or
stalled, and it takes over.

The lease costs no statement of its own on the common path (a first delivery): the delivery's
first append takes it, in the statement that writes (its fencing token, :func:`held_fence`,
migration 0023), each later append confirms it, and it is marked done after the handler
returns together with the process's renewals, one statement a beat for them all. Only a
delivery JetStream sends again claims the message before its handler runs (one statement),
because only then may another delivery have done the work or be doing it. A first delivery
that has written nothing holds nothing: sent again while it still works, the message runs in
the second delivery too, and the first append of either decides which one writes (the other's
is refused); what both spent before it is the price of that rare case.

A holder that stalls past its lease (a long pause, a starved host) is not dead: it resumes
where it was, after another delivery has taken the work over. So every write carries its lease
as a fencing token and the log refuses it, in the statement that would insert it, unless that
holder still holds the lease: no statement of its own, and no gap between a check and the
write for a stall to fall into. A refused write raises :class:`LeaseLost`, as does any write
once a renewal has found the lease lost, and the stalled run stops without writing, leaving
the work to the delivery that took it over.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import asyncpg

from shared.store.errors import store_errors

if TYPE_CHECKING:
    from shared.store.postgres import Appended

__all__ = ["KEEP_DONE_S", "MIN_TTL_S", "Fence", "LeaseLost", "Leases", "check_held",
           "held_fence"]

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

_BEAT = """
UPDATE work_leases l
   SET expires_at = CASE WHEN x.done THEN now() ELSE now() + make_interval(secs => x.ttl) END,
       done = x.done
  FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::float8[], $5::boolean[])
       AS x(consumer, event_id, holder, ttl, done)
 WHERE l.consumer = x.consumer AND l.event_id = x.event_id AND l.holder = x.holder
RETURNING l.holder
"""
# One statement a beat for the process's leases: those held are renewed, those whose runs have
# ended are marked done. A lease whose row another delivery has taken (or that was pruned) is
# neither: the holders returned are those still held. A lapsed lease nobody has taken yet is
# renewed: its holder may carry on, and a claim and a renewal of one row take turns on its lock.


class Fence(NamedTuple):
    """A delivery's lease: the consumer, the message's event id, this delivery's holder id and
    how long a lease it takes lasts. It is the fencing token an append carries: the log takes
    the lease for that holder when nobody holds it, and writes the event only while that
    holder holds it (``PostgresEventStore.append``, migration 0023)."""

    consumer: str
    event_id: uuid.UUID
    holder: uuid.UUID
    ttl_s: float


_Key = Fence


class LeaseLost(Exception):
    """Another delivery holds this message's lease: this one's lapsed and was taken over (its
    holder had stalled past it), or another delivery wrote first. The run stops without
    writing, and its delivery is left unanswered."""


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
        raise LeaseLost(f"the lease on {turn.key.consumer} {turn.key.event_id} was taken over")


def held_fence() -> Fence | None:
    """The fencing token of this context's delivery for its next append (``None`` outside a
    delivery); raises :class:`LeaseLost` at once if the lease is known lost already."""
    turn = _current.get()
    if turn is None:
        return None
    check_held()
    return turn.key


def _written(answer: asyncio.Future[list[Appended]]) -> bool:
    """Whether an append's answer says it was written (so its delivery holds the lease)."""
    if answer.cancelled() or answer.exception() is not None:
        return False
    return not any(a.status == "fenced" for a in answer.result())


class Leases:
    """The leases of one service in one process: taken by their deliveries' appends (or, for
    a delivery sent again, claimed first), renewed and marked done together."""

    def __init__(self, pool: asyncpg.Pool, *, ttl_s: float, renew_every_s: float) -> None:
        self.pool = pool
        self.ttl_s = ttl_s
        self.renew_every_s = renew_every_s
        self._held: dict[_Key, float | None] = {}
        """Each running delivery's lease and the loop time until which it is surely ours (its
        claim or first append was sent then less a lease: the database counts from when it
        ran it); ``None`` while the delivery has taken none (it has written nothing)."""
        self._writing: dict[_Key, list[asyncio.Future[list[Appended]]]] = {}
        """Each running delivery's appends whose statements have not answered: a run cancelled
        while one waits does not stop it (it goes on in its writer's group commit, and may take
        the lease after the run has ended), so the delivery's end waits for them."""
        self._done: list[_Key] = []
        """Leases whose runs ended having written, to be marked done at the next beat."""
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
        self._task = asyncio.create_task(self._beat_forever(), name="leases")

    async def stop(self) -> None:
        """Stop the beats; the leases of the runs ended meanwhile are marked done now."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        with contextlib.suppress(Exception):
            await self.beat()

    @contextlib.asynccontextmanager
    async def turn(self, consumer: str, event_id: uuid.UUID, *,
                   attempt: int = 1) -> AsyncIterator[bool]:
        """This delivery's turn at the message: ``True`` when its handler is to run, ``False``
        when another delivery's run did the work (acknowledge, do nothing more).

        A first delivery (``attempt`` 1) runs at once: no other delivery of the message can
        have written yet, and its first append takes the lease (``taken``). A delivery sent
        again claims it first: while another holder's lease is live it waits, looking again
        each ``renew_every_s``. A lease held when the block ends is marked done at the next
        beat, or released at once if the block raised.

        Raises :class:`LeaseLost` when the block ends after a renewal found the lease taken
        over: its work is that delivery's now, and this one must not be acknowledged."""
        key = Fence(consumer, event_id, uuid.uuid4(), self.ttl_s)
        sent: float | None = None
        if attempt > 1:
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
        self._held[key] = None if sent is None else sent + self.ttl_s
        context = _current.set(_Turn(self, key))
        try:
            yield True
        except LeaseLost:
            raise  # another delivery holds it: nothing of this one's to release
        except BaseException:
            # Released at once, so a redelivery need not wait for it to lapse (a crash still
            # leaves it to lapse); after the run's appends still under way have answered, or
            # one of them would take the lease after its release. Shielded: a run cancelled
            # again meanwhile (its process stopping) still ends with no lease left behind.
            with contextlib.suppress(Exception):
                await asyncio.shield(self._released(key))
            raise
        else:
            if key in self.lost:
                raise LeaseLost(f"the lease on {consumer} {event_id} was taken over")
            if self._writing.get(key):
                await self._settled(key)  # a write abandoned by the run (cancelled, caught)
            if self._held.get(key) is not None:
                self._done.append(key)
        finally:
            _current.reset(context)
            self._held.pop(key, None)
            self._writing.pop(key, None)
            self.lost.discard(key)

    def writing(self, key: _Key, answer: asyncio.Future[list[Appended]]) -> None:
        """An append carrying ``key`` was sent at this moment; ``answer`` is its outcome. If
        it is written, the delivery holds the lease (taken or confirmed by that append), to be
        renewed from when it was sent."""
        if key not in self._held:
            return
        sent = asyncio.get_running_loop().time()
        self._writing.setdefault(key, []).append(answer)
        answer.add_done_callback(functools.partial(self._answered, key, sent))

    def _answered(self, key: _Key, sent: float,
                  answer: asyncio.Future[list[Appended]]) -> None:
        pending = self._writing.get(key)
        if pending is not None and answer in pending:
            pending.remove(answer)
        if _written(answer) and key in self._held and self._held[key] is None:
            self._held[key] = sent + self.ttl_s

    async def _settled(self, key: _Key) -> None:
        """Until the delivery's appends under way have answered (for as long as a lease
        lasts: a statement stuck longer leaves its lease to lapse, as a crash does)."""
        pending = list(self._writing.get(key, ()))
        if pending:
            await asyncio.wait(pending, timeout=self.ttl_s)

    async def _released(self, key: _Key) -> None:
        """Release the lease once the run's appends under way have answered, if the run holds
        it or may (an append still unanswered after a lease's length). Decided from what it
        sees now and those answers alone: shielded, it may outlive the run's own state."""
        held = self._held.get(key) is not None
        pending = list(self._writing.get(key, ()))
        if pending:
            answered, unanswered = await asyncio.wait(pending, timeout=self.ttl_s)
            held = held or bool(unanswered) or any(_written(a) for a in answered)
        if held:
            await self._release(key)

    async def beat(self) -> None:
        """Renew the leases held and mark done those whose runs ended, in one statement."""
        held = [k for k, until in self._held.items() if until is not None and k not in self.lost]
        done, self._done = self._done, []
        if not held and not done:
            return
        keys = held + done
        sent = asyncio.get_running_loop().time()
        try:
            async with store_errors():
                rows = await self.pool.fetch(
                    _BEAT, [k.consumer for k in keys], [k.event_id for k in keys],
                    [k.holder for k in keys], [k.ttl_s for k in keys],
                    [False] * len(held) + [True] * len(done))
        except BaseException:
            self._done[:0] = done  # marked at the next beat
            raise
        renewed = {row["holder"] for row in rows}
        for key in held:
            if key.holder in renewed:
                if key in self._held:
                    self._held[key] = sent + self.ttl_s
            elif key in self._held:
                # The holder stalled past its lease and another delivery took the work over:
                # its run must stop without writing (``check_held``, the append's fence).
                self.lost.add(key)
                log.warning("the lease on %s %s lapsed and was taken over; its run stops",
                            key.consumer, key.event_id)

    async def _claim(self, key: _Key) -> tuple[bool, bool]:
        async with store_errors():
            row = await self.pool.fetchrow(_CLAIM, key.consumer, key.event_id, key.holder,
                                           self.ttl_s)
        assert row is not None
        return bool(row["claimed"]), bool(row["done"])

    async def _release(self, key: _Key) -> None:
        async with store_errors():
            await self.pool.execute(
                "DELETE FROM work_leases WHERE consumer = $1 AND event_id = $2 AND holder = $3",
                key.consumer, key.event_id, key.holder)

    async def _beat_forever(self) -> None:
        """A beat each ``renew_every_s``, and old leases pruned now and then; an unavailable
        database is tried again at the next beat."""
        loop = asyncio.get_running_loop()
        pruned = loop.time()
        while True:
            await asyncio.sleep(self.renew_every_s)
            try:
                await self.beat()
                if loop.time() - pruned >= PRUNE_EVERY_S:
                    pruned = loop.time()
                    async with store_errors():
                        await self.pool.execute(
                            "DELETE FROM work_leases"
                            " WHERE expires_at < now() - make_interval(secs => $1)",
                            KEEP_DONE_S)
            except Exception as e:  # the next beat tries again; the loop must not end
                log.warning("leases not renewed: %s", e)
