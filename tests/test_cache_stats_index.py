"""``GET /v1/cache/stats`` counts a tenant's events of two types; over a log of many tenants
that must read an index, not scan the whole ``events`` table (migration 0015)."""

from __future__ import annotations

import uuid

from shared.cache.savings import savings
from shared.runtime import Infra

# The two reads of ``shared.cache.savings.savings`` that select by tenant and type.
ANSWERED = ("SELECT count(*) FROM events WHERE tenant_id = $1"
            " AND type = 'invocation.completed'")
HITS = ("SELECT h.payload FROM events h WHERE h.tenant_id = $1 AND h.type = 'cache.hit'"
        " AND EXISTS (SELECT 1 FROM events c WHERE c.invocation_id = h.invocation_id"
        "   AND c.type = 'invocation.completed')")
TYPES = ["message.received", "routing.decided", "worker.findings", "answer.delta",
         "invocation.completed", "agent.start", "verification.completed", "invocation.started"]


async def _large_log(infra: Infra, tenants: int = 200, per_tenant: int = 200) -> None:
    """``tenants`` × ``per_tenant`` events straight in the table (a stand-in for months of
    use), then statistics, as autovacuum would gather them."""
    stream = uuid.uuid4()
    async with infra.pool.acquire() as conn, conn.transaction():
        await conn.execute("INSERT INTO streams (conversation_id, tenant_id, version, head_hash)"
                           " VALUES ($1, 'bulk', 0, ''::bytea)", stream)
        await conn.execute(
            "INSERT INTO events (conversation_id, version, event_id, invocation_id, tenant_id,"
            " type, occurred_at, payload, prev_hash, hash)"
            " SELECT $1, n, gen_random_uuid(), gen_random_uuid(), 'tenant-' || (n % $2),"
            " ($3::text[])[1 + (n / $2) % array_length($3::text[], 1)], now(), ''::bytea,"
            " ''::bytea, ''::bytea FROM generate_series(1, $4) AS n",
            stream, tenants, TYPES, tenants * per_tenant)
        await conn.execute("ANALYZE events")


async def test_cache_stats_read_the_tenant_and_type_index(infra: Infra) -> None:
    await _large_log(infra)
    for query in (ANSWERED, HITS):
        plan = "\n".join(r[0] for r in await infra.pool.fetch(f"EXPLAIN {query}", "tenant-7"))
        assert "events_tenant_type" in plan, plan
        assert "Seq Scan on events" not in plan, plan
    figures = await savings(infra.pool, "tenant-7")
    assert (figures.answered, figures.hits) == (25, 0)
