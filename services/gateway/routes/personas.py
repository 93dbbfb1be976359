"""Personas: listed for everyone of the organisation (to choose one); changed by its
administrators, each change recorded in the configuration stream."""

from __future__ import annotations

from typing import Any

from litestar import Controller, delete, get, patch, post

from services.gateway.administration import apply_change, decoded, known_id
from services.gateway.auth import Caller
from services.gateway.catalogue import (
    persona_created,
    persona_removed,
    persona_updated,
    unknown_persona,
)
from services.gateway.errors import NotFound
from services.gateway.state import Gateway
from shared.personas import Persona, PersonaChanges, PersonaStore

__all__ = ["PersonaController"]


class PersonaController(Controller):
    path = "/v1/personas"
    tags = ("administration",)

    @get("/", summary="The organisation's personas")
    async def listing(self, gw: Gateway, caller: Caller) -> list[Persona]:
        return await PersonaStore(gw.infra.pool).all(caller.tenant_id)

    @get("/{persona_id:str}", summary="One persona")
    async def show(self, gw: Gateway, caller: Caller, persona_id: str) -> Persona:
        known_id(persona_id, "persona")
        found = await PersonaStore(gw.infra.pool).find(caller.tenant_id, persona_id)
        if found is None:
            raise NotFound(str(unknown_persona(persona_id)))
        return found

    @post("/", status_code=201, summary="Create a persona: id, name, instructions, tone, "
          "answer_style (standard, brief, plain, briefing), skills")
    async def create(self, gw: Gateway, caller: Caller, data: dict[str, Any]) -> Persona:
        changes = decoded(data, PersonaChanges)
        return await apply_change(gw, caller, "persona", persona_created(changes),
                                  key=str(data.get("id")))

    @patch("/{persona_id:str}", summary="Change a persona (absent fields are unchanged)")
    async def update(self, gw: Gateway, caller: Caller, persona_id: str,
                     data: dict[str, Any]) -> Persona:
        known_id(persona_id, "persona")
        changes = decoded(data, PersonaChanges)
        return await apply_change(gw, caller, "persona", persona_updated(persona_id, changes),
                                  key=persona_id)

    @delete("/{persona_id:str}", status_code=204, summary="Remove a persona (not the default)")
    async def remove(self, gw: Gateway, caller: Caller, persona_id: str) -> None:
        known_id(persona_id, "persona")
        await apply_change(gw, caller, "persona", persona_removed(persona_id), key=persona_id)
