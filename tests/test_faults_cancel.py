"""A cancel at each stage ends the invocation ``cancelled`` within a second, exactly once.

The invocation is held at one stage — the router's model call, a worker's Lex search, the
title, the streamed answer, the verifier's legal check — by a gate on the outside world (the
scripted model, the Lex stand-in), cancelled there over the API, and then the gate is opened:
whatever the held step produces late must be refused by the log (DESIGN §3 invariant 8,
§4 "A cancel is honoured at every stage").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, replace

import nats
import pytest

from services.engine import Engine
from shared.config import Settings
from shared.embedded import free_port
from shared.events import TERMINAL_TYPES, Event, event_type
from shared.llm import Purpose
from shared.recording import LogWriter
from shared.runtime import Infra, Service
from shared.store import Appended
from tests.e2e import Client, wait_for_log
from tests.faults_gates import GatedLex, GatedProvider, gated_lex

pytestmark = pytest.mark.faults

CANCEL_WITHIN_S = 1.0
QUESTION = "What are our legal duties about damp and mould in a flat we let?"
ANSWER = ("Landlords must keep the dwelling free of serious hazards, and a local housing "
          "authority must take the appropriate enforcement action "
          '<cite ref="ukpga/2004/34/section/5" quote="they must take the appropriate '
          'enforcement action">1</cite>. ') * 4


@dataclass(frozen=True)
class Stage:
    name: str
    marker: str
    """The event on the feed that says the stage has started: the cancel is sent then."""
    workers: tuple[str, ...] = ("policy",)
    held: Purpose | None = None
    """The model call held at its gate (none: the Lex stand-in's gate holds the stage)."""
    pass_first: int = 0
    late: str | None = None
    """What the held step produces once released, which the log must refuse."""


STAGES = [
    Stage("before routing", "message.received", held="routing", late="routing.decided"),
    Stage("gathering", "agent.start", workers=("policy", "legislation"),
          late="worker.findings"),
    Stage("gap check", "worker.findings", held="title"),
    Stage("title", "gap.checked", held="title"),
    Stage("synthesis", "content.delta", held="synthesis", pass_first=1),
    Stage("verification", "draft.completed", late="invocation.completed"),
]


def _provider(stage: Stage) -> GatedProvider:
    routing = json.dumps({"query_type": "mixed", "complexity": 40, "model_tier": "balanced",
                          "workers": list(stage.workers), "reason": "scripted"})
    return GatedProvider(responses={"routing": [routing], "title": ["Damp and mould duties"],
                                    "synthesis": [ANSWER],
                                    "judge": ['{"supported": true, "reason": "scripted"}']},
                         held=stage.held, pass_first=stage.pass_first)


@dataclass
class Staged:
    engine: Engine
    client: Client
    provider: GatedProvider
    lex: GatedLex
    stage: Stage

    @property
    def infra(self) -> Infra:
        assert self.engine.infra is not None
        return self.engine.infra

    def release(self) -> None:
        self.provider.gate.open()
        self.lex.gate.open()

    @property
    def reached(self) -> asyncio.Event:
        return (self.provider.gate if self.stage.held else self.lex.gate).reached


@pytest.fixture(params=STAGES, ids=[s.name for s in STAGES])
async def staged(request: pytest.FixtureRequest, settings: Settings) -> AsyncIterator[Staged]:
    stage: Stage = request.param
    provider = _provider(stage)
    async with gated_lex() as lex:
        engine = Engine(replace(settings, port=free_port(), llm_provider="scripted",
                                lex_mcp_url=lex.url, worker_deadline_s=20.0,
                                collect_deadline_s=25.0, model_deadline_s=30.0),
                        provider=provider)
        await engine.start()
        client = Client(engine)
        try:
            yield Staged(engine, client, provider, lex, stage)
        finally:
            lex.gate.open()
            await client.close()
            await engine.stop()


class Produced:
    """An invocation's events as services produce them (recorded, or refused by the log):
    type and id."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []
        self._changed = asyncio.Event()

    def add(self, type_: str, event_id: str) -> None:
        self.events.append((type_, event_id))
        self._changed.set()

    def after(self, end: str, type_: str) -> set[str]:
        """Ids of the ``type_`` events produced after the first ``end`` event."""
        types = [t for t, _ in self.events]
        if end not in types:
            return set()
        return {i for t, i in self.events[types.index(end):] if t == type_}

    async def wait_after(self, end: str, type_: str) -> None:
        while not self.after(end, type_):
            self._changed.clear()
            await self._changed.wait()


@contextlib.asynccontextmanager
async def _produced(engine: Engine, invocation_id: str) -> AsyncIterator[Produced]:
    """Watches every service's log writer: what it was asked to record, once the log has
    answered (appended, or dropped because the invocation had ended)."""
    produced = Produced()
    watched: list[tuple[LogWriter, Callable[..., Awaitable[list[Appended]]]]] = []
    for service in engine.running.values():
        if not isinstance(service, Service):
            continue
        writer = service.writer
        original = writer.record

        async def observed(events: Sequence[Event], original: Callable[
                ..., Awaitable[list[Appended]]] = original) -> list[Appended]:
            appended = await original(events)
            for e in events:
                if str(e.invocation_id) == invocation_id:
                    produced.add(event_type(e), str(e.event_id))
            return appended

        writer.record = observed  # type: ignore[method-assign]
        watched.append((writer, original))
    try:
        yield produced
    finally:
        for writer, original in watched:
            writer.record = original  # type: ignore[method-assign]


async def _drained(infra: Infra, stream_name: str, durable: str, timeout: float = 30) -> None:
    """Wait until a consumer has been handed, and has acknowledged, every message for it."""
    nc = await nats.connect(str(infra.settings.nats_url))
    js = nc.jetstream()
    try:
        async with asyncio.timeout(timeout):
            while True:
                info = await js.consumer_info(stream_name, infra.subjects.durable(durable))
                if not info.num_pending and not info.num_ack_pending:
                    return
                await asyncio.sleep(0.05)
    finally:
        await nc.close()


async def test_cancel_at_each_stage_ends_cancelled_within_a_second_exactly_once(
        staged: Staged) -> None:
    stage, client, loop = staged.stage, staged.client, asyncio.get_running_loop()
    conversation = await client.conversation()
    accepted = await client.ask(conversation, QUESTION)
    inv = accepted["invocation_id"]
    feed: list[str] = []
    async with _produced(staged.engine, inv) as produced, asyncio.timeout(60):
        sent_at = cancelled_at = 0.0
        async for event in client.stream(accepted["stream_url"]):
            feed.append(event.type)
            if event.type == stage.marker and not sent_at:
                await asyncio.wait_for(staged.reached.wait(), 20)  # the step is held there
                sent_at = loop.time()
                r = await client.http.post(f"/v1/invocations/{inv}/cancel")
                assert r.status_code == 202 and r.json()["status"] == "cancel_requested", r.text
            if event.type in TERMINAL_TYPES:
                cancelled_at = loop.time()
        assert sent_at, f"the feed never showed {stage.marker}: {feed}"
        assert feed[-1] == "invocation.cancelled", feed
        elapsed = cancelled_at - sent_at
        print(f"\ncancel {stage.name}: ended cancelled {elapsed * 1000:.0f} ms after the request")
        assert elapsed < CANCEL_WITHIN_S, f"{stage.name}: cancel took {elapsed:.2f}s"
        # Release the held step: whatever it produces now comes after the end.
        staged.release()
        if stage.late is not None:
            await produced.wait_after("invocation.cancelled", stage.late)
    records = await staged.infra.store.read_invocation("tenant-a", uuid.UUID(inv))
    types = [r.type for r in records]
    assert [t for t in types if t in TERMINAL_TYPES] == ["invocation.cancelled"], types
    assert types[-1] == "invocation.cancelled", f"{stage.name}: recorded after the end: {types}"
    if stage.late is not None:
        late = produced.after("invocation.cancelled", stage.late)
        assert late and not late & {str(r.event.event_id) for r in records}, (
            f"{stage.name}: the late {stage.late} was not refused: {types}")


async def test_a_cancel_during_verification_wins_while_the_orchestrator_restarts(
        settings: Settings) -> None:
    stage = STAGES[-1]
    provider = _provider(stage)
    async with gated_lex() as lex:
        engine = Engine(replace(settings, port=free_port(), llm_provider="scripted",
                                lex_mcp_url=lex.url), provider=provider)
        await engine.start()
        client = Client(engine)
        try:
            accepted = await client.ask(await client.conversation(), QUESTION)
            inv = accepted["invocation_id"]
            await wait_for_log(engine, "tenant-a", inv, "draft.completed")
            await asyncio.wait_for(lex.gate.reached.wait(), 20)  # the verifier is checking
            await engine.running.pop("orchestrator").stop()  # a restart under way
            r = await client.http.post(f"/v1/invocations/{inv}/cancel")
            assert r.json()["status"] == "cancel_requested", r.text
            lex.gate.open()
            assert engine.infra is not None
            subjects = engine.infra.subjects
            await _drained(engine.infra, subjects.log_stream, "verifier_draft_completed")
            await engine.restart("orchestrator")
            events = await client.collect(accepted["stream_url"], timeout=30)
            assert events[-1].type == "invocation.cancelled", [e.type for e in events]
        finally:
            await client.close()
            await engine.stop()
