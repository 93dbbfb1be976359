"""Orchestrator handlers: own an invocation from routing to draft, and honour cancels.

Small steps over state rebuilt from the log: resume or refuse, collect findings under a
deadline (``collect``), note the gaps, title the conversation on its first turn (``title``),
stream the synthesis (``answer``). A cancel is honoured at every step: the running step is
interrupted and ``invocation.cancelled`` recorded once, with the usage so far.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from services.orchestrator.answer import AnswerRun, drafted, stream_answer
from services.orchestrator.cached import serve_cached
from services.orchestrator.coalesce import coalesce
from services.orchestrator.collect import LOOK_AGAIN_FOR, collect
from services.orchestrator.shaping import Shaping, shaping_for, tools_used
from services.orchestrator.state import InvocationState, catch_up, read_state
from services.orchestrator.synthesis import (
    HISTORY_MESSAGES,
    SUMMARY_QUESTIONS,
    History,
    answer_tail,
    evidence,
    gap_note,
    missing_instruments,
    missing_sources,
    session_summary,
    synthesis_request,
)
from services.orchestrator.title import needs_title, title_events
from shared.events import (
    CacheHit,
    ContentDelta,
    DraftCompleted,
    Envelope,
    Event,
    GapChecked,
    InvocationCancelled,
    InvocationCancelRequested,
    InvocationFailed,
    RoutingDecided,
    SkillActivated,
    Usage,
    UsageRecorded,
    WorkerFindings,
)
from shared.llm import ChatMessage, ModelError, ModelProvider, ModelRequest
from shared.metering import invocation_cost, priced_usage
from shared.recording import WriteBehind
from shared.runtime import Service
from shared.store import PostgresEventStore
from shared.store.leases import check_held
from shared.store.read_models import earlier_questions, recent_messages
from shared.tenant_models import TenantModels
from shared.tenants import InvocationSettings, invocation_settings
from shared.tracing import tracer
from shared.verification import SentenceTracker

__all__ = ["Orchestrator", "register"]

log = logging.getLogger("yourai.orchestrator")

CANCEL_WAIT_S = 5.0
"""How long a cancel waits for the interrupted step to record ``invocation.cancelled``."""


@dataclass
class _Runs:
    """Invocations this process is working on, so a cancel can reach them."""

    tasks: dict[uuid.UUID, asyncio.Task[None]] = field(default_factory=dict)
    cancelled_by_user: set[uuid.UUID] = field(default_factory=set)


@dataclass
class _Spent:
    """Usage this run has caused: recorded already (the title), or in flight (the answer)."""

    recorded: list[UsageRecorded] = field(default_factory=list)
    answer: AnswerRun | None = None
    request: ModelRequest | None = None
    """The answer's request, as the tenant's model configuration made it."""
    tenant: TenantModels = field(default_factory=TenantModels)
    """The tenant's model configuration and prices, read once per run."""
    settings: InvocationSettings | None = None
    """The tenant's settings as this invocation uses them."""
    streamed: _Streamed | None = None
    """What an earlier run of this invocation streamed before it stopped, if one did."""
    held: list[Event] = field(default_factory=list)
    """Bookkeeping decided but not recorded yet (the gap check, the title, the skills): it is
    recorded in one append with what follows it — the answer's first words, or the failure or
    cancel that ends the run — rather than a commit of its own each. Nothing the user could
    see comes between them, so the feed shows the same events in the same order."""

    def release(self) -> list[Event]:
        """What is held, to be recorded now, ahead of whatever it is recorded with."""
        held, self.held = self.held, []
        return held


