"""Model routing: the router's complexity and query type pick the tier, the tier maps to the
tenant's model, per-agent settings override; configured over the admin API, validated whole,
recorded in the configuration stream and applied to the next invocation without a restart."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import httpx
import pytest

from services.engine import Engine
from services.gateway.auth import issue_token
from services.router.classify import choose_tier, classify_offline, parse_model_routing
from shared.config import Settings
from shared.embedded import free_port
from shared.events import (
    ConfigurationChanged,
    RoutingDecided,
    UsageRecorded,
    configuration_stream,
    decode_event,
)
from shared.llm import ModelRequest, ScriptedProvider
from shared.llm.configuration import AgentSettings, ModelConfiguration, TierChoice
from tests.e2e import Client, wait_for_log
from tests.harness import Api

SIMPLE = "What is our policy on repairs timescales?"
SECTION = "What does section 11 of the Landlord and Tenant Act 1985 require?"
CASES = "What did the court decide in disrepair claims about damp?"
COMPARISON = ("Compare our damp and mould policy with Awaab's Law and the Housing Ombudsman's "
              "spotlight report: where do we fall short, and what must we change?")
BROAD = ("What are our obligations under the Housing Act 2004 and the Homes (Fitness for Human "
         "Habitation) Act 2018, and how does case law on disrepair affect our repairs policy "
         "and complaints handling?")
MODELS = {"tiers": {"fast": {"model": "claude-haiku-4-5"},
                    "balanced": {"model": "claude-sonnet-4-6"},
                    "deep": {"model": "claude-opus-4-1"}}}


@pytest.mark.parametrize(("question", "tier"), [
    ("Hello, what can you do?", "fast"),
    (SIMPLE, "fast"),
    (SECTION, "fast"),
    (CASES, "balanced"),
    ("How do our repair and damp inspection timescales differ?", "balanced"),
    ("Are damp reports inspected faster or slower than routine repairs?", "balanced"),
    ("Must we reply no longer than 10 working days after a complaint?", "fast"),
    (COMPARISON, "deep"),
    (BROAD, "deep"),
])
def test_the_tier_follows_from_what_the_question_asks(question: str, tier: str) -> None:
    assert classify_offline(question).model_tier == tier


def test_the_models_routing_takes_its_tier_by_the_same_rule() -> None:
    raw = ('{"query_type": "policy", "complexity": 20, "workers": ["policy"],'
           ' "model_tier": "deep", "reason": "a lookup"}')
    routing = parse_model_routing(raw)
    assert routing is not None and routing.model_tier == "fast"
    assert choose_tier("mixed", 60, ["policy", "legislation"]) == "balanced"
    assert choose_tier("mixed", 40, ["policy", "legislation", "caselaw"], "compare them") == "deep"


def test_configuration_maps_the_tier_to_the_tenants_model_and_agents_override() -> None:
    config = ModelConfiguration(
        tiers={"fast": TierChoice(model="claude-haiku-4-5"),
               "deep": TierChoice(model="llama-3.1-405b", provider="openai")},
        agents={"judge": AgentSettings(tier="deep", max_tokens=300, temperature=0.0,
                                       timeout_s=12.5, retries=1)})
    synthesis = config.apply(ModelRequest(tier="fast", purpose="synthesis", system="", messages=[]))
    assert (synthesis.tier, synthesis.model, synthesis.provider, synthesis.max_tokens) == (
        "fast", "claude-haiku-4-5", None, 2048)
    judge = config.apply(ModelRequest(tier="balanced", purpose="judge", system="", messages=[]))
    assert (judge.tier, judge.model, judge.provider, judge.max_tokens, judge.temperature,
            judge.timeout_s, judge.max_retries) == (
        "deep", "llama-3.1-405b", "openai", 300, 0.0, 12.5, 1)
    untouched = config.apply(ModelRequest(tier="balanced", purpose="title", system="",
                                          messages=[]))
    assert (untouched.model, untouched.provider) == (None, None)


def _admin(api: Api) -> dict[str, str]:
    return api.auth(roles=("admin",))


async def test_bad_configuration_is_a_clear_400_and_changes_nothing(api: Api) -> None:
    ok = await api.http.put("/v1/tenant/models", json=MODELS, headers=_admin(api))
    assert ok.status_code == 200, ok.text
    assert ok.json()["configuration"] == MODELS
    bad: list[tuple[dict[str, Any], str]] = [
        ({"tiers": {"fast": {"model": "claude-haiku-9"}}}, "unknown model 'claude-haiku-9'"),
        ({"tiers": {"fast": {"model": "claude-haiku-4-5", "provider": "vertex"}}},
         "provider 'vertex'"),
        ({"agents": {"synthesis": {"max_tokens": -5}}}, "max_tokens must be from 1"),
        ({"agents": {"judge": {"temperature": 7}}}, "temperature must be from 0 to 2"),
        ({"agents": {"title": {"timeout_s": 0}}}, "timeout_s must be more than 0"),
        ({"agents": {"router": {"retries": 1000}}}, "retries must be from 0 to 10"),
        ({"tiers": {"ultra": {"model": "claude-haiku-4-5"}}}, "Invalid request"),
        ({"agents": {"poet": {}}}, "Invalid request"),
    ]
    for body, message in bad:
        r = await api.http.put("/v1/tenant/models", json=body, headers=_admin(api))
        assert r.status_code == 400, (body, r.text)
        assert message in r.json()["detail"], r.json()
    member = await api.http.put("/v1/tenant/models", json=MODELS, headers=api.auth())
    assert member.status_code == 403
    assert (await api.http.get("/v1/tenant/models", headers=api.auth())).status_code == 403
    now = await api.http.get("/v1/tenant/models", headers=_admin(api))
    assert now.json()["configuration"] == MODELS
    records = await api.infra.store.read_conversation("tenant-a",
                                                      configuration_stream("tenant-a"))
    changes = [decode_event(r.payload) for r in records if r.type == "configuration.changed"]
    assert len(changes) == 1 and isinstance(changes[0], ConfigurationChanged)
    assert (changes[0].section, changes[0].before, changes[0].after) == ("models", {}, MODELS)


@pytest.fixture
async def scripted_engine(settings: Settings) -> AsyncIterator[tuple[Engine, ScriptedProvider]]:
    scripted = ScriptedProvider(responses={"synthesis": ["An answer."], "title": ["Repairs"]})
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted"),
                    provider=scripted)
    await engine.start()
    try:
        yield engine, scripted
    finally:
        await engine.stop()


async def test_the_tenants_model_serves_the_routed_tier_from_the_next_invocation(
        scripted_engine: tuple[Engine, ScriptedProvider]) -> None:
    engine, scripted = scripted_engine
    client = Client(engine)
    token = issue_token(engine.settings.jwt_secret, "tenant-a", "boss", roles=("admin",))
    admin = httpx.AsyncClient(base_url=engine.gateway_url,
                              headers={"Authorization": f"Bearer {token}"})
    try:
        conversation = await client.conversation()
        before = await _synthesis_of(engine, client, conversation, SIMPLE)
        assert before[0].model == "scripted-fast"  # the engine's own model for the tier
        r = await admin.put("/v1/tenant/models", json={**MODELS, "agents": {
            "synthesis": {"max_tokens": 900, "temperature": 0.1}}})
        assert r.status_code == 200, r.text
        simple = await _synthesis_of(engine, client, conversation, SIMPLE)
        deep = await _synthesis_of(engine, client, conversation, COMPARISON)
    finally:
        await client.close()
        await admin.aclose()
    asked = [r for r in scripted.requests if r.purpose == "synthesis"]
    assert [(r.tier, r.model) for r in asked] == [
        ("fast", None), ("fast", "claude-haiku-4-5"), ("deep", "claude-opus-4-1")]
    assert (asked[1].max_tokens, asked[1].temperature) == (900, 0.1)
    assert simple[0].model == "claude-haiku-4-5" and deep[0].model == "claude-opus-4-1"
    assert simple[1].model_tier == "fast" and deep[1].model_tier == "deep"


async def _synthesis_of(engine: Engine, client: Client, conversation: str, question: str
                        ) -> tuple[UsageRecorded, RoutingDecided]:
    accepted = await client.ask(conversation, question)
    records = await wait_for_log(engine, "tenant-a", accepted["invocation_id"],
                                 "invocation.completed")
    assert uuid.UUID(accepted["invocation_id"])
    events = [decode_event(r.payload) for r in records]
    usage = next(e for e in events if isinstance(e, UsageRecorded) and e.agent == "synthesis")
    routing = next(e for e in events if isinstance(e, RoutingDecided))
    return usage, routing
