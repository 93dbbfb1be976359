"""What the semantic cache saved a tenant, summed from the log (DESIGN §5d).

Every figure comes from recorded events, so it is as auditable as the answers: each
``cache.hit`` carries what the reused invocation cost (its model usage and its duration),
and each hit's own duration is the time from its ``invocation.started`` to its
``invocation.completed``.
"""

from __future__ import annotations

import asyncpg
import msgspec

from shared.events import CacheHit, decode_event

__all__ = ["Savings", "savings"]


class Savings(msgspec.Struct, frozen=True, kw_only=True):
    """A tenant's cache figures to date."""

    answered: int
    """Invocations completed."""
    hits: int
    """Of which answered from the cache."""
    hit_rate: float
    input_tokens_saved: int
    output_tokens_saved: int
    milliseconds_saved: int
    """The reused invocations' durations less the hits' own."""


async def savings(pool: asyncpg.Pool, tenant_id: str) -> Savings:
    answered = int(await pool.fetchval(
        "SELECT count(*) FROM events WHERE tenant_id = $1 AND type = 'invocation.completed'",
        tenant_id))
    rows = await pool.fetch(
        "SELECT h.payload,"
        " (SELECT max(e.occurred_at) - min(e.occurred_at) FROM events e"
        "   WHERE e.invocation_id = h.invocation_id"
        "   AND e.type IN ('invocation.started', 'invocation.completed')) AS took"
        " FROM events h WHERE h.tenant_id = $1 AND h.type = 'cache.hit'"
        # a hit whose invocation failed or was cancelled saved nothing
        " AND EXISTS (SELECT 1 FROM events c WHERE c.invocation_id = h.invocation_id"
        "   AND c.type = 'invocation.completed')", tenant_id)
    tokens_in = tokens_out = saved_ms = 0
    for row in rows:
        hit = decode_event(row["payload"])
        assert isinstance(hit, CacheHit)
        tokens_in += hit.usage.input_tokens + hit.usage.cache_read_input_tokens \
            + hit.usage.cache_creation_input_tokens
        tokens_out += hit.usage.output_tokens
        took = int(row["took"].total_seconds() * 1000) if row["took"] is not None else 0
        saved_ms += max(0, hit.duration_ms - took)
    return Savings(answered=answered, hits=len(rows),
                   hit_rate=round(len(rows) / answered, 4) if answered else 0.0,
                   input_tokens_saved=tokens_in, output_tokens_saved=tokens_out,
                   milliseconds_saved=saved_ms)