class Orchestrator:
    def __init__(self, service: Service, provider: ModelProvider) -> None:
        self.service = service
        self.provider = provider
        self.settings = service.infra.settings
        self.runs = _Runs()

    # -- handlers -----------------------------------------------------------------------------

    async def on_routing(self, decision: RoutingDecided) -> None:
        # A delivery runs this only while it holds the routing's lease (``shared/runtime``):
        # one run at a time in all replicas, however late a keep-alive (DESIGN §4).
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

    async def on_cache_hit(self, hit: CacheHit) -> None:
        """A verified answer reused (DESIGN §5d): streamed as this invocation's draft."""
        await serve_cached(self.service, hit)

    async def on_cancel(self, event: InvocationCancelRequested) -> None:
        """Interrupt the invocation's running step here, if any; in every case make sure the
        log ends with ``invocation.cancelled`` unless it had already ended (its id is derived,
        so whichever of the step and this handler records it first, it is recorded once)."""
        inv = event.invocation_id
        task = self.runs.tasks.get(inv)
        if task is not None:
            self.runs.cancelled_by_user.add(inv)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(asyncio.shield(task), timeout=CANCEL_WAIT_S)
        state = await read_state(self.service.infra.store, event)
        if state.terminal is None:
            await self.service.emit([_cancelled(self.service.envelope(event), state.calls)])

    # -- steps --------------------------------------------------------------------------------

    async def _orchestrate(self, decision: RoutingDecided) -> None:
        # Subscribed before the log is read, so whatever is committed after the read is
        # announced: the log is read again only when something new is there.
        async with self.service.invocation_updates(decision.invocation_id,
                                                   LOOK_AGAIN_FOR) as changed:
            await self._run(decision, changed)

    async def _run(self, decision: RoutingDecided, changed: asyncio.Event) -> None:
        envelope = self.service.envelope(decision)
        state = await read_state(self.service.infra.store, decision)
        if state.terminal is not None or state.draft is not None:
            return  # already done; the verifier or a terminal event owns it now
        if state.cancel_requested:
            await self.service.emit([_cancelled(envelope, state.calls)])
            return
        spent = _Spent()
        if state.deltas:
            # A previous run streamed part of an answer and then stopped (its process died,
            # or stalled past its lease and lost it): this run answers again and carries the
            # stream on where it stopped if its answer begins with what the user has seen.
            spent.streamed = await _streamed(self.service.infra.store, decision)
        try:
            await self._steps(envelope, decision, state, spent, changed)
        except asyncio.CancelledError:
            if decision.invocation_id not in self.runs.cancelled_by_user:
                raise
            current = asyncio.current_task()
            if current is not None:
                current.uncancel()
            await self.service.emit(self._cancel_events(envelope, decision, state, spent))

    async def _steps(self, envelope: Envelope, decision: RoutingDecided, state: InvocationState,
                     spent: _Spent, changed: asyncio.Event) -> None:
        findings = await collect(self.service, decision, state, changed,
                                 deadline_s=self.settings.collect_deadline_s)
        note = gap_note(decision, findings)
        spent.held.append(envelope.reply(
            GapChecked, "gap.checked", missing=missing_sources(decision, findings), note=note))
        spent.settings = await invocation_settings(self.service.infra.pool,
                                                   decision.tenant_id, decision.invocation_id)
        spent.tenant = spent.settings.models
        pool = self.service.infra.pool
        if await needs_title(pool, envelope):
            # A model call comes first: the user sees the gap check while it runs.
            await self.service.emit(spent.release())
            titled = await title_events(self.provider, envelope, state.question,
                                        deadline_s=min(self.settings.model_deadline_s, 20.0),
                                        tenant=spent.tenant)
            spent.held.extend(titled)
            spent.recorded = [e for e in titled if isinstance(e, UsageRecorded)]
        # A cancel recorded meanwhile (handled by another replica, say) stops the invocation
        # before its most expensive step; the log is looked at if anything was committed
        # since it was last read (a missed announcement costs only this early stop: the
        # cancel is still recorded, and nothing after it is).
        latest = (await catch_up(self.service.infra.store, decision, state.copy())
                  if changed.is_set() else state)
        if latest.cancel_requested or latest.terminal is not None:
            held = spent.release()
            if latest.terminal is None:
                await self.service.emit([*held, _cancelled(
                    envelope, [*latest.calls, *(e for e in held if isinstance(e, UsageRecorded))
                               ])])
            return
        await self._synthesise(envelope, decision, state, findings, note, spent)

    async def _shaping(self, envelope: Envelope, decision: RoutingDecided,
                       state: InvocationState, findings: dict[str, WorkerFindings],
                       spent: _Spent) -> Shaping:
        """The persona and skills of this answer, recorded (with the answer) when there are
        any."""
        used = tools_used(findings)
        shaping = await shaping_for(self.service.infra.pool, decision.tenant_id,
                                    state.persona_id, used=used)
        if shaping.skills or shaping.persona is not None:
            spent.held.append(envelope.reply(
                SkillActivated, "skill.activated", skills=[s.id for s in shaping.skills],
                tools=sorted(used), persona_id=shaping.persona.id if shaping.persona else None))
        return shaping

    async def _synthesise(self, envelope: Envelope, decision: RoutingDecided,
                          state: InvocationState, findings: dict[str, WorkerFindings],
                          note: str, spent: _Spent) -> None:
        assert spent.settings is not None  # read by ``_steps``
        tenant = spent.settings.tenant
        # Independent reads, each a round trip on the answer's critical path: at once.
        shaping, history = await asyncio.gather(
            self._shaping(envelope, decision, state, findings, spent), self._history(decision))
        documents = evidence(findings)
        request = spent.request = spent.tenant.models.apply(synthesis_request(
            question=state.to_answer, routing=decision, documents=documents,
            history=history, tenant_name=tenant.name,
            jurisdiction=state.jurisdiction or tenant.jurisdiction, layers=shaping.layers(),
        ))
        disclaimer = tenant.disclaimer or self.settings.disclaimer
        run = spent.answer = AnswerRun(len(request.system)
                                       + sum(len(d.text) for d in request.documents))
        pieces = stream_answer(shaping.provider(self.provider), request, decision,
                               answer_tail(note, disclaimer, as_at=decision.occurred_at.date(),
                                           missing=missing_instruments(state.to_answer,
                                                                       documents)), run)
        # Each cited sentence is sent for checking as soon as it is complete (DESIGN §5a).
        # The deltas are written behind the stream: the model is read on while they commit.
        sentences = SentenceTracker()
        behind = WriteBehind(self.service.writer)
        # What an earlier run streamed is not streamed again: this answer's text is matched
        # against it first, and only what follows it is sent, from the next delta's index.
        unmatched = spent.streamed.text if spent.streamed else ""
        index = spent.streamed.deltas if spent.streamed else 0
        try:
            with tracer("orchestrator").start_as_current_span("orchestrator.synthesis"):
                async with asyncio.timeout(request.timeout_s
                                           or self.settings.model_deadline_s):
                    async with contextlib.aclosing(coalesce(pieces)) as deltas:
                        async for text in deltas:
                            check_held()  # stalled past its lease: the run taken over stops
                            new, unmatched = _beyond(text, unmatched)
                            if new is None:
                                break  # the earlier run's text departs from this one's
                            delta = [envelope.reply(ContentDelta, "delta", index, text=new,
                                                    index=index)] if new else []
                            index += len(delta)
                            events = [*spent.release(), *delta,
                                      *drafted(envelope, sentences.feed(text))]
                            if events:
                                behind.add(events)
        except (ModelError, TimeoutError) as e:
            # The failure goes with the last deltas still to be recorded, in one append.
            answer = self._answer_usage(envelope, spent)
            behind.add([*spent.release(), answer, envelope.reply(
                InvocationFailed, "failed", "synthesis", stage="synthesis",
                reason=_model_failure(e), **_totals([*state.calls, *spent.recorded, answer]))])
            await behind.drain()
            return
        if unmatched:
            # The earlier run's text cannot be carried on faithfully: say the answer was
            # interrupted rather than stream a second, different one after it.
            answer = self._answer_usage(envelope, spent)
            behind.add([*spent.release(), answer, _interrupted(
                envelope, [*state.calls, *spent.recorded, answer])])
            await behind.drain()
            return
        end = run.end
        # The draft goes with the last deltas still to be recorded, in one append.
        behind.add([
            *spent.release(),
            self._answer_usage(envelope, spent),
            *drafted(envelope, sentences.finish()),
            envelope.reply(DraftCompleted, "draft", text="".join(run.text),
                           provider=(end.provider if end else "") or self.provider.name,
                           model=end.model if end else self._model(request),
                           # the provider that answered, where several serve the tenant's tiers
                           offline=(end.provider == "offline") if end and end.provider
                           else self.provider.offline),
        ])
        await behind.drain()

    async def _history(self, decision: RoutingDecided) -> History:
        """The latest turns in full, and a summary of the questions before them."""
        pool = self.service.infra.pool
        messages, questions = await asyncio.gather(
            recent_messages(pool, decision.tenant_id, decision.conversation_id,
                            before_invocation=decision.invocation_id, limit=HISTORY_MESSAGES),
            earlier_questions(pool, decision.tenant_id, decision.conversation_id,
                              before_invocation=decision.invocation_id,
                              limit=SUMMARY_QUESTIONS + HISTORY_MESSAGES))
        in_window = sum(1 for m in messages if m.role == "user")
        older = questions[:max(0, len(questions) - in_window)]
        return History(
            messages=[ChatMessage(role="assistant" if m.role == "assistant" else "user",
                                  content=m.content) for m in messages],
            summary=session_summary([q.standalone for q in older]))

    # -- small pieces -------------------------------------------------------------------------

    def _cancel_events(self, envelope: Envelope, decision: RoutingDecided,
                       state: InvocationState, spent: _Spent) -> list[Event]:
        """What was held, the usage of an interrupted answer if one had started, then the
        cancel."""
        events: list[Event] = spent.release()  # the title's usage among them, if held still
        answer = [self._answer_usage(envelope, spent)] if spent.answer is not None else []
        events += [*answer, _cancelled(envelope, [*state.calls, *spent.recorded, *answer])]
        return events

    def _answer_usage(self, envelope: Envelope, spent: _Spent) -> UsageRecorded:
        """The answer's usage (so far), priced at the tenant's prices: the model that answered
        as it reported itself, else the one asked for."""
        run, request = spent.answer, spent.request
        assert run is not None and request is not None
        end = run.end
        return envelope.reply(UsageRecorded, "usage", "synthesis", **priced_usage(
            agent="synthesis",
            provider=(end.provider if end else "") or request.provider or self.provider.name,
            model=end.model if end else self._model(request), usage=run.usage_so_far(),
            prices=spent.tenant.prices))

    def _model(self, request: ModelRequest) -> str:
        return request.model or self.provider.model_for(request.tier)


