"""A long handler tells JetStream it is still working; a short one costs nothing but a timer."""

from __future__ import annotations

import asyncio
import itertools
from typing import cast

from nats.aio.msg import Msg

from shared.runtime import _KeepAlive


class _Delivered:
    """Stands in for a delivered JetStream message: notes when each "still working" reply went
    out, in the event loop's time."""

    def __init__(self) -> None:
        self.beats: list[float] = []
        self.changed = asyncio.Event()

    async def in_progress(self) -> None:
        self.beats.append(asyncio.get_running_loop().time())
        self.changed.set()

    async def until(self, beats: int) -> None:
        while len(self.beats) < beats:
            self.changed.clear()
            await self.changed.wait()


async def test_a_long_handler_beats_until_it_ends_and_not_after() -> None:
    loop = asyncio.get_running_loop()
    delivered = _Delivered()
    started = loop.time()
    keep_alive = _KeepAlive(cast(Msg, delivered), ack_wait_s=0.6)  # a beat every 0.2 s
    # Two beats, so the timer re-arms: within 0.4 s on an idle machine, within the ceiling on a
    # loaded one (which can make beats late, never early).
    await asyncio.wait_for(delivered.until(2), 30)
    keep_alive.cancel()
    beats = len(delivered.beats)
    stamps = [started, *delivered.beats]
    assert all(later - earlier >= 0.2 - 0.01  # spaced as asked (the loop's clock resolution)
               for earlier, later in itertools.pairwise(stamps))
    await asyncio.sleep(0.5)  # and none after the handler ended
    assert len(delivered.beats) == beats


async def test_a_short_handler_never_beats() -> None:
    delivered = _Delivered()
    _KeepAlive(cast(Msg, delivered), ack_wait_s=0.6).cancel()
    await asyncio.sleep(0.3)
    assert delivered.beats == []
