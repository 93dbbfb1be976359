"""What the tenant's model calls cost, summed from the ``model_usage`` projection: by day, user,
agent and model over a date range (``GET /v1/usage``), and month to date (the budget)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import asyncpg
import msgspec

from shared.pricing import money

__all__ = ["UsageLine", "UsageSummary", "month_bounds", "spent_since", "summarise"]


class UsageLine(msgspec.Struct, frozen=True, kw_only=True):
    """The sum of the calls sharing one key (a day, a user, an agent or a model)."""

    key: str
    calls: int
    input_tokens: int
    output_tokens: int
    cache_write_tokens: int
    cache_read_tokens: int
    cost: str
    """A decimal string, in the summary's currency."""
    unpriced_calls: int = 0
    """Calls of a model without a price: their cost is not in ``cost``."""


class UsageSummary(msgspec.Struct, frozen=True, kw_only=True):
    start: date
    end: date
    """Inclusive."""
    currency: str
    total: UsageLine
    by_day: list[UsageLine]
    by_user: list[UsageLine]
    by_agent: list[UsageLine]
    by_model: list[UsageLine]


_KEYS = {
    "day": "to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
    "user": "user_id",
    "agent": "agent",
    "model": "model",
    "total": "'total'",
}


async def summarise(pool: asyncpg.Pool, tenant_id: str, start: date, end: date,
                    currency: str) -> UsageSummary:
    """Sums of the tenant's calls from ``start`` to ``end`` (inclusive, UTC days), in
    ``currency`` (calls costed in another currency are left out of the sums)."""
    lower = datetime.combine(start, datetime.min.time(), UTC)
    upper = datetime.combine(end + timedelta(days=1), datetime.min.time(), UTC)
    lines = {name: await _lines(pool, expr, tenant_id, lower, upper, currency)
             for name, expr in _KEYS.items()}
    total = lines["total"][0] if lines["total"] else UsageLine(
        key="total", calls=0, input_tokens=0, output_tokens=0, cache_write_tokens=0,
        cache_read_tokens=0, cost="0")
    return UsageSummary(start=start, end=end, currency=currency, total=total,
                        by_day=lines["day"], by_user=lines["user"], by_agent=lines["agent"],
                        by_model=lines["model"])


async def _lines(pool: asyncpg.Pool, key: str, tenant_id: str, lower: datetime,
                 upper: datetime, currency: str) -> list[UsageLine]:
    rows = await pool.fetch(
        f"SELECT {key} AS key, count(*) AS calls, sum(input_tokens) AS input_tokens,"
        " sum(output_tokens) AS output_tokens, sum(cache_write_tokens) AS cache_write_tokens,"
        " sum(cache_read_tokens) AS cache_read_tokens, sum(cost) AS cost,"
        " count(*) FILTER (WHERE NOT priced) AS unpriced_calls FROM model_usage"
        " WHERE tenant_id = $1 AND occurred_at >= $2 AND occurred_at < $3 AND currency = $4"
        " GROUP BY 1 ORDER BY 1", tenant_id, lower, upper, currency)
    return [UsageLine(key=r["key"], calls=r["calls"], input_tokens=int(r["input_tokens"]),
                      output_tokens=int(r["output_tokens"]),
                      cache_write_tokens=int(r["cache_write_tokens"]),
                      cache_read_tokens=int(r["cache_read_tokens"]),
                      cost=money(r["cost"]), unpriced_calls=r["unpriced_calls"])
            for r in rows]


def month_bounds(now: datetime) -> tuple[datetime, datetime]:
    """The start of ``now``'s calendar month (UTC) and of the next one."""
    start = now.astimezone(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    following = (start + timedelta(days=32)).replace(day=1)
    return start, following


async def spent_since(pool: asyncpg.Pool, tenant_id: str, since: datetime,
                      currency: str) -> Decimal:
    """What the tenant's calls have cost since ``since``, in ``currency``."""
    value = await pool.fetchval(
        "SELECT COALESCE(sum(cost), 0) FROM model_usage WHERE tenant_id = $1"
        " AND occurred_at >= $2 AND currency = $3", tenant_id, since, currency)
    return Decimal(value)
