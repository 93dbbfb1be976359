"""An invocation's state, rebuilt from its events in the log (so any replica can resume it)."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from shared.events import (
    TERMINAL_TYPES,
    ContentDelta,
    DraftCompleted,
    Event,
    InvocationCancelRequested,
    InvocationEvent,
    MessageReceived,
    QueryRewritten,
    RoutingDecided,
    Usage,
    UsageRecorded,
    WorkerFindings,
    event_type,
)
from shared.store import PostgresEventStore, Recorded

__all__ = ["InvocationState", "catch_up", "read_state"]


class InvocationState(msgspec.Struct, kw_only=True):
    question: str = ""
    standalone: str = ""
    """The question made standalone by the router (``query.rewritten``), if it was."""
    jurisdiction: str | None = None
    persona_id: str | None = None
    routing: RoutingDecided | None = None
    findings: dict[str, WorkerFindings] = {}
    deltas: int = 0
    draft: DraftCompleted | None = None
    cancel_requested: bool = False
    terminal: str | None = None
    usage: Usage = Usage()
    calls: list[UsageRecorded] = []
    """Every model call recorded so far, with its cost."""
    version: int = 0
    """The version of the last event applied: a later read need only fetch what follows it."""

    @property
    def to_answer(self) -> str:
        """The question the answer answers: the standalone one, else the message."""
        return self.standalone or self.question

    @classmethod
    def from_log(cls, records: Iterable[Recorded]) -> InvocationState:
        state = cls()
        state.advance(records)
        return state

    def advance(self, records: Iterable[Recorded]) -> None:
        """Apply ``records``, the log's events after ``version``, in order."""
        for r in records:
            self.apply(r.event)
            self.version = r.version

    def copy(self) -> InvocationState:
        """A copy to advance apart from this state (its collections are its own)."""
        return msgspec.structs.replace(self, findings=dict(self.findings),
                                       calls=list(self.calls))

    def apply(self, event: Event) -> None:
        match event:
            case MessageReceived():
                self.question, self.jurisdiction = event.content, event.jurisdiction
                self.persona_id = event.persona_id
            case QueryRewritten():
                self.standalone = event.standalone
            case RoutingDecided():
                self.routing = event
            case WorkerFindings():
                self.findings[event.worker] = event
            case ContentDelta():
                self.deltas += 1
            case DraftCompleted():
                self.draft = event
            case InvocationCancelRequested():
                self.cancel_requested = True
            case UsageRecorded():
                self.usage = self.usage + event.usage
                self.calls.append(event)
            case _:
                kind = event_type(event)
                if kind in TERMINAL_TYPES:
                    self.terminal = kind


async def read_state(store: PostgresEventStore, event: InvocationEvent) -> InvocationState:
    """The state of ``event``'s invocation as the log holds it now."""
    return InvocationState.from_log(await store.read_invocation(event.tenant_id,
                                                                event.invocation_id))


async def catch_up(store: PostgresEventStore, event: InvocationEvent,
                   state: InvocationState) -> InvocationState:
    """``state`` advanced to what the log holds now, reading only the events after it.

    The log of an invocation is mostly findings, large to fetch and to decode; a step that
    looks again (for findings still to come, for a cancel) reads what is new, not it all.
    Versions of a conversation commit in order, so nothing can appear behind ``version``.
    """
    state.advance(await store.read_invocation(event.tenant_id, event.invocation_id,
                                              after_version=state.version))
    return state
