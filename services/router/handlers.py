"""Router handler: a committed ``message.received`` becomes ``query.rewritten`` (the question
the workers search for) and ``routing.decided``."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import msgspec

from services.router.caching import look_up
from services.router.classify import Routing, classify_offline, parse_model_routing
from services.router.rewrite import Rewrite, parse_model_rewrite, rewrite_offline, unchanged
from shared.cache.reuse import AnswerCache
from shared.events import Event, MessageReceived, QueryRewritten, RoutingDecided, UsageRecorded
from shared.llm import ChatMessage, ModelError, ModelProvider, ModelRequest, offline_for
from shared.metering import MeteredProvider, configured, metered_calls
from shared.prompts import render
from shared.runtime import Service
from shared.store.read_models import earlier_questions
from shared.tenants import invocation_settings
from shared.tracing import tracer

EARLIER_TURNS = 6
"""How many earlier questions the rewrite reads."""
MODEL_TURNS = 4
"""How many of them the model is shown."""


async def _ask_model(provider: ModelProvider, request: ModelRequest, *,
                     deadline_s: float) -> str | None:
    """The model's reply within the deadline (the agent's own, if configured); ``None`` when
    it failed or ran late."""
    request = configured(request)
    with tracer("router").start_as_current_span(f"router.{request.purpose}"):
        try:
            async with asyncio.timeout(request.timeout_s or deadline_s):
                return (await provider.complete(request)).text
        except (ModelError, TimeoutError):
            return None


async def rewrite(provider: ModelProvider, message: str, earlier: Sequence[str], *,
                  deadline_s: float) -> Rewrite:
    """The standalone question: by the model when one is configured, else (or on a bad
    answer) by the offline rule. A conversation's first message is its own standalone."""
    if not earlier:
        return unchanged(message)
    shown = "\n".join(f"{i}. {q}" for i, q in enumerate(earlier[-MODEL_TURNS:], 1))
    content = f"Earlier questions:\n{shown}\nLatest message: {message}"
    request = ModelRequest(
        tier="fast", purpose="rewrite", system=render("rewrite"),
        messages=[ChatMessage(role="user", content=content)], question=message,
        max_tokens=200,
    )
    if offline_for(provider, request):  # the provider the tenant's configuration picks
        return rewrite_offline(message, earlier)
    reply = await _ask_model(provider, request, deadline_s=deadline_s)
    parsed = parse_model_rewrite(reply, message) if reply is not None else None
    if parsed is not None:
        return parsed
    fallback = rewrite_offline(message, earlier)
    if fallback.method == "unchanged":
        return fallback
    return msgspec.structs.replace(fallback, method="fallback")


async def route(provider: ModelProvider, question: str, *, deadline_s: float) -> Routing:
    """Routing by the model when one is configured, else (or on a bad answer) offline."""
    request = ModelRequest(
        tier="fast", purpose="routing", system=render("router"),
        messages=[ChatMessage(role="user", content=question)], question=question,
        max_tokens=300,
    )
    if offline_for(provider, request):
        return classify_offline(question)
    reply = await _ask_model(provider, request, deadline_s=deadline_s)
    routing = parse_model_routing(reply) if reply is not None else None
    if routing is None:
        fallback = classify_offline(question)
        return msgspec.structs.replace(
            fallback, method="fallback",
            reason="The model's routing could not be used; " + fallback.reason)
    return routing


def register(service: Service, provider: ModelProvider, cache: AnswerCache | None = None
             ) -> None:
    metered = MeteredProvider(provider)

    async def on_message(event: MessageReceived) -> None:
        deadline_s = min(service.infra.settings.model_deadline_s, 15.0)
        # Two independent reads at the head of the critical path: at once, one round trip.
        earlier, settings = await asyncio.gather(
            earlier_questions(service.infra.pool, event.tenant_id, event.conversation_id,
                              before_invocation=event.invocation_id, limit=EARLIER_TURNS),
            invocation_settings(service.infra.pool, event.tenant_id, event.invocation_id))
        tenant = settings.models
        with metered_calls(tenant.models) as calls:
            rewritten = await rewrite(metered, event.content, [q.standalone for q in earlier],
                                      deadline_s=deadline_s)
            routing = await route(metered, rewritten.standalone, deadline_s=deadline_s)
        envelope = service.envelope(event)
        query = envelope.reply(QueryRewritten, "rewrite", original=event.content,
                               standalone=rewritten.standalone, method=rewritten.method,
                               carried=rewritten.carried)
        # A verified answer to the same question replaces the routing (DESIGN §5d).
        decided: Event | None = (await look_up(cache, settings.tenant, event, query, routing,
                                                 envelope)
                                 if cache is not None else None)
        if decided is None:
            decided = envelope.reply(RoutingDecided, "routing",
                                     query_type=routing.query_type,
                                     complexity=routing.complexity,
                                     workers=routing.workers,
                                     model_tier=routing.model_tier,
                                     method=routing.method,
                                     reason=routing.reason)
        # One batch, in order: whoever reads routing.decided finds the question it routed;
        # the usage of the router's own model calls (rewrite, classification) comes first.
        await service.emit([
            *(envelope.reply(UsageRecorded, "usage", "router", n, **fields)
              for n, fields in enumerate(calls.priced(tenant.prices))),
            query, decided,
        ])

    service.consume(MessageReceived, on_message)
