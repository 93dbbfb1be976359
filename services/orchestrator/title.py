"""Titling a conversation on its first turn, by the model's fast tier (or offline key terms)."""

from __future__ import annotations

import asyncio
import logging

import asyncpg

from services.orchestrator.synthesis import clean_title, title_request
from shared.events import Envelope, Event, TitleGenerated, UsageRecorded
from shared.llm import ModelError, ModelProvider
from shared.metering import MeteredProvider, metered_calls
from shared.store.read_models import conversation_title
from shared.tenant_models import TenantModels
from shared.tracing import tracer

__all__ = ["needs_title", "title_events"]

log = logging.getLogger("yourai.orchestrator")


async def needs_title(pool: asyncpg.Pool, envelope: Envelope) -> bool:
    """Whether the conversation has no title yet (its first turn, in practice)."""
    return not await conversation_title(pool, envelope.tenant_id, envelope.conversation_id)


async def title_events(provider: ModelProvider, envelope: Envelope, question: str, *,
                       deadline_s: float, tenant: TenantModels | None = None) -> list[Event]:
    """``title.generated`` and its usage (priced), for a conversation that ``needs_title``.
    The tenant's model configuration applies to the call.

    A failed or late title is not worth failing the answer for: it is logged and the title
    skipped, but what the call consumed before it failed is still recorded (and billed), as
    for every other agent's failed call.
    """
    tenant = tenant or TenantModels()
    request = tenant.models.apply(title_request(question))
    titled: list[Event] = []
    with tracer("orchestrator").start_as_current_span("orchestrator.title"), \
            metered_calls(tenant.models) as calls:
        try:
            async with asyncio.timeout(request.timeout_s or deadline_s):
                reply = await MeteredProvider(provider).complete(request)
            titled.append(envelope.reply(TitleGenerated, "title", title=clean_title(reply.text)))
        except (ModelError, TimeoutError) as e:
            log.warning("title generation failed: %s", e)
    # One call, so one usage event, its id unchanged from when only successes were recorded.
    return [*titled, *(envelope.reply(UsageRecorded, "usage", "title", *((n,) if n else ()),
                                      **fields)
                       for n, fields in enumerate(calls.priced(tenant.prices)))]
