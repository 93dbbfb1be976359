"""Posting a message: the user's turn becomes ``invocation.started`` + ``message.received``.

Both are recorded before the reply and normally published committed too, so the router can
already see the message when the browser opens the stream; if NATS is away, the reply still
stands (the message is in the log) and the outbox sweep delivers it to the router later. Limits
are checked first: a refused post records nothing.

Two ways to ask, one turn: ``POST …/messages`` answers 202 with the stream's address, for an
``EventSource`` (which can only GET, and cannot send an ``Authorization`` header with it);
``POST …/messages/stream`` answers with the stream itself, for a client reading the response
of a ``fetch``, which saves the second request and its connection before the first event. Both
streams are the same feed of the log (``services.gateway.sse``): a client cut off mid-answer
resumes at ``Content-Location`` with ``Last-Event-ID``.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import uuid
from collections.abc import Sequence
from typing import Annotated

import msgspec
from litestar import Controller, post
from litestar.params import HeaderParameter
from litestar.response import Stream
from redis.exceptions import RedisError

from services.gateway.access import readable_invocation, writable_conversation
from services.gateway.auth import Caller
from services.gateway.errors import PayloadTooLarge
from services.gateway.limits import Admission, IdempotencyClaim, RateLimiter
from services.gateway.persona_choice import answering_persona, started_persona
from services.gateway.routes.usage import refuse_when_spent
from services.gateway.schemas import Accepted, NewMessage
from services.gateway.sse import HEADERS, invocation_feed
from services.gateway.state import Gateway
from shared.events import (
    Envelope,
    EventMeta,
    InvocationStarted,
    MessageReceived,
    derived_id,
)
from shared.store import Appended
from shared.tenants import TenantConfig, TenantStore
from shared.tracing import current_meta

__all__ = ["MessageController", "turn_events"]

log = logging.getLogger("yourai.gateway")


def stream_url(invocation_id: uuid.UUID) -> str:
    return f"/v1/invocations/{invocation_id}/stream"


def turn_events(caller: Caller, conversation_id: uuid.UUID, invocation_id: uuid.UUID,
                message: NewMessage, meta: EventMeta, *, persona_id: str | None = None
                ) -> list[InvocationStarted | MessageReceived]:
    """The events of one user turn; their ids derive from the invocation, so a retry of the
    same invocation records nothing new."""
    envelope = Envelope(conversation_id=conversation_id, tenant_id=caller.tenant_id,
                        invocation_id=invocation_id, meta=meta)
    message_id = derived_id(invocation_id, "user-message")
    return [
        envelope.reply(InvocationStarted, "invocation.started", user_id=caller.user_id,
                       message_id=message_id),
        envelope.reply(MessageReceived, "message.received", user_id=caller.user_id,
                       message_id=message_id, content=message.content,
                       jurisdiction=message.jurisdiction, persona_id=persona_id),
    ]


def _fingerprint(conversation_id: uuid.UUID, message: NewMessage) -> str:
    parts = [str(conversation_id), message.content, message.jurisdiction]
    if message.persona_id is not None:
        parts.append(message.persona_id)
    body = msgspec.json.encode(parts)
    return hashlib.sha256(body).hexdigest()


def _check_content(message: NewMessage, max_bytes: int) -> None:
    """The size limit (the text itself was checked when the body was decoded)."""
    size = len(message.content.encode())
    if size > max_bytes:
        raise PayloadTooLarge(
            f"The message is {size} bytes; the limit is {max_bytes} bytes (UTF-8)."
        )


IdempotencyKey = Annotated[str | None, HeaderParameter(
    name="Idempotency-Key",
    description="Retries with the same key get the same invocation (kept 24 h).",
)]


class MessageController(Controller):
    path = "/v1/conversations/{conversation_id:uuid}/messages"
    tags = ("conversations",)

    @post("/", status_code=202, summary="Ask a question in a conversation")
    async def post_message(self, gw: Gateway, caller: Caller, conversation_id: uuid.UUID,
                           data: NewMessage, idempotency_key: IdempotencyKey = None
                           ) -> Accepted:
        invocation_id, _ = await _accept(gw, caller, conversation_id, data, idempotency_key)
        return Accepted(invocation_id=invocation_id, stream_url=stream_url(invocation_id))

    @post("/stream", status_code=200, media_type="text/event-stream",
          summary="Ask a question and read its events in the response (server-sent events)",
          description="The turn is recorded as by `POST …/messages`; the response is its "
                      "stream from the first event. `X-Invocation-Id` names the invocation; "
                      "`Content-Location` is where to resume with `Last-Event-ID`.")
    async def post_and_stream(self, gw: Gateway, caller: Caller, conversation_id: uuid.UUID,
                              data: NewMessage, idempotency_key: IdempotencyKey = None
                              ) -> Stream:
        invocation_id, appended = await _accept(gw, caller, conversation_id, data,
                                                idempotency_key)
        records = tuple(a.record for a in appended if a.record is not None)
        # The turn's records as just committed go out first, before any read of the log; a
        # retry of an accepted post (nothing appended now) reads the log like any stream.
        if records and len(records) == len(appended):
            feed = invocation_feed(gw, caller.tenant_id, invocation_id, 0, handed=records)
        else:
            feed = invocation_feed(gw, caller.tenant_id, invocation_id, 0,
                                   await readable_invocation(gw, caller, invocation_id))
        return Stream(feed, media_type="text/event-stream", headers={
            **HEADERS, "X-Invocation-Id": str(invocation_id),
            "Content-Location": stream_url(invocation_id)})


async def _accept(gw: Gateway, caller: Caller, conversation_id: uuid.UUID, data: NewMessage,
                  idempotency_key: str | None) -> tuple[uuid.UUID, Sequence[Appended]]:
    """Check the limits and record the turn: its invocation and what was appended (nothing
    when the key names a post accepted before)."""
    _check_content(data, gw.infra.settings.max_message_bytes)
    if idempotency_key is None:
        persona = await _admitted(gw, caller, conversation_id, data)
        invocation_id = uuid.uuid4()
        # The reply waits for the commit, not for JetStream's acknowledgement: the stream
        # begins from the records handed off below, the services hear of them a moment
        # later, and the outbox publishes them if this process dies first.
        appended = await gw.record(turn_events(caller, conversation_id, invocation_id, data,
                                               current_meta("gateway"), persona_id=persona),
                                   publish_behind=True)
        gw.handoff.keep(caller.tenant_id, caller.user_id, appended)
        return invocation_id, appended
    tenant, persona = await _checked(gw, caller, conversation_id, data)
    return await _idempotent(gw, caller, conversation_id, data, idempotency_key, tenant,
                             persona)


async def _checked(gw: Gateway, caller: Caller, conversation_id: uuid.UUID, data: NewMessage
                   ) -> tuple[TenantConfig, str | None]:
    """The caller's access to the conversation, and what its turn needs: the tenant's
    settings and the persona that answers."""
    # Independent reads, at once on the pool's connections: each is a round trip, and a
    # message's reply (and so its stream's first event) waits for them all.
    _, tenant, started = await asyncio.gather(
        writable_conversation(gw, caller, conversation_id),
        TenantStore(gw.infra.pool).get(caller.tenant_id),
        started_persona(gw, caller, conversation_id))
    # Kept once the caller may post here: it never changes (``started_personas``).
    gw.started_personas.keep(caller.tenant_id, conversation_id, started)
    persona = await answering_persona(gw, caller, data.persona_id, started,
                                      tenant.default_persona)
    return tenant, persona


async def _admitted(gw: Gateway, caller: Caller, conversation_id: uuid.UUID,
                    data: NewMessage) -> str | None:
    """``_checked``, then the budget and the rate limit: the message may be recorded; its
    persona.

    The rate limit's round trip to Redis runs at once with the reads when this gateway has
    counted the tenant's messages before: against the limit it counted them under, checked
    against the settings just read. If those say otherwise (the limit was changed), the
    message is taken out of the window and counted again under the limit in force; if the
    message is refused for another reason (404, 403, 402, 400), it is taken out of the window,
    so only accepted messages stay counted, as when the limit came last."""
    limiter = gw.rate_limiter
    guess = limiter.expected(caller.tenant_id)
    if guess is None:
        tenant, persona = await _checked(gw, caller, conversation_id, data)
        await refuse_when_spent(gw, caller.tenant_id, tenant)
        await limiter.hit(caller.tenant_id, tenant.rate_limit_per_minute)
        return persona
    checked, admitted = await asyncio.gather(
        _checked(gw, caller, conversation_id, data), limiter.admit(caller.tenant_id, guess),
        return_exceptions=True)
    admission = admitted if isinstance(admitted, Admission) else None
    try:
        if isinstance(checked, BaseException):
            raise checked  # what was wrong with the request comes before its rate
        tenant, persona = checked
        await refuse_when_spent(gw, caller.tenant_id, tenant)
        if limiter.limit(tenant.rate_limit_per_minute) != guess:
            if admission is not None:
                await limiter.withdraw(admission)
                admission = None
            await limiter.hit(caller.tenant_id, tenant.rate_limit_per_minute)
        elif isinstance(admitted, BaseException):
            raise admitted
        return persona
    except BaseException:
        if admission is not None:
            await _withdrawn(limiter, admission)
        raise


async def _withdrawn(limiter: RateLimiter, admission: Admission) -> None:
    """Take a refused message out of its window; if Redis fails, it stays counted for the
    window's length (stricter, never looser) and the refusal stands."""
    try:
        await limiter.withdraw(admission)
    except RedisError as e:
        log.warning("a refused message stays counted in its rate window: %s", e)


