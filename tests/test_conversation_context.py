"""Follow-up questions keep the thread: the whole engine, on real NATS and PostgreSQL.

The router records the standalone question (``query.rewritten``) and the workers search for
it, so "And what if the tenant is vulnerable?" after a complaints question is answered from
the complaints policy, not from the damp policy that also speaks of vulnerable residents.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest

from cli.replay import transcript
from cli.up import load_sample_tenant
from services.engine import Engine
from shared.config import Settings
from shared.documents import DocumentStore
from shared.embedded import free_port
from shared.events import QueryRewritten
from shared.llm import ScriptedProvider
from shared.store import rebuild_projections
from tests.e2e import Client, SseEvent

COMPLAINT = "How quickly must we respond to a stage one complaint?"
FOLLOW_UP = "And what if the tenant is vulnerable?"


@pytest.fixture
async def client(engine: Engine) -> AsyncIterator[Client]:
    assert engine.infra is not None
    tenant = await load_sample_tenant(DocumentStore(engine.infra.pool))
    c = Client(engine, tenant=tenant["tenant_id"])
    yield c
    await c.close()


async def _ask(client: Client, conversation: str, question: str) -> tuple[str, list[SseEvent]]:
    accepted = await client.ask(conversation, question)
    events = await client.collect(accepted["stream_url"])
    assert events[-1].type == "invocation.completed", [e.type for e in events]
    return accepted["invocation_id"], events


def _one(events: list[SseEvent], kind: str) -> dict[str, object]:
    found = [e.data for e in events if e.type == kind]
    assert len(found) == 1, f"{len(found)} {kind} events"
    return found[0]


async def test_a_follow_up_is_searched_with_the_earlier_topic(engine: Engine,
                                                               client: Client) -> None:
    conversation = await client.conversation()
    _, first = await _ask(client, conversation, COMPLAINT)
    rewritten = _one(first, "query.rewritten")
    assert rewritten["method"] == "unchanged" and rewritten["standalone"] == COMPLAINT

    invocation, events = await _ask(client, conversation, FOLLOW_UP)
    types = [e.type for e in events]
    assert types.index("query.rewritten") < types.index("routing.decided")
    rewritten = _one(events, "query.rewritten")
    assert rewritten["original"] == FOLLOW_UP and rewritten["method"] == "offline"
    assert "complaint" in str(rewritten["standalone"]).lower()
    assert rewritten["carried"] == ["stage one complaint"]

    titles = [str(e.data["title"]) for e in events if e.type == "policy.source"]
    assert titles and all(t.startswith("Complaints policy") for t in titles), titles
    assert not any("Damp" in t for t in titles)

    # In the log exactly once for each invocation, and the replay says what was searched for.
    assert engine.infra is not None
    records = await engine.infra.store.read_invocation(client.tenant, uuid.UUID(invocation))
    assert sum(isinstance(r.event, QueryRewritten) for r in records) == 1
    rows = await engine.infra.store.chain(uuid.UUID(conversation))
    lines = transcript(rows)
    assert sum(line.count("searched for") for line in lines) == 2
    assert any("searched for (offline): And what if the tenant is vulnerable? (about: stage one"
               in line for line in lines)


async def test_the_follow_up_alone_would_have_found_the_damp_policy(client: Client) -> None:
    """The control: asked first, the same words find the damp policy."""
    conversation = await client.conversation()
    _, events = await _ask(client, conversation, FOLLOW_UP)
    assert _one(events, "query.rewritten")["method"] == "unchanged"
    titles = [str(e.data["title"]) for e in events if e.type == "policy.source"]
    assert any(t.startswith("Damp and mould policy") for t in titles), titles


async def test_a_new_subject_is_not_rewritten_and_projections_ignore_the_event(
        engine: Engine, client: Client) -> None:
    conversation = await client.conversation()
    await _ask(client, conversation, COMPLAINT)
    _, events = await _ask(client, conversation,
                           "What must we do about damp and mould in a flat we let?")
    rewritten = _one(events, "query.rewritten")
    assert rewritten["method"] == "unchanged" and rewritten["carried"] == []
    titles = [str(e.data["title"]) for e in events if e.type == "policy.source"]
    assert titles and titles[0].startswith("Damp and mould policy")

    assert engine.infra is not None
    before = await engine.infra.pool.fetch(
        "SELECT role, content, status FROM messages WHERE conversation_id = $1 ORDER BY seq",
        uuid.UUID(conversation))
    async with engine.infra.pool.acquire() as conn:
        await rebuild_projections(conn)
    after = await engine.infra.pool.fetch(
        "SELECT role, content, status FROM messages WHERE conversation_id = $1 ORDER BY seq",
        uuid.UUID(conversation))
    assert [tuple(r) for r in after] == [tuple(r) for r in before]
    assert [r["role"] for r in after] == ["user", "assistant", "user", "assistant"]


STANDALONE = "How quickly must we respond to a stage one complaint when the tenant is vulnerable?"
EARLIER = [
    "What must we do about damp and mould in a flat we let?",
    "How quickly must we complete an emergency repair?",
    "Can a resident complain on someone else's behalf?",
    "Who can escalate a complaint to stage two?",
    COMPLAINT,
]


async def test_with_a_model_the_model_rewrites_and_synthesis_sees_a_summary_of_older_turns(
        settings: Settings) -> None:
    scripted = ScriptedProvider(responses={
        "rewrite": [lambda r: STANDALONE if r.question == FOLLOW_UP else r.question],
        "synthesis": ["The sources found are listed below."], "title": ["Complaints"]})
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted"),
                    provider=scripted)
    await engine.start()
    try:
        assert engine.infra is not None
        tenant = await load_sample_tenant(DocumentStore(engine.infra.pool))
        client = Client(engine, tenant=tenant["tenant_id"])
        try:
            conversation = await client.conversation()
            for question in EARLIER:
                _, events = await _ask(client, conversation, question)
                assert _one(events, "query.rewritten")["method"] == "unchanged"
            _, events = await _ask(client, conversation, FOLLOW_UP)
        finally:
            await client.close()
    finally:
        await engine.stop()

    rewritten = _one(events, "query.rewritten")
    assert rewritten["method"] == "model" and rewritten["standalone"] == STANDALONE
    assert rewritten["carried"] == ["stage one complaint"]
    titles = [str(e.data["title"]) for e in events if e.type == "policy.source"]
    assert titles and all(t.startswith("Complaints policy") for t in titles), titles
    rewrite = [r for r in scripted.requests if r.purpose == "rewrite"][-1]
    assert COMPLAINT in rewrite.messages[0].content

    synthesis = [r for r in scripted.requests if r.purpose == "synthesis"][-1]
    assert "Earlier in this conversation: damp and mould." in synthesis.system
    history = [m for m in synthesis.messages[:-1] if m.role == "user"]
    assert [m.content for m in history] == EARLIER[1:]  # the window, in order
    # Synthesis answers the standalone question; the history stays the conversation.
    assert synthesis.messages[-1].content == STANDALONE == synthesis.question
