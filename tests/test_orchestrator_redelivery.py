"""A routing decision delivered again to another replica while the first still answers it, and
the first replica's crash, against real NATS JetStream and PostgreSQL (DESIGN §4).

Replica A answers in a process of its own (``tests.replica``); the rest of the engine and
replicas B run in the test's process. Stopped with SIGSTOP past the ack wait (a loaded
machine's stall, at its extreme), A sends no keep-alive and JetStream delivers the decision
again, to B: B must leave the answer to A, which goes on when it resumes. Killed with SIGKILL,
A leaves its lease to lapse, and B takes the invocation over and ends it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

from nats.aio.msg import Msg

from cli.up import load_sample_tenant
from services.engine import Engine, Runnable, build_service
from shared.config import Settings
from shared.documents import DocumentStore
from shared.embedded import free_port
from shared.events import TERMINAL_TYPES, InvocationFailed
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
async def _replica_a(settings: Settings) -> AsyncIterator[asyncio.subprocess.Process]:
    """The orchestrator's replica A in its own process, subscribed before it is yielded."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.replica", str(settings.nats_url),
        str(settings.database_url), settings.namespace, "orchestrator", cwd=ROOT,
        stdout=asyncio.subprocess.PIPE)
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
    engine = Engine(replace(settings, port=free_port(), llm_provider="scripted"),
                    services=["router", "workers", "verifier", "gateway"],
                    provider=slow_model())
    await engine.start()
    try:
        yield engine
    finally:
        await engine.stop()


async def _replicas_b(engine: Engine) -> list[Runnable]:
    assert engine.infra is not None
    replicas = [build_service("orchestrator", engine.infra, slow_model())
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


async def test_a_replica_killed_mid_answer_is_taken_over_and_the_answer_ends(
        settings: Settings) -> None:
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
                b = await _replicas_b(engine)
                records = await _ended(engine, tenant, accepted["invocation_id"])
            finally:
                await client.close()
                for replica in b:
                    await replica.stop()
    [terminal] = [r.event for r in records if r.type in TERMINAL_TYPES]
    # Part of the answer had streamed: B says so rather than stream a second answer (§4).
    assert isinstance(terminal, InvocationFailed), terminal
    assert "service restart" in terminal.reason, terminal
    assert not any(r.type == "draft.completed" for r in records)
