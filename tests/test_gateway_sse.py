"""The live feed: committed events of one invocation, exactly once, in version order.

No other service runs here: the test records the invocation's events itself, as a producer
would, with ``tests.log_writes.record``.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest

from services.gateway.config import GatewayConfig
from shared.bus import Bus, connect_nats
from shared.events import (
    ContentDelta,
    Event,
    InvocationCompleted,
    InvocationFailed,
    RoutingDecided,
)
from shared.runtime import Infra
from shared.store import Recorded
from tests.harness import Api, Harness, SseMessage, read_sse
from tests.log_writes import record

TENANT = "tenant-a"


@pytest.fixture
async def bus(infra: Infra) -> AsyncIterator[Bus]:
    """A publisher of its own, as a producing service would be."""
    assert infra.settings.nats_url
    nc = await connect_nats(infra.settings.nats_url, name="test-producer")
    try:
        yield Bus(nc, infra.subjects)
    finally:
        await nc.close()


def _answer(conversation_id: uuid.UUID, invocation_id: uuid.UUID) -> list[Event]:
    base = {"conversation_id": conversation_id, "tenant_id": TENANT,
            "invocation_id": invocation_id}
    return [
        RoutingDecided(**base, query_type="policy", complexity=20, workers=["policy"],
                       model_tier="fast"),
        ContentDelta(**base, text="Inspect ", index=0),
        ContentDelta(**base, text="within ", index=1),
        ContentDelta(**base, text="10 days.", index=2),
        InvocationCompleted(**base),
    ]


async def _collect(api: Api, invocation_id: uuid.UUID, *, headers: dict[str, str] | None = None,
                   query: str = "", keep_comments: bool = False) -> list[SseMessage]:
    """Read a whole feed (it must end by itself)."""
    out: list[SseMessage] = []
    async with asyncio.timeout(15):
        async with api.http.stream(
            "GET", f"/v1/invocations/{invocation_id}/stream{query}",
            headers={**api.auth(), **(headers or {})},
        ) as response:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            async for message in read_sse(response):
                if message.event is not None or keep_comments:
                    out.append(message)
    return out


async def _wait_for_feeds(api: Api, count: int) -> None:
    async with asyncio.timeout(10):
        while api.gateway.open_feeds != count:  # noqa: ASYNC110 (bounded poll of a counter)
            await asyncio.sleep(0.01)


def _assert_exactly(messages: list[SseMessage], records: list[Recorded]) -> None:
    assert [int(m.id or 0) for m in messages] == [r.version for r in records]
    assert [m.event for m in messages] == [r.type for r in records]
    assert [m.data for m in messages] == [[r.payload.decode()] for r in records]


async def test_live_subscriber_gets_every_event_once_in_order(api: Api, bus: Bus) -> None:
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    routing, d1, d2, d3, done = _answer(conversation_id, invocation_id)
    feed = asyncio.create_task(_collect(api, invocation_id))
    await _wait_for_feeds(api, 1)

    await record(api.infra.store, bus, [routing, d1])
    await api.ask(conversation_id, "A second question meanwhile")  # takes versions in between
    await record(api.infra.store, bus, [d1])  # a republished duplicate
    await api.infra.store.append([d2])  # recorded, but its publication was lost
    await record(api.infra.store, bus, [d3, done])
    await record(api.infra.store, bus, [done])

    messages = await feed
    records = await api.infra.store.read_invocation(TENANT, invocation_id)
    assert [r.type for r in records] == ["invocation.started", "message.received",
                                         "routing.decided", "content.delta", "content.delta",
                                         "content.delta", "invocation.completed"]
    _assert_exactly(messages, records)
    versions = [r.version for r in records]
    assert versions != list(range(versions[0], versions[0] + len(versions)))  # gaps exercised
    await _wait_for_feeds(api, 0)


async def test_late_subscriber_gets_a_full_replay_then_the_end(api: Api, bus: Bus) -> None:
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    await record(api.infra.store, bus, _answer(conversation_id, invocation_id))
    messages = await _collect(api, invocation_id)
    _assert_exactly(messages, await api.infra.store.read_invocation(TENANT, invocation_id))
    assert messages[-1].event == "invocation.completed"


async def test_last_event_id_resumes_after_that_version(api: Api, bus: Bus) -> None:
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    await record(api.infra.store, bus, _answer(conversation_id, invocation_id))
    records = await api.infra.store.read_invocation(TENANT, invocation_id)
    resume = records[3].version

    by_header = await _collect(api, invocation_id, headers={"Last-Event-ID": str(resume)})
    _assert_exactly(by_header, records[4:])
    by_query = await _collect(api, invocation_id, query=f"?last_event_id={resume}")
    _assert_exactly(by_query, records[4:])
    # Past the end: nothing left to send, and the feed ends at once.
    assert await _collect(api, invocation_id,
                          headers={"Last-Event-ID": str(records[-1].version)}) == []


async def test_reconnecting_mid_answer_misses_nothing(api: Api, bus: Bus) -> None:
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    routing, d1, d2, d3, done = _answer(conversation_id, invocation_id)
    await record(api.infra.store, bus, [routing, d1])

    seen: list[SseMessage] = []
    async with asyncio.timeout(10), api.http.stream(
        "GET", f"/v1/invocations/{invocation_id}/stream", headers=api.auth()
    ) as response:
        async for message in read_sse(response):
            seen.append(message)
            if message.event == "content.delta":
                break  # the browser loses its connection here
    await _wait_for_feeds(api, 0)  # the gateway unsubscribed

    await record(api.infra.store, bus, [d2, d3, done])
    rest = await _collect(api, invocation_id, headers={"Last-Event-ID": seen[-1].id or ""})
    _assert_exactly(seen + rest, await api.infra.store.read_invocation(TENANT, invocation_id))


async def test_idle_feed_sends_keep_alive_comments(gateways: Harness, bus: Bus) -> None:
    api = await gateways.start(config=GatewayConfig(keepalive_s=0.2))
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    messages: list[SseMessage] = []
    async with asyncio.timeout(10), api.http.stream(
        "GET", f"/v1/invocations/{invocation_id}/stream", headers=api.auth()
    ) as response:
        async for message in read_sse(response):
            messages.append(message)
            if message.comments == ["keep-alive"] and message.event is None:
                await record(api.infra.store, bus, [InvocationFailed(
                    conversation_id=conversation_id, tenant_id=TENANT,
                    invocation_id=invocation_id, stage="router", reason="Test.")])
    events = [m.event for m in messages if m.event is not None]
    assert events == ["invocation.started", "message.received", "invocation.failed"]
    assert any(m.comments == ["keep-alive"] and not m.data for m in messages)


@pytest.mark.parametrize("value", ["abc", "-1", "1.5"])
async def test_a_bad_last_event_id_is_400(api: Api, value: str) -> None:
    invocation_id = await api.ask(await api.conversation())
    resp = await api.http.get(f"/v1/invocations/{invocation_id}/stream",
                              headers={**api.auth(), "Last-Event-ID": value})
    assert resp.status_code == 400
    assert "Last-Event-ID" in resp.json()["detail"]
    assert api.gateway.open_feeds == 0


async def test_stopping_the_server_closes_open_feeds(gateways: Harness) -> None:
    api = await gateways.start(config=GatewayConfig(keepalive_s=0.2, shutdown_grace_s=0.5))
    invocation_id = await api.ask(await api.conversation())
    gateway = api.gateway
    async with asyncio.timeout(10), api.http.stream(
        "GET", f"/v1/invocations/{invocation_id}/stream", headers=api.auth()
    ) as response:
        async for message in read_sse(response):
            if message.event == "message.received":
                break
        await asyncio.wait_for(api.server.stop(), 5)
    assert gateway.open_feeds == 0


async def test_a_just_posted_turn_streams_the_same_records_without_its_hand_off(
        gateways: Harness, bus: Bus) -> None:
    """The feed of a turn this gateway has just recorded starts from what the POST committed
    (services.gateway.handoff); it must be exactly what a gateway without it streams."""
    api = await gateways.start()
    other = await gateways.start()  # never saw the POST: reads everything from the log
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    assert api.gateway.handoff.find(TENANT, "alice", invocation_id) is not None
    assert other.gateway.handoff.find(TENANT, "alice", invocation_id) is None
    await record(api.infra.store, bus, _answer(conversation_id, invocation_id))
    records = await api.infra.store.read_invocation(TENANT, invocation_id)
    _assert_exactly(await _collect(api, invocation_id), records)
    _assert_exactly(await _collect(other, invocation_id), records)
    resume = {"Last-Event-ID": str(records[0].version)}  # after invocation.started
    _assert_exactly(await _collect(api, invocation_id, headers=resume), records[1:])


async def test_a_hand_off_is_only_for_the_user_who_posted(api: Api) -> None:
    conversation_id = await api.conversation()
    invocation_id = await api.ask(conversation_id)
    for user in ("bob", "mallory"):
        response = await api.http.get(f"/v1/invocations/{invocation_id}/stream",
                                      headers=api.auth(user=user))
        assert response.status_code == 404
    other_tenant = await api.http.get(f"/v1/invocations/{invocation_id}/stream",
                                      headers=api.auth(tenant="tenant-b"))
    assert other_tenant.status_code == 404
