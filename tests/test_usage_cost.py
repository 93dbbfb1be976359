"""Every model call recorded and costed: with the scripted model, and with the local Anthropic
and OpenAI-compatible servers, the sum of ``usage.recorded`` equals what the model reported for
every call, money matches the price table (cache tokens included), ``invocation.completed``
carries the total, ``GET /v1/usage`` sums it, and a spent monthly budget refuses new messages.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from decimal import Decimal
from typing import Any

import httpx
import pytest

from services.engine import Engine
from services.gateway.auth import issue_token
from services.orchestrator.title import title_events
from shared.config import Settings
from shared.embedded import free_port
from shared.events import (
    Envelope,
    EventMeta,
    InvocationCancelled,
    InvocationCompleted,
    TitleGenerated,
    Usage,
    UsageRecorded,
    decode_event,
)
from shared.llm import ModelProvider, ModelUnavailable, ScriptedProvider
from shared.llm.configuration import ModelConfiguration, TierChoice
from shared.metering import MeteredProvider, metered_calls
from shared.pricing import Price, PriceTable
from shared.verification.judge import Judge
from tests.conftest import local_lex
from tests.e2e import Client, wait_for_log
from tests.fakes.chat_completions import FakeChatCompletionsAPI
from tests.fakes.messages_api import FakeMessagesAPI

QUESTION = "What is our policy on repairs timescales?"
FOLLOW_UP = "And how quickly must we inspect reports of damp and mould?"
SPENT = Usage(input_tokens=1000, output_tokens=200, cache_creation_input_tokens=300,
              cache_read_input_tokens=400)
ROUTING = ('{"query_type": "policy", "complexity": 20, "workers": ["policy"],'
           ' "model_tier": "fast", "reason": "a policy lookup"}')


# -- the price table --------------------------------------------------------------------------


def test_cost_is_exact_and_counts_cache_tokens() -> None:
    table = PriceTable.default()
    assert table.cost("claude-sonnet-4-6", SPENT) == Decimal("0.007245")  # $ thousandths
    assert table.cost("claude-haiku-4-5-20251001", SPENT) == Decimal("0.002415")  # dated id
    assert table.cost("claude-opus-4-1", Usage(output_tokens=1)) == Decimal("0.000075")
    assert table.cost("a-model-nobody-priced", SPENT) is None
    own = PriceTable(prices={"claude-sonnet-4-6": Price(input="2", output="10",
                                                        cache_write="2.5", cache_read="0.2")})
    assert table.overridden(own).cost("claude-sonnet-4-6", SPENT) == Decimal("0.00483")
    pounds = PriceTable(currency="GBP", prices={"llama": Price(input="0.1", output="0.1",
                                                               cache_write="0", cache_read="0")})
    merged = table.overridden(pounds)
    assert merged.currency == "GBP" and merged.price_for("claude-sonnet-4-6") is None


async def test_the_judges_calls_are_metered_and_configured() -> None:
    scripted = ScriptedProvider(responses={"judge": ['{"supported": true, "reason": "ok"}']},
                                usage=SPENT)
    judge = Judge(provider=MeteredProvider(scripted))
    config = ModelConfiguration(tiers={"balanced": TierChoice(model="claude-sonnet-4-6")})
    with metered_calls(config) as calls:
        verdict = await judge("Damp is inspected in 10 days.", "Policy", "Within 10 days.")
    assert verdict.supported is True
    assert [(c.agent, c.provider, c.model, c.usage) for c in calls.calls] == [
        ("judge", "scripted", "claude-sonnet-4-6", SPENT)]
    assert scripted.requests[0].model == "claude-sonnet-4-6"


# -- the whole engine -------------------------------------------------------------------------


@asynccontextmanager
async def _engine(settings: Settings, provider: ModelProvider | None = None
                  ) -> AsyncIterator[tuple[Engine, Client, httpx.AsyncClient]]:
    engine = Engine(replace(settings, port=free_port()), provider=provider)
    await engine.start()
    client = Client(engine)
    token = issue_token(engine.settings.jwt_secret, "tenant-a", "boss", roles=("admin",))
    admin = httpx.AsyncClient(base_url=engine.gateway_url,
                              headers={"Authorization": f"Bearer {token}"})
    try:
        yield engine, client, admin
    finally:
        await client.close()
        await admin.aclose()
        await engine.stop()


async def _ask(engine: Engine, client: Client, conversation: str, question: str
               ) -> list[Any]:
    accepted = await client.ask(conversation, question)
    records = await wait_for_log(engine, "tenant-a", accepted["invocation_id"],
                                 "invocation.completed")
    return [decode_event(r.payload) for r in records]


def _check_invocation(events: Sequence[Any], table: PriceTable) -> list[UsageRecorded]:
    """Each call's cost is its price; the completion's totals are the calls' sums."""
    usages = [e for e in events if isinstance(e, UsageRecorded)]
    for u in usages:
        assert u.priced and u.currency == table.currency
        assert Decimal(u.cost) == table.cost(u.model, u.usage), u
    completed = next(e for e in events if isinstance(e, InvocationCompleted))
    assert completed.usage == sum((u.usage for u in usages), Usage())
    assert Decimal(completed.cost) == sum(Decimal(u.cost) for u in usages)
    assert completed.currency == table.currency
    return usages


