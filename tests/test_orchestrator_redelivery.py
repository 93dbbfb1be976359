"""A routing decision delivered again to another replica while the first still answers it, and
the first replica's crash, against real NATS JetStream and PostgreSQL (DESIGN §4).

Replica A answers in a process of its own (``tests.replica``); the rest of the engine and
replicas B run in the test's process. Stopped with SIGSTOP past the ack wait (a loaded
machine's stall, at its extreme), A sends no keep-alive and JetStream delivers the decision
again, to B: B must leave the answer to A, which goes on when it resumes. Stopped past its
lease, A loses it to B, which carries the answer on from the log; A, resumed, must stop without
writing. Killed with SIGKILL, A leaves its lease to lapse, and B takes the invocation over and
ends it: carried on where its model answers as A's did, failed as interrupted where it does
not.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path

import pytest
from nats.aio.msg import Msg

from cli.up import load_sample_tenant
from services.engine import Engine, Runnable, build_service
from shared.config import Settings
from shared.documents import DocumentStore
from shared.embedded import free_port
from shared.events import TERMINAL_TYPES, ContentDelta, DraftCompleted, InvocationFailed
from shared.llm import ScriptedProvider
from shared.store import Recorded
from tests.e2e import Client, wait_for_log
from tests.replica import ANSWER, slow_model

ROOT = Path(__file__).resolve().parents[1]
DAMP = "What does our damp and mould policy say about inspections?"
REPLICAS_B = 3
"""Replicas beside A: JetStream sends a redelivery to any member of the group, A included
(stopped, it reads nothing), so with three others one of them soon has it."""
WAIT_S = 120.0
"""A ceiling for each wait, not an expected time: a loaded machine's answer ends far sooner."""


@contextlib.asynccontextmanager
async def _replica_a(settings: Settings, log: Path | None = None
                     ) -> AsyncIterator[asyncio.subprocess.Process]:
    """The orchestrator's replica A in its own process, subscribed before it is yielded; its
    warnings go to ``log`` where one is given."""
    with contextlib.ExitStack() as files:
        stderr = files.enter_context(log.open("wb")) if log is not None else None
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.replica", str(settings.nats_url),
            str(settings.database_url), settings.namespace, "orchestrator", cwd=ROOT,
            stdout=asyncio.subprocess.PIPE, stderr=stderr)
    try:
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), WAIT_S)
        assert line.strip() == b"ready", line
        yield proc
    finally:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGCONT)
                proc.kill()
            await proc.wait()


@contextlib.asynccontextmanager
async def _engine_without_orchestrator(settings: Settings) -> AsyncIterator[Engine]:
    # The model's deadline is replica A's (``tests.replica``): a replica B that takes the
    # answer over streams it again from its start, fourteen seconds or more.
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted",
                            model_deadline_s=60.0),
                    services=["router", "workers", "verifier", "gateway"],
                    provider=slow_model())
    await engine.start()
    try:
        yield engine
    finally:
        await engine.stop()


def _another_answer() -> ScriptedProvider:
    """A model that answers otherwise than A's: what a second call to a real model may do."""
    return ScriptedProvider(responses={"synthesis": ["Inspections follow each report. " * 70],
                                       "title": ["Damp"]}, chunk_size=8, delay_s=0.05)


async def _replicas_b(engine: Engine, model: Callable[[], ScriptedProvider] = slow_model
                      ) -> list[Runnable]:
    assert engine.infra is not None
    replicas = [build_service("orchestrator", engine.infra, model())
                for _ in range(REPLICAS_B)]
    for replica in replicas:
        await replica.start()
    return replicas


async def _ended(engine: Engine, tenant: str, invocation_id: str) -> list[Recorded]:
    assert engine.infra is not None
    records: list[Recorded] = []
    async with asyncio.timeout(WAIT_S):
        while not any(r.type in TERMINAL_TYPES for r in records):
            await asyncio.sleep(0.2)
            records = await engine.infra.store.read_invocation(tenant,
                                                               uuid.UUID(invocation_id))
    return records


