"""Router handler: a committed ``message.received`` becomes a ``routing.decided``."""

from __future__ import annotations

import asyncio

from services.router.classify import Routing, classify_offline, parse_model_routing
from shared.events import MessageReceived, RoutingDecided
from shared.llm import ChatMessage, ModelError, ModelProvider, ModelRequest
from shared.prompts import render
from shared.runtime import Service
from shared.tracing import tracer


async def route(provider: ModelProvider, question: str, *, deadline_s: float) -> Routing:
    """Routing by the model when one is configured, else (or on a bad answer) offline."""
    if provider.offline:
        return classify_offline(question)
    with tracer("router").start_as_current_span("router.model"):
        try:
            async with asyncio.timeout(deadline_s):
                reply = await provider.complete(ModelRequest(
                    tier="fast", purpose="routing", system=render("router"),
                    messages=[ChatMessage(role="user", content=question)], question=question,
                    max_tokens=300,
                ))
        except (ModelError, TimeoutError):
            reply = None
    routing = parse_model_routing(reply.text) if reply is not None else None
    if routing is None:
        fallback = classify_offline(question)
        return Routing(**{**_fields(fallback), "method": "fallback",
                          "reason": "The model's routing could not be used; "
                                    + fallback.reason})
    return routing


def _fields(r: Routing) -> dict[str, object]:
    return {f: getattr(r, f) for f in r.__struct_fields__}


def register(service: Service, provider: ModelProvider) -> None:
    async def on_message(event: MessageReceived) -> None:
        routing = await route(provider, event.content,
                              deadline_s=min(service.infra.settings.model_deadline_s, 15.0))
        await service.emit([service.envelope(event).reply(
            RoutingDecided, "routing",
            query_type=routing.query_type,
            complexity=routing.complexity,
            workers=routing.workers,
            model_tier=routing.model_tier,
            method=routing.method,
            reason=routing.reason,
        )])

    service.consume(MessageReceived, on_message)
