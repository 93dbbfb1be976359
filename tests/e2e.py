"""Driving the whole engine over its HTTP API, as a browser would (shared by end-to-end tests)."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import httpx

from services.engine import Engine
from services.gateway.auth import issue_token
from shared.store import Recorded


@dataclass
class SseEvent:
    type: str
    id: int
    data: dict[str, object]


async def sse_events(response: httpx.Response) -> AsyncIterator[SseEvent]:
    """The server-sent events of a response, as they arrive (comments skipped)."""
    kind, ident, data = "message", 0, []
    async for line in response.aiter_lines():
        if line == "":
            if data:
                yield SseEvent(kind, ident, json.loads("\n".join(data)))
            kind, ident, data = "message", 0, []
        elif line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("id:"):
            ident = int(line[3:].strip())
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())


@dataclass
class Client:
    """An authenticated API client for one tenant and user."""

    engine: Engine
    tenant: str = "tenant-a"
    user: str = "officer-1"
    http: httpx.AsyncClient = field(init=False)

    def __post_init__(self) -> None:
        token = issue_token(self.engine.settings.jwt_secret, self.tenant, self.user)
        self.http = httpx.AsyncClient(base_url=self.engine.gateway_url,
                                      headers={"Authorization": f"Bearer {token}"},
                                      timeout=httpx.Timeout(10, read=60))

    async def upload(self, title: str, content: str) -> dict[str, object]:
        r = await self.http.post("/v1/documents", json={"title": title, "content": content})
        assert r.status_code == 201, r.text
        return r.json()

    async def conversation(self) -> str:
        r = await self.http.post("/v1/conversations", json={})
        assert r.status_code == 201, r.text
        return str(r.json()["id"])

    async def ask(self, conversation: str, content: str) -> dict[str, str]:
        r = await self.http.post(f"/v1/conversations/{conversation}/messages",
                                 json={"content": content})
        assert r.status_code == 202, r.text
        return r.json()

    async def stream(self, url: str, *, last_event_id: int | None = None
                     ) -> AsyncIterator[SseEvent]:
        headers = {"Last-Event-ID": str(last_event_id)} if last_event_id is not None else {}
        async with self.http.stream("GET", url, headers=headers) as response:
            assert response.status_code == 200
            async for event in sse_events(response):
                yield event

    async def collect(self, url: str, *, last_event_id: int | None = None,
                      timeout: float = 60) -> list[SseEvent]:
        async def run() -> list[SseEvent]:
            return [e async for e in self.stream(url, last_event_id=last_event_id)]

        return await asyncio.wait_for(run(), timeout)

    async def close(self) -> None:
        await self.http.aclose()


async def wait_for_log(engine: Engine, tenant: str, invocation_id: str, type_: str,
                       timeout: float = 30) -> list[Recorded]:
    """Poll the log until an event of ``type_`` is recorded for the invocation."""
    assert engine.infra is not None
    inv = uuid.UUID(invocation_id)
    async with asyncio.timeout(timeout):
        while True:
            records = await engine.infra.store.read_invocation(tenant, inv)
            if any(r.type == type_ for r in records):
                return records
            await asyncio.sleep(0.05)
