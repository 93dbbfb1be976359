"""An invocation that goes quiet (its services gone) is failed in the log, never left silent."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import replace

from services.engine import Engine
from shared.config import Settings
from shared.events import ConversationCreated, InvocationStarted, MessageReceived


async def test_a_stalled_invocation_is_failed_by_the_watchdog(settings: Settings) -> None:
    # Only the orchestrator runs: nobody will ever route this message.
    engine = Engine(replace(settings, stall_timeout_s=1.0), services=["orchestrator"])
    await engine.start()
    try:
        assert engine.infra is not None
        conversation, inv, msg = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
        base = {"conversation_id": conversation, "tenant_id": "t", "invocation_id": inv}
        await engine.infra.store.append([
            ConversationCreated(conversation_id=conversation, tenant_id="t", user_id="u"),
            InvocationStarted(**base, user_id="u", message_id=msg),
            MessageReceived(**base, user_id="u", message_id=msg, content="Anyone there?"),
        ])
        async with asyncio.timeout(20):
            while True:
                records = await engine.infra.store.read_invocation("t", inv)
                if records[-1].type == "invocation.failed":
                    break
                await asyncio.sleep(0.1)
        failed = records[-1].event
        assert failed.stage == "watchdog"  # type: ignore[union-attr]
        assert "stopped responding" in failed.reason  # type: ignore[union-attr]
        status = await engine.infra.pool.fetchval(
            "SELECT status FROM invocations WHERE id = $1", inv)
        assert status == "failed"
    finally:
        await engine.stop()
