"""Fault injection: every service its own process, killed with SIGKILL in turn, NATS and
PostgreSQL restarted, cancels at random moments — all under concurrent browser-like load.

Afterwards every invocation must have ended (completed, cancelled or failed) within the bound,
none lost, nothing duplicated, each feed equal to the log, every hash chain intact. The counts
are printed (``pytest -m faults -s`` shows them).
"""

from __future__ import annotations

import asyncio
import contextlib
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

STALL_TIMEOUT_S = 20
"""The orchestrator's watchdog fails an invocation quiet for this long (so none hangs)."""
BOUND_S = 60.0
"""Every invocation must have ended this long after the chaos stops."""
CHAOS = ("nats", "router", "workers", "postgres", "orchestrator", "verifier", "gateway")
"""The schedule: a service name is a SIGKILL of its process; ``nats`` and ``postgres`` are
restarts of the server (same port or socket, same data); every service meets them at work."""
PAUSE_S = 1.5
"""Load runs on between faults, once the last one has been recovered from."""
PLAN = LoadPlan(conversations=16, min_questions=2, max_questions=20)
BUSY_AT = 4
"""A fault waits (up to ``BUSY_WAIT_S``) until this many invocations are in flight."""
BUSY_WAIT_S = 15.0


@dataclass
class Cluster:
    servers: EmbeddedServers
    supervisor: Supervisor
    settings: Settings
    infra: Infra
    tenant: str
    root: Path
    keep: bool = True
    """Keep the servers' data and the services' logs (for diagnosis) unless the test passed."""

    @property
    def gateway_url(self) -> str:
        return f"http://127.0.0.1:{self.settings.port}"


@pytest.fixture
async def cluster() -> AsyncIterator[Cluster]:
    # Not pytest's tmp_path: other checkouts' test runs on this machine prune those.
    root = Path(tempfile.mkdtemp(prefix="yourai-faults-"))
    servers = await asyncio.to_thread(EmbeddedServers, root)
    settings = Settings(nats_url=servers.nats.url, database_url=servers.postgres.url,
                        redis_url=servers.redis_url, namespace="faults", port=free_port(),
                        jwt_secret=f"faults-{uuid.uuid4().hex}", data_dir=root)
    infra = await open_infra(settings, schema=SCHEMA)
    supervisor = Supervisor(SERVICES, _service_env(settings, root), root / "logs")
    try:
        tenant = await load_sample_tenant(DocumentStore(infra.pool))
        await supervisor.start()
        cluster = Cluster(servers, supervisor, settings, infra, str(tenant["tenant_id"]), root)
        yield cluster
        keep = cluster.keep
    finally:
        await supervisor.stop()
        await infra.close()
        await asyncio.to_thread(servers.close)
    if keep:
        print(f"\nfaults: services' logs and servers' data kept in {root}")
    else:
        shutil.rmtree(root, ignore_errors=True)


def _service_env(settings: Settings, root: Path) -> dict[str, str]:
    return {
        "YOURAI_NATS_URL": str(settings.nats_url),
        "YOURAI_DATABASE_URL": str(settings.database_url),
        "YOURAI_REDIS_URL": str(settings.redis_url),
        "YOURAI_NAMESPACE": settings.namespace,
        "YOURAI_PORT": str(settings.port),
        "YOURAI_JWT_SECRET": settings.jwt_secret,
        "YOURAI_DATA_DIR": str(root / "data"),
        "YOURAI_LLM_PROVIDER": "offline",
        "YOURAI_ACK_WAIT_S": "3",
        "YOURAI_STALL_TIMEOUT_S": str(STALL_TIMEOUT_S),
        "YOURAI_RATE_LIMIT_PER_MINUTE": "100000",
    }


async def _inject(cluster: Cluster, fault: str) -> None:
    """One fault, returning once the engine has it back (a service ready, a server up)."""
    if fault == "nats":
        await asyncio.to_thread(cluster.servers.nats.restart)
    elif fault == "postgres":
        await asyncio.to_thread(cluster.servers.postgres.restart)
    else:
        await cluster.supervisor.kill(fault)


async def _chaos(cluster: Cluster, flow: Flow) -> list[int]:
    """Inject each fault in turn once work is in flight; returns how much was, at each."""
    in_flight = []
    for fault in CHAOS:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(flow.busy.wait(), BUSY_WAIT_S)
        in_flight.append(flow.in_flight)
        await _inject(cluster, fault)
        await asyncio.sleep(PAUSE_S)
    return in_flight


async def _logs(client: LoadClient, conversations: set[str]) -> dict[str, list[LogEntry]]:
    """Each conversation's log as an auditor reads it, over the API."""
    logs: dict[str, list[LogEntry]] = {}
    for conversation in sorted(conversations):
        r = await client.http.get(f"/v1/conversations/{conversation}/events")
        assert r.status_code == 200, r.text
        logs[conversation] = [LogEntry.of(raw) for raw in r.json()]
    return logs


async def test_every_invocation_ends_once_under_kills_restarts_and_cancels(
        cluster: Cluster) -> None:
    started = time.monotonic()
    token = issue_token(cluster.settings.jwt_secret, cluster.tenant, "faults-officer")
    clients = [LoadClient(cluster.gateway_url, token) for _ in range(PLAN.conversations)]
    flow = Flow(busy_at=BUSY_AT)
    runs = flow.runs
    stop_asking = asyncio.Event()
    background: set[asyncio.Task[None]] = set()

    def spawn(job: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(job)
        background.add(task)

    conversations = [asyncio.create_task(converse(c, i, PLAN, stop_asking, flow, spawn))
                     for i, c in enumerate(clients)]
    try:
        in_flight = await _chaos(cluster, flow)
        stop_asking.set()
        bound_at = datetime.now(UTC) + timedelta(seconds=BOUND_S)
        chaos_s = time.monotonic() - started
        done, pending = await asyncio.wait([*conversations, *background], timeout=BOUND_S + 5)
        for task in done:
            task.result()  # a client's own failure (a 4xx, say) fails the test here
    finally:
        for task in [*conversations, *background]:
            task.cancel()
        await asyncio.gather(*conversations, *background, return_exceptions=True)
    try:
        logs = await _logs(clients[0], {r.conversation_id for r in runs})
    finally:
        for c in clients:
            await c.close()
    result = await audit(cluster.infra.pool, logs, runs, bound_at)
    kills = cluster.supervisor.kills
    restarts = sum(cluster.supervisor.restarts.values()) + sum(
        1 for f in CHAOS if f not in SERVICES)
    cancels = sum(1 for r in runs if r.cancel_status is not None)
    print(f"\n{result.summary(kills=kills, restarts=restarts, cancels=cancels)} "
          f"unfinished_clients={len(pending)} in_flight_at_faults={in_flight} "
          f"chaos_s={chaos_s:.0f} "
          f"total_s={time.monotonic() - started:.0f}")
    problems = result.problems()
    assert not problems, "\n".join(problems[:40])
    assert result.redelivered == 0, "a resumed feed repeated events"
    assert not pending, f"{len(pending)} clients still waiting {BOUND_S:.0f}s after the chaos"
    assert result.outcomes["invocation.completed"] > 0
    assert all(in_flight), f"a fault hit an idle engine: {dict(zip(CHAOS, in_flight, strict=True))}"
    expected = dict.fromkeys(SERVICES, 1)
    assert cluster.supervisor.restarts == expected, "a service restarted on its own"
    cluster.keep = False
