"""Workers service wiring: the four knowledge workers in one process."""

from __future__ import annotations

import uuid

from services.workers.base import Worker, WorkerTask
from services.workers.caselaw import caselaw_worker
from services.workers.external import external_worker
from services.workers.handlers import register
from services.workers.legislation import legislation_worker
from services.workers.policy import policy_worker, search_policies
from services.workers.unconfigured import unconfigured_worker
from services.workers.web import EVERY_NETWORK, FetchConfig, Fetcher, HttpCache
from shared.documents import DocumentStore
from shared.events import MessageReceived, QueryRewritten, RoutingDecided
from shared.lex.client import LexClient
from shared.runtime import Infra, Service, Transient
from shared.sources import ExternalSourceStore

__all__ = ["Worker", "WorkerTask", "caselaw_worker", "create", "legislation_worker",
           "policy_worker", "search_policies"]


def _lex_workers(service: Service, url: str | None, deadline_s: float) -> dict[str, Worker]:
    """Legislation and case law through Lex when a server is configured; visibly absent if not.

    Both share one client, so one MCP session, for the life of the service."""
    if url is None:
        return {"legislation": unconfigured_worker("legislation"),
                "caselaw": unconfigured_worker("caselaw")}
    lex = LexClient(url, timeout_s=max(1.0, deadline_s / 2))
    service.on_stop.append(lex.aclose)
    return {"legislation": legislation_worker(lex), "caselaw": caselaw_worker(lex)}


def create(infra: Infra) -> Service:
    service = Service(name="workers", infra=infra)
    # A slow source must fail alone, well inside the worker's own deadline.
    fetcher = Fetcher(HttpCache(infra.pool), FetchConfig(
        timeout_s=min(8.0, infra.settings.worker_deadline_s / 2),
        private_networks=EVERY_NETWORK if infra.settings.allow_private_sources else ()))
    service.on_stop.append(fetcher.aclose)
    workers: dict[str, Worker] = {
        "policy": policy_worker(DocumentStore(infra.pool)),
        **_lex_workers(service, infra.settings.lex_mcp_url, infra.settings.worker_deadline_s),
        "external": external_worker(ExternalSourceStore(infra.pool), fetcher),
    }

    async def question_of(decision: RoutingDecided) -> tuple[str, str | None]:
        """The question is in the log: workers rebuild what they need from it. They search
        for the standalone question the router recorded; a log from before rewriting has only
        the message."""
        message: MessageReceived | None = None
        rewritten: QueryRewritten | None = None
        for record in await infra.store.read_invocation(decision.tenant_id,
                                                        decision.invocation_id):
            match record.event:
                case MessageReceived():
                    message = record.event
                case QueryRewritten():
                    rewritten = record.event
                case _:
                    pass
        if message is None:
            raise Transient(f"message of invocation {uuid.UUID(str(decision.invocation_id))} "
                            "not yet readable")
        question = rewritten.standalone if rewritten and rewritten.standalone else message.content
        return question, message.jurisdiction

    register(service, workers, question_of)
    return service
