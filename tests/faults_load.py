"""Browser-like load for the fault-injection suite: conversations, live feeds, cancels.

Each conversation asks questions one after another and follows each answer's feed
(``GET /v1/invocations/{id}/stream``) as a browser's ``EventSource`` does: when the connection
drops (a gateway killed, say) it reconnects with ``Last-Event-ID`` and carries on. Requests
that fail for want of a server are retried, posts with an ``Idempotency-Key`` so a retry never
asks twice. What the client saw is kept per invocation for the audit (``faults_audit``).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import httpx

from shared.events import TERMINAL_TYPES
from tests.harness import read_sse

__all__ = ["Flow", "LoadClient", "LoadPlan", "Run", "Seen", "converse"]

RETRY_PAUSE_S = 0.3
QUESTIONS = (
    "What must we do about damp and mould in a flat we let?",
    "How quickly must we respond to a complaint about repairs?",
    "What are our legal duties when a tenant reports a leaking roof?",
    "How do we escalate a stage one complaint to stage two?",
    "When must an emergency repair be completed?",
    "What does our policy say about inspections after mould is reported?",
)


@dataclass(frozen=True)
class Seen:
    """One event as the client received it on the feed."""

    version: int
    type: str
    event_id: str


@dataclass
class Run:
    """One invocation as the client experienced it."""

    conversation_id: str
    invocation_id: str
    accepted_at: float
    events: list[Seen] = field(default_factory=list)
    """Events in the order received, each version once."""
    redelivered: int = 0
    """Events received again after a resume (a resumed feed must not repeat itself)."""
    out_of_order: int = 0
    resumes: int = 0
    cancel_status: str | None = None
    """What ``POST …/cancel`` answered: ``cancel_requested``, or the status it had ended with."""
    cancel_at: float | None = None
    ended_at: float | None = None
    """When the client saw the terminal event (loop time)."""

    @property
    def last_version(self) -> int:
        return max((e.version for e in self.events), default=0)

    def take(self, seen: Seen) -> None:
        if any(e.version == seen.version for e in self.events):
            self.redelivered += 1
            return
        if seen.version < self.last_version:
            self.out_of_order += 1
        self.events.append(seen)


@dataclass(frozen=True)
class LoadPlan:
    conversations: int = 16
    min_questions: int = 2
    max_questions: int = 5
    cancel_share: float = 0.25
    max_cancel_delay_s: float = 2.0
    think_s: tuple[float, float] = (0.2, 1.5)
    seed: int = 8


class Flow:
    """Every run so far, and an event set while at least ``busy_at`` are in flight (so a fault
    can wait until it will hit work, not an idle engine)."""

    def __init__(self, busy_at: int) -> None:
        self.runs: list[Run] = []
        self.busy = asyncio.Event()
        self.busy_at = busy_at

    @property
    def in_flight(self) -> int:
        return sum(1 for r in self.runs if r.ended_at is None)

    def changed(self, run: Run | None = None) -> None:
        if run is not None:
            self.runs.append(run)
        if self.in_flight >= self.busy_at:
            self.busy.set()
        else:
            self.busy.clear()


class LoadClient:
    """One signed-in user's HTTP client, retrying while the gateway is away."""

    def __init__(self, base_url: str, token: str) -> None:
        self.http = httpx.AsyncClient(base_url=base_url, headers={
            "Authorization": f"Bearer {token}"}, timeout=httpx.Timeout(15, read=None))
        self.loop = asyncio.get_running_loop()

    async def close(self) -> None:
        await self.http.aclose()

    async def _post(self, url: str, body: object, headers: dict[str, str] | None = None,
                    *, ok: int, timeout: float = 120) -> dict[str, object]:
        """POST until the gateway answers ``ok`` (a 5xx or a refused connection is retried)."""
        async with asyncio.timeout(timeout):
            while True:
                try:
                    r = await self.http.post(url, json=body, headers=headers)
                except httpx.TransportError:
                    await asyncio.sleep(RETRY_PAUSE_S)
                    continue
                if r.status_code == ok:
                    return dict(r.json())
                if r.status_code < 500:
                    raise AssertionError(f"POST {url}: {r.status_code} {r.text}")
                await asyncio.sleep(RETRY_PAUSE_S)

    async def conversation(self) -> str:
        return str((await self._post("/v1/conversations", {}, ok=201))["id"])

    async def ask(self, conversation_id: str, question: str, key: str) -> Run:
        body = await self._post(f"/v1/conversations/{conversation_id}/messages",
                                {"content": question}, {"Idempotency-Key": key}, ok=202)
        return Run(conversation_id=conversation_id, invocation_id=str(body["invocation_id"]),
                   accepted_at=self.loop.time())

    async def cancel(self, run: Run) -> None:
        body = await self._post(f"/v1/invocations/{run.invocation_id}/cancel", {}, ok=202)
        run.cancel_status, run.cancel_at = str(body["status"]), self.loop.time()

    async def follow(self, run: Run) -> None:
        """Read the feed to its terminal event, reconnecting with ``Last-Event-ID``."""
        url = f"/v1/invocations/{run.invocation_id}/stream"
        first = True
        while run.ended_at is None:
            if not first:
                run.resumes += 1
                await asyncio.sleep(RETRY_PAUSE_S)
            first = False
            headers = {"Last-Event-ID": str(run.last_version)} if run.events else {}
            try:
                async with self.http.stream("GET", url, headers=headers) as response:
                    if response.status_code != 200:
                        continue
                    async for message in read_sse(response):
                        if message.id is None or message.event is None:
                            continue  # a keep-alive comment
                        data = json.loads("\n".join(message.data))
                        run.take(Seen(int(message.id), message.event, str(data["event_id"])))
                        if message.event in TERMINAL_TYPES:
                            run.ended_at = self.loop.time()
            except (httpx.TransportError, httpx.RemoteProtocolError):
                continue


async def converse(client: LoadClient, index: int, plan: LoadPlan, stop_asking: asyncio.Event,
                   flow: Flow, spawn: Callable[[Awaitable[None]], None]) -> None:
    """One user's conversation: ask, follow the answer, think, ask again (cancel some)."""
    rng = random.Random(plan.seed * 1000 + index)
    conversation = await client.conversation()
    for n in range(plan.max_questions):
        if n >= plan.min_questions and stop_asking.is_set():
            return
        question = QUESTIONS[(index + n) % len(QUESTIONS)]
        run = await client.ask(conversation, question, key=f"{conversation}:{n}")
        flow.changed(run)
        if rng.random() < plan.cancel_share:
            spawn(_cancel_later(client, run, rng.uniform(0, plan.max_cancel_delay_s)))
        await client.follow(run)
        flow.changed()
        await asyncio.sleep(rng.uniform(*plan.think_s))


async def _cancel_later(client: LoadClient, run: Run, delay_s: float) -> None:
    await asyncio.sleep(delay_s)
    await client.cancel(run)
