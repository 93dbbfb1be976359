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
    cache_ttl_days: int = 30
    """How long a verified answer may be reused from the semantic cache (DESIGN §5d)."""


class TenantStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def get(self, tenant_id: str) -> TenantConfig:
        row = await self.pool.fetchrow(
            "SELECT tenant_id, name, jurisdiction, disclaimer, testing_mode, cache_ttl_days"
            " FROM tenants"
            " WHERE tenant_id = $1",
            tenant_id,
        )
        if row is None:
            return TenantConfig(tenant_id=tenant_id, name=tenant_id)
        return TenantConfig(**dict(row))

    async def put(self, config: TenantConfig) -> None:
        await self.pool.execute(
            "INSERT INTO tenants (tenant_id, name, jurisdiction, disclaimer, testing_mode,"
            " cache_ttl_days) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (tenant_id) DO UPDATE"
            " SET name = excluded.name, jurisdiction = excluded.jurisdiction,"
            " disclaimer = excluded.disclaimer, testing_mode = excluded.testing_mode,"
            " cache_ttl_days = excluded.cache_ttl_days, updated_at = now()",
            config.tenant_id, config.name, config.jurisdiction, config.disclaimer,
            config.testing_mode, config.cache_ttl_days,
        )
