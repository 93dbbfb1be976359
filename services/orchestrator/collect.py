"""Waiting for the chosen workers' findings, up to the collection deadline.

The findings are read from the log (any replica can collect); the runtime's invocation
updates only say when to look again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from services.orchestrator.state import InvocationState, catch_up
from shared.events import RoutingDecided, WorkerFindings, type_tag
from shared.runtime import Service

__all__ = ["LOOK_AGAIN_FOR", "collect"]

log = logging.getLogger("yourai.orchestrator")

LOOK_AGAIN_S = 1.0
"""How long collecting waits for an announcement before it reads the log all the same."""

LOOK_AGAIN_FOR = (type_tag(WorkerFindings), "invocation.*")
"""What an orchestration is woken by: the findings it collects, and the ``invocation.`` types,
which hold a cancel's request and every end of an invocation (``TERMINAL_TYPES``), looked for
before the answer's model call. Not the rest of the invocation's records (agents starting,
sources, usage, the answer's own deltas): each would be a whole copy of its record sent by the
server to set a flag no step reads."""


async def collect(service: Service, decision: RoutingDecided, state: InvocationState,
                  changed: asyncio.Event, *, deadline_s: float) -> dict[str, WorkerFindings]:
    """Every chosen worker's findings, or those in by the deadline.

    ``changed``: the invocation's updates, subscribed to before ``state`` was read, so what
    was committed since is announced by it; the log is read again only when it is set.
    """
    expected = set(decision.workers)
    findings = state.findings
    if expected <= findings.keys():
        return findings
    latest = state.copy()
    try:
        async with asyncio.timeout(deadline_s):
            while not expected <= findings.keys():
                # An announcement can be missed (core NATS): a second's quiet reads anyway.
                # Not ``asyncio.wait_for``: on Python 3.11 it swallows a cancel that arrives
                # as the awaited wait ends (CPython gh-86296), and a user's cancel comes with
                # the announcement of its own request, so the run went on, uncancelled.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(LOOK_AGAIN_S):
                        await changed.wait()
                changed.clear()
                findings = (await catch_up(service.infra.store, decision, latest)).findings
    except TimeoutError:
        log.warning("invocation %s: findings incomplete at the deadline (%s missing)",
                    decision.invocation_id, ", ".join(sorted(expected - findings.keys())))
    return findings
