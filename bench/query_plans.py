"""The plans of the statements the engine's own store functions run, found without copying them.

A ``Recording`` pool stands in for the real one while a store function runs once: it forwards
every call and keeps each statement with its arguments. Each is then ``EXPLAIN``\\ ed (without
``ANALYZE``, so a write is planned, not done) and its scans listed; a sequential scan of a
large table is what would make a read grow with the log.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, cast

import asyncpg

__all__ = ["Plan", "Recording", "plans_of"]

_LARGE_ROWS = 10_000
"""A table this large scanned in full is a finding (small ones are read whole by choice)."""


@dataclass
class Recording:
    """A pool look-alike that records each statement (and its arguments) it forwards."""

    pool: asyncpg.Pool
    statements: list[tuple[str, tuple[object, ...]]] = field(default_factory=list)

    async def fetch(self, query: str, *args: object) -> list[asyncpg.Record]:
        self.statements.append((query, args))
        return await self.pool.fetch(query, *args)

    async def fetchrow(self, query: str, *args: object) -> asyncpg.Record | None:
        self.statements.append((query, args))
        return await self.pool.fetchrow(query, *args)

    async def fetchval(self, query: str, *args: object) -> object:
        self.statements.append((query, args))
        return await self.pool.fetchval(query, *args)

    async def execute(self, query: str, *args: object) -> str:
        self.statements.append((query, args))
        return await self.pool.execute(query, *args)

    @asynccontextmanager
    async def acquire(self) -> AsyncIterator[_RecordingConnection]:
        async with self.pool.acquire() as conn:
            yield _RecordingConnection(cast(asyncpg.Connection, conn), self)


class _RecordingConnection:
    def __init__(self, conn: asyncpg.Connection, recording: Recording) -> None:
        self.conn = conn
        self.recording = recording

    def transaction(self, **kwargs: Any) -> Any:
        return self.conn.transaction(**kwargs)

    def is_in_transaction(self) -> bool:
        return self.conn.is_in_transaction()

    def terminate(self) -> None:
        self.conn.terminate()

    async def fetch(self, query: str, *args: object) -> list[asyncpg.Record]:
        self.recording.statements.append((query, args))
        return await self.conn.fetch(query, *args)

    async def fetchrow(self, query: str, *args: object) -> asyncpg.Record | None:
        self.recording.statements.append((query, args))
        return await self.conn.fetchrow(query, *args)

    async def fetchval(self, query: str, *args: object) -> object:
        self.recording.statements.append((query, args))
        return await self.conn.fetchval(query, *args)

    async def execute(self, query: str, *args: object) -> str:
        self.recording.statements.append((query, args))
        return await self.conn.execute(query, *args)

    async def executemany(self, query: str, args: list[tuple[object, ...]]) -> None:
        if args:
            self.recording.statements.append((query, tuple(args[0])))
        await self.conn.executemany(query, args)


@dataclass(frozen=True)
class Plan:
    """One statement's scans: index scans by index, and full scans of large tables."""

    statement: str
    indexes: list[str]
    full_scans: list[str]
    text: str


async def plans_of(pool: asyncpg.Pool, call: Callable[[asyncpg.Pool], Awaitable[object]]
                   ) -> list[Plan]:
    """Run ``call`` once against a recording pool, then plan every statement it ran."""
    recording = Recording(pool)
    await call(cast(asyncpg.Pool, recording))
    large = {r["relname"] for r in await pool.fetch(
        "SELECT relname FROM pg_class WHERE relkind = 'r' AND reltuples > $1", _LARGE_ROWS)}
    plans: list[Plan] = []
    seen: set[str] = set()
    for query, args in recording.statements:
        if query in seen or not query.lstrip().upper().startswith(
                ("SELECT", "WITH", "INSERT", "UPDATE", "DELETE")):
            continue
        seen.add(query)
        async with pool.acquire() as conn:
            raw = await conn.fetchval(f"EXPLAIN (FORMAT JSON) {query}", *args)
            text = "\n".join(r[0] for r in await conn.fetch(f"EXPLAIN {query}", *args))
        nodes = _nodes(json.loads(raw)[0]["Plan"])
        plans.append(Plan(
            statement=" ".join(query.split()),
            indexes=sorted({n["Index Name"] for n in nodes if "Index Name" in n}),
            full_scans=sorted({n["Relation Name"] for n in nodes
                               if n["Node Type"] == "Seq Scan" and n["Relation Name"] in large}),
            text=text))
    return plans


def _nodes(plan: dict[str, Any]) -> list[dict[str, Any]]:
    found = [plan]
    for child in plan.get("Plans", []):
        found.extend(_nodes(child))
    return found
