"""The gateway's per-process hand-off of a just-posted turn: whose it is, and for how long."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime

from services.gateway.handoff import TurnHandoff
from shared.events import InvocationStarted
from shared.store import Appended, Recorded


def _turn(invocation_id: uuid.UUID, *, status: str = "new") -> list[Appended]:
    event = InvocationStarted(conversation_id=uuid.uuid4(), tenant_id="t",
                              invocation_id=invocation_id, user_id="alice",
                              message_id=uuid.uuid4())
    record = Recorded(position=1, version=1, event=event, payload=b"{}", prev_hash=b"",
                      hash=b"", recorded_at=datetime.now(UTC))
    if status == "dropped":
        return [Appended(status="dropped", event=event)]
    return [Appended(status="new", event=event, record=record)]


def test_a_turn_is_found_by_its_own_tenant_and_user_only() -> None:
    handoff = TurnHandoff()
    invocation_id = uuid.uuid4()
    handoff.keep("t", "alice", _turn(invocation_id))
    found = handoff.find("t", "alice", invocation_id)
    assert found is not None and found.records[0].version == 1
    assert handoff.find("t", "bob", invocation_id) is None
    assert handoff.find("u", "alice", invocation_id) is None
    assert handoff.find("t", "alice", uuid.uuid4()) is None


def test_turns_expire_and_are_bounded() -> None:
    # Half a second, not less: a loaded machine may pause this test between keeping a turn
    # and finding it for longer than a tiny time to live, which would expire it too soon.
    handoff = TurnHandoff(ttl_s=0.5, most=2)
    ids = [uuid.uuid4() for _ in range(3)]
    for invocation_id in ids:
        handoff.keep("t", "alice", _turn(invocation_id))
    assert handoff.find("t", "alice", ids[0]) is None  # the oldest went past ``most``
    assert handoff.find("t", "alice", ids[2]) is not None
    time.sleep(0.6)
    assert handoff.find("t", "alice", ids[2]) is None


def test_a_dropped_record_leaves_the_turn_to_the_log() -> None:
    handoff = TurnHandoff()
    invocation_id = uuid.uuid4()
    handoff.keep("t", "alice", _turn(invocation_id, status="dropped"))
    assert handoff.find("t", "alice", invocation_id) is None
