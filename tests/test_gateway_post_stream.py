"""Asking and reading the answer in one request (``POST …/messages/stream``), against the whole
engine: the same turn as ``POST …/messages``, the same feed of the log, resumable where it
was cut off, and refused with a clear 4xx that records nothing."""

from __future__ import annotations

import asyncio
import uuid

import httpx

from services.engine import Engine
from shared.events import TERMINAL_TYPES
from tests.e2e import Client, SseEvent, sse_events

QUESTION = "How quickly must we inspect a report of damp and mould?"


async def _read(response: httpx.Response, *, stop_after: int | None = None) -> list[SseEvent]:
    """The response's events, to its terminal event (or the first ``stop_after``)."""
    events: list[SseEvent] = []
    async with asyncio.timeout(60):
        async for event in sse_events(response):
            events.append(event)
            if event.type in TERMINAL_TYPES or len(events) == stop_after:
                break
    return events


async def _logged(engine: Engine, tenant: str, conversation: str) -> int:
    assert engine.infra is not None
    records = await engine.infra.store.read_conversation(tenant, uuid.UUID(conversation))
    return len(records)


async def test_the_answer_streams_in_the_posts_response_as_the_log_holds_it(
        client: Client) -> None:
    conversation = await client.conversation()
    async with client.http.stream("POST", f"/v1/conversations/{conversation}/messages/stream",
                                  json={"content": QUESTION}) as response:
        assert response.status_code == 200, await response.aread()
        assert response.headers["content-type"].startswith("text/event-stream")
        invocation = response.headers["x-invocation-id"]
        assert response.headers["content-location"] == f"/v1/invocations/{invocation}/stream"
        streamed = await _read(response)
    assert streamed[0].type == "invocation.started"
    assert streamed[-1].type == "invocation.completed"
    assert any(e.type == "content.delta" for e in streamed)
    # exactly what the log holds, once each, in order: the GET stream replays the same
    replayed = await client.collect(f"/v1/invocations/{invocation}/stream")
    assert [(e.id, e.type) for e in streamed] == [(e.id, e.type) for e in replayed]


async def test_a_stream_cut_off_resumes_at_its_content_location(client: Client) -> None:
    conversation = await client.conversation()
    async with client.http.stream("POST", f"/v1/conversations/{conversation}/messages/stream",
                                  json={"content": QUESTION}) as response:
        assert response.status_code == 200
        resume_at = response.headers["content-location"]
        first = await _read(response, stop_after=2)
    rest = await client.collect(resume_at, last_event_id=first[-1].id)
    whole = await client.collect(resume_at)
    assert [e.id for e in first + rest] == [e.id for e in whole]
    assert rest[-1].type in TERMINAL_TYPES


async def test_a_retry_with_its_key_streams_the_same_invocation_once(client: Client) -> None:
    conversation = await client.conversation()
    url = f"/v1/conversations/{conversation}/messages/stream"
    headers = {"Idempotency-Key": "retry-1"}
    async with client.http.stream("POST", url, json={"content": QUESTION},
                                  headers=headers) as response:
        assert response.status_code == 200
        invocation = response.headers["x-invocation-id"]
        once = await _read(response)
    async with client.http.stream("POST", url, json={"content": QUESTION},
                                  headers=headers) as response:
        assert response.status_code == 200
        assert response.headers["x-invocation-id"] == invocation
        again = await _read(response)
    assert [e.id for e in again] == [e.id for e in once]
    assert sum(e.type == "invocation.started" for e in again) == 1


async def test_bad_input_is_a_clear_4xx_and_records_nothing(client: Client,
                                                            engine: Engine) -> None:
    conversation = await client.conversation()
    before = await _logged(engine, client.tenant, conversation)
    url = f"/v1/conversations/{conversation}/messages/stream"
    for body in ({"content": ""}, {"content": 5}, {"text": QUESTION}):
        r = await client.http.post(url, json=body)
        assert r.status_code == 400, r.text
        assert r.headers["content-type"].startswith("application/"), r.headers
        assert "Traceback" not in r.text
    stranger = Client(engine, tenant="tenant-b", user="officer-9")
    try:
        r = await stranger.http.post(url, json={"content": QUESTION})
        assert r.status_code == 404, r.text
    finally:
        await stranger.close()
    assert await _logged(engine, client.tenant, conversation) == before
