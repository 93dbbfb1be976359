"""What a POST just committed, handed to the stream its caller opens next on this gateway.

A new turn's first events (``invocation.started``, ``message.received``) are committed by the
gateway's POST itself. The browser then opens the invocation's stream, nearly always on the
same gateway, and the feed's first events are exactly those records: keeping them here for a
few seconds lets the feed send them at once, before its first read of the log, and lets the
stream's access check pass without a query (the caller who posted owns the conversation).
They are the log's own records, versions and payloads as committed, so what the user sees is
still what the log holds; everything after them comes from the log and NATS as before.

Per process and bounded: a stream opened on another replica, or after ``ttl_s``, finds
nothing here and reads the log as always.
"""

from __future__ import annotations

import time
import uuid
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from shared.store import Appended, Recorded

__all__ = ["HandedTurn", "TurnHandoff"]


@dataclass(frozen=True, slots=True)
class HandedTurn:
    """A turn's committed records, and whose they are."""

    tenant_id: str
    user_id: str
    conversation_id: uuid.UUID
    records: tuple[Recorded, ...]
    kept_at: float


class TurnHandoff:
    """The last turns this gateway recorded, by invocation, each for ``ttl_s`` seconds."""

    def __init__(self, *, ttl_s: float = 10.0, most: int = 512) -> None:
        """``ttl_s``: how long a turn waits for its stream (a browser opens it at once);
        ``most``: how many turns are kept at most, the oldest going first."""
        self.ttl_s = ttl_s
        self.most = most
        self._turns: OrderedDict[uuid.UUID, HandedTurn] = OrderedDict()

    def keep(self, tenant_id: str, user_id: str, appended: Sequence[Appended]) -> None:
        """Keep what a turn's ``record`` committed (new or already stored records alike: both
        are what the log holds); a dropped event leaves the turn out."""
        records = tuple(a.record for a in appended if a.record is not None)
        if not records or len(records) != len(appended):
            return
        first = records[0].event
        if first.invocation_id is None:
            return
        now = time.monotonic()
        self._turns[first.invocation_id] = HandedTurn(
            tenant_id=tenant_id, user_id=user_id, conversation_id=first.conversation_id,
            records=records, kept_at=now)
        self._turns.move_to_end(first.invocation_id)
        self._evict(now)

    def find(self, tenant_id: str, user_id: str, invocation_id: uuid.UUID) -> HandedTurn | None:
        """The turn, if this gateway recorded it for this very user within ``ttl_s``."""
        turn = self._turns.get(invocation_id)
        if turn is None or time.monotonic() - turn.kept_at > self.ttl_s:
            return None
        if turn.tenant_id != tenant_id or turn.user_id != user_id:
            return None
        return turn

    def _evict(self, now: float) -> None:
        while self._turns and (len(self._turns) > self.most or
                               now - next(iter(self._turns.values())).kept_at > self.ttl_s):
            self._turns.popitem(last=False)