async def test_a_replica_stalled_past_its_ack_wait_keeps_its_answer(settings: Settings) -> None:
    async with _engine_without_orchestrator(settings) as engine:
        assert engine.infra is not None
        tenant = (await load_sample_tenant(DocumentStore(engine.infra.pool)))["tenant_id"]
        nc = await engine.infra.nats()
        durable = engine.infra.subjects.durable("orchestrator_routing_decided")
        async with _replica_a(settings) as a:
            client = Client(engine, tenant=tenant)
            b: list[Runnable] = []
            try:
                accepted = await client.ask(await client.conversation(), DAMP)
                await wait_for_log(engine, tenant, accepted["invocation_id"], "content.delta",
                                   timeout=WAIT_S)
                b = await _replicas_b(engine)  # A is answering: its deltas are in the log
                os.kill(a.pid, signal.SIGSTOP)
                assert not any(r.type == "draft.completed" for r in await engine.infra.store
                               .read_invocation(tenant, uuid.UUID(accepted["invocation_id"]))
                               ), "A finished before it could be stopped"
                # Stopped, A neither acknowledges nor sends a keep-alive: an answer on the
                # decision's acknowledgement subject for a later delivery than A's (the
                # subject's fifth token counts deliveries) is a replica B's.
                from_b = asyncio.Event()

                async def heard(msg: Msg) -> None:
                    if int(msg.subject.split(".")[4]) > 1:
                        from_b.set()

                sub = await nc.subscribe(
                    f"$JS.ACK.{engine.infra.subjects.log_stream}.{durable}.>", cb=heard)
                await asyncio.wait_for(from_b.wait(), WAIT_S)  # B holds a redelivery
                await sub.unsubscribe()
                os.kill(a.pid, signal.SIGCONT)
                events = await client.collect(accepted["stream_url"], timeout=WAIT_S)
            finally:
                await client.close()
                for replica in b:
                    await replica.stop()
    assert events[-1].type == "invocation.completed", events[-1].data.get("reason")
    kinds = [e.type for e in events]
    assert "invocation.failed" not in kinds
    assert kinds.count("draft.completed") == 1 and kinds.count("gap.checked") == 1
    [draft] = [e for e in events if e.type == "draft.completed"]
    streamed = "".join(str(e.data["text"]) for e in events if e.type == "content.delta")
    assert streamed == draft.data["text"] and streamed.startswith(ANSWER)  # streamed once
    assert len({e.id for e in events}) == len(events)


def _one_answer(records: list[Recorded]) -> str:
    """The invocation's answer as the log holds it, checked to be one answer, streamed once and
    completed: every delta index once and in order, their text the draft's, nothing twice."""
    kinds = [r.type for r in records]
    failed = [r.event.reason for r in records if isinstance(r.event, InvocationFailed)]
    assert kinds.count("invocation.completed") == 1 and not failed, (failed, kinds)
    assert kinds.count("draft.completed") == 1 and kinds.count("gap.checked") == 1, kinds
    assert len({r.event.event_id for r in records}) == len(records)
    deltas = [r.event for r in records if isinstance(r.event, ContentDelta)]
    assert [d.index for d in deltas] == list(range(len(deltas)))
    [draft] = [r.event for r in records if isinstance(r.event, DraftCompleted)]
    streamed = "".join(d.text for d in deltas)
    assert streamed == draft.text and streamed.startswith(ANSWER)
    return streamed


async def _holder(engine: Engine, tenant: str, invocation_id: str) -> uuid.UUID | None:
    """Which delivery holds the lease on the invocation's routing decision, in the
    orchestrator's consumer."""
    assert engine.infra is not None
    records = await engine.infra.store.read_invocation(tenant, uuid.UUID(invocation_id))
    [decision] = [r.event.event_id for r in records if r.type == "routing.decided"]
    holder: uuid.UUID | None = await engine.infra.pool.fetchval(
        "SELECT holder FROM work_leases WHERE consumer = $1 AND event_id = $2",
        engine.infra.subjects.durable("orchestrator_routing_decided"), decision)
    return holder


