"""A tenant's model configuration and prices as stored: read per invocation, so a change
applies to the next one without a restart."""

from __future__ import annotations

import asyncpg
import msgspec

from shared.llm.configuration import ModelConfiguration
from shared.pricing import PriceTable

__all__ = ["TenantModelStore", "TenantModels", "stored_models"]


class TenantModels(msgspec.Struct, frozen=True, kw_only=True):
    """What a tenant's model calls use: its configuration and its effective price table."""

    models: ModelConfiguration = ModelConfiguration()
    prices: PriceTable = msgspec.field(default_factory=PriceTable.default)
    """The defaults with the tenant's own prices over them."""
    price_overrides: PriceTable | None = None
    """The tenant's own prices, as configured."""


def stored_models(models: str | None, prices: str | None) -> TenantModels:
    """A tenant's models from their stored JSON (``None``: a column, or the row, not set)."""
    overrides = msgspec.json.decode(prices, type=PriceTable) if prices else None
    return TenantModels(
        models=msgspec.json.decode(models, type=ModelConfiguration) if models
        else ModelConfiguration(),
        prices=PriceTable.default().overridden(overrides), price_overrides=overrides)


class TenantModelStore:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    async def get(self, tenant_id: str) -> TenantModels:
        row = await self.pool.fetchrow(
            "SELECT models::text AS models, prices::text AS prices FROM tenant_models"
            " WHERE tenant_id = $1", tenant_id)
        if row is None:
            return TenantModels()
        return stored_models(row["models"], row["prices"])

    async def put_models(self, tenant_id: str, models: ModelConfiguration) -> None:
        await self.pool.execute(
            "INSERT INTO tenant_models (tenant_id, models) VALUES ($1, $2::jsonb)"
            " ON CONFLICT (tenant_id) DO UPDATE SET models = excluded.models, updated_at = now()",
            tenant_id, msgspec.json.encode(models).decode())

    async def put_prices(self, tenant_id: str, prices: PriceTable | None) -> None:
        await self.pool.execute(
            "INSERT INTO tenant_models (tenant_id, prices) VALUES ($1, $2::jsonb)"
            " ON CONFLICT (tenant_id) DO UPDATE SET prices = excluded.prices, updated_at = now()",
            tenant_id, None if prices is None else msgspec.json.encode(prices).decode())
