"""A gateway killed while its turn's publication is held (``python -m tests.turn_held_dies``).

Records the events on stdin's JSON as the POST of ``…/messages/stream`` does (``publish_behind``
with a ``hold``), then SIGKILLs its own process before the hold is released: the turn has
committed, its publication was waiting for the response's first chunk, and the process cannot
clean up. The outbox sweep of another process must deliver it, once.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import msgspec

from shared.bus import Bus, Subjects, connect_nats
from shared.events import AnyEvent
from shared.recording import LogWriter
from shared.store import PostgresEventStore, connect_pool


async def main(nats_url: str, dsn: str, namespace: str) -> None:
    events = msgspec.json.decode(sys.stdin.buffer.read(), type=list[AnyEvent])
    pool = await connect_pool(dsn, max_size=2)
    nc = await connect_nats(nats_url, name="turn-held-dies")
    writer = LogWriter(PostgresEventStore(pool), Bus(nc, Subjects(namespace)),
                       publish_timeout_s=2.0, sweep_every_s=60.0)
    await writer.record(events, publish_behind=True, hold=asyncio.Event())
    os.kill(os.getpid(), signal.SIGKILL)  # before the loop runs the held publication


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
