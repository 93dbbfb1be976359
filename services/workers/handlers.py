"""Workers handler: a committed ``routing.decided`` runs the chosen workers concurrently.

Each worker has a deadline; one that fails or runs late still yields a ``worker.findings``
carrying its error, so the orchestrator never waits on silence.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

from services.workers.base import (
    CaseNote,
    LegalNote,
    SourceNote,
    Worker,
    WorkerOutcome,
    WorkerTask,
)
from shared.bus import Committed
from shared.events import (
    AgentStart,
    CaseLawSource,
    Event,
    LegalSource,
    PolicySource,
    RoutingDecided,
    WorkerFindings,
    derived_id,
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


def _source_events(decision: RoutingDecided, worker: Worker, outcome: WorkerOutcome,
                   base: dict[str, object]) -> list[Event]:
    """The badges a worker's sources become: one event per source, ids derived."""
    events: list[Event] = []
    for i, note in enumerate(outcome.sources):
        event_id = derived_id(decision.invocation_id, f"{worker.name}.source", i)
        match note:
            case SourceNote():
                doc, _, chunk = note.ref.removeprefix("doc:").partition("#")
                events.append(PolicySource(event_id=event_id, **base, document_id=doc,  # type: ignore[arg-type]
                                           chunk=int(chunk or 0), title=note.title, ref=note.ref,
                                           score=note.score))
            case LegalNote():
                events.append(LegalSource(event_id=event_id, **base, act_name=note.act_name,  # type: ignore[arg-type]
                                          section=note.section, uri=note.uri,
                                          extent=note.extent, status=note.status))
            case CaseNote():
                events.append(CaseLawSource(event_id=event_id, **base,  # type: ignore[arg-type]
                                            case_name=note.case_name, citation=note.citation,
                                            court=note.court, date=note.date, uri=note.uri))
    return events


def register(service: Service, workers: dict[str, Worker], question_of: object) -> None:
    deadline = service.infra.settings.worker_deadline_s

    async def on_routing(committed: Committed) -> None:
        decision = committed.event
        if not isinstance(decision, RoutingDecided) or not decision.workers:
            return
        inv = decision.invocation_id
        base = {"conversation_id": decision.conversation_id, "tenant_id": decision.tenant_id,
                "invocation_id": inv, "meta": service.meta(committed)}
        chosen = [workers[name] for name in decision.workers if name in workers]
        await service.emit([
            AgentStart(event_id=derived_id(inv, "agent.start", w.name), agent_name=w.name,  # type: ignore[arg-type]
                       task_description=w.description, **base)
            for w in chosen
        ])
        question, jurisdiction = await question_of(decision)  # type: ignore[operator]
        task = WorkerTask(tenant_id=decision.tenant_id, question=question,
                          jurisdiction=jurisdiction)

        async def one(worker: Worker) -> None:
            started = datetime.now(UTC)
            outcome = await run_worker(worker, task, deadline)
            await service.emit([
                *_source_events(decision, worker, outcome, base),
                WorkerFindings(
                    event_id=derived_id(inv, "worker.findings", worker.name),  # type: ignore[arg-type]
                    worker=worker.name, status=outcome.status, findings=outcome.findings,
                    error=outcome.error, started_at=started, finished_at=datetime.now(UTC),
                    **base,  # type: ignore[arg-type]
                ),
            ])

        await asyncio.gather(*(one(w) for w in chosen))

    service.consume("routing.decided", on_routing, max_workers=32)
