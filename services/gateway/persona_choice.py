"""Which persona answers a message: the message's choice, else the conversation's, else the
tenant's default. The choice is recorded on ``message.received``, so the answer's persona is
in the log; the orchestrator reads the persona itself afresh for each invocation.

The conversation's own choice never changes once read (``services.gateway.started_personas``
says why), so a conversation's next message reads it no more; whether that persona still
exists is read afresh each time, as is the caller's access to the conversation."""

from __future__ import annotations

import uuid

from services.gateway.auth import Caller
from services.gateway.errors import BadInput
from services.gateway.state import Gateway
from shared.personas import PersonaStore
from shared.store import read_models

__all__ = ["answering_persona", "existing_persona", "started_persona"]


async def existing_persona(gw: Gateway, caller: Caller, persona_id: str) -> str:
    """``persona_id``, if the tenant has that persona; otherwise a 400 naming it."""
    if await PersonaStore(gw.infra.pool).find(caller.tenant_id, persona_id) is None:
        raise BadInput(f"There is no persona {persona_id!r} (GET /v1/personas lists them).")
    return persona_id


async def started_persona(gw: Gateway, caller: Caller, conversation_id: uuid.UUID
                          ) -> str | None:
    """The persona the conversation was started with, if it chose one: as kept here, or read."""
    known, persona = gw.started_personas.find(caller.tenant_id, conversation_id)
    if known:
        return persona
    return await read_models.conversation_persona(gw.infra.pool, caller.tenant_id,
                                                  conversation_id)


async def answering_persona(gw: Gateway, caller: Caller, chosen: str | None,
                            started: str | None, default: str | None) -> str | None:
    """The persona of a new message: ``chosen`` by it, else the conversation's (``started``),
    else the tenant's ``default``; one removed since it was chosen is passed over."""
    if chosen is not None:
        return await existing_persona(gw, caller, chosen)
    personas = PersonaStore(gw.infra.pool)
    for candidate in (started, default):
        if candidate is not None and await personas.find(caller.tenant_id,
                                                         candidate) is not None:
            return candidate
    return None
