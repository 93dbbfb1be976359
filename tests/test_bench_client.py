"""The benchmarks' API client reads each stream to its end and keeps its connection for the
next, as a browser's ``fetch`` does: the "POST → first event" figure is then the engine's, not
a TCP connect per turn of the tool's own."""

from __future__ import annotations

import pytest

from bench.client import ApiClient
from services.engine import Engine


@pytest.mark.parametrize(("new_connections", "opened"), [(False, 1), (True, 3)])
async def test_streams_share_one_kept_connection(engine: Engine, new_connections: bool,
                                                  opened: int) -> None:
    api = ApiClient(engine.gateway_url, engine.settings.jwt_secret, tenant="bench-client",
                    user="officer", new_connections=new_connections)
    try:
        conversation = await api.conversation()
        before = api.opened  # the API client's own connection
        turns = [await api.turn(conversation, f"What must we do about damp in flat {n}?",
                                in_post=True) for n in range(3)]
        assert all(t.terminal.startswith("invocation.") for t in turns)
        assert all(0 < t.first_event <= t.completed for t in turns)
        assert api.opened - before == opened
    finally:
        await api.close()
