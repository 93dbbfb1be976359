"""The router's own model calls follow the tenant's configured provider, as the answer's do:
on an engine whose default provider is offline, a tenant whose router agent is served by an
OpenAI-compatible server gets its question routed by that model, and the call is costed
against that provider."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace

import httpx
import pytest

from services.engine import Engine
from services.gateway.auth import issue_token
from shared.config import Settings
from shared.embedded import free_port
from shared.events import RoutingDecided, UsageRecorded, decode_event
from shared.llm import OfflineProvider, OpenAIProvider, ProviderSet
from tests.e2e import Client, wait_for_log
from tests.fakes.chat_completions import FakeChatCompletionsAPI

ROUTING = ('{"query_type": "policy", "complexity": 20, "workers": ["policy"],'
           ' "model_tier": "fast", "reason": "a policy lookup"}')
ROUTER_ON_OPENAI = {"tiers": {"deep": {"model": "claude-opus-4-1", "provider": "openai"}},
                    "agents": {"router": {"tier": "deep"}}}


@pytest.fixture
async def engine(settings: Settings) -> AsyncIterator[tuple[Engine, FakeChatCompletionsAPI]]:
    async with FakeChatCompletionsAPI(replies=[ROUTING]) as api:
        configured = replace(settings, port=free_port(), llm_provider="offline",
                             openai_base_url=api.base_url)
        openai = OpenAIProvider(models=configured.openai_models, base_url=api.base_url,
                                max_retries=0)
        engine = Engine(configured, provider=ProviderSet(
            {"offline": OfflineProvider(), "openai": openai}, default="offline"))
        await engine.start()
        try:
            yield engine, api
        finally:
            await engine.stop()
            await openai.aclose()


async def test_the_router_asks_the_tenants_provider_not_the_default(
        engine: tuple[Engine, FakeChatCompletionsAPI]) -> None:
    server, api = engine
    client = Client(server)
    token = issue_token(server.settings.jwt_secret, "tenant-a", "boss", roles=("admin",))
    async with httpx.AsyncClient(base_url=server.gateway_url,
                                 headers={"Authorization": f"Bearer {token}"}) as admin:
        r = await admin.put("/v1/tenant/models", json=ROUTER_ON_OPENAI)
        assert r.status_code == 200, r.text
    try:
        conversation = await client.conversation()
        accepted = await client.ask(conversation, "What is our policy on repairs timescales?")
        records = await wait_for_log(server, "tenant-a", accepted["invocation_id"],
                                     "invocation.completed")
    finally:
        await client.close()
    events = [decode_event(r.payload) for r in records]
    routing = next(e for e in events if isinstance(e, RoutingDecided))
    assert routing.method == "model", routing
    [router] = [e for e in events if isinstance(e, UsageRecorded) and e.agent == "router"]
    assert (router.provider, router.model) == ("openai", "claude-opus-4-1")
    assert [r["model"] for r in api.requests] == ["claude-opus-4-1"]  # synthesis stayed offline
