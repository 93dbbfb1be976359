"""The watchdog: an invocation that has gone quiet is failed in the log, never left silent.

Covers what redelivery cannot: a service that stays down, or a crash between a commit and
its publication. Replicas may all run it; the failure event's id is derived, so it is
recorded once.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from shared.events import InvocationFailed, derived_id
from shared.runtime import Service

log = logging.getLogger("yourai.watchdog")


async def fail_stalled(service: Service) -> int:
    """Fail every running invocation with no event for ``stall_timeout_s``; returns how many."""
    settings = service.infra.settings
    cutoff = datetime.now(UTC) - timedelta(seconds=settings.stall_timeout_s)
    rows = await service.infra.pool.fetch(
        "SELECT id, conversation_id, tenant_id FROM invocations"
        " WHERE status = 'running' AND last_event_at < $1 LIMIT 500",
        cutoff,
    )
    events = [
        InvocationFailed(
            event_id=derived_id(r["id"], "failed", "stalled"),
            conversation_id=r["conversation_id"], tenant_id=r["tenant_id"], invocation_id=r["id"],
            stage="watchdog",
            reason=f"The engine stopped responding to this request for "
                   f"{settings.stall_timeout_s:.0f} seconds, so it has been ended. "
                   "Please ask again.",
            meta=service.meta(),  # type: ignore[arg-type]
        )
        for r in rows
    ]
    if events:
        log.warning("failing %d stalled invocation(s)", len(events))
        await service.emit(events)
    return len(events)


async def run_watchdog(service: Service) -> None:
    interval = max(1.0, min(service.infra.settings.stall_timeout_s / 4, 30.0))
    while True:
        await asyncio.sleep(interval)
        try:
            await fail_stalled(service)
        except Exception:
            log.exception("watchdog pass failed")
