"""The tenant's model configuration and prices (administrators): tier → model and provider, per
agent settings, and the price table its calls are costed at.

A change is validated whole before anything is stored (an unknown model or provider, a
negative or absurd value is a 400 and changes nothing), recorded in the configuration stream
with the before and after, and read by the services at their next invocation: no restart.
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Controller, get, put

from services.gateway.auth import Caller
from services.gateway.configuration import configuration_change
from services.gateway.errors import BadInput
from services.gateway.state import Gateway
from shared.llm import configured_providers
from shared.llm.configuration import ConfigurationError, ModelConfiguration
from shared.pricing import PriceError, PriceTable
from shared.tenant_models import TenantModelStore

__all__ = ["ModelController"]


class ModelsOut(msgspec.Struct, frozen=True, kw_only=True):
    """The tenant's configuration, and what the engine offers."""

    configuration: ModelConfiguration
    providers: list[str]
    """Providers this engine can call; a tier's ``provider`` must be one of them."""
    defaults: dict[str, str]
    """The engine's model per tier, where the tenant names none."""


class PricesOut(msgspec.Struct, frozen=True, kw_only=True):
    overrides: PriceTable | None
    """The tenant's own prices, as set."""
    effective: PriceTable
    """The defaults with the tenant's prices over them: what calls are costed at."""


def _plain(value: msgspec.Struct | None) -> dict[str, Any] | None:
    return None if value is None else msgspec.to_builtins(value)


async def _models_out(gw: Gateway, tenant_id: str) -> ModelsOut:
    stored = await TenantModelStore(gw.infra.pool).get(tenant_id)
    settings = gw.infra.settings
    return ModelsOut(configuration=stored.models,
                     providers=sorted(configured_providers(settings)),
                     defaults={t: settings.models.for_tier(t)
                               for t in ("fast", "balanced", "deep")})


async def _prices_out(gw: Gateway, tenant_id: str) -> PricesOut:
    stored = await TenantModelStore(gw.infra.pool).get(tenant_id)
    return PricesOut(overrides=stored.price_overrides, effective=stored.prices)


class ModelController(Controller):
    path = "/v1/tenant"
    tags = ("administration",)

    @get("/models", summary="The tenant's model configuration (administrators)")
    async def read_models(self, gw: Gateway, caller: Caller) -> ModelsOut:
        caller.require("admin")
        return await _models_out(gw, caller.tenant_id)

    @put("/models", summary="Replace the tenant's model configuration (administrators)")
    async def replace_models(self, gw: Gateway, caller: Caller,
                             data: ModelConfiguration) -> ModelsOut:
        caller.require("admin")
        store = TenantModelStore(gw.infra.pool)
        before = await store.get(caller.tenant_id)
        try:
            data.checked(providers=configured_providers(gw.infra.settings),
                         known_model=lambda m: before.prices.price_for(m) is not None)
        except ConfigurationError as e:
            raise BadInput(str(e)) from e
        await gw.record(configuration_change(caller, "models", before=_plain(before.models),
                                             after=_plain(data)))
        await store.put_models(caller.tenant_id, data)
        return await _models_out(gw, caller.tenant_id)

    @get("/prices", summary="The price table the tenant's calls are costed at (administrators)")
    async def read_prices(self, gw: Gateway, caller: Caller) -> PricesOut:
        caller.require("admin")
        return await _prices_out(gw, caller.tenant_id)

    @put("/prices", summary="Set the tenant's own prices over the defaults (administrators)")
    async def replace_prices(self, gw: Gateway, caller: Caller, data: PriceTable) -> PricesOut:
        caller.require("admin")
        store = TenantModelStore(gw.infra.pool)
        before = await store.get(caller.tenant_id)
        try:
            data.checked()
        except PriceError as e:
            raise BadInput(str(e)) from e
        after = PriceTable.default().overridden(data)
        missing = sorted({c.model for c in before.models.tiers.values()
                          if after.price_for(c.model) is None})
        if missing:
            raise BadInput(f"The model configuration uses {', '.join(missing)}, which would have "
                           "no price: keep a price for every configured model.")
        await gw.record(configuration_change(caller, "prices",
                                             before=_plain(before.price_overrides),
                                             after=_plain(data)))
        await store.put_prices(caller.tenant_id, data)
        return await _prices_out(gw, caller.tenant_id)
