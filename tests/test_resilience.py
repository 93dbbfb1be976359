"""The engine outlives its broker: NATS restarts, and the next question is answered."""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from dataclasses import replace
from pathlib import Path

from services.engine import Engine
from shared.config import Settings
from shared.embedded import free_port, start_nats
from tests.e2e import Client


async def _ask(client: Client, conversation: str) -> str:
    accepted = await client.ask(conversation, "What must we do about damp?")
    events = await client.collect(accepted["stream_url"], timeout=60)
    return events[-1].type


async def test_nats_restart_does_not_stop_the_engine(settings: Settings) -> None:
    root = Path(tempfile.mkdtemp(prefix="yn"))
    port = free_port()
    with contextlib.ExitStack() as first:
        url = start_nats(first, root / "n", port)
        engine = Engine(replace(settings, nats_url=url, port=free_port()))
        await engine.start()
        client = Client(engine)
        await client.upload("Damp", "# Damp\n\nWe must inspect within 10 working days.")
        conversation = await client.conversation()
        assert await _ask(client, conversation) == "invocation.completed"
        # Stop the broker (the stack's callbacks terminate it) and start it again on the
        # same port and store, as an orchestrated restart would.
    await asyncio.sleep(1.0)
    with contextlib.ExitStack() as second:
        start_nats(second, root / "n", port)
        try:
            async with asyncio.timeout(90):
                assert await _ask(client, conversation) == "invocation.completed"
        finally:
            await client.close()
            await engine.stop()
