"""The external worker: the regulators' and ombudsmen's published material a tenant configured.

Sources are fetched concurrently; one that fails (late, unreachable, not allowed, unreadable)
is named in the outcome's error while the others still count, so the answer can say exactly
what could not be checked.
"""

from __future__ import annotations

import asyncio
import logging

from services.workers.base import Worker, WorkerOutcome, WorkerTask
from services.workers.unconfigured import unconfigured_worker
from services.workers.web import ExternalItem, Fetcher, rank, read_items
from shared.events import Finding
from shared.sources import ExternalError, ExternalSource, ExternalSourceStore

__all__ = ["RESULTS", "external_worker"]

log = logging.getLogger("yourai.workers.external")

RESULTS = 8
MAX_TEXT = 4000
"""Characters of one item kept as a finding's text."""


async def _items(fetcher: Fetcher, tenant_id: str, source: ExternalSource,
                 allowed: frozenset[str]) -> list[ExternalItem] | ExternalError:
    try:
        fetched = await fetcher.fetch(tenant_id, source.url, allowed)
        return read_items(source, fetched)
    except ExternalError as e:
        log.warning("external source %s of tenant %s failed: %s", source.source_id, tenant_id, e)
        return e


def _finding(item: ExternalItem, score: float, names: dict[str, str]) -> Finding:
    text = item.text if len(item.text) <= MAX_TEXT else item.text[:MAX_TEXT].rsplit(" ", 1)[0]
    return Finding(ref=item.ref, title=f"{names[item.source]} — {item.title}", text=text,
                   uri=item.url, score=score)


def external_worker(store: ExternalSourceStore, fetcher: Fetcher, *,
                    limit: int = RESULTS) -> Worker:
    unconfigured = unconfigured_worker("external")

    async def run(task: WorkerTask) -> WorkerOutcome:
        sources = await store.list(task.tenant_id, enabled_only=True)
        if not sources:
            return await unconfigured.run(task)
        allowed = await store.allowed_hosts(task.tenant_id)
        results = await asyncio.gather(
            *(_items(fetcher, task.tenant_id, s, allowed) for s in sources))
        items: dict[str, ExternalItem] = {}  # by reference: a repeated id is one item
        errors: list[str] = []
        for source, result in zip(sources, results, strict=True):
            if isinstance(result, ExternalError):
                errors.append(f"{source.name} ({source.source_id}) could not be checked. "
                              f"{result}")
            else:
                items.update((item.ref, item) for item in reversed(result))
        error = " ".join(errors) or None
        if len(errors) == len(sources):
            return WorkerOutcome(status="error", error=error)
        names = {s.source_id: s.name for s in sources}
        findings = [_finding(item, score, names) for score, item in
                    rank(items.values(), task.question, limit, names=names)]
        # No ``sources``: the handler turns those into ``policy.source`` badges, and the
        # vocabulary has no external badge yet; the findings carry every reference.
        return WorkerOutcome(status="ok", findings=findings, error=error)

    return Worker(name="external", description=unconfigured.description, run=run)
