"""Per-tenant configuration, with the engine's defaults for a tenant not configured yet."""

from __future__ import annotations

import asyncpg
import msgspec

__all__ = ["TenantConfig", "TenantStore"]


class TenantConfig(msgspec.Struct, frozen=True, kw_only=True):
    tenant_id: str
    name: str
    jurisdiction: str = "england"
    disclaimer: str | None = None
    """The tenant's mandatory disclaimer; ``None`` means the engine's default."""
    testing_mode: bool = False
    monthly_budget: str | None = None
    """The most the tenant's model calls may cost in a calendar month (UTC), a decimal string
    in its price table's currency; ``None``: no budget. Set with ``set_budget``."""


class TenantStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def get(self, tenant_id: str) -> TenantConfig:
        row = await self.pool.fetchrow(
            "SELECT tenant_id, name, jurisdiction, disclaimer, testing_mode, monthly_budget"
            " FROM tenants"
            " WHERE tenant_id = $1",
            tenant_id,
        )
        if row is None:
            return TenantConfig(tenant_id=tenant_id, name=tenant_id)
        return TenantConfig(**dict(row))

    async def put(self, config: TenantConfig) -> None:
        await self.pool.execute(
            "INSERT INTO tenants (tenant_id, name, jurisdiction, disclaimer, testing_mode)"
            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tenant_id) DO UPDATE SET"
            " name = excluded.name, jurisdiction = excluded.jurisdiction,"
            " disclaimer = excluded.disclaimer, testing_mode = excluded.testing_mode,"
            " updated_at = now()",
            config.tenant_id, config.name, config.jurisdiction, config.disclaimer,
            config.testing_mode,
        )

    async def set_budget(self, tenant_id: str, monthly_budget: str | None) -> None:
        """Set (or, with ``None``, remove) the monthly budget; the rest is left alone."""
        await self.pool.execute(
            "INSERT INTO tenants (tenant_id, name, monthly_budget) VALUES ($1, $1, $2)"
            " ON CONFLICT (tenant_id) DO UPDATE SET monthly_budget = excluded.monthly_budget,"
            " updated_at = now()", tenant_id, monthly_budget)
