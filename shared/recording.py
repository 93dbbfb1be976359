"""Recording: append to the log, then publish what the log holds.

The one path by which an event becomes visible to services and browsers; used by the recorder
for produced events and by the gateway for the user's own message (so a 202 means recorded).
"""

from __future__ import annotations

from collections.abc import Sequence

from shared.bus import Bus
from shared.events import AnyEvent
from shared.store import Appended, PostgresEventStore

__all__ = ["record"]


async def record(store: PostgresEventStore, bus: Bus, events: Sequence[AnyEvent]
                 ) -> list[Appended]:
    """Append ``events``; publish each recorded one (new, or already stored) in log order.

    A duplicate is published again because its first publication may have been lost in a
    crash between commit and publish; JetStream deduplicates it by event id.
    """
    appended = await store.append(events)
    await bus.publish_committed([
        (a.record.version, a.record.position, a.record.event, a.record.payload)
        for a in appended if a.record is not None
    ])
    return appended
