"""What PostgreSQL is asked per invocation: appends, log re-reads, settings reads.

Counted from the server's own statement log (``log_min_duration_statement = 0``, turned on
for one timed run only), so nothing in the engine is instrumented; the transactions that
appended each invocation's events are counted exactly from the rows themselves (``xmin``, the
transaction that inserted a row).
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from shared.config import Settings

__all__ = ["Statements", "classify", "count_statements"]

_STATEMENT = re.compile(r"duration: [\d.]+ ms  (?:execute [^:]*|statement): (?P<sql>.*)")

KINDS: tuple[tuple[str, str], ...] = (
    # (fragment of the statement, kind); the first match wins
    ("FROM append_events(", "append (the log's one call)"),
    ("FROM events WHERE invocation_id = $1 AND tenant_id = $2", "read_invocation"),
    ("FROM tenants WHERE tenant_id = $1", "tenant settings read"),
    ("FROM tenant_models", "model settings read"),
    ("LEFT JOIN tenant_models", "tenant settings and models read (one query)"),
)


def classify(log: str) -> tuple[Counter[str], Counter[str]]:
    """Statements of ``log`` by kind (``KINDS``), and all of them under ``"statements"``;
    and by their first words."""
    counts: Counter[str] = Counter()
    openings: Counter[str] = Counter()
    for line in log.splitlines():
        m = _STATEMENT.search(line)
        if m is None:
            continue
        counts["statements"] += 1
        sql = m["sql"]
        openings[sql[:72]] += 1
        for fragment, kind in KINDS:
            if fragment in sql:
                counts[kind] += 1
                break
    return counts, openings


@dataclass(frozen=True)
class Statements:
    invocations: int
    events: int
    appends: int
    """Transactions that inserted the invocations' events."""
    counts: Counter[str]
    shapes: Counter[str]
    """How many appending transactions recorded each sequence of event types."""
    openings: Counter[str]
    """Statements by their first words."""

    def render(self) -> str:
        n = max(1, self.invocations)
        lines = [f"statement log over {self.invocations} invocations ({self.events / n:.1f} "
                 f"events each): {self.appends / n:.1f} appending transactions per invocation"]
        lines += [f"  {kind:<32} {count / n:6.1f} per invocation"
                  for kind, count in sorted(self.counts.items())]
        lines += ["  the most frequent statements:"]
        lines += [f"  {count / n:6.2f}  {sql}" for sql, count in self.openings.most_common(24)]
        lines += ["  appends by what they recorded:"]
        lines += [f"  {count / n:6.2f}  {shape}" for shape, count in self.shapes.most_common()]
        return "\n".join(lines)


async def count_statements(settings: Settings, log: Path, run: Awaitable[object]
                           ) -> Statements:
    """Awaits ``run`` with the statement log on, and counts what it asked per invocation."""
    conn = await asyncpg.connect(str(settings.database_url))
    try:
        before = {r["id"] for r in await conn.fetch("SELECT id FROM invocations")}
        await conn.execute("ALTER SYSTEM SET log_min_duration_statement = 0")
        await conn.execute("SELECT pg_reload_conf()")
        start = await asyncio.to_thread(lambda: log.stat().st_size)
        try:
            await run
        finally:
            await conn.execute("ALTER SYSTEM RESET log_min_duration_statement")
            await conn.execute("SELECT pg_reload_conf()")
        text = await asyncio.to_thread(_tail, log, start)
        new = [r["id"] for r in await conn.fetch("SELECT id FROM invocations")
               if r["id"] not in before]
        row = await conn.fetchrow(
            "SELECT count(*) AS events, count(DISTINCT xmin::text) AS appends FROM events"
            " WHERE invocation_id = ANY($1::uuid[])", new)
        assert row is not None
        shapes: Counter[str] = Counter()
        for group in await conn.fetch(
                "SELECT string_agg(type, ' ' ORDER BY position) AS types FROM events"
                " WHERE invocation_id = ANY($1::uuid[]) GROUP BY xmin::text, invocation_id", new):
            shapes[_runs(group["types"].split())] += 1
        counts, openings = classify(text)
        return Statements(invocations=len(new), events=row["events"], appends=row["appends"],
                          counts=counts, shapes=shapes, openings=openings)
    finally:
        await conn.close()


def _runs(types: list[str]) -> str:
    """``a a a b`` as ``3×a b``."""
    out: list[str] = []
    for kind in types:
        if out and out[-1].rpartition("×")[2] == kind:
            count, _, _ = out[-1].rpartition("×")
            out[-1] = f"{int(count or 1) + 1}×{kind}"
        else:
            out.append(kind)
    return " ".join(out)


def _tail(log: Path, start: int) -> str:
    with log.open("rb") as f:
        f.seek(start)
        return f.read().decode(errors="replace")