class _Totals(TypedDict):
    usage: Usage
    cost: str
    currency: str


def _totals(calls: Sequence[UsageRecorded]) -> _Totals:
    """The tokens and money of ``calls``, for the event that ends the invocation."""
    cost, currency = invocation_cost(calls)
    return _Totals(usage=sum((c.usage for c in calls), Usage()), cost=cost, currency=currency)


@dataclass(frozen=True)
class _Streamed:
    """The answer an earlier run of the invocation streamed: its text and its deltas."""

    text: str
    deltas: int


async def _streamed(store: PostgresEventStore, decision: RoutingDecided) -> _Streamed:
    """What the log holds of the invocation's answer, in the order it was streamed."""
    records = await store.read_invocation(decision.tenant_id, decision.invocation_id)
    deltas = sorted((r.event for r in records if isinstance(r.event, ContentDelta)),
                    key=lambda d: d.index)
    return _Streamed(text="".join(d.text for d in deltas), deltas=len(deltas))


def _beyond(piece: str, unmatched: str) -> tuple[str | None, str]:
    """What of ``piece`` follows the earlier run's text still ``unmatched``, and what is
    left of that text; ``None`` when ``piece`` departs from it."""
    if piece.startswith(unmatched):
        return piece[len(unmatched):], ""
    if unmatched.startswith(piece):
        return "", unmatched[len(piece):]
    return None, unmatched


def _interrupted(envelope: Envelope, calls: Sequence[UsageRecorded]) -> InvocationFailed:
    return envelope.reply(
        InvocationFailed, "failed", "interrupted", stage="synthesis",
        reason="The answer was interrupted by a service restart. Please ask again.",
        **_totals(calls))


def _cancelled(envelope: Envelope, calls: Sequence[UsageRecorded]) -> InvocationCancelled:
    return envelope.reply(InvocationCancelled, "cancelled", **_totals(calls))


def _model_failure(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return "The language model did not finish the answer in time. Please try again."
    return f"The language model could not produce an answer ({error}). Please try again."


def register(service: Service, provider: ModelProvider) -> Orchestrator:
    orchestrator = Orchestrator(service, provider)
    service.consume(RoutingDecided, orchestrator.on_routing, max_workers=64)
    service.consume(InvocationCancelRequested, orchestrator.on_cancel, max_workers=16)
    service.consume(CacheHit, orchestrator.on_cache_hit, max_workers=16)
    return orchestrator
