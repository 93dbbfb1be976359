"""Invocations: the live feed (SSE) and cancellation."""

from __future__ import annotations

import uuid
from typing import Annotated

from litestar import Controller, get, post
from litestar.params import HeaderParameter, QueryParameter
from litestar.response import Stream

from services.gateway.access import readable_invocation, writable_invocation
from services.gateway.auth import Caller
from services.gateway.errors import BadInput
from services.gateway.schemas import CancelAccepted
from services.gateway.sse import HEADERS, invocation_feed
from services.gateway.state import Gateway
from shared.events import InvocationCancelRequested, derived_id
from shared.tracing import current_meta

__all__ = ["InvocationController"]


MAX_VERSION = 2**31 - 1
"""Versions are PostgreSQL ``integer``s: anything larger cannot name an event."""


def _resume_point(header: str | None, query: str | None) -> int:
    """``Last-Event-ID`` (sent by browsers on reconnect) wins over ``?last_event_id=``."""
    raw = header if header is not None else query
    if raw is None or not raw.strip():
        return 0
    text = raw.strip()
    value = int(text) if text.isascii() and text.isdigit() and len(text) <= 10 else -1
    if not 0 <= value <= MAX_VERSION:
        raise BadInput(f"Last-Event-ID must be an event's version: an integer from 0 to "
                       f"{MAX_VERSION}.")
    return value


class InvocationController(Controller):
    path = "/v1/invocations/{invocation_id:uuid}"
    tags = ("invocations",)

    @get("/stream", summary="The invocation's committed events as server-sent events",
         media_type="text/event-stream")
    async def stream(
        self, gw: Gateway, caller: Caller, invocation_id: uuid.UUID,
        last_event_id_header: Annotated[str | None, HeaderParameter(
            name="Last-Event-ID", description="Resume after this version (sent by browsers).",
        )] = None,
        last_event_id: Annotated[str | None, QueryParameter(
            description="Resume after this version; the Last-Event-ID header wins.",
        )] = None,
    ) -> Stream:
        after = _resume_point(last_event_id_header, last_event_id)
        # A turn this caller has just posted here: they own its conversation, and its first
        # records are at hand (services.gateway.handoff).
        handed = gw.handoff.find(caller.tenant_id, caller.user_id, invocation_id)
        if handed is not None:
            return Stream(invocation_feed(gw, caller.tenant_id, invocation_id, after,
                                          handed=handed.records),
                          media_type="text/event-stream", headers=HEADERS)
        ref = await readable_invocation(gw, caller, invocation_id)
        return Stream(invocation_feed(gw, caller.tenant_id, invocation_id, after, ref),
                      media_type="text/event-stream", headers=HEADERS)

    @post("/cancel", status_code=202, summary="Ask a running invocation to stop")
    async def cancel(self, gw: Gateway, caller: Caller,
                     invocation_id: uuid.UUID) -> CancelAccepted:
        found = await writable_invocation(gw, caller, invocation_id)
        if not found.running:
            return CancelAccepted(invocation_id=invocation_id, status=found.status)
        appended = await gw.record([InvocationCancelRequested(
            conversation_id=found.conversation_id, tenant_id=caller.tenant_id,
            invocation_id=invocation_id, user_id=caller.user_id,
            event_id=derived_id(invocation_id, "invocation.cancel_requested"),
            meta=current_meta("gateway"),
        )])
        if appended[0].status == "dropped":  # it ended meanwhile
            found = await writable_invocation(gw, caller, invocation_id)
            return CancelAccepted(invocation_id=invocation_id, status=found.status)
        return CancelAccepted(invocation_id=invocation_id, status="cancel_requested")
