"""The publish outbox: committed records waiting for JetStream to hold them.

The gateway records the user's own events itself; it queues them here in the append's
transaction (``PostgresEventStore.append(..., outbox=True)``) and clears them once published.
What a failed publication leaves behind is published again by a sweep, so a committed change
always reaches the services, however long NATS was away. Replicas share the sweep safely:
each claims its batch with ``FOR UPDATE SKIP LOCKED``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

import asyncpg

from shared.store.errors import store_errors
from shared.store.postgres import Recorded, _record

__all__ = ["PublishOutbox"]

_COLUMNS = "e.position, e.conversation_id, e.version, e.payload, e.prev_hash, e.hash, e.recorded_at"


class PublishOutbox:
    """Queued positions of the log, oldest first."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def done(self, positions: Sequence[int]) -> None:
        """Forget records whose publication JetStream confirmed."""
        if positions:
            async with store_errors():
                await self.pool.execute(
                    "DELETE FROM publish_outbox WHERE position = ANY($1::bigint[])",
                    list(positions))

    async def publish_due(self, publish: Callable[[list[Recorded]], Awaitable[None]], *,
                          older_than_s: float, limit: int = 256) -> int:
        """Publish records queued more than ``older_than_s`` ago, in log order; returns how many.

        They leave the outbox only if ``publish`` returns; if it raises (NATS still away), the
        claim is rolled back, they stay for the next sweep, and its error is raised.
        """
        async with store_errors():
            # Nearly always nothing is due: one statement says so, not a transaction's three.
            if not await self.pool.fetchval(
                    "SELECT EXISTS (SELECT 1 FROM publish_outbox"
                    " WHERE queued_at < now() - make_interval(secs => $1))", older_than_s):
                return 0
        try:
            async with store_errors(), self.pool.acquire() as conn, conn.transaction():
                rows = await conn.fetch(
                    f"SELECT {_COLUMNS} FROM publish_outbox o JOIN events e USING (position)"
                    " WHERE o.queued_at < now() - make_interval(secs => $1)"
                    " ORDER BY o.position LIMIT $2 FOR UPDATE OF o SKIP LOCKED",
                    older_than_s, limit,
                )
                if not rows:
                    return 0
                records = [_record(r) for r in rows]
                try:
                    await publish(records)
                except Exception as e:  # not a store error, whatever its type: roll back
                    raise _PublishFailed from e
                await conn.execute(
                    "DELETE FROM publish_outbox WHERE position = ANY($1::bigint[])",
                    [r.position for r in records])
        except _PublishFailed as e:
            assert e.__cause__ is not None
            raise e.__cause__ from None
        return len(records)


class _PublishFailed(Exception):
    """Carries the publisher's error past ``store_errors`` (a NATS timeout is an OSError)."""
