"""Routing: offline by features and keywords; by the model, falling back when it is unusable."""

from __future__ import annotations

import pytest

from services.router.classify import classify_offline, parse_model_routing
from services.router.handlers import rewrite, route
from shared.llm import ModelUnavailable, OfflineProvider, ScriptedProvider


@pytest.mark.parametrize(
    ("question", "query_type", "workers"),
    [
        ("What must we do about damp and mould in a flat we let?", "mixed",
         {"policy", "legislation", "external"}),
        ("Do we need a licence for a five-bedroom HMO under the Housing Act 2004?",
         "legislation", {"legislation"}),
        ("What did the court decide in [2017] EWHC 3409 (Admin)?", "caselaw", {"caselaw"}),
        ("What is our complaints policy timescale for a stage one response?", "policy",
         {"policy"}),
        ("What has the Housing Ombudsman said in its spotlight report?", "external",
         {"external", "policy"}),
        ("How often must we check gas safety?", "legislation", {"legislation", "policy"}),
        ("Hello there", "conversational", set()),
        # Legal questions that name no Act still reach the statute book.
        ("Who can apply to the county court when a deposit hasn't been protected?", "mixed",
         {"legislation", "caselaw", "policy"}),
        ("How long has someone got to appeal against an emergency prohibition order?", "mixed",
         {"legislation", "caselaw", "policy"}),
        ("Do the selective licensing rules cover homes we let?", "mixed",
         {"legislation", "policy"}),
        # A judgment's parties and judges are named as people: no Act, policy or court named.
        ("Who lent Mr Holyoake the money for the purchase?", "caselaw", {"caselaw", "policy"}),
        ("What did Arnold J order the internet service providers to block?", "caselaw",
         {"caselaw", "policy"}),
        # Litigation's own words for a party's case: grounds of challenge, a concession.
        ("Which grounds of challenge did the council concede?", "caselaw", {"caselaw", "policy"}),
        ("What did the respondent concede about the licence fee?", "mixed",
         {"legislation", "caselaw", "policy"}),
    ],
)
def test_offline_routing_by_keywords(question: str, query_type: str, workers: set[str]) -> None:
    routing = classify_offline(question)
    assert routing.query_type == query_type
    assert set(routing.workers) == workers
    assert 0 <= routing.complexity <= 100


def test_complexity_grows_with_scope_and_picks_a_deeper_tier() -> None:
    simple = classify_offline("What is our repairs policy?")
    broad = classify_offline(
        "Compare our damp and mould policy with the landlord's statutory duties under the "
        "Housing Act 2004 and recent court judgments, and also the Ombudsman's spotlight "
        "report: what must change, and whether we must notify the regulator?")
    assert broad.complexity > simple.complexity
    assert broad.model_tier in ("balanced", "deep") and simple.model_tier in ("fast", "balanced")


def test_model_routing_is_validated() -> None:
    good = parse_model_routing('Sure: {"query_type": "legislation", "complexity": 40, '
                               '"workers": ["legislation"], "model_tier": "balanced", '
                               '"reason": "names an Act"}')
    assert good is not None and good.method == "model" and good.workers == ["legislation"]
    for bad in ("no json here", '{"query_type": "poetry", "complexity": 1, "workers": [],'
                ' "model_tier": "fast"}', '{"query_type": "policy", "complexity": 10,'
                ' "workers": ["astrology"], "model_tier": "fast"}', "{not json}"):
        assert parse_model_routing(bad) is None


async def test_route_uses_the_model_and_falls_back_when_unparseable() -> None:
    question = "Do we need a licence for an HMO?"
    model = ScriptedProvider(responses={"routing": [
        '{"query_type": "legislation", "complexity": 35, "workers": ["legislation"], '
        '"model_tier": "balanced", "reason": "licensing"}', "I think it is about law."]})
    first = await route(model, question, deadline_s=5)
    assert first.method == "model" and first.workers == ["legislation"]
    second = await route(model, question, deadline_s=5)
    assert second.method == "fallback"
    assert second.workers == classify_offline(question).workers
    offline = await route(OfflineProvider(), question, deadline_s=5)
    assert offline.method == "offline"


FOLLOW_UP = "And what if the tenant is vulnerable?"
EARLIER = ["How quickly must we respond to a stage one complaint?"]


async def test_rewrite_uses_the_model_and_falls_back_to_the_offline_rule() -> None:
    model = ScriptedProvider(responses={"rewrite": [
        "How quickly must we respond to a stage one complaint from a vulnerable tenant?", ""]})
    first = await rewrite(model, FOLLOW_UP, EARLIER, deadline_s=5)
    assert first.method == "model" and "vulnerable tenant" in first.standalone
    assert first.carried == ["stage one complaint"]
    assert "stage one complaint" in model.requests[0].messages[0].content
    second = await rewrite(model, FOLLOW_UP, EARLIER, deadline_s=5)
    assert second.method == "fallback" and second.carried == ["stage one complaint"]
    offline = await rewrite(OfflineProvider(), FOLLOW_UP, EARLIER, deadline_s=5)
    assert offline.method == "offline" and offline.standalone == second.standalone


async def test_a_first_message_is_its_own_standalone_without_asking_the_model() -> None:
    model = ScriptedProvider(responses={"rewrite": ["Something else entirely?"]})
    first = await rewrite(model, FOLLOW_UP, [], deadline_s=5)
    assert first.method == "unchanged" and first.standalone == FOLLOW_UP
    assert model.requests == []


async def test_an_unavailable_model_leaves_a_self_contained_question_unchanged() -> None:
    down = ScriptedProvider(responses={}, fail_with={"rewrite": ModelUnavailable("down")})
    question = "How often must we check gas safety?"
    result = await rewrite(down, question, EARLIER, deadline_s=5)
    assert result.method == "unchanged" and result.standalone == question
