"""The organisation's own settings: ``GET`` and ``PATCH /v1/tenant`` (administrators)."""

from __future__ import annotations

from typing import Any

from litestar import Controller, get, patch

from services.gateway.administration import apply_change, configuration_reader, decoded
from services.gateway.auth import Caller
from services.gateway.state import Gateway
from shared.personas import PersonaStore
from shared.skills import checked_slug
from shared.store import Connection
from shared.tenants import InvalidConfiguration, TenantChanges, TenantConfig, TenantStore

__all__ = ["TenantController"]


class TenantController(Controller):
    path = "/v1/tenant"
    tags = ("administration",)

    @get("/", summary="The organisation's settings (administrators and auditors)")
    async def show(self, gw: Gateway, caller: Caller) -> TenantConfig:
        configuration_reader(caller)
        return await TenantStore(gw.infra.pool).get(caller.tenant_id)

    @patch("/", summary="Change the organisation's settings: name, disclaimer, jurisdiction, "
           "testing mode, rate limit, default persona (null: the engine's default)")
    async def update(self, gw: Gateway, caller: Caller, data: dict[str, Any]) -> TenantConfig:
        changes = decoded(data, TenantChanges)

        async def change(conn: Connection, tenant: TenantConfig
                         ) -> tuple[TenantConfig, TenantConfig]:
            after = changes.applied_to(tenant)
            persona = after.default_persona
            if persona is not None and persona != tenant.default_persona and (
                    await PersonaStore.get(conn, tenant.tenant_id,
                                           checked_slug(persona, "persona")) is None):
                raise InvalidConfiguration(f"There is no persona {persona!r} to make the "
                                           "default.")
            await TenantStore.write(conn, after)
            return tenant, after

        return await apply_change(gw, caller, "tenant", change)
