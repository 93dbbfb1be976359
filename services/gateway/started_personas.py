"""The persona each conversation was started with, kept once read.

A conversation's persona is its first event's (``conversation.created``), and the log is
append-only, so it never changes: a conversation's next message need not read it again
before its first event. Whether that persona still exists, and the caller's access to the
conversation, are read afresh for every message (``services.gateway.persona_choice``,
``services.gateway.access``).
"""

from __future__ import annotations

import uuid
from collections import OrderedDict

__all__ = ["StartedPersonas"]


class StartedPersonas:
    """The persona each conversation was started with (``None``: none chosen), once read.

    Per process and bounded: the conversations last posted to, the least recent going first
    past ``most``. Keyed by tenant and conversation, and kept only once the caller's access
    to the conversation has been checked (``keep``), so it holds nothing about a
    conversation nobody may post to; a lookup never stands in for that check.
    """

    def __init__(self, *, most: int = 4096) -> None:
        self.most = most
        self._known: OrderedDict[tuple[str, uuid.UUID], str | None] = OrderedDict()

    def find(self, tenant_id: str, conversation_id: uuid.UUID) -> tuple[bool, str | None]:
        """Whether the conversation's persona is known here, and which."""
        key = (tenant_id, conversation_id)
        if key not in self._known:
            return False, None
        self._known.move_to_end(key)
        return True, self._known[key]

    def keep(self, tenant_id: str, conversation_id: uuid.UUID, persona: str | None) -> None:
        self._known[(tenant_id, conversation_id)] = persona
        self._known.move_to_end((tenant_id, conversation_id))
        while len(self._known) > self.most:
            self._known.popitem(last=False)
