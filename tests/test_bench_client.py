"""The benchmarks' API client opens a connection per stream, or (``kept_alive``) reads each
stream to its end and keeps its connection for the next, as a browser's ``fetch`` does; it
counts the connections it opens, so a figure says which it measured."""

from __future__ import annotations

import pytest

from bench.client import ApiClient
from services.engine import Engine


@pytest.mark.parametrize(("kept_alive", "opened"), [(True, 1), (False, 3)])
async def test_kept_streams_share_one_connection(engine: Engine, kept_alive: bool,
                                                  opened: int) -> None:
    api = ApiClient(engine.gateway_url, engine.settings.jwt_secret, tenant="bench-client",
                    user="officer", kept_alive=kept_alive)
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
