"""The whole engine on real NATS JetStream, PostgreSQL and Redis, driven over HTTP and SSE."""

from __future__ import annotations

import asyncio
import itertools
import os
import signal
import subprocess
import sys
import uuid
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from services.engine import SERVICES, Engine
from shared.config import Settings
from shared.embedded import free_port
from shared.llm import ScriptedProvider
from shared.store import verify_chain
from tests.e2e import Client, wait_for_log
from tests.fakes.messages_api import FakeMessagesAPI

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "policies"
QUESTION = "What must we do about damp and mould in a flat we let?"


async def _upload_samples(client: Client) -> list[dict[str, object]]:
    return [await client.upload(p.stem, p.read_text()) for p in sorted(SAMPLES.glob("*.md"))]


def _subsequence(types: list[str], expected: list[str]) -> bool:
    it = iter(types)
    return all(any(t == e for t in it) for e in expected)


async def test_question_streams_every_step_in_order_and_matches_the_log(
        engine: Engine, client: Client) -> None:
    docs = await _upload_samples(client)
    conversation = await client.conversation()
    accepted = await client.ask(conversation, QUESTION)
    events = await client.collect(accepted["stream_url"])
    types = [e.type for e in events]

    assert types[0] == "invocation.started"
    assert _subsequence(types, [
        "invocation.started", "routing.decided", "agent.start", "worker.findings",
        "content.delta", "draft.completed", "citation.checked", "verification.result",
        "confidence.update", "invocation.completed",
    ]), types
    assert types[-1] == "invocation.completed"
    versions = [e.id for e in events]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)

    routing = next(e for e in events if e.type == "routing.decided").data
    starts = [e.data["agent_name"] for e in events if e.type == "agent.start"]
    assert sorted(starts) == sorted(routing["workers"]) and len(starts) >= 2
    findings = [e.data for e in events if e.type == "worker.findings"]
    spans = sorted((datetime.fromisoformat(f["started_at"]), datetime.fromisoformat(
        f["finished_at"])) for f in findings)
    assert any(a[1] >= b[0] for a, b in itertools.pairwise(spans)), (
        "two workers ran at overlapping times")

    # What the browser saw is what the log holds, in the same order.
    r = await client.http.get(f"/v1/conversations/{conversation}/events")
    assert r.status_code == 200
    log = [e for e in r.json() if e["event"].get("invocation_id") == accepted["invocation_id"]]
    assert [(e["version"], e["type"]) for e in log] == [(e.id, e.type) for e in events]

    # The answer cites the uploaded policy, and those citations are verified.
    streamed = "".join(str(e.data["text"]) for e in events if e.type == "content.delta")
    draft = next(e.data for e in events if e.type == "draft.completed")
    assert streamed == draft["text"]
    doc_ids = {str(d["id"]) for d in docs}
    checked = [e.data for e in events if e.type == "citation.checked"]
    doc_citations = [c for c in checked if c["kind"] == "document"]
    assert doc_citations, "the answer cites the tenant's documents"
    assert all(str(c["ref"]).removeprefix("doc:").split("#")[0] in doc_ids
               for c in doc_citations)
    assert all(c["status"] == "verified" for c in doc_citations)
    assert "not legal advice" in streamed  # the tenant's mandatory disclaimer
    assert "Offline mode" in streamed
    assert "could not be checked" in streamed  # legislation is not configured yet
    assert verify_chain(await engine.infra.store.chain(uuid.UUID(conversation))) == []


