"""A user's cancel interrupts the orchestrator's waits even when it comes with an announcement.

A cancel request is itself an event of the invocation, so the invocation's update that
announces it reaches a step waiting for news in the same pass of the loop as the handler that
cancels that step. The wait must end cancelled, not return as if only the news had come: on
Python 3.11 ``asyncio.wait_for`` returned the inner wait's result and dropped the cancel
(CPython gh-86296), and the run went on collecting until the cancel handler's own wait ran
out (``CANCEL_WAIT_S``, the stuck cancel of round thirteen's lease change, DESIGN §4).
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from services.orchestrator.collect import collect
from services.orchestrator.state import read_state
from shared.events import RoutingDecided
from shared.runtime import Infra, Service


async def test_a_cancel_with_an_announcement_in_the_same_pass_stops_collecting(
        infra: Infra) -> None:
    service = Service(name="orchestrator", infra=infra)
    decision = RoutingDecided(conversation_id=uuid.uuid4(), tenant_id="tenant-a",
                              invocation_id=uuid.uuid4(), query_type="policy", complexity=30,
                              workers=["policy"], model_tier="balanced")
    state = await read_state(infra.store, decision)  # no findings: collecting waits for news
    changed = asyncio.Event()
    task = asyncio.create_task(collect(service, decision, state, changed, deadline_s=60.0))
    for _ in range(5):  # nothing else runs: a few passes park the step (and any inner task)
        await asyncio.sleep(0)
    assert not task.done()
    changed.set()  # the announcement of the cancel request ...
    task.cancel()  # ... and the cancel, in one pass
    with pytest.raises(asyncio.CancelledError):
        async with asyncio.timeout(10):
            await task
