"""Infrastructure away: a committed change is reported done and still delivered; what cannot be
served is a 503 with Retry-After, never a 500 (issue 8, defects 3 and 5)."""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import httpx
import nats.errors
import pytest
from litestar import Request
from redis.exceptions import ConnectionError as RedisConnectionError

from services.engine import SCHEMA
from services.gateway.errors import RETRY_AFTER_S, handle_exception
from shared.bus import Committed
from shared.config import Settings
from shared.embedded import free_port, start_nats, start_postgres
from shared.runtime import Infra, open_infra
from shared.store import StoreUnavailable
from tests.harness import Api, Harness


def _unavailable(resp: httpx.Response) -> None:
    assert resp.status_code == 503, resp.text
    assert resp.headers["retry-after"] == str(RETRY_AFTER_S)
    assert "try again" in resp.json()["detail"] and "Traceback" not in resp.text


async def test_nats_down_committed_changes_are_reported_done_and_delivered_later(
        infra: Infra) -> None:
    root = Path(tempfile.mkdtemp(prefix="yo"))
    port = free_port()
    with contextlib.ExitStack() as first:
        url = start_nats(first, root / "n", port)
        harness = Harness(replace(infra, settings=replace(infra.settings, nats_url=url)))
        async with harness:
            api = await harness.start()
            # NATS goes away (the stack terminates it) while the gateway runs.
            first.close()
            started = time.monotonic()
            resp = await api.http.post("/v1/conversations", json={"title": "Damp"},
                                       headers=api.auth())
            assert resp.status_code == 201, resp.text
            conversation_id = uuid.UUID(resp.json()["id"])
            resp = await api.http.post(f"/v1/conversations/{conversation_id}/messages",
                                       json={"content": "Must we inspect for damp?"},
                                       headers=api.auth())
            assert resp.status_code == 202, resp.text
            invocation_id = uuid.UUID(resp.json()["invocation_id"])
            assert time.monotonic() - started < 8  # bounded waits, not 10 s each
            detail = await api.http.get(f"/v1/conversations/{conversation_id}",
                                        headers=api.auth())
            assert [m["content"] for m in detail.json()["messages"]] == [
                "Must we inspect for damp?"]
            assert await infra.pool.fetchval("SELECT count(*) FROM publish_outbox") == 3

            # NATS returns: the outbox sweep delivers the message to the router's subject.
            with contextlib.ExitStack() as second:
                start_nats(second, root / "n", port)
                committed = await _next_committed(api, "message.received", invocation_id)
                assert committed.version == 3
                async with asyncio.timeout(20):
                    while True:  # the sweep clears what it published
                        if not await infra.pool.fetchval("SELECT count(*) FROM publish_outbox"):
                            break
                        await asyncio.sleep(0.1)
    assert await api.event_count() == 3  # nothing recorded twice


async def _next_committed(api: Api, type_: str, invocation_id: uuid.UUID) -> Committed:
    """The committed ``type_`` of the invocation, as a service consuming the log sees it."""
    js = api.gateway.bus.js
    async with asyncio.timeout(30):
        while True:
            try:
                sub = await js.subscribe(api.infra.subjects.committed_of_type(type_),
                                         ordered_consumer=True)
                break
            except (nats.errors.Error, OSError):
                await asyncio.sleep(0.2)  # still reconnecting
        try:
            while True:
                with contextlib.suppress(nats.errors.TimeoutError):
                    committed = Committed.from_msg(await sub.next_msg(timeout=1))
                    if committed.event.invocation_id == invocation_id:
                        return committed
        finally:
            await sub.unsubscribe()


@contextlib.asynccontextmanager
async def _own_postgres(settings: Settings) -> AsyncIterator[tuple[Infra, contextlib.ExitStack]]:
    """A PostgreSQL of the test's own, which the test may stop."""
    with contextlib.ExitStack() as stack:
        dsn = await asyncio.to_thread(start_postgres, stack,
                                      Path(tempfile.mkdtemp(prefix="yp")) / "pg")
        infra = await open_infra(replace(settings, database_url=dsn), schema=SCHEMA)
        try:
            yield infra, stack
        finally:
            await infra.close()


async def test_postgres_down_every_endpoint_is_503_with_retry_after(settings: Settings) -> None:
    async with _own_postgres(settings) as (infra, server), Harness(infra) as harness:
        api = await harness.start()
        conversation_id = await api.conversation()
        invocation_id = await api.ask(conversation_id)
        await asyncio.to_thread(server.close)  # PostgreSQL stops
        h = api.auth()
        # This gateway recorded the turn and hands its stream the first records: the
        # response has begun when the log turns out to be away, so the feed ends cleanly
        # after them, and the reconnection gets the 503 (on this gateway once the hand-off
        # has expired, as on any other at once).
        async with asyncio.timeout(10):
            handed = await api.http.get(f"/v1/invocations/{invocation_id}/stream", headers=h)
        assert handed.status_code == 200
        assert [line for line in handed.text.splitlines() if line.startswith("event:")] == [
            "event: invocation.started", "event: message.received"]
        api.gateway.handoff.ttl_s = 0
        for method, url, kwargs in [
            ("GET", "/v1/conversations", {}),
            ("POST", "/v1/conversations", {"json": {"title": "x"}}),
            ("GET", f"/v1/conversations/{conversation_id}", {}),
            ("PATCH", f"/v1/conversations/{conversation_id}", {"json": {"title": "y"}}),
            ("DELETE", f"/v1/conversations/{conversation_id}", {}),
            ("GET", f"/v1/conversations/{conversation_id}/events", {}),
            ("POST", f"/v1/conversations/{conversation_id}/messages", {"json": {
                "content": "And if the tenant is vulnerable?"}}),
            ("GET", f"/v1/invocations/{invocation_id}/stream", {}),
            ("POST", f"/v1/invocations/{invocation_id}/cancel", {}),
            ("POST", "/v1/documents", {"json": {"title": "Repairs", "content": "We repair."}}),
        ]:
            resp = await api.http.request(method, url, headers=h, **kwargs)  # type: ignore[arg-type]
            _unavailable(resp)


@pytest.mark.parametrize("error", [
    nats.errors.TimeoutError(), nats.errors.NoServersError(), nats.errors.ConnectionClosedError(),
    RedisConnectionError("Connection refused"), StoreUnavailable("down"), TimeoutError(),
])
def test_infrastructure_errors_are_503_at_the_one_boundary(error: Exception) -> None:
    request = Request(scope={"type": "http", "method": "GET", "path": "/v1/x", "headers": [],
                             "query_string": b"", "server": ("h", 80), "scheme": "http",
                             "root_path": "", "app": None})  # type: ignore[typeddict-item]
    response = handle_exception(request, error)
    assert response.status_code == 503
    assert {k.lower(): v for k, v in response.headers.items()}["retry-after"] == str(
        RETRY_AFTER_S)
