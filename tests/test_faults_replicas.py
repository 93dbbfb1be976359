"""Two replicas of every service, each its own process, under concurrent browser-like load.

There is no single writer (DESIGN §3): every replica appends its own events. Afterwards every
invocation has ended exactly once, nothing is duplicated, no conversation has a gap or a broken
hash chain, and each feed a client read is its invocation's part of the log, in order — the
same audit as the fault-injection suite, with the replicas racing instead of dying.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cli.up import load_sample_tenant
from services.engine import SCHEMA, SERVICES
from services.gateway.app import issue_token
from shared.config import Settings
from shared.documents import DocumentStore
from shared.embedded import free_port
from shared.runtime import Infra, open_infra
from tests.faults_audit import LogEntry, audit
from tests.faults_cluster import Supervisor
from tests.faults_load import Flow, LoadClient, LoadPlan, converse
from tests.faults_servers import EmbeddedServers

pytestmark = pytest.mark.faults

REPLICAS = 2
PLAN = LoadPlan(conversations=12, min_questions=3, max_questions=3, cancel_share=0.2)
BOUND_S = 300.0
"""A ceiling, not a latency target: the wait ends when the last conversation does. Ten service
processes on two shared cores answered the 36 questions in 164 s at a load average of 20 (the
whole test took 90 s at 9), past the 90 s this once allowed; what the test proves is the audit,
which is unchanged."""


@dataclass
class Replicated:
    servers: EmbeddedServers
    supervisor: Supervisor
    settings: Settings
    infra: Infra
    tenant: str
    gateways: list[str]


@pytest.fixture
async def replicated() -> AsyncIterator[Replicated]:
    root = Path(tempfile.mkdtemp(prefix="yourai-replicas-"))
    servers = await asyncio.to_thread(EmbeddedServers, root)
    settings = Settings(nats_url=servers.nats.url, database_url=servers.postgres.url,
                        redis_url=servers.redis_url, namespace="replicas", port=free_port(),
                        jwt_secret=f"replicas-{uuid.uuid4().hex}", data_dir=root)
    infra = await open_infra(settings, schema=SCHEMA)
    names = [f"{s}#{i}" for s in SERVICES for i in range(1, REPLICAS + 1)]
    ports = {n: free_port() for n in names if n.startswith("gateway#")}
    supervisor = Supervisor(names, {
        "YOURAI_NATS_URL": str(settings.nats_url),
        "YOURAI_DATABASE_URL": str(settings.database_url),
        "YOURAI_REDIS_URL": str(settings.redis_url),
        "YOURAI_NAMESPACE": settings.namespace,
        "YOURAI_JWT_SECRET": settings.jwt_secret,
        "YOURAI_DATA_DIR": str(root / "data"),
        "YOURAI_LLM_PROVIDER": "offline",
        "YOURAI_RATE_LIMIT_PER_MINUTE": "100000",
        "YOURAI_DB_POOL_SIZE": "5",
    }, root / "logs", env_of={n: {"YOURAI_PORT": str(p)} for n, p in ports.items()})
    passed = False
    try:
        tenant = await load_sample_tenant(DocumentStore(infra.pool))
        await supervisor.start(ready_timeout=180)
        yield Replicated(servers, supervisor, settings, infra, str(tenant["tenant_id"]),
                         [f"http://127.0.0.1:{p}" for p in ports.values()])
        passed = True
    finally:
        await supervisor.stop()
        await infra.close()
        await asyncio.to_thread(servers.close)
        if passed:
            shutil.rmtree(root, ignore_errors=True)
        else:
            print(f"\nreplicas: services' logs and servers' data kept in {root}")


async def test_two_replicas_of_every_service_keep_every_invariant_under_load(
        replicated: Replicated) -> None:
    started = time.monotonic()
    token = issue_token(replicated.settings.jwt_secret, replicated.tenant, "replica-officer")
    gateways = replicated.gateways
    assert len(gateways) == REPLICAS
    clients = [LoadClient(gateways[i % len(gateways)], token) for i in range(PLAN.conversations)]
    flow = Flow(busy_at=PLAN.conversations)
    stop_asking = asyncio.Event()
    stop_asking.set()  # each conversation asks its three questions, then stops
    background: set[asyncio.Task[None]] = set()

    def spawn(job: Awaitable[None]) -> None:
        background.add(asyncio.ensure_future(job))

    conversations = [asyncio.create_task(converse(c, i, PLAN, stop_asking, flow, spawn))
                     for i, c in enumerate(clients)]
    try:
        done, pending = await asyncio.wait([*conversations], timeout=BOUND_S)
        answered_s = time.monotonic() - started
        for task in done:
            task.result()
        if background:
            await asyncio.wait(background, timeout=10)
    finally:
        for task in [*conversations, *background]:
            task.cancel()
        await asyncio.gather(*conversations, *background, return_exceptions=True)
    bound_at = datetime.now(UTC) + timedelta(seconds=5)
    try:
        logs: dict[str, list[LogEntry]] = {}
        for conversation in sorted({r.conversation_id for r in flow.runs}):
            # Each conversation's log read through the other gateway than its own, half the
            # time: a replica serves what another recorded.
            r = await clients[hash(conversation) % len(clients)].http.get(
                f"/v1/conversations/{conversation}/events")
            assert r.status_code == 200, r.text
            logs[conversation] = [LogEntry.of(raw) for raw in r.json()]
    finally:
        for c in clients:
            await c.close()
    result = await audit(replicated.infra.pool, logs, flow.runs, bound_at)
    print(f"\nreplicas: {result.summary(kills=0, restarts=0, cancels=0)} "
          f"runs={len(flow.runs)} answered_s={answered_s:.0f} "
          f"total_s={time.monotonic() - started:.0f}")
    problems = result.problems()
    assert not problems, "\n".join(problems[:40])
    assert not pending, f"{len(pending)} conversations unfinished after {BOUND_S:.0f}s"
    assert len(flow.runs) == PLAN.conversations * PLAN.max_questions
    assert result.outcomes["invocation.completed"] > 0
    assert sum(replicated.supervisor.restarts.values()) == 0, "a replica died"