async def _put(admin: httpx.AsyncClient, path: str, body: dict[str, Any]) -> None:
    r = await admin.put(path, json=body)
    assert r.status_code == 200, r.text


def _price(i: str, o: str, w: str, r: str) -> dict[str, str]:
    return {"input": i, "output": o, "cache_write": w, "cache_read": r}


async def test_scripted_calls_are_costed_summed_and_reported(settings: Settings) -> None:
    scripted = ScriptedProvider(responses={"routing": [ROUTING], "rewrite": [FOLLOW_UP],
                                           "synthesis": ["We repair within 28 days."],
                                           "title": ["Repairs"]}, usage=SPENT)
    async with _engine(replace(settings, llm_provider="scripted"), scripted) as (
            engine, client, admin):
        own = {"scripted-fast": _price("1", "5", "1.25", "0.10"),
               "scripted-balanced": _price("3", "15", "3.75", "0.30"),
               "scripted-deep": _price("15", "75", "18.75", "1.50")}
        await _put(admin, "/v1/tenant/prices", {"currency": "USD", "prices": own})
        table = PriceTable.default().overridden(PriceTable(
            prices={m: Price(**p) for m, p in own.items()}))
        conversation = await client.conversation()
        first = _check_invocation(await _ask(engine, client, conversation, QUESTION), table)
        second = _check_invocation(await _ask(engine, client, conversation, FOLLOW_UP), table)
        assert [u.agent for u in first] == ["router", "title", "synthesis"]
        assert [u.agent for u in second] == ["rewrite", "router", "synthesis"]
        # every call the model answered is recorded once, with what it reported
        assert len(scripted.requests) == len(first) + len(second)
        assert all(u.usage == SPENT for u in first + second)

        summary = (await admin.get("/v1/usage")).json()
        total = sum(Decimal(u.cost) for u in first + second)
        assert Decimal(summary["total"]["cost"]) == total and summary["currency"] == "USD"
        assert summary["total"]["calls"] == 6
        assert summary["total"]["cache_read_tokens"] == 6 * 400
        assert {line["key"]: line["calls"] for line in summary["by_agent"]} == {
            "rewrite": 1, "router": 2, "synthesis": 2, "title": 1}
        assert [line["key"] for line in summary["by_user"]] == ["officer-1"]
        assert [line["key"] for line in summary["by_model"]] == ["scripted-fast"]
        assert len(summary["by_day"]) == 1
        day = summary["by_day"][0]["key"]
        that_day = (await admin.get("/v1/usage", params={"start": day, "end": day})).json()
        assert that_day["total"] == summary["total"]
        backwards = await admin.get("/v1/usage", params={"start": "2026-02-01",
                                                         "end": "2026-01-01"})
        assert backwards.status_code == 400 and "start" in backwards.json()["detail"]
        assert (await client.http.get("/v1/usage")).status_code == 403

        # the budget: a clear 400 for nonsense, then a 402 once this month's calls cost it
        bad = await admin.put("/v1/tenant/budget", json={"monthly_budget": "-5"})
        assert bad.status_code == 400 and "zero or more" in bad.json()["detail"]
        await _put(admin, "/v1/tenant/budget", {"monthly_budget": "0.01"})
        refused = await client.http.post(f"/v1/conversations/{conversation}/messages",
                                         json={"content": QUESTION})
        assert refused.status_code == 402, refused.text
        detail = refused.json()["detail"]
        assert "monthly budget for the assistant (0.01 USD) is spent" in detail
        assert "It resets on 1 " in detail
        status = (await admin.get("/v1/tenant/budget")).json()
        assert Decimal(status["spent_this_month"]) == total
        await _put(admin, "/v1/tenant/budget", {"monthly_budget": None})
        accepted = await client.http.post(f"/v1/conversations/{conversation}/messages",
                                          json={"content": QUESTION})
        assert accepted.status_code == 202


