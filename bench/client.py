"""A timing API client: post a message, read its SSE stream, note when each milestone arrived.

Kept apart from the tests' client on purpose (the benchmark must not import from ``tests/``) and
lean on purpose: it parses only what it needs, so the client spends little of the machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from services.gateway.app import issue_token
from shared.events import TERMINAL_TYPES

__all__ = ["SAMPLES", "ApiClient", "Turn"]

SAMPLES = Path(__file__).resolve().parents[1] / "samples" / "policies"


@dataclass(frozen=True)
class Turn:
    """One invocation as the client saw it; times are seconds since the client's POST."""

    first_event: float
    first_delta: float
    completed: float
    events: int
    terminal: str


class ApiClient:
    """One tenant user talking to the gateway over HTTP and SSE."""

    def __init__(self, base_url: str, secret: str, *, tenant: str, user: str,
                 kept_alive: bool = True) -> None:
        token = issue_token(secret, tenant, user)
        headers = {"Authorization": f"Bearer {token}"}
        admin = issue_token(secret, tenant, user, roles=["admin"])
        self._admin = {"Authorization": f"Bearer {admin}"}
        self.opened = 0
        """TCP connections this client has opened (its requests' and its streams')."""
        hooks = {"request": [self._traced]}
        self.http = httpx.AsyncClient(base_url=base_url, headers=headers,
                                      timeout=httpx.Timeout(30, read=120), event_hooks=hooks)
        # Streams have a client of their own, never the connection a POST was just sent on.
        # Each stream is read to its end and its connection kept for the next, as a
        # browser's ``fetch`` keeps it (``kept_alive``; otherwise a new connection for every
        # stream, as this client did until round seventeen). Kept-alive streams had their first
        # event 40 ms late until the gateway's connections turned Nagle's algorithm off
        # (shared/asgi_server.py; docs/BENCHMARKS.md, round seventeen).
        self.kept_alive = kept_alive
        self.sse = httpx.AsyncClient(
            base_url=base_url, headers=headers, timeout=httpx.Timeout(30, read=120),
            event_hooks=hooks, limits=httpx.Limits(max_connections=100) if kept_alive
            else httpx.Limits(max_keepalive_connections=0))

    async def _traced(self, request: httpx.Request) -> None:
        """Count the TCP connections the request opens (httpcore's trace of its connect)."""
        async def trace(event: str, info: dict[str, object]) -> None:
            if event == "connection.connect_tcp.complete":
                self.opened += 1

        request.extensions = {**request.extensions, "trace": trace}

    async def upload_samples(self) -> list[str]:
        """The three sample policies, through the API; returns their document ids."""
        ids = []
        for path in sorted(SAMPLES.glob("*.md")):
            r = await self.http.post("/v1/documents",
                                     json={"title": path.stem, "content": path.read_text()})
            r.raise_for_status()
            ids.append(str(r.json()["id"]))
        return ids

    async def without_cache(self) -> None:
        """Turn the tenant's semantic cache off (``cache_ttl_days`` 0), so every question runs
        the whole pipeline: the benchmark measures the engine's work, which a cache hit skips,
        and the LangGraph baseline has no cache."""
        r = await self.http.patch("/v1/tenant", json={"cache_ttl_days": 0}, headers=self._admin)
        r.raise_for_status()

    async def conversation(self) -> str:
        r = await self.http.post("/v1/conversations", json={})
        r.raise_for_status()
        return str(r.json()["id"])

    async def turn(self, conversation: str, question: str, *, in_post: bool = False) -> Turn:
        """Post ``question`` and read its stream from the start until the terminal event:
        by a second request, as an ``EventSource`` does, or (``in_post``) in the POST's own
        response, as a ``fetch`` reading ``…/messages/stream`` does."""
        t0 = time.perf_counter()
        url = f"/v1/conversations/{conversation}/messages"
        if in_post:
            async with self.sse.stream("POST", f"{url}/stream",
                                       json={"content": question}) as response:
                response.raise_for_status()
                return await _read_turn(response, t0, to_end=self.kept_alive)
        r = await self.http.post(url, json={"content": question})
        r.raise_for_status()
        async with self.sse.stream("GET", r.json()["stream_url"]) as response:
            response.raise_for_status()
            return await _read_turn(response, t0, to_end=self.kept_alive)

    async def close(self) -> None:
        await self.http.aclose()
        await self.sse.aclose()


async def _read_turn(response: httpx.Response, t0: float, *, to_end: bool) -> Turn:
    """The stream's milestones, in seconds since ``t0``, up to its terminal event; ``to_end``:
    the response read to its end after it (the server ends it there), so that its connection
    can serve the next request."""
    first_event = first_delta = 0.0
    events = 0
    kind = ""
    turn: Turn | None = None
    async for line in response.aiter_lines():
        if turn is not None or not line.startswith("event:"):
            continue
        kind = line[6:].strip()
        now = time.perf_counter() - t0
        events += 1
        first_event = first_event or now
        if kind == "content.delta" and not first_delta:
            first_delta = now
        if kind in TERMINAL_TYPES:
            turn = Turn(first_event, first_delta, now, events, kind)
            if not to_end:
                break
    if turn is None:
        raise RuntimeError(f"the stream ended without a terminal event (last {kind!r})")
    return turn
