"""Recording events in a test as a producer would, without running a service around it."""

from __future__ import annotations

from collections.abc import Sequence

from shared.bus import Bus
from shared.events import Event
from shared.recording import LogWriter
from shared.store import Appended, PostgresEventStore


async def record(store: PostgresEventStore, bus: Bus, events: Sequence[Event]) -> list[Appended]:
    """Append ``events`` to the log and publish them committed, as every producer does."""
    return await LogWriter(store, bus, publish_timeout_s=10.0, sweep_every_s=60.0).record(events)
