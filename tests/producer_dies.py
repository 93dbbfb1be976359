"""A producer killed between its commit and its publish (``python -m tests.producer_dies``).

Records the events named on stdin's JSON through a ``LogWriter`` whose publication is replaced
by SIGKILL of its own process: the append has committed, nothing was published, and the process
cannot clean up — the fault the outbox sweep exists for.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Sequence

import msgspec

from shared.bus import Bus, Subjects, connect_nats
from shared.events import AnyEvent, Event
from shared.recording import LogWriter
from shared.store import PostgresEventStore, connect_pool


async def _die(_records: Sequence[tuple[int, int, Event, bytes]], **_: object) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


async def main(nats_url: str, dsn: str, namespace: str) -> None:
    events = msgspec.json.decode(sys.stdin.buffer.read(), type=list[AnyEvent])
    pool = await connect_pool(dsn, max_size=2)
    nc = await connect_nats(nats_url, name="producer-dies")
    bus = Bus(nc, Subjects(namespace))
    bus.publish_committed = _die  # type: ignore[method-assign]
    await LogWriter(PostgresEventStore(pool), bus, publish_timeout_s=2.0,
                    sweep_every_s=60.0).record(events)
    raise SystemExit("unreachable: the producer should have died before publishing")


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
