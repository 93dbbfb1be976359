"""Workers handler: a committed ``routing.decided`` runs the chosen workers concurrently.

Each worker has a deadline; one that fails or runs late still yields a ``worker.findings``
carrying its error, so the orchestrator never waits on silence.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from services.workers.base import (
    CaseNote,
    LegalNote,
    SourceNote,
    Worker,
    WorkerOutcome,
    WorkerTask,
)
from shared.events import (
    AgentStart,
    CaseLawSource,
    Envelope,
    Event,
    LegalSource,
    PolicySource,
    RoutingDecided,
    WorkerFindings,
)
from shared.runtime import Service
from shared.store import StoreUnavailable
from shared.tracing import tracer

log = logging.getLogger("yourai.workers")


async def run_worker(worker: Worker, task: WorkerTask, deadline_s: float) -> WorkerOutcome:
    """One worker under its deadline; every failure becomes an outcome, never an exception."""
    with tracer("workers").start_as_current_span(f"worker.{worker.name}"):
        try:
            async with asyncio.timeout(deadline_s):
                return await worker.run(task)
        except TimeoutError:
            return WorkerOutcome(
                status="timeout",
                error=f"The {worker.name} search did not finish within {deadline_s:.0f} seconds.",
            )
        except StoreUnavailable as e:
            return WorkerOutcome(status="error", error=f"The {worker.name} source is "
                                 f"temporarily unavailable ({e}).")
        except Exception as e:
            log.exception("worker %s failed", worker.name)
            return WorkerOutcome(status="error",
                                 error=f"The {worker.name} search failed: {type(e).__name__}.")


def _source_events(envelope: Envelope, worker: Worker, outcome: WorkerOutcome) -> list[Event]:
    """The badges a worker's sources become: one event per source, ids derived."""
    events: list[Event] = []
    step = f"{worker.name}.source"
    for i, note in enumerate(outcome.sources):
        match note:
            case SourceNote():
                doc, _, chunk = note.ref.removeprefix("doc:").partition("#")
                events.append(envelope.reply(PolicySource, step, i, document_id=uuid.UUID(doc),
                                             chunk=int(chunk or 0), title=note.title,
                                             ref=note.ref, score=note.score))
            case LegalNote():
                events.append(envelope.reply(LegalSource, step, i, act_name=note.act_name,
                                             section=note.section, uri=note.uri,
                                             extent=note.extent, status=note.status))
            case CaseNote():
                events.append(envelope.reply(CaseLawSource, step, i, case_name=note.case_name,
                                             citation=note.citation, court=note.court,
                                             date=note.date, uri=note.uri))
    return events


QuestionOf = Callable[[RoutingDecided], Awaitable[tuple[str, str | None]]]
"""The question an invocation asks, and its jurisdiction if the user named one."""


def register(service: Service, workers: dict[str, Worker], question_of: QuestionOf) -> None:
    deadline = service.infra.settings.worker_deadline_s

    async def on_routing(decision: RoutingDecided) -> None:
        if not decision.workers:
            return
        envelope = service.envelope(decision)
        chosen = [workers[name] for name in decision.workers if name in workers]
        # The searches start while the agents' start is committing; no finding is recorded
        # before it (and if it fails, neither is any finding: the routing is handled again).
        announced = asyncio.create_task(service.emit([
            envelope.reply(AgentStart, "agent.start", w.name, agent_name=w.name,
                           task_description=w.description)
            for w in chosen
        ]))
        try:
            question, jurisdiction = await question_of(decision)
        except BaseException:
            await asyncio.gather(announced, return_exceptions=True)
            raise
        task = WorkerTask(tenant_id=decision.tenant_id, question=question,
                          jurisdiction=jurisdiction)

        async def one(worker: Worker) -> None:
            started = datetime.now(UTC)
            outcome = await run_worker(worker, task, deadline)
            await asyncio.shield(announced)
            await service.emit([
                *_source_events(envelope, worker, outcome),
                envelope.reply(
                    WorkerFindings, "worker.findings", worker.name,
                    worker=worker.name, status=outcome.status, findings=outcome.findings,
                    error=outcome.error, started_at=started, finished_at=datetime.now(UTC),
                ),
            ])

        try:
            await asyncio.gather(*(one(w) for w in chosen))
        finally:
            await asyncio.gather(announced, return_exceptions=True)

    service.consume(RoutingDecided, on_routing, max_workers=32)
