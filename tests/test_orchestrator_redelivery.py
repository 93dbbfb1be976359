"""A routing decision delivered again while this process still answers it (JetStream does so
when a handler's keep-alive is late, as on a loaded machine) is not taken for a restart."""

from __future__ import annotations

from dataclasses import replace

from cli.up import load_sample_tenant
from services.engine import Engine
from shared.config import Settings
from shared.documents import DocumentStore
from shared.embedded import free_port
from shared.events import RoutingDecided
from shared.llm import ScriptedProvider
from tests.e2e import Client, wait_for_log

DAMP = "What does our damp and mould policy say about inspections?"


async def test_a_redelivery_while_the_answer_streams_leaves_the_answer_to_its_run(
        settings: Settings) -> None:
    # Slow enough that the answer is still streaming when the decision comes again.
    scripted = ScriptedProvider(responses={"synthesis": ["The policy sets inspections. " * 40],
                                           "title": ["Damp"]}, chunk_size=8, delay_s=0.05)
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted"),
                    provider=scripted)
    await engine.start()
    try:
        assert engine.infra is not None
        tenant = (await load_sample_tenant(DocumentStore(engine.infra.pool)))["tenant_id"]
        client = Client(engine, tenant=tenant)
        try:
            accepted = await client.ask(await client.conversation(), DAMP)
            records = await wait_for_log(engine, tenant, accepted["invocation_id"],
                                         "content.delta")
            decision = next(r.event for r in records if isinstance(r.event, RoutingDecided))
            [on_routing] = [s.handler for s in engine.running["orchestrator"].subscriptions
                            if s.event_class is RoutingDecided]
            await on_routing(decision)  # as JetStream delivers it again
            events = await client.collect(accepted["stream_url"])
        finally:
            await client.close()
    finally:
        await engine.stop()
    assert events[-1].type == "invocation.completed", events[-1].data.get("reason")
    assert sum(1 for e in events if e.type == "draft.completed") == 1
