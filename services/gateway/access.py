"""Who may see and change a conversation: the one place the privacy rule lives.

A conversation belongs to the user who started it. Another member of the same tenant gets the
same 404 as for a conversation that does not exist, so ids reveal nothing. An auditor reads
every conversation of the tenant (and the tenant's own records: its configuration and document
streams) but changes none: a write is a 403. An administrator is a member for conversations.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import TypeVar

from services.gateway.auth import Caller
from services.gateway.errors import Forbidden, NotFound
from services.gateway.state import Gateway
from shared.events import is_tenant_record
from shared.store import read_models
from shared.store.read_models import ConversationSummary, InvocationRef

__all__ = [
    "CONVERSATION_NOT_FOUND",
    "INVOCATION_NOT_FOUND",
    "may_read_log",
    "readable_invocation",
    "reader",
    "writable_conversation",
    "writable_invocation",
    "writer",
]

CONVERSATION_NOT_FOUND = "Conversation not found."
INVOCATION_NOT_FOUND = "Invocation not found."
_READ_ONLY = "An auditor reads conversations but cannot change them."

T = TypeVar("T")


def reader(caller: Caller) -> str | None:
    """The user whose conversations ``caller`` reads; ``None`` for an auditor (everyone's)."""
    return None if caller.has("auditor") else caller.user_id


def writer(caller: Caller) -> str:
    """The user whose conversations ``caller`` may change: their own, if they are a member
    or an administrator; an auditor alone changes nothing (403)."""
    if not (caller.has("member") or caller.has("admin")):
        raise Forbidden(_READ_ONLY)
    return caller.user_id


async def writable_conversation(gw: Gateway, caller: Caller, conversation_id: uuid.UUID
                                ) -> ConversationSummary:
    """The caller's own live conversation, to change; 403 for one an auditor only reads."""
    async def find(user_id: str | None) -> ConversationSummary | None:
        return await read_models.conversation(gw.infra.pool, caller.tenant_id, conversation_id,
                                              user_id=user_id)
    return await _writable(caller, find, CONVERSATION_NOT_FOUND)


async def readable_invocation(gw: Gateway, caller: Caller, invocation_id: uuid.UUID
                              ) -> InvocationRef:
    found = await read_models.invocation(gw.infra.pool, caller.tenant_id, invocation_id,
                                         user_id=reader(caller))
    if found is None:
        raise NotFound(INVOCATION_NOT_FOUND)
    return found


async def writable_invocation(gw: Gateway, caller: Caller, invocation_id: uuid.UUID
                              ) -> InvocationRef:
    """An invocation of the caller's own conversation, to cancel; 403 for an auditor's read."""
    async def find(user_id: str | None) -> InvocationRef | None:
        return await read_models.invocation(gw.infra.pool, caller.tenant_id, invocation_id,
                                            user_id=user_id)
    return await _writable(caller, find, INVOCATION_NOT_FOUND)


async def _writable(caller: Caller, find: Callable[[str | None], Awaitable[T | None]],
                    not_found: str) -> T:
    """What ``find`` gives for the caller's own conversations; a 403 when only an auditor's
    read reaches it, else the same 404 as for what does not exist."""
    found = await find(writer(caller))
    if found is not None:
        return found
    if caller.has("auditor") and await find(None) is not None:
        raise Forbidden(_READ_ONLY)
    raise NotFound(not_found)


async def may_read_log(gw: Gateway, caller: Caller, stream_id: uuid.UUID) -> bool:
    """Whether ``caller`` may read a stream's full log: their own conversation (archived
    too); any of the tenant's for an auditor; the tenant's own records (configuration,
    documents) for an auditor or an administrator."""
    if is_tenant_record(caller.tenant_id, stream_id):
        return caller.has("auditor") or caller.has("admin")
    owner = await read_models.conversation_user(gw.infra.pool, caller.tenant_id, stream_id)
    return owner is not None and (owner == caller.user_id or caller.has("auditor"))
