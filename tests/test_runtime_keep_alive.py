"""A long handler tells JetStream it is still working; a short one costs nothing: the
subscription's one timer beats only for deliveries that have run a third of the ack wait."""

from __future__ import annotations

import asyncio
import itertools
from typing import cast

from nats.aio.msg import Msg

from shared.runtime import _Heartbeats


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
    heartbeats = _Heartbeats(ack_wait_s=0.6)  # a beat every 0.2 s, the first within 0.3 s
    delivered = _Delivered()
    started = loop.time()
    heartbeats.add(cast(Msg, delivered))
    # Two beats, so the timer re-arms: within 0.5 s on an idle machine, within the ceiling on a
    # loaded one (which can make beats late, never early).
    await asyncio.wait_for(delivered.until(2), 30)
    heartbeats.discard(cast(Msg, delivered))
    beats = len(delivered.beats)
    stamps = [started, *delivered.beats]
    assert all(later - earlier >= 0.2 - 0.01  # spaced as asked (the loop's clock resolution)
               for earlier, later in itertools.pairwise(stamps))
    await asyncio.sleep(0.5)  # and none after the handler ended
    assert len(delivered.beats) == beats


async def test_a_short_handler_never_beats() -> None:
    heartbeats = _Heartbeats(ack_wait_s=0.6)
    delivered = _Delivered()
    heartbeats.add(cast(Msg, delivered))
    heartbeats.discard(cast(Msg, delivered))
    await asyncio.sleep(0.4)
    assert delivered.beats == []


async def test_one_timer_beats_for_every_long_handler_and_only_those() -> None:
    loop = asyncio.get_running_loop()
    heartbeats = _Heartbeats(ack_wait_s=0.6)
    first, second, short = _Delivered(), _Delivered(), _Delivered()
    first_started = loop.time()
    heartbeats.add(cast(Msg, first))
    await asyncio.sleep(0.1)
    second_started = loop.time()
    heartbeats.add(cast(Msg, second))  # started while the first's timer is already armed
    heartbeats.add(cast(Msg, short))
    await asyncio.sleep(0.05)
    heartbeats.discard(cast(Msg, short))
    await asyncio.wait_for(asyncio.gather(first.until(1), second.until(1)), 30)
    heartbeats.discard(cast(Msg, first))
    heartbeats.discard(cast(Msg, second))
    assert short.beats == []
    # Each delivery's first beat came no sooner than a third of the ack wait after its start.
    assert first.beats[0] - first_started >= 0.2 - 0.01
    assert second.beats[0] - second_started >= 0.2 - 0.01
