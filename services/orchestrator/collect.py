"""Waiting for the chosen workers' findings, up to the collection deadline.

The findings are read from the log (any replica can collect); the runtime's invocation
updates only say when to look again.
"""

from __future__ import annotations

import asyncio
import logging

from services.orchestrator.state import InvocationState, catch_up
from shared.events import RoutingDecided, WorkerFindings
from shared.runtime import Service

__all__ = ["collect"]

log = logging.getLogger("yourai.orchestrator")


async def collect(service: Service, decision: RoutingDecided, state: InvocationState, *,
                  deadline_s: float) -> dict[str, WorkerFindings]:
    """Every chosen worker's findings, or those in by the deadline."""
    expected = set(decision.workers)
    findings = state.findings
    if expected <= findings.keys():
        return findings
    latest = state.copy()
    async with service.invocation_updates(decision.invocation_id) as changed:
        try:
            async with asyncio.timeout(deadline_s):
                while True:
                    findings = (await catch_up(service.infra.store, decision, latest)).findings
                    if expected <= findings.keys():
                        break
                    await changed.wait()
                    changed.clear()
        except TimeoutError:
            log.warning("invocation %s: findings incomplete at the deadline (%s missing)",
                        decision.invocation_id, ", ".join(sorted(expected - findings.keys())))
    return findings
