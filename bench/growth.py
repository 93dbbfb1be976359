"""Storage growth over one long conversation: it must be linear in turns (DESIGN §3, inv. 7).

Samples the conversation's events and payload bytes, and the size of the whole ``events``
table with its indexes, every few turns; what matters is bytes added per turn early and late.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field

import asyncpg

from bench.client import ApiClient
from bench.load import Target, percentile
from bench.model import QUESTION

__all__ = ["Growth", "Sample", "run_growth"]


@dataclass(frozen=True)
class Sample:
    turn: int
    events: int
    payload_bytes: int
    table_bytes: int


@dataclass
class Growth:
    turns: int
    every: int
    samples: list[Sample] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)
    """Per turn, POST to ``invocation.completed``."""

    def per_turn(self, first: Sample, last: Sample) -> dict[str, float]:
        n = last.turn - first.turn
        return {"events": (last.events - first.events) / n,
                "payload_bytes": (last.payload_bytes - first.payload_bytes) / n,
                "table_bytes": (last.table_bytes - first.table_bytes) / n}

    def summary(self) -> dict[str, object]:
        early = self.per_turn(self.samples[0], self.samples[1])
        late = self.per_turn(self.samples[-2], self.samples[-1])
        window = self.every
        return {
            "turns": self.turns,
            "samples": [s.__dict__ for s in self.samples],
            "early_turns": f"1–{window}", "late_turns": f"{self.turns - window + 1}–{self.turns}",
            "early_per_turn": early, "late_per_turn": late,
            "payload_ratio": late["payload_bytes"] / early["payload_bytes"],
            "table_ratio": (late["table_bytes"] / early["table_bytes"]
                            if early["table_bytes"] else float("nan")),
            "events_ratio": late["events"] / early["events"],
            "early_latency_p50_ms": percentile(self.latency_ms[:window], 50),
            "late_latency_p50_ms": percentile(self.latency_ms[-window:], 50),
        }


async def _sample(conn: asyncpg.Connection, conversation: uuid.UUID, turn: int) -> Sample:
    row = await conn.fetchrow(
        "SELECT count(*) AS n, coalesce(sum(octet_length(payload)), 0) AS bytes,"
        " pg_total_relation_size('events') AS table_bytes FROM events"
        " WHERE conversation_id = $1", conversation)
    assert row is not None
    return Sample(turn=turn, events=int(row["n"]), payload_bytes=int(row["bytes"]),
                  table_bytes=int(row["table_bytes"]))


async def run_growth(target: Target, database_url: str, *, turns: int, every: int) -> Growth:
    """``turns`` sequential questions in one conversation, sampled every ``every`` turns."""
    api = ApiClient(target.url, target.secret, tenant=target.tenant, user="growth")
    conn = await asyncpg.connect(database_url)
    growth = Growth(turns=turns, every=every)
    try:
        conversation = await api.conversation()
        cid = uuid.UUID(conversation)
        growth.samples.append(await _sample(conn, cid, 0))
        for turn in range(1, turns + 1):
            t0 = time.perf_counter()
            done = await api.turn(conversation, QUESTION)
            if done.terminal != "invocation.completed":
                raise RuntimeError(f"turn {turn} ended with {done.terminal}")
            growth.latency_ms.append((time.perf_counter() - t0) * 1000)
            if turn % every == 0:
                growth.samples.append(await _sample(conn, cid, turn))
    finally:
        await conn.close()
        await api.close()
    return growth
