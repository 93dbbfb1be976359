"""Longer outages than the chaos schedule's quick restarts: the engine must come back on its own.

Each test runs the whole engine in this process over its own restartable servers.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

import pytest

from services.engine import SERVICES, Engine
from shared.config import Settings
from shared.embedded import free_port
from shared.events import TERMINAL_TYPES
from shared.llm import ScriptedProvider
from tests.e2e import Client, wait_for_log
from tests.faults_gates import GatedProvider
from tests.faults_proxy import tcp_proxy
from tests.faults_servers import EmbeddedServers

pytestmark = pytest.mark.faults

QUESTION = "What must we do about damp and mould in a flat we let?"


@dataclass
class Outage:
    servers: EmbeddedServers
    engine: Engine
    client: Client


@pytest.fixture
async def outage(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Outage]:
    servers = await asyncio.to_thread(EmbeddedServers, tmp_path_factory.mktemp("outage"))
    settings = Settings(nats_url=servers.nats.url, database_url=servers.postgres.url,
                        redis_url=servers.redis_url, namespace="outage", port=free_port(),
                        llm_provider="scripted", ack_wait_s=3.0, stall_timeout_s=10.0)
    slow = ScriptedProvider(responses={"synthesis": ["A slowly streamed answer. " * 200],
                                       "title": ["Damp"], "routing": ["not json"]},
                            chunk_size=16, delay_s=0.02)
    engine = Engine(settings, provider=slow)
    await engine.start()
    client = Client(engine)
    try:
        yield Outage(servers, engine, client)
    finally:
        await client.close()
        await engine.stop()
        await asyncio.to_thread(servers.close)


async def test_recording_resumes_after_nats_is_away_longer_than_the_publish_timeout(
        outage: Outage) -> None:
    client, servers, settings = outage.client, outage.servers, outage.engine.settings
    await client.upload("Damp", "# Damp\n\nWe must inspect within 10 working days.")
    conversation = await client.conversation()
    first = await client.ask(conversation, QUESTION)
    await wait_for_log(outage.engine, "tenant-a", first["invocation_id"], "content.delta")
    # The database goes first, so the producers at work cannot record; then the broker, and
    # the database comes back while the broker is still away: what they record now cannot be
    # published, and stays in the outbox beyond their publish timeout.
    await asyncio.to_thread(servers.postgres.stop)
    await asyncio.sleep(0.5)
    await asyncio.to_thread(servers.nats.stop)
    await asyncio.to_thread(servers.postgres.start)
    await asyncio.sleep(settings.publish_timeout_s + 2)  # the outage
    await asyncio.to_thread(servers.nats.start)

    # The interrupted invocation ends (the watchdog fails it at worst), and the next question
    # is answered.
    ends = await _ending(outage.engine, first["invocation_id"], timeout=25)
    assert len(ends) == 1, ends
    second = await client.ask(conversation, QUESTION)
    events = await client.collect(second["stream_url"], timeout=30)
    assert events[-1].type in TERMINAL_TYPES


async def _ending(engine: Engine, invocation_id: str, timeout: float) -> list[str]:
    """The terminal events of the invocation, once it has one."""
    assert engine.infra is not None
    async with asyncio.timeout(timeout):
        while True:
            records = await engine.infra.store.read_invocation("tenant-a",
                                                               uuid.UUID(invocation_id))
            ends = [r.type for r in records if r.type in TERMINAL_TYPES]
            if ends:
                return ends
            await asyncio.sleep(0.1)


async def test_a_feed_open_across_a_gateway_partition_from_nats_still_ends(
        settings: Settings) -> None:
    provider = GatedProvider(responses={"routing": ["not json"], "title": ["Damp"],
                                        "synthesis": ["Damp must be dealt with promptly. " * 8]},
                             held="synthesis", pass_first=1)
    port = urlsplit(str(settings.nats_url)).port
    assert port is not None
    async with tcp_proxy(port) as proxy:
        core = Engine(replace(settings, llm_provider="scripted"),
                      services=[s for s in SERVICES if s != "gateway"], provider=provider)
        edge = Engine(replace(settings, nats_url=proxy.url, port=free_port()),
                      services=["gateway"])
        await core.start()
        await edge.start()
        client = Client(edge)
        feed = aiter(client.stream((await client.ask(await client.conversation(),
                                                     QUESTION))["stream_url"]))
        try:
            seen = [await anext(feed)]
            while seen[-1].type != "content.delta":
                seen.append(await asyncio.wait_for(anext(feed), 30))
            inv = str(seen[0].data["invocation_id"])
            proxy.cut()  # the gateway alone loses NATS; the answer goes on
            provider.gate.open()
            await wait_for_log(core, "tenant-a", inv, "invocation.completed")
            proxy.heal()
            await _ready(client)  # the gateway is back on NATS, its subscriptions renewed
            while seen[-1].type not in TERMINAL_TYPES:
                seen.append(await asyncio.wait_for(anext(feed), 10))
            assert seen[-1].type == "invocation.completed"
        finally:
            await feed.aclose()  # type: ignore[attr-defined]
            await client.close()
            await edge.stop()
            await core.stop()


async def _ready(client: Client, timeout: float = 20) -> None:
    async with asyncio.timeout(timeout):
        while True:
            if (await client.http.get("/ready")).status_code == 200:
                return
            await asyncio.sleep(0.1)
