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
from shared.store.read_models import stalled_invocations

log = logging.getLogger("yourai.watchdog")


async def fail_stalled(service: Service) -> int:
    """Fail every running invocation with no event for ``stall_timeout_s``; returns how many."""
    settings = service.infra.settings
    cutoff = datetime.now(UTC) - timedelta(seconds=settings.stall_timeout_s)
    events = [
        InvocationFailed(
            event_id=derived_id(s.invocation_id, "failed", "stalled"),
            conversation_id=s.conversation_id, tenant_id=s.tenant_id,
            invocation_id=s.invocation_id, stage="watchdog",
            reason=f"The engine stopped responding to this request for "
                   f"{settings.stall_timeout_s:.0f} seconds, so it has been ended. "
                   "Please ask again.",
            meta=service.meta(),
        )
        for s in await stalled_invocations(service.infra.pool, quiet_since=cutoff)
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
