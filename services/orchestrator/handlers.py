"""Orchestrator handlers: own an invocation from routing to draft, and honour cancels.

Small steps over state rebuilt from the log: resume or refuse, collect findings under a
deadline, note the gaps, title the conversation on its first turn, stream the synthesis.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from services.orchestrator.coalesce import coalesce
from services.orchestrator.state import InvocationState
from services.orchestrator.synthesis import (
    INTRODUCTION,
    answer_tail,
    clean_title,
    evidence,
    gap_note,
    missing_sources,
    synthesis_request,
    title_request,
)
from shared.bus import Committed
from shared.events import (
    ContentDelta,
    DraftCompleted,
    Event,
    GapChecked,
    InvocationCancelled,
    InvocationCancelRequested,
    InvocationFailed,
    RoutingDecided,
    TitleGenerated,
    Usage,
    UsageRecorded,
    WorkerFindings,
    derived_id,
)
from shared.llm import ChatMessage, ModelError, ModelProvider, StreamEnd, TextDelta
from shared.runtime import Service
from shared.tenants import TenantStore
from shared.tracing import tracer

log = logging.getLogger("yourai.orchestrator")


@dataclass
class _Runs:
    """Invocations this process is working on, so a cancel can reach them."""

    tasks: dict[uuid.UUID, asyncio.Task[None]] = field(default_factory=dict)
    cancelled_by_user: set[uuid.UUID] = field(default_factory=set)


class _Synthesis:
    """Accumulates what was streamed, so a cancel can record usage so far."""

    def __init__(self, request_chars: int) -> None:
        self.text: list[str] = []
        self.end: StreamEnd | None = None
        self.request_chars = request_chars

    def usage_so_far(self) -> Usage:
        if self.end is not None:
            return self.end.usage
        return Usage(input_tokens=self.request_chars // 4,
                     output_tokens=sum(len(t) for t in self.text) // 4)


class Orchestrator:
    def __init__(self, service: Service, provider: ModelProvider) -> None:
        self.service = service
        self.provider = provider
        self.settings = service.infra.settings
        self.runs = _Runs()

    # -- handlers -----------------------------------------------------------------------------

    async def on_routing(self, committed: Committed) -> None:
        decision = committed.event
        if not isinstance(decision, RoutingDecided) or decision.invocation_id is None:
            return
        inv = decision.invocation_id
        task = asyncio.create_task(self._orchestrate(decision))
        self.runs.tasks[inv] = task
        try:
            await task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                task.cancel()  # this process is stopping: leave the message for redelivery
                raise
        finally:
            self.runs.tasks.pop(inv, None)
            self.runs.cancelled_by_user.discard(inv)

    async def on_cancel(self, committed: Committed) -> None:
        event = committed.event
        if not isinstance(event, InvocationCancelRequested) or event.invocation_id is None:
            return
        inv = event.invocation_id
        task = self.runs.tasks.get(inv)
        if task is not None:
            self.runs.cancelled_by_user.add(inv)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(asyncio.shield(task), timeout=5.0)
            return
        state = await self._state(event)
        if state.terminal is None:
            await self.service.emit([self._cancelled(event, state.usage)])

    # -- steps --------------------------------------------------------------------------------

    async def _orchestrate(self, decision: RoutingDecided) -> None:
        state = await self._state(decision)
        if state.terminal is not None or state.draft is not None:
            return  # already done; the verifier or a terminal event owns it now
        if state.cancel_requested:
            await self.service.emit([self._cancelled(decision, state.usage)])
            return
        if state.deltas:
            # A previous run streamed part of an answer and then died: the user saw a partial
            # answer that cannot be continued faithfully, so say so rather than fall silent.
            await self.service.emit([InvocationFailed(
                event_id=derived_id(decision.invocation_id, "failed", "interrupted"),
                **self._base(decision), stage="synthesis", usage=state.usage,
                reason="The answer was interrupted by a service restart. Please ask again.",
            )])
            return
        findings = await self._collect(decision, state)
        note = await self._note_gaps(decision, findings)
        await self._title(decision, state.question)
        await self._synthesise(decision, state, findings, note)

    async def _collect(self, decision: RoutingDecided, state: InvocationState
                       ) -> dict[str, WorkerFindings]:
        """Wait for every chosen worker's findings, up to the collection deadline."""
        expected = set(decision.workers)
        if expected <= state.findings.keys():
            return state.findings
        changed = asyncio.Event()

        async def wake(_msg: object) -> None:
            changed.set()

        nc = self.service.bus.nc
        sub = await nc.subscribe(
            self.service.infra.subjects.committed_of_invocation(decision.invocation_id),  # type: ignore[arg-type]
            cb=wake,
        )
        findings = state.findings
        try:
            async with asyncio.timeout(self.settings.collect_deadline_s):
                while True:
                    findings = (await self._state(decision)).findings
                    if expected <= findings.keys():
                        break
                    await changed.wait()
                    changed.clear()
        except TimeoutError:
            log.warning("invocation %s: findings incomplete at the deadline (%s missing)",
                        decision.invocation_id, ", ".join(sorted(expected - findings.keys())))
        finally:
            with contextlib.suppress(Exception):
                await sub.unsubscribe()
        return findings

    async def _note_gaps(self, decision: RoutingDecided,
                         findings: dict[str, WorkerFindings]) -> str:
        note = gap_note(decision, findings)
        missing = missing_sources(decision, findings)
        await self.service.emit([GapChecked(
            event_id=derived_id(decision.invocation_id, "gap.checked"), **self._base(decision),
            missing=missing, note=note,
        )])
        return note

    async def _title(self, decision: RoutingDecided, question: str) -> None:
        """Title the conversation on its first turn (while it has no title yet)."""
        title = await self.service.infra.pool.fetchval(
            "SELECT title FROM conversations WHERE id = $1 AND tenant_id = $2",
            decision.conversation_id, decision.tenant_id,
        )
        if title:
            return
        with tracer("orchestrator").start_as_current_span("orchestrator.title"):
            try:
                async with asyncio.timeout(min(self.settings.model_deadline_s, 20.0)):
                    reply = await self.provider.complete(title_request(question))
            except (ModelError, TimeoutError) as e:
                log.warning("title generation failed: %s", e)
                return
        await self.service.emit([
            TitleGenerated(event_id=derived_id(decision.invocation_id, "title"),
                           **self._base(decision), title=clean_title(reply.text)),
            UsageRecorded(event_id=derived_id(decision.invocation_id, "usage", "title"),
                          **self._base(decision), agent="title", provider=self.provider.name,
                          model=reply.model, usage=reply.usage),
        ])

    async def _synthesise(self, decision: RoutingDecided,
                          state: InvocationState, findings: dict[str, WorkerFindings],
                          note: str) -> None:
        inv = decision.invocation_id
        assert inv is not None
        tenant = await TenantStore(self.service.infra.pool).get(decision.tenant_id)
        request = synthesis_request(
            question=state.question, routing=decision, documents=evidence(findings),
            history=await self._history(decision), tenant_name=tenant.name,
            jurisdiction=state.jurisdiction or tenant.jurisdiction,
        )
        disclaimer = tenant.disclaimer or self.settings.disclaimer
        run = _Synthesis(len(request.system) + sum(len(d.text) for d in request.documents))
        index = 0
        try:
            with tracer("orchestrator").start_as_current_span("orchestrator.synthesis"):
                async with asyncio.timeout(self.settings.model_deadline_s):
                    async for text in coalesce(self._pieces(request, run, decision,
                                                             answer_tail(note, disclaimer))):
                        await self.service.emit([ContentDelta(
                            event_id=derived_id(inv, "delta", index), **self._base(decision),
                            text=text, index=index,
                        )])
                        index += 1
        except asyncio.CancelledError:
            if inv not in self.runs.cancelled_by_user:
                raise
            current = asyncio.current_task()
            if current is not None:
                current.uncancel()
            await self.service.emit([
                self._usage(decision, run.usage_so_far(), request.tier),
                self._cancelled(decision, state.usage + run.usage_so_far()),
            ])
            return
        except (ModelError, TimeoutError) as e:
            await self.service.emit([
                self._usage(decision, run.usage_so_far(), request.tier),
                InvocationFailed(
                    event_id=derived_id(inv, "failed", "synthesis"), **self._base(decision),
                    stage="synthesis", usage=state.usage + run.usage_so_far(),
                    reason=_model_failure(e),
                ),
            ])
            return
        text = "".join(run.text)
        end = run.end
        await self.service.emit([
            self._usage(decision, run.usage_so_far(), request.tier),
            DraftCompleted(event_id=derived_id(inv, "draft"), **self._base(decision), text=text,
                           provider=self.provider.name,
                           model=end.model if end else self.provider.model_for(request.tier),
                           offline=self.provider.offline),
        ])

    async def _pieces(self, request: object, run: _Synthesis, decision: RoutingDecided,
                      tail: str) -> AsyncIterator[str]:
        """The model's text, then the answer's fixed tail; everything is recorded in ``run``."""
        if decision.query_type == "conversational" and self.provider.offline:
            run.text.append(INTRODUCTION)
            yield INTRODUCTION
        else:
            async for item in self.provider.stream(request):  # type: ignore[arg-type]
                if isinstance(item, TextDelta):
                    run.text.append(item.text)
                    yield item.text
                elif isinstance(item, StreamEnd):
                    run.end = item
        run.text.append(tail)
        yield tail

    async def _history(self, decision: RoutingDecided) -> list[ChatMessage]:
        rows = await self.service.infra.pool.fetch(
            "SELECT role, content FROM messages WHERE conversation_id = $1 AND tenant_id = $2"
            " AND invocation_id <> $3 AND status IN ('received', 'completed')"
            " ORDER BY seq DESC LIMIT 8",
            decision.conversation_id, decision.tenant_id, decision.invocation_id,
        )
        return [ChatMessage(role=r["role"], content=r["content"]) for r in reversed(rows)]

    # -- small pieces -------------------------------------------------------------------------

    async def _state(self, event: Event) -> InvocationState:
        assert event.invocation_id is not None
        return InvocationState.from_log(
            await self.service.infra.store.read_invocation(event.tenant_id, event.invocation_id)
        )

    def _base(self, event: Event) -> dict[str, object]:
        """Identity of the invocation, and metadata naming the cause and the active span."""
        return {"conversation_id": event.conversation_id, "tenant_id": event.tenant_id,
                "invocation_id": event.invocation_id, "meta": self.service.meta(event)}

    def _usage(self, decision: RoutingDecided, usage: Usage, tier: str) -> UsageRecorded:
        return UsageRecorded(event_id=derived_id(decision.invocation_id, "usage", "synthesis"),
                             **self._base(decision), agent="synthesis",
                             provider=self.provider.name,
                             model=self.provider.model_for(tier), usage=usage)  # type: ignore[arg-type]

    def _cancelled(self, event: Event, usage: Usage) -> InvocationCancelled:
        return InvocationCancelled(event_id=derived_id(event.invocation_id, "cancelled"),
                                   **self._base(event), usage=usage)  # type: ignore[arg-type]


def _model_failure(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return "The language model did not finish the answer in time. Please try again."
    return f"The language model could not produce an answer ({error}). Please try again."


def register(service: Service, provider: ModelProvider) -> Orchestrator:
    orchestrator = Orchestrator(service, provider)
    service.consume("routing.decided", orchestrator.on_routing, max_workers=64)
    service.consume("invocation.cancel_requested", orchestrator.on_cancel, max_workers=16)
    return orchestrator
