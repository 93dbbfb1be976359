"""What this verifier process is doing for invocations whose answers are still streaming.

Sentence checks of one invocation run one at a time, in the order they arrive, and what each
judged is remembered, so the next sentence (and then the whole draft) reuses it rather than
read its ``citation.checked`` back from the log, or check a citation again while a sentence
before it is still being checked. The log stays the source of truth: another replica, or this
one after a restart, reads it instead and at worst checks a citation twice, reporting it under
the same id.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field

from shared.events import UsageRecorded
from shared.store import Recorded
from shared.verification import CitationKey, Outcome

__all__ = ["LOGS", "MEMORY", "InFlight", "Seen"]

MEMORY = 512
"""Invocations whose judgements are remembered; the oldest are forgotten first."""
LOGS = 64
"""Invocations whose log is kept between their checks."""


@dataclass
class Seen:
    """What this process has read for an invocation's checks: its log so far."""

    records: list[Recorded] = field(default_factory=list)

    @property
    def version(self) -> int:
        return self.records[-1].version if self.records else 0

    def extend(self, records: list[Recorded]) -> list[Recorded]:
        """The log with ``records`` read after ``version`` added (any already held skipped,
        should two checks have read at once)."""
        last = self.version
        self.records = [*self.records, *(r for r in records if r.version > last)]
        return self.records


@dataclass
class InFlight:
    """Sentence checks running here, and the outcomes they judged, per invocation."""

    running: dict[uuid.UUID, set[asyncio.Future[None]]] = field(default_factory=dict)
    locks: dict[uuid.UUID, asyncio.Lock] = field(default_factory=dict)
    finalising: set[uuid.UUID] = field(default_factory=set)
    judged: OrderedDict[uuid.UUID, dict[CitationKey, Outcome]] = field(
        default_factory=OrderedDict)
    spent: dict[uuid.UUID, list[UsageRecorded]] = field(default_factory=dict)
    """The usage of the judge's calls for sentences, until the draft's total counts it."""
    logs: OrderedDict[uuid.UUID, Seen] = field(default_factory=OrderedDict)
    """What was read for each invocation, so the next check reads only what is new."""

    @contextlib.asynccontextmanager
    async def sentence(self, invocation_id: uuid.UUID) -> AsyncIterator[bool]:
        """One sentence check at a time per invocation; yields whether to check it at all
        (not once the whole draft is being verified here: that check covers it)."""
        if invocation_id in self.finalising:
            yield False
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        running = self.running.setdefault(invocation_id, set())
        running.add(done)
        lock = self.locks.setdefault(invocation_id, asyncio.Lock())
        try:
            async with lock:
                yield invocation_id not in self.finalising
        finally:
            done.set_result(None)
            running.discard(done)
            if not running:
                self.running.pop(invocation_id, None)
                self.locks.pop(invocation_id, None)

    @contextlib.asynccontextmanager
    async def draft(self, invocation_id: uuid.UUID, *, wait_s: float) -> AsyncIterator[None]:
        """While the whole draft is verified: sentence checks running here are waited for (up
        to ``wait_s``) and later ones are left to the draft; then its memory is dropped."""
        self.finalising.add(invocation_id)
        try:
            running = self.running.get(invocation_id)
            if running:
                await asyncio.wait(set(running), timeout=wait_s)
            yield
        finally:
            self.finalising.discard(invocation_id)
            self.judged.pop(invocation_id, None)
            self.spent.pop(invocation_id, None)
            self.logs.pop(invocation_id, None)

    def seen(self, invocation_id: uuid.UUID) -> Seen:
        """What was read for the invocation so far (nothing, the first time)."""
        seen = self.logs.get(invocation_id)
        if seen is None:
            seen = self.logs[invocation_id] = Seen()
        self.logs.move_to_end(invocation_id)
        while len(self.logs) > LOGS:
            self.logs.popitem(last=False)
        return seen

    def remember(self, invocation_id: uuid.UUID, outcomes: Mapping[CitationKey, Outcome]
                 ) -> None:
        self.judged.setdefault(invocation_id, {}).update(outcomes)
        self.judged.move_to_end(invocation_id)
        while len(self.judged) > MEMORY:
            self.judged.popitem(last=False)

    def recall(self, invocation_id: uuid.UUID) -> dict[CitationKey, Outcome]:
        return dict(self.judged.get(invocation_id, {}))

    def note_usage(self, invocation_id: uuid.UUID, usage: list[UsageRecorded]) -> None:
        """Usage emitted for a sentence, which may still be committing when the draft's total
        is summed."""
        if usage and invocation_id in self.judged:
            self.spent.setdefault(invocation_id, []).extend(usage)

    def usage(self, invocation_id: uuid.UUID) -> list[UsageRecorded]:
        return list(self.spent.get(invocation_id, []))
