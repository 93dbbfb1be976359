"""Skills: the built-in ones and the organisation's own; changed by its administrators, each
change recorded in the configuration stream."""

from __future__ import annotations

from typing import Any

from litestar import Controller, delete, get, patch, post

from services.gateway.administration import apply_change, configuration_reader, decoded, known_id
from services.gateway.auth import Caller
from services.gateway.catalogue import skill_created, skill_removed, skill_updated
from services.gateway.state import Gateway
from shared.skills import Skill, SkillChanges, SkillStore

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
        return await apply_change(gw, caller, "skill", skill_created(changes),
                                  key=str(data.get("id")))

    @patch("/{skill_id:str}", summary="Change one of the organisation's skills")
    async def update(self, gw: Gateway, caller: Caller, skill_id: str,
                     data: dict[str, Any]) -> Skill:
        known_id(skill_id, "skill")
        changes = decoded(data, SkillChanges)
        return await apply_change(gw, caller, "skill", skill_updated(skill_id, changes),
                                  key=skill_id)

    @delete("/{skill_id:str}", status_code=204,
            summary="Remove one of the organisation's skills (no persona may name it)")
    async def remove(self, gw: Gateway, caller: Caller, skill_id: str) -> None:
        known_id(skill_id, "skill")
        await apply_change(gw, caller, "skill", skill_removed(skill_id), key=skill_id)
