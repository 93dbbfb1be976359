"""Skills: the built-in ones and the organisation's own; changed by its administrators, each
change recorded in the configuration stream."""

from __future__ import annotations

from typing import Any

from litestar import Controller, delete, get, patch, post

from services.gateway.administration import apply_change, configuration_reader, decoded, known_id
from services.gateway.auth import Caller
from services.gateway.state import Gateway
from shared.skills import Skill, SkillChanges, SkillStore
from shared.store import Connection
from shared.tenants import TenantConfig, UnknownItem

__all__ = ["SkillController"]


class SkillController(Controller):
    path = "/v1/skills"
    tags = ("administration",)

    @get("/", summary="The built-in skills and the organisation's own")
    async def listing(self, gw: Gateway, caller: Caller) -> list[Skill]:
        configuration_reader(caller)
        return await SkillStore(gw.infra.pool).all(caller.tenant_id)

    @post("/", status_code=201, summary="Create a skill: id, name, instructions, tools "
          "(policy, legislation, caselaw, external: the tool families that activate it)")
    async def create(self, gw: Gateway, caller: Caller, data: dict[str, Any]) -> Skill:
        changes = decoded(data, SkillChanges)

        async def change(conn: Connection, tenant: TenantConfig) -> tuple[Skill | None, Skill]:
            skill = changes.applied_to(None)
            await SkillStore.save(conn, tenant.tenant_id, skill, new=True)
            return None, skill

        return await apply_change(gw, caller, "skill", change, key=str(data.get("id")))

    @patch("/{skill_id:str}", summary="Change one of the organisation's skills")
    async def update(self, gw: Gateway, caller: Caller, skill_id: str,
                     data: dict[str, Any]) -> Skill:
        known_id(skill_id, "skill")
        changes = decoded(data, SkillChanges)

        async def change(conn: Connection, tenant: TenantConfig) -> tuple[Skill, Skill]:
            before = await SkillStore.get(conn, tenant.tenant_id, skill_id, lock=True)
            if before is None:
                raise UnknownItem(f"There is no skill {skill_id!r}.")
            after = changes.applied_to(before)
            if after != before:
                await SkillStore.save(conn, tenant.tenant_id, after, new=False)
            return before, after

        return await apply_change(gw, caller, "skill", change, key=skill_id)

    @delete("/{skill_id:str}", status_code=204,
            summary="Remove one of the organisation's skills (no persona may name it)")
    async def remove(self, gw: Gateway, caller: Caller, skill_id: str) -> None:
        known_id(skill_id, "skill")
        async def change(conn: Connection, tenant: TenantConfig) -> tuple[Skill | None, None]:
            before = await SkillStore.get(conn, tenant.tenant_id, skill_id, lock=True)
            await SkillStore.remove(conn, tenant.tenant_id, skill_id)
            return before, None

        await apply_change(gw, caller, "skill", change, key=skill_id)
