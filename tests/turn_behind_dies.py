"""A gateway killed between its turn's commit and the publication behind it
(``python -m tests.turn_behind_dies``).

Records the events on stdin's JSON as a POST does (``publish_behind``: the reply goes out once
committed), then SIGKILLs its own process before the event loop runs the publication: the turn
has committed and the process cannot clean up. The outbox sweep of another process must
deliver it, once.
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
    await writer.record(events, publish_behind=True)
    os.kill(os.getpid(), signal.SIGKILL)  # before the loop runs the publication behind


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
