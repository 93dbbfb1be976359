"""A long handler tells JetStream it is still working; a short one costs nothing but a timer."""

from __future__ import annotations

import asyncio
from typing import cast

from nats.aio.msg import Msg

from shared.runtime import _KeepAlive


class _Delivered:
    """Stands in for a delivered JetStream message: counts the "still working" replies."""

    def __init__(self) -> None:
        self.beats = 0

    async def in_progress(self) -> None:
        self.beats += 1


async def test_a_long_handler_beats_until_it_ends_and_not_after() -> None:
    delivered = _Delivered()
    keep_alive = _KeepAlive(cast(Msg, delivered), ack_wait_s=0.6)  # a beat every 0.2 s
    await asyncio.sleep(0.5)
    assert delivered.beats >= 1  # two, unless the machine is busy
    beats = delivered.beats
    keep_alive.cancel()
    await asyncio.sleep(0.5)
    assert delivered.beats == beats


async def test_a_short_handler_never_beats() -> None:
    delivered = _Delivered()
    _KeepAlive(cast(Msg, delivered), ack_wait_s=0.6).cancel()
    await asyncio.sleep(0.3)
    assert delivered.beats == 0
