"""One W3C trace links every service that handled an invocation (in-memory exporter)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from services.engine import Engine
from shared.config import Settings
from shared.embedded import free_port
from shared.tracing import configure_tracing
from tests.e2e import Client


@pytest.fixture
async def traced(settings: Settings) -> AsyncIterator[tuple[Engine, InMemorySpanExporter]]:
    exporter = InMemorySpanExporter()
    configure_tracing(otlp_endpoint=None, exporter=exporter)
    engine = Engine(replace(settings, port=free_port()))
    await engine.start()
    try:
        yield engine, exporter
    finally:
        await engine.stop()


async def test_one_trace_spans_gateway_router_workers_orchestrator_verifier(
        traced: tuple[Engine, InMemorySpanExporter]) -> None:
    engine, exporter = traced
    client = Client(engine)
    try:
        await client.upload("Damp policy", "# Damp\n\nWe must inspect within 10 working days.")
        conversation = await client.conversation()
        exporter.clear()
        accepted = await client.ask(conversation, "What must we do about damp?")
        events = await client.collect(accepted["stream_url"])
        assert events[-1].type == "invocation.completed"
    finally:
        await client.close()

    expected = {"router.message.received", "workers.routing.decided", "worker.policy",
                "orchestrator.routing.decided", "orchestrator.synthesis",
                "verifier.draft.completed", "log.append"}
    # A span is exported when its handler returns, and the verifier's handler goes on after
    # the completed event reaches the browser (it decides whether to cache the answer), so
    # the trace is read once it has settled, with a deadline rather than a sleep.
    deadline = asyncio.get_running_loop().time() + 10
    while True:
        spans = exporter.get_finished_spans()
        post = [s for s in spans if s.name.startswith("POST /v1/conversations/")
                and s.parent is None]
        in_trace = ({s.name for s in spans if s.context.trace_id == post[0].context.trace_id}
                    if post else set())
        if expected <= in_trace or asyncio.get_running_loop().time() > deadline:
            break
        await asyncio.sleep(0.05)
    assert post, [s.name for s in spans]
    for name in sorted(expected):
        assert name in in_trace, (name, sorted(in_trace))