async def test_a_replica_stalled_past_its_lease_leaves_the_answer_to_the_one_that_took_it_over(
        settings: Settings, tmp_path: Path) -> None:
    """A stopped past its lease (a long pause, a starved host) loses it to a replica B, which
    carries the answer on from the log; resumed, A finds its lease taken over at its next
    write and stops without writing: one answer, completed, nothing twice."""
    log = tmp_path / "a.log"
    async with _engine_without_orchestrator(settings) as engine:
        assert engine.infra is not None
        tenant = (await load_sample_tenant(DocumentStore(engine.infra.pool)))["tenant_id"]
        async with _replica_a(settings, log) as a:
            client = Client(engine, tenant=tenant)
            b: list[Runnable] = []
            try:
                accepted = await client.ask(await client.conversation(), DAMP)
                invocation = accepted["invocation_id"]
                await wait_for_log(engine, tenant, invocation, "content.delta", timeout=WAIT_S)
                b = await _replicas_b(engine)
                first = await _holder(engine, tenant, invocation)
                os.kill(a.pid, signal.SIGSTOP)
                holder = first
                async with asyncio.timeout(WAIT_S):  # the lease lapses; a B takes it over
                    while holder == first:
                        await asyncio.sleep(0.5)
                        holder = await _holder(engine, tenant, invocation)
                os.kill(a.pid, signal.SIGCONT)  # while B answers
                events = await client.collect(accepted["stream_url"], timeout=WAIT_S)
                noticed = False
                async with asyncio.timeout(WAIT_S):  # A's next write finds its lease gone
                    while not noticed:
                        await asyncio.sleep(0.2)
                        noticed = b"was taken over" in log.read_bytes()
                records = await engine.infra.store.read_invocation(tenant,
                                                                   uuid.UUID(invocation))
                assert a.returncode is None  # A stopped its run, not its process
            finally:
                await client.close()
                for replica in b:
                    await replica.stop()
    assert events[-1].type == "invocation.completed", events[-1].data.get("reason")
    streamed = _one_answer(records)
    assert [e.id for e in events] == [r.version for r in records]  # the feed is the log
    assert "".join(str(e.data["text"]) for e in events if e.type == "content.delta") == streamed


@pytest.mark.parametrize("model", [slow_model, _another_answer], ids=["same", "another"])
async def test_a_replica_killed_mid_answer_is_taken_over_and_the_answer_ends(
        settings: Settings, model: Callable[[], ScriptedProvider]) -> None:
    async with _engine_without_orchestrator(settings) as engine:
        assert engine.infra is not None
        tenant = (await load_sample_tenant(DocumentStore(engine.infra.pool)))["tenant_id"]
        async with _replica_a(settings) as a:
            client = Client(engine, tenant=tenant)
            b: list[Runnable] = []
            try:
                accepted = await client.ask(await client.conversation(), DAMP)
                await wait_for_log(engine, tenant, accepted["invocation_id"], "content.delta",
                                   timeout=WAIT_S)
                a.kill()  # SIGKILL mid-answer: no release, no ack; its lease must lapse
                await a.wait()
                b = await _replicas_b(engine, model)
                records = await _ended(engine, tenant, accepted["invocation_id"])
            finally:
                await client.close()
                for replica in b:
                    await replica.stop()
    if model is slow_model:
        # B's model answers as A's did: B carries the stream on where A stopped (§4).
        _one_answer(records)
        return
    [terminal] = [r.event for r in records if r.type in TERMINAL_TYPES]
    # B's answer departs from what A streamed: B says so rather than stream a second one.
    assert isinstance(terminal, InvocationFailed), terminal
    assert "service restart" in terminal.reason, terminal
    assert not any(r.type == "draft.completed" for r in records)