async def _idempotent(gw: Gateway, caller: Caller, conversation_id: uuid.UUID,
                      data: NewMessage, key: str, tenant: TenantConfig,
                      persona: str | None) -> tuple[uuid.UUID, Sequence[Appended]]:
    fingerprint = _fingerprint(conversation_id, data)
    claim: IdempotencyClaim = await gw.idempotency.peek(caller.tenant_id, key, fingerprint)
    if claim.done is not None:
        return claim.done, ()
    # a retry of an accepted post is not new
    await refuse_when_spent(gw, caller.tenant_id, tenant)
    await gw.rate_limiter.hit(caller.tenant_id, tenant.rate_limit_per_minute)
    await gw.idempotency.claim(claim, fingerprint)
    invocation_id = derived_id(conversation_id, "idempotency-key", key)
    try:
        appended = await gw.record(turn_events(caller, conversation_id, invocation_id, data,
                                               current_meta("gateway"), persona_id=persona),
                                   publish_behind=True)
    except BaseException:
        await gw.idempotency.release(claim)
        raise
    gw.handoff.keep(caller.tenant_id, caller.user_id, appended)
    try:
        await gw.idempotency.remember(claim, fingerprint, invocation_id)
    except RedisError as e:  # recorded all the same; a retry derives the same invocation
        log.warning("recorded %s but could not remember its Idempotency-Key: %s",
                    invocation_id, e)
    return invocation_id, appended