@pytest.mark.parametrize("server", ["anthropic", "openai"])
async def test_real_sdks_usage_is_what_the_server_reported(settings: Settings,
                                                          server: str) -> None:
    replies = ["We repair within 28 days and inspect damp within 10 days."]
    if server == "anthropic":
        fake: FakeMessagesAPI | FakeChatCompletionsAPI = FakeMessagesAPI(
            replies=replies, prompt_caching=True, min_cacheable_tokens=64,
            usage=Usage(output_tokens=17))
    else:
        fake = FakeChatCompletionsAPI(replies=replies, min_cacheable_tokens=64)
    async with fake:
        if isinstance(fake, FakeMessagesAPI):
            configured = replace(settings, llm_provider="anthropic", anthropic_api_key="test",
                                 anthropic_base_url=fake.base_url)
        else:  # the default stays offline; the tenant's tiers name the OpenAI-compatible server
            configured = replace(settings, llm_provider="offline",
                                 openai_base_url=fake.base_url)
        async with _engine(configured) as (engine, client, admin):
            table = PriceTable.default()
            if server == "openai":
                await _put(admin, "/v1/tenant/prices", {"currency": "USD", "prices": {
                    "llama-3.1-70b": _price("0.50", "1.50", "0", "0.25")}})
                await _put(admin, "/v1/tenant/models", {"tiers": {
                    t: {"model": "llama-3.1-70b", "provider": "openai"}
                    for t in ("fast", "balanced", "deep")}})
                table = table.overridden(PriceTable(prices={"llama-3.1-70b": Price(
                    input="0.50", output="1.50", cache_write="0", cache_read="0.25")}))
            conversation = await client.conversation()
            recorded: list[UsageRecorded] = []
            for question in (QUESTION, FOLLOW_UP):
                recorded += _check_invocation(
                    await _ask(engine, client, conversation, question), table)
    reported = [_as_usage(u) for u in fake.usages]
    assert sorted(_key(u.usage) for u in recorded) == sorted(_key(u) for u in reported)
    assert sum(u.usage.cache_read_input_tokens for u in recorded) > 0
    if server == "anthropic":
        assert sum(u.usage.cache_creation_input_tokens for u in recorded) > 0
        assert {u.agent for u in recorded} >= {"router", "title", "synthesis"}
    else:
        assert {u.provider for u in recorded} == {"openai"}
        # every model call follows the tenant's tiers, the router's and rewrite's too
        assert {u.agent for u in recorded} == {"router", "rewrite", "title", "synthesis"}


def _as_usage(reported: Any) -> Usage:
    if isinstance(reported, Usage):
        return reported
    return Usage(input_tokens=reported.prompt_tokens - reported.cached_tokens,
                 output_tokens=reported.completion_tokens,
                 cache_read_input_tokens=reported.cached_tokens)


def _key(u: Usage) -> tuple[int, int, int, int]:
    return (u.input_tokens, u.output_tokens, u.cache_creation_input_tokens,
            u.cache_read_input_tokens)