async def test_late_subscriber_and_resume_get_every_event_once(
        engine: Engine, client: Client) -> None:
    await _upload_samples(client)
    conversation = await client.conversation()
    accepted = await client.ask(conversation, QUESTION)
    await wait_for_log(engine, "tenant-a", accepted["invocation_id"], "invocation.completed")

    late = await client.collect(accepted["stream_url"])
    assert late[-1].type == "invocation.completed"
    ids = [e.id for e in late]
    assert ids == sorted(set(ids))

    cut = ids[len(ids) // 2]
    resumed = await client.collect(accepted["stream_url"], last_event_id=cut)
    assert [e.id for e in resumed] == [i for i in ids if i > cut]


async def test_cancel_mid_stream_stops_promptly_and_records_usage(settings: Settings) -> None:
    long_answer = "This answer streams slowly so that it can be cancelled. " * 60
    scripted = ScriptedProvider(responses={"synthesis": [long_answer], "title": ["Damp"]},
                                chunk_size=8, delay_s=0.02)
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted"),
                    provider=scripted)
    await engine.start()
    client = Client(engine)
    try:
        conversation = await client.conversation()
        accepted = await client.ask(conversation, QUESTION)
        seen: list[str] = []
        cancelled_at = 0.0
        loop = asyncio.get_running_loop()
        async with asyncio.timeout(60):
            async for e in client.stream(accepted["stream_url"]):
                seen.append(e.type)
                if e.type == "content.delta" and not cancelled_at:
                    r = await client.http.post(
                        f"/v1/invocations/{accepted['invocation_id']}/cancel")
                    assert r.status_code == 202
                    cancelled_at = loop.time()
                if e.type == "invocation.cancelled":
                    elapsed = loop.time() - cancelled_at
                    usage = e.data["usage"]
        assert seen[-1] == "invocation.cancelled"
        assert elapsed < 0.5, f"cancel took {elapsed:.3f}s"
        assert usage["output_tokens"] > 0  # type: ignore[index]

        records = await engine.infra.store.read_invocation(  # type: ignore[union-attr]
            "tenant-a", uuid.UUID(accepted["invocation_id"]))
        types = [r.type for r in records]
        assert types[-1] == "invocation.cancelled"
        assert "usage.recorded" in types
        assert "content.delta" not in types[types.index("invocation.cancelled"):]
    finally:
        await client.close()
        await engine.stop()


def _serve(service: str, settings: Settings, **extra: str) -> subprocess.Popen[bytes]:
    """``yourai serve SERVICE`` as its own process, as Kubernetes would run it."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("YOURAI_")}
    env.update(YOURAI_NATS_URL=str(settings.nats_url), YOURAI_DATABASE_URL=str(
        settings.database_url), YOURAI_REDIS_URL=str(settings.redis_url),
        YOURAI_NAMESPACE=settings.namespace, YOURAI_ACK_WAIT_S="2", **extra)
    return subprocess.Popen([sys.executable, "-m", "cli.main", "serve", service], env=env,
                            cwd=Path(__file__).resolve().parents[1])


async def test_orchestrator_killed_mid_synthesis_ends_completed_or_failed(
        settings: Settings) -> None:
    async with FakeMessagesAPI(replies=["A slow answer. " * 300], delay_s=0.02) as api:
        others = [s for s in SERVICES if s != "orchestrator"]
        engine = Engine(replace(settings, port=free_port()), services=others)
        await engine.start()
        client = Client(engine)
        model = {"YOURAI_LLM_PROVIDER": "anthropic", "ANTHROPIC_API_KEY": "test-key",
                 "YOURAI_ANTHROPIC_BASE_URL": api.base_url}
        orchestrator = _serve("orchestrator", settings, **model)
        try:
            conversation = await client.conversation()
            accepted = await client.ask(conversation, QUESTION)
            inv = accepted["invocation_id"]
            await wait_for_log(engine, "tenant-a", inv, "content.delta", timeout=60)
            orchestrator.send_signal(signal.SIGKILL)  # mid-synthesis, nothing acknowledged
            orchestrator.wait()
            orchestrator = _serve("orchestrator", settings, **model)
            events = await client.collect(accepted["stream_url"], timeout=90)
            assert events[-1].type in ("invocation.completed", "invocation.failed")
            records = await engine.infra.store.read_invocation(  # type: ignore[union-attr]
                "tenant-a", uuid.UUID(inv))
            terminal = [r for r in records if r.type.startswith("invocation.")
                        and r.type not in ("invocation.started",)]
            assert [r.type for r in terminal] == [events[-1].type]  # exactly one ending
        finally:
            orchestrator.kill()
            orchestrator.wait()
            await client.close()
            await engine.stop()
