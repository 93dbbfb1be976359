"""What the verifier keeps of an invocation between its checks: the log grows, never repeats."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from services.verifier.inflight import LOGS, InFlight
from shared.events import ContentDelta
from shared.store import Recorded


def _records(invocation: uuid.UUID, versions: range) -> list[Recorded]:
    base = {"conversation_id": uuid.uuid4(), "tenant_id": "t", "invocation_id": invocation}
    return [Recorded(position=v, version=v, event=ContentDelta(**base, text=f"{v} ", index=v),
                     payload=b"{}", prev_hash=b"", hash=b"", recorded_at=datetime.now(UTC))
            for v in versions]


def test_the_log_read_so_far_is_extended_by_what_is_new_only() -> None:
    inflight, invocation = InFlight(), uuid.uuid4()
    seen = inflight.seen(invocation)
    assert seen.version == 0 and seen.records == []
    first = seen.extend(_records(invocation, range(1, 4)))
    # Two checks that read at once bring the same records: each is held once, in order.
    again = seen.extend(_records(invocation, range(2, 6)))
    assert [r.version for r in again] == [1, 2, 3, 4, 5] and seen.version == 5
    assert [r.version for r in first] == [1, 2, 3]  # a list handed out earlier is unchanged
    assert inflight.seen(invocation) is seen


def test_logs_of_finished_or_forgotten_invocations_are_dropped() -> None:
    inflight = InFlight()
    invocations = [uuid.uuid4() for _ in range(LOGS + 1)]
    for invocation in invocations:
        inflight.seen(invocation).extend(_records(invocation, range(1, 2)))
    assert invocations[0] not in inflight.logs and len(inflight.logs) == LOGS
    assert inflight.seen(invocations[0]).records == []  # read afresh
