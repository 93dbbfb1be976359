"""The audit after a fault-injection run: what the log holds against what the clients saw.

Per invocation: it ended (completed, cancelled or failed) within the bound, exactly once,
nothing of it recorded twice or after its end; an accepted cancel ended it ``cancelled`` unless
it had already ended; the feed the client read (each version once, after resumes) is the
invocation's part of the log, in order. Per conversation: the hash chain verifies (which also
finds gaps in versions). The counts are what the suite prints.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

import asyncpg

from shared.events import TERMINAL_TYPES
from shared.store import PostgresEventStore, verify_chain
from tests.faults_load import Run

__all__ = ["Audit", "LogEntry", "audit"]

_ONCE = frozenset({"invocation.started", "message.received", "routing.decided", "gap.checked",
                   "title.generated", "draft.completed",
                   "verification.result", "confidence.update", "qa.report",
                   "invocation.cancel_requested"})
"""Steps an invocation takes at most once; a second one is a duplicated step."""
_KEYED = {"content.delta": "index", "agent.start": "agent_name", "worker.findings": "worker",
          "usage.recorded": "agent", "citation.checked": "index", "draft.sentence": "index",
          "answer.revised": "draft_chars"}
"""Steps taken once per key (per delta index, per worker…; a revision while streaming per
draft length, the whole answer's once)."""


@dataclass(frozen=True)
class LogEntry:
    """One event of a conversation's log as ``GET /v1/conversations/{id}/events`` returns it."""

    version: int
    type: str
    recorded_at: datetime
    event: dict[str, object]

    @property
    def invocation_id(self) -> str | None:
        value = self.event.get("invocation_id")
        return str(value) if value is not None else None

    @classmethod
    def of(cls, raw: dict[str, object]) -> LogEntry:
        event = raw["event"]
        assert isinstance(event, dict)
        return cls(version=int(str(raw["version"])), type=str(raw["type"]),
                   recorded_at=datetime.fromisoformat(str(raw["recorded_at"])), event=event)


@dataclass
class Audit:
    invocations: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    lost: list[str] = field(default_factory=list)
    """Invocations with no terminal event by the bound (or accepted and not in the log)."""
    late: list[str] = field(default_factory=list)
    """Ended, but after the bound."""
    duplicated: list[str] = field(default_factory=list)
    """An event id twice, a step taken twice, two endings, or anything after the end."""
    chain_breaks: list[str] = field(default_factory=list)
    stream_not_log: list[str] = field(default_factory=list)
    redelivered: int = 0
    cancel_ignored: list[str] = field(default_factory=list)
    cancel_lost_to_verifier: list[str] = field(default_factory=list)
    """Accepted while the verifier worked, and ended by its ``invocation.completed``: the known
    defect of ``test_a_cancel_during_verification_wins_while_the_orchestrator_restarts``."""
    resumes: int = 0

    def summary(self, *, kills: int, restarts: int, cancels: int) -> str:
        return (f"faults: invocations={self.invocations} "
                f"completed={self.outcomes['invocation.completed']} "
                f"cancelled={self.outcomes['invocation.cancelled']} "
                f"failed={self.outcomes['invocation.failed']} lost={len(self.lost)} "
                f"late={len(self.late)} duplicated={len(self.duplicated)} "
                f"chain_breaks={len(self.chain_breaks)} "
                f"stream_not_log={len(self.stream_not_log)} "
                f"client_redeliveries={self.redelivered} resumes={self.resumes} "
                f"cancel_ignored={len(self.cancel_ignored)} "
                f"cancel_lost_to_verifier={len(self.cancel_lost_to_verifier)} kills={kills} "
                f"restarts={restarts} cancels={cancels}")

    def problems(self) -> list[str]:
        return [*self.lost, *self.late, *self.duplicated, *self.chain_breaks,
                *self.stream_not_log, *self.cancel_ignored, *self.cancel_lost_to_verifier]


def _step_key(entry: LogEntry) -> str | None:
    if entry.type in _ONCE:
        return entry.type
    if entry.type in _KEYED:
        return f"{entry.type}:{entry.event.get(_KEYED[entry.type])}"
    return None


def _check_invocation(audit: Audit, inv: str, entries: Sequence[LogEntry], run: Run | None,
                      bound_at: datetime) -> None:
    ends = [e for e in entries if e.type in TERMINAL_TYPES]
    if not ends:
        last = entries[-1].type if entries else "-"
        audit.lost.append(f"{inv}: no terminal event (the last is {last})")
    else:
        audit.outcomes[ends[0].type] += 1
        if ends[0].recorded_at > bound_at:
            audit.late.append(f"{inv}: ended {ends[0].recorded_at - bound_at} after the bound")
        if len(ends) > 1:
            audit.duplicated.append(f"{inv}: {len(ends)} endings {[e.type for e in ends]}")
        if entries[-1] is not ends[0]:
            audit.duplicated.append(f"{inv}: {entries[-1].type} recorded after {ends[0].type}")
    steps = Counter(k for e in entries if (k := _step_key(e)) is not None)
    audit.duplicated += [f"{inv}: step {k} recorded {n} times" for k, n in steps.items() if n > 1]
    if run is not None:
        _check_client(audit, inv, entries, run)


def _check_client(audit: Audit, inv: str, entries: Sequence[LogEntry], run: Run) -> None:
    audit.redelivered += run.redelivered
    audit.resumes += run.resumes
    seen = [(e.version, e.type) for e in run.events]
    logged = [(e.version, e.type) for e in entries]
    if seen != logged or run.out_of_order:
        missing = [x for x in logged if x not in seen]
        extra = [x for x in seen if x not in logged]
        audit.stream_not_log.append(
            f"{inv}: feed≠log (saw {len(seen)}, log {len(logged)}, missing {missing[:4]}, "
            f"extra {extra[:4]}, out of order {run.out_of_order}, resumes {run.resumes}, "
            f"ended on feed: {run.ended_at is not None})")
    if run.cancel_status != "cancel_requested":
        return
    requested = next((e for e in entries if e.type == "invocation.cancel_requested"), None)
    end = next((e for e in entries if e.type in TERMINAL_TYPES), None)
    if requested is None:
        audit.cancel_ignored.append(f"{inv}: cancel accepted (202) but never recorded")
    elif end is not None and end.type != "invocation.cancelled":
        produced = datetime.fromisoformat(str(end.event["occurred_at"]))
        if produced <= requested.recorded_at:
            return  # it had already ended when the cancel was recorded
        problem = (f"{inv}: cancel recorded at v{requested.version}, yet ended {end.type} "
                   f"(produced {produced - requested.recorded_at} after the cancel)"
                   f" stage={end.event.get('stage')}")
        drafted = any(e.type == "draft.completed" and e.version < requested.version
                      for e in entries)
        if drafted and end.type == "invocation.completed":
            audit.cancel_lost_to_verifier.append(problem)
        else:
            audit.cancel_ignored.append(problem)


def _by_invocation(entries: Iterable[LogEntry]) -> dict[str, list[LogEntry]]:
    out: dict[str, list[LogEntry]] = {}
    for e in entries:
        if e.invocation_id is not None:
            out.setdefault(e.invocation_id, []).append(e)
    return out


async def audit(pool: asyncpg.Pool, logs: dict[str, list[LogEntry]], runs: Sequence[Run],
                bound_at: datetime) -> Audit:
    """Check every invocation in ``logs`` (conversation id → its log) and every client run."""
    result = Audit()
    by_run = {r.invocation_id: r for r in runs}
    store = PostgresEventStore(pool)
    invocations: dict[str, list[LogEntry]] = {}
    for conversation, entries in logs.items():
        ids = Counter(str(e.event.get("event_id")) for e in entries)
        result.duplicated += [f"{conversation}: event id {i} logged {n} times"
                              for i, n in ids.items() if n > 1]
        result.chain_breaks += [f"{conversation}: v{b.version} {b.problem}" for b in
                                verify_chain(await store.chain(uuid.UUID(conversation)))]
        invocations |= _by_invocation(entries)
    result.lost += [f"{inv}: accepted (202) but not in the log" for inv in by_run
                    if inv not in invocations]
    result.invocations = len(invocations.keys() | by_run.keys())
    for inv, entries in invocations.items():
        _check_invocation(result, inv, entries, by_run.get(inv), bound_at)
    return result