async def test_the_judges_calls_in_the_verifier_are_recorded(settings: Settings) -> None:
    cited = ('If a category 1 hazard exists, the local housing authority must take the '
             'appropriate enforcement action <cite ref="ukpga/2004/34/section/5" quote="they '
             'must take the appropriate enforcement action">1</cite>.')
    scripted = ScriptedProvider(responses={
        "routing": [ROUTING], "synthesis": [cited], "title": ["Category 1 hazards"],
        "judge": ['{"supported": true, "reason": "The section imposes that duty."}']},
        usage=SPENT)
    async with local_lex(settings) as lex, _engine(
            replace(settings, lex_mcp_url=lex.url, llm_provider="scripted"), scripted) as (
            engine, client, _):
        conversation = await client.conversation()
        events = await _ask(engine, client, conversation,
                            "What must a council do about a category 1 hazard?")
    judged = [r for r in scripted.requests if r.purpose == "judge"]
    assert judged, "the judge was not asked: the test proves nothing"
    usages = [e for e in events if isinstance(e, UsageRecorded)]
    assert [u.agent for u in usages].count("judge") == len(judged)
    assert len(usages) == len(scripted.requests)
    completed = next(e for e in events if isinstance(e, InvocationCompleted))
    assert completed.usage == sum((u.usage for u in usages), Usage())
    # scripted models have no default price: recorded, but not as free
    assert not any(u.priced for u in usages) and completed.cost == "0"


async def test_a_cancelled_answer_carries_what_its_calls_cost(settings: Settings) -> None:
    scripted = ScriptedProvider(responses={"routing": [ROUTING], "title": ["Repairs"],
                                           "synthesis": ["A slowly streamed answer. " * 200]},
                                chunk_size=8, delay_s=0.02)
    async with _engine(replace(settings, llm_provider="scripted"), scripted) as (
            engine, client, admin):
        own = {"scripted-fast": _price("1", "5", "1.25", "0.10")}
        await _put(admin, "/v1/tenant/prices", {"prices": own})
        table = PriceTable.default().overridden(PriceTable(
            prices={m: Price(**p) for m, p in own.items()}))
        conversation = await client.conversation()
        accepted = await client.ask(conversation, QUESTION)
        async for e in client.stream(accepted["stream_url"]):
            if e.type == "content.delta":
                r = await client.http.post(f"/v1/invocations/{accepted['invocation_id']}/cancel")
                assert r.status_code == 202
                break
        records = await wait_for_log(engine, "tenant-a", accepted["invocation_id"],
                                     "invocation.cancelled")
    events = [decode_event(r.payload) for r in records]
    usages = [e for e in events if isinstance(e, UsageRecorded)]
    assert [u.agent for u in usages] == ["router", "title", "synthesis"]
    assert all(Decimal(u.cost) == table.cost(u.model, u.usage) for u in usages)
    cancelled = next(e for e in events if isinstance(e, InvocationCancelled))
    assert cancelled.usage == sum((u.usage for u in usages), Usage())
    assert Decimal(cancelled.cost) == sum(Decimal(u.cost) for u in usages) > 0


async def test_a_failed_title_call_still_records_what_it_consumed() -> None:
    """A title is not worth failing the answer for, but the call was paid for: its usage is
    recorded (with the failure), once per invocation, and a success keeps the same event id."""
    envelope = Envelope(conversation_id=uuid.uuid4(), tenant_id="t", invocation_id=uuid.uuid4(),
                        meta=EventMeta(producer="orchestrator"))
    broke = ModelUnavailable("overloaded")
    broke.usage = Usage(input_tokens=120, output_tokens=3)
    failing = ScriptedProvider(responses={}, fail_with={"title": broke})
    events = await title_events(failing, envelope, QUESTION, deadline_s=5)
    assert [type(e) for e in events] == [UsageRecorded]
    usage = events[0]
    assert isinstance(usage, UsageRecorded)
    assert usage.agent == "title" and usage.usage == broke.usage and "overloaded" in usage.failure
    titled = await title_events(ScriptedProvider(responses={"title": ["Repairs"]}), envelope,
                                QUESTION, deadline_s=5)
    assert [type(e) for e in titled] == [TitleGenerated, UsageRecorded]
    assert titled[1].event_id == usage.event_id and not titled[1].failure
