"""Conversations: create, list, read, rename, archive, and the auditors' full log."""

from __future__ import annotations

import uuid

import msgspec
from litestar import Controller, delete, get, patch, post

from services.gateway.access import (
    CONVERSATION_NOT_FOUND,
    may_read_log,
    reader,
    writable_conversation,
    writer,
)
from services.gateway.auth import Caller
from services.gateway.errors import BadInput, NotFound
from services.gateway.persona_choice import existing_persona
from services.gateway.schemas import (
    ConversationDetail,
    ConversationSummary,
    LogEntry,
    NewConversation,
    Rename,
)
from services.gateway.state import Gateway
from shared.events import ConversationArchived, ConversationCreated, ConversationRenamed
from shared.store import read_models
from shared.tracing import current_meta

__all__ = ["ConversationController"]

NOT_FOUND = CONVERSATION_NOT_FOUND

class ConversationController(Controller):
    path = "/v1/conversations"
    tags = ("conversations",)

    @post("/", status_code=201, summary="Start a conversation")
    async def create(self, gw: Gateway, caller: Caller,
                     data: NewConversation | None = None) -> ConversationSummary:
        persona = data.persona_id if data else None
        if persona is not None:
            await existing_persona(gw, caller, persona)
        event = ConversationCreated(
            conversation_id=uuid.uuid4(), tenant_id=caller.tenant_id, user_id=writer(caller),
            title=(data.title.strip() if data else ""), persona_id=persona,
            meta=current_meta("gateway"),
        )
        await gw.record([event])
        return ConversationSummary(id=event.conversation_id, title=event.title,
                                   created_at=event.occurred_at, updated_at=event.occurred_at)

    @get("/", summary="The caller's conversations (an auditor's: every user's), most recently "
         "active first")
    async def list_mine(self, gw: Gateway, caller: Caller) -> list[ConversationSummary]:
        return await read_models.conversations(gw.infra.pool, caller.tenant_id, reader(caller))

    @get("/{conversation_id:uuid}", summary="One conversation with its messages")
    async def read(self, gw: Gateway, caller: Caller,
                   conversation_id: uuid.UUID) -> ConversationDetail:
        found = await read_models.conversation_detail(gw.infra.pool, caller.tenant_id,
                                                      conversation_id, user_id=reader(caller))
        if found is None:
            raise NotFound(NOT_FOUND)
        return found

    @patch("/{conversation_id:uuid}", summary="Rename a conversation")
    async def rename(self, gw: Gateway, caller: Caller, conversation_id: uuid.UUID,
                     data: Rename) -> ConversationSummary:
        title = data.title.strip()
        if not title:
            raise BadInput("The title must not be blank.")
        await writable_conversation(gw, caller, conversation_id)
        await gw.record([ConversationRenamed(
            conversation_id=conversation_id, tenant_id=caller.tenant_id,
            user_id=caller.user_id, title=title, meta=current_meta("gateway"),
        )])
        return await writable_conversation(gw, caller, conversation_id)

    @delete("/{conversation_id:uuid}", status_code=204,
            summary="Archive a conversation (its log is kept)")
    async def archive(self, gw: Gateway, caller: Caller, conversation_id: uuid.UUID) -> None:
        await writable_conversation(gw, caller, conversation_id)
        await gw.record([ConversationArchived(
            conversation_id=conversation_id, tenant_id=caller.tenant_id,
            user_id=caller.user_id, meta=current_meta("gateway"),
        )])

    @get("/{conversation_id:uuid}/events",
         summary="The full ordered log of a conversation, archived or not (its owner's; "
         "an auditor's for any)")
    async def events(self, gw: Gateway, caller: Caller,
                     conversation_id: uuid.UUID) -> list[LogEntry]:
        if not await may_read_log(gw, caller, conversation_id):
            raise NotFound(NOT_FOUND)
        records = await gw.infra.store.read_conversation(caller.tenant_id, conversation_id)
        if not records:
            raise NotFound(NOT_FOUND)
        return [
            LogEntry(version=r.version, position=r.position, type=r.type,
                     recorded_at=r.recorded_at, hash=r.hash.hex(), event=msgspec.Raw(r.payload))
            for r in records
        ]
